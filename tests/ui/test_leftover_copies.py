"""The temporary copies a kill in the middle of a write leaves are cleaned (issue 26, item 24):
as the app starts, in its autosave and saves folders, and beside a game it opens (only that
game's copies). docs/save-format.md section 3."""

from __future__ import annotations

import os
import time

from table_helpers import started_game

from desktop.app import open_session
from desktop.storage import write_save
from desktop.storage.journal import tidy_up
from desktop.storage.paths import autosave_dir, saves_dir


def left_by_a_kill(path, age: float = 3600):
    path.write_bytes(b"half a save")
    old = time.time() - age
    os.utime(path, (old, old))
    return path


def test_opening_a_game_removes_the_copies_of_it_a_kill_left(qtbot, tmp_path):
    save = tmp_path / "friday.json"
    write_save(started_game(), save, "Friday")
    stale = left_by_a_kill(tmp_path / ".friday.json.k7_2abcd.tmp")
    fresh = left_by_a_kill(tmp_path / ".friday.json.q1w2e3r4.tmp", age=5)  # perhaps being written
    another = left_by_a_kill(tmp_path / ".other.json.k7_2abcd.tmp")  # not this game's
    session = open_session(save)
    assert not stale.exists() and fresh.exists() and another.exists()
    session.close()


def test_the_app_cleans_its_own_folders_as_it_starts(qtbot):
    copies = [left_by_a_kill(autosave_dir() / f".{'ab' * 16}.jsonl.abcdefgh.tmp"),
              left_by_a_kill(saves_dir() / ".friday.json.abcdefgh.tmp")]
    tidy_up()  # what desktop.app.run_gui does once the table is up
    assert not any(path.exists() for path in copies)


def test_starting_the_app_cleans_them(tmp_path):
    """The app as a player starts it (here its installer's check, which starts the same way)."""
    import subprocess
    import sys
    from pathlib import Path

    data = tmp_path / "data"
    (data / "autosave").mkdir(parents=True)
    copy = left_by_a_kill(data / "autosave" / f".{'cd' * 16}.jsonl.zz9_zz9z.tmp")
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", ACTIONDECK_DATA_DIR=str(data))
    done = subprocess.run([sys.executable, "-m", "desktop.cli", "--smoke-test"], cwd=Path(__file__).resolve().parents[2],
                          env=env, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert not copy.exists()
