"""A game opened from its file through the model alone (desktop/model/opening.py), as any front
end opens one: no window, no message box. The file is locked before it is read; a game another
session has open comes only as a read-only copy; a look at a file writes nothing."""

from __future__ import annotations

import pytest

from desktop.engine import Game, GameSetup
from desktop.model import opening
from desktop.storage import write_save
from desktop.storage.paths import autosave_dir, saves_dir

TI = "twilight-imperium"


def saved_game(steps: int = 2):
    game = Game.new(GameSetup(ruleset=TI, players=["Ann", "Bo", "Cy"], seed=5))
    for _ in range(steps):
        game.apply(game.legal_actions()[0])
    path = saves_dir() / "friday.json"
    write_save(game, path, "Friday")
    return path, game


def test_a_save_opens_into_a_session_that_goes_on_in_a_new_journal_and_holds_the_file(qtbot):
    path, game = saved_game()
    ran = []

    session, warnings = opening.open_file(path, run=lambda read: ran.append(read) or read())

    assert len(ran) == 1  # the reading went through the front end's runner (the window's thread)
    assert warnings == [] and session.name == "Friday" and session.save_path == path
    assert session.game.actions == game.actions and session.journal is not None
    with pytest.raises(opening.GameInUse):
        opening.open_file(path)  # another session has it: never two writers of one file
    copy, _ = opening.read_only_copy(path)
    assert copy.read_only and copy.name == "Friday" and copy.journal is None
    assert copy.game.actions == game.actions
    session.close()
    again, _ = opening.open_file(path)  # let go on closing
    again.close()


def test_an_autosave_goes_on_in_its_own_journal(qtbot):
    path, game = saved_game(steps=1)
    first, _ = opening.open_file(path)
    journal = first.journal.path
    first.close()

    resumed, warnings = opening.open_file(journal)

    assert warnings == [] and resumed.journal.path == journal and resumed.name == "Friday"
    assert resumed.game.actions == game.actions
    resumed.close()


def test_a_look_at_a_file_locks_nothing_and_writes_nothing(qtbot):
    path, game = saved_game()
    before = sorted(autosave_dir().iterdir())

    session = opening.look_at(path)

    assert session.game.actions == game.actions and session.journal is None and session.name == "Friday"
    assert sorted(autosave_dir().iterdir()) == before
    opened, _ = opening.open_file(path)  # no lock was left behind
    opened.close()


def test_a_file_that_cannot_be_opened_is_one_sentence_and_leaves_no_lock(qtbot, tmp_path):
    damaged = tmp_path / "cut.json"
    damaged.write_text('{"format": "actiondeck-save", "version": 1, "app_ver')
    with pytest.raises(opening.SaveError, match="ends too early"):
        opening.open_file(damaged)
    damaged.write_bytes(saved_game()[0].read_bytes())
    session, _ = opening.open_file(damaged)  # the lock of the failed try was let go
    session.close()
