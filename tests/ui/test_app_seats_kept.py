"""A reopened game keeps who the app plays (issue 26, item 8): through the start screen's
"Continue" (the autosave), File > Open of a save, and a save or an autosave written before files
kept it (it opens with every seat a person's). docs/save-format.md sections 1 and 4."""

from __future__ import annotations

import msgspec
from PySide6.QtCore import Qt
from table_helpers import started_game

from desktop.app import open_session, session_for
from desktop.model import library
from desktop.storage import savefile
from desktop.storage.journal import VERSION as journal_version
from desktop.storage.journal import resume
from desktop.storage.paths import saves_dir
from desktop.ui.start import StartDialog
from tests.ui.windows import choose_player, shown

FOUR = ("Ann", "Bo", "Cy", "Dee")


def lift(qtbot, window, seat_name: str) -> None:
    assert window.curtain.isVisible() and seat_name in window.curtain.button.text(), window.curtain.button.text()
    qtbot.mouseClick(window.curtain.button, Qt.MouseButton.LeftButton)


def ticked(window) -> set[str]:
    return {seat for seat, box in window.seats.players.items() if box.currentData()}


def played(qtbot) -> tuple:
    """A game of four where the wizard gave Cy to the app; at the table Ann, looking, hands
    herself to the app and Cy is taken back by a person. The window is closed after."""
    session = session_for(started_game(FOUR), name="Kept", app_seats=["cy"])
    session.bot_pause_ms = 60_000  # the app waits while the test reads
    window = shown(qtbot, session)
    lift(qtbot, window, "Ann")
    choose_player(qtbot, window, "ann")  # her own seat
    choose_player(qtbot, window, "cy", "")  # taken back
    assert set(session.app_seats) == {"ann"} and ticked(window) == {"ann"}
    path = session.journal.path
    window.close()
    session.close()
    return session, path


def test_continue_from_the_start_screen_keeps_who_the_app_plays(qtbot):
    _, path = played(qtbot)
    dialog = StartDialog(library.distinct(library.recent_games()), library.demo_systems())
    qtbot.addWidget(dialog)
    assert dialog.games.paths()[0] == path
    dialog.open_button.click()  # "Continue": the game played most recently
    kind, chosen = dialog.choice
    assert (kind, chosen) == ("open", path)
    session = open_session(chosen)  # what the start screen does with the choice (desktop/app.py)
    session.bot_pause_ms = 60_000
    window = shown(qtbot, session)
    assert set(session.app_seats) == {"ann"}
    assert ticked(window) == {"ann"}
    # The journal goes on as it was: reopening wrote no line of its own.
    assert resume(path).app_seats == {"ann": "standard"}
    assert path.read_bytes().count(b'"seat"') == 3  # Cy to the app, Ann to the app, Cy back
    session.close()


def test_a_save_keeps_who_the_app_plays_and_file_open_restores_it(qtbot):
    session = session_for(started_game(FOUR), name="Saved", app_seats=["bo", "dee"])
    session.bot_pause_ms = 60_000
    save = saves_dir() / "saved.json"
    session.save(save, wait=True)
    session.close()
    record = msgspec.json.decode(save.read_bytes())
    assert record["version"] == savefile.VERSION
    assert record["app_seats"] == {"bo": {"level": "standard"}, "dee": {"level": "standard"}}

    reopened = open_session(save)  # File > Open, and --open, go through here
    reopened.bot_pause_ms = 60_000
    window = shown(qtbot, reopened)
    assert set(reopened.app_seats) == {"bo", "dee"} and ticked(window) == {"bo", "dee"}
    # The save goes on in a new autosave, which keeps them too.
    assert resume(reopened.journal.path).app_seats == {"bo": "standard", "dee": "standard"}
    reopened.close()


def test_a_save_and_an_autosave_from_before_open_with_every_seat_a_persons(qtbot):
    session = session_for(started_game(FOUR), name="Old", app_seats=["bo"])
    session.bot_pause_ms = 60_000
    save = saves_dir() / "old.json"
    session.save(save, wait=True)
    session.close()
    record = msgspec.json.decode(save.read_bytes())
    del record["app_seats"]
    record["version"] = 3
    save.write_bytes(msgspec.json.encode(record))
    old = open_session(save)
    assert old.app_seats == {}
    old.close()

    journal = session.journal.path  # an autosave of version 3: no seals, no seat lines
    lines = journal.read_bytes().split(b"\n")[:-1]
    header = msgspec.json.decode(lines[0])
    header.pop("h")
    header["version"] = 3
    events = [msgspec.json.decode(line) for line in lines[1:]]
    old_lines = [msgspec.json.encode({"do": event["do"], "undo": False}) for event in events if "do" in event]
    journal.write_bytes(b"\n".join([msgspec.json.encode(header), *old_lines]) + b"\n")
    continued = open_session(journal)
    assert continued.app_seats == {} and continued.game.actions == session.game.actions
    continued.set_app_seat("cy", True)  # goes on, in this version's format
    continued.close()
    assert resume(journal).app_seats == {"cy": "standard"} and resume(journal).version == journal_version


def test_a_seat_change_that_cannot_be_autosaved_changes_nothing_and_says_why(qtbot, monkeypatch):
    session = session_for(started_game(FOUR), name="Full")
    session.bot_pause_ms = 60_000
    refusals = []
    session.refused.connect(refusals.append)

    def full_disk(*_args, **_kwargs):
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as patch:
        patch.setattr("desktop.storage.journal.os.write", full_disk)
        session.set_app_seat("bo", True)
    assert session.app_seats == {}
    assert refusals == ["The game could not be autosaved: No space left on device, so who plays that seat did "
                        "not change and nothing is lost; try again when the disk has room."]
    session.set_app_seat("bo", True)  # room again
    assert set(session.app_seats) == {"bo"} and resume(session.journal.path).app_seats == {"bo": "standard"}
    session.close()
