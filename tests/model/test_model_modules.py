"""The model is modules that do one thing (issue 27): the session only wires together the
conversation, the curtain's state machine, the app's seats, undo and saving, each a module of its
own, and no module of the model grows past 400 lines."""

from __future__ import annotations

from pathlib import Path

import desktop.model

MOST_LINES = 400


def test_no_module_of_the_model_is_over_400_lines():
    folder = Path(desktop.model.__file__).parent
    long = {path.name: n for path in folder.glob("*.py")
            if (n := len(path.read_text(encoding="utf-8").splitlines())) > MOST_LINES}
    assert not long, f"modules over {MOST_LINES} lines: {long}"


def test_each_job_of_the_session_is_a_module_of_its_own():
    from desktop.model import app_seats, conversation, curtain, saving, session, talks

    source = Path(session.__file__).read_text(encoding="utf-8")
    for part in (app_seats, conversation, curtain, saving, talks):
        assert Path(part.__file__).exists()
    # The session holds no state machine, timer or thread of its own: its parts do.
    for job in ("QTimer", "threading", "looker(", "planners(", "next_move(", "write_atomic"):
        assert job not in source, f"session.py does {job} itself"
