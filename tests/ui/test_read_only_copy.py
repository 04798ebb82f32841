"""A read-only copy (issue 26, item 13): a game open in another window opens here, when the player
says so, as a copy that says what it is (its title, a note that stays), refuses every move with
one sentence, closes losing nothing, and can be saved as a new game of its own. Opening the game
a window already has says so and does nothing else. Through the real windows, question dialog
and message boxes."""

from __future__ import annotations

import msgspec
import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QFileDialog, QMessageBox
from table_helpers import drag, started_game

from desktop.app import open_session
from desktop.model import library
from desktop.model.session import READ_ONLY
from desktop.rulesets.twilight_imperium import actions as a
from desktop.storage import recent, write_save
from desktop.ui.question_dialog import QuestionDialog
from tests.ui.windows import choose_player, played_by_app, shown

REFUSED = f"Not allowed: {READ_ONLY}"


class MessageBoxes:
    """A person at the app's message boxes and question dialogs: reads each one and answers
    `answer` (Yes: Return once the dialog's Yes is armed, as a reader would; No: Escape)."""

    def __init__(self, answer=QMessageBox.StandardButton.Yes):
        self.answer = answer
        self.said: list[str] = []
        self._read = None
        self._timer = QTimer()
        self._timer.setInterval(10)
        self._timer.timeout.connect(self._look)
        self._timer.start()

    def _look(self) -> None:
        box = QApplication.activeModalWidget()
        if isinstance(box, QMessageBox) and box.isVisible():
            self.said.append(box.text())
            box.button(self.answer).click()
        elif isinstance(box, QuestionDialog) and box.isVisible() and box.buttons is not None:
            yes = self.answer == QMessageBox.StandardButton.Yes
            if yes and not box.buttons.button(QDialogButtonBox.StandardButton.Yes).isEnabled():
                return  # not armed yet
            if box is not self._read:  # each dialog read once, however long it takes to close
                self._read = box
                self.said.append(box.question.text())
            QTest.keyClick(box, Qt.Key.Key_Return if yes else Qt.Key.Key_Escape)

    def stop(self) -> None:
        self._timer.stop()


@pytest.fixture
def boxes():
    answering = MessageBoxes()
    yield answering
    answering.stop()


def state(session) -> bytes:
    return msgspec.msgpack.encode(session.game.state)


def ann_looks(qtbot, window) -> None:
    """Ann asks for the screen ("Show my hand") and lifts the curtain: the real buttons."""
    if window.curtain.isVisible():
        qtbot.mouseClick(window.curtain.button, Qt.MouseButton.LeftButton)  # whoever it waited for
    qtbot.mouseClick(window.seats.buttons["ann"], Qt.MouseButton.LeftButton)
    qtbot.mouseClick(window.curtain.button, Qt.MouseButton.LeftButton)
    assert window.session.viewer == "ann"


def refusal(window) -> str:
    return window.problem.text() if window.problem.isVisible() else ""


@pytest.fixture
def two_windows(qtbot, boxes, tmp_path):
    """A save (no name of its own: its windows name it by its file) open in a first window, and
    a second window on it, the read-only copy accepted. Ann holds the two cards Politics drew."""
    game = started_game()
    game.apply(a.Politics(player="ann"))
    game.apply(a.PoliticsSecondary(player="bo", follow=False))  # a move the engine could undo
    card = game.state.zones["hand:ann"].cards[0]
    save = tmp_path / "friday.json"
    write_save(game, save)
    first = shown(qtbot, open_session(save))
    copy = open_session(save)  # the lock is the first window's: the copy is offered
    assert copy is not None and boxes.said[0].startswith("friday.json is open in another Action Deck window")
    assert "Open a read-only copy here instead?" in boxes.said[0]
    second = shown(qtbot, copy)
    return first, second, save, card


def test_a_second_window_on_a_game_open_elsewhere_says_it_is_a_read_only_copy_of_the_same_game(two_windows):
    first, second, _, _ = two_windows
    original = first.windowTitle()
    assert original.startswith("friday \u2014 ") and "read-only" not in original
    assert second.windowTitle() == original.replace("friday", "friday (read-only copy)", 1)
    assert first.session.read_only is False and second.session.read_only is True
    assert second.copy_note.isVisible() and "open in another window" in second.copy_note.text()
    note = getattr(first, "copy_note", None)  # the real game has no such note
    assert note is None or not note.isVisible()
    assert second.menus.save_action.text() == "&Save a copy as\u2026"


def test_every_move_in_the_copy_is_refused_with_one_sentence(qtbot, two_windows, monkeypatch):
    _, second, _, card = two_windows
    session = second.session
    ann_looks(qtbot, second)  # looking is no move: the copy shows Ann her hand
    before, actions = state(session), list(session.game.actions)

    drag(monkeypatch, second.zone("hand:ann").card_widget(card), second.zone("play"))
    assert refusal(second) == REFUSED and second.copy_note.isVisible()
    assert second.zone("hand:ann").card_widget(card) is not None

    second.problem.hide()
    button = next(button for button, offer in zip(second.actions.buttons, second.actions._offers)
                  if offer.seat == "ann")
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert refusal(second) == REFUSED

    second.problem.hide()
    assert second.menus.undo_action.isEnabled()  # Bo's last move could be undone in the real game
    second.menus.undo_action.trigger()
    assert refusal(second) == REFUSED

    second.problem.hide()
    choose_player(qtbot, second, "bo")
    assert refusal(second) == REFUSED and not played_by_app(second, "bo") and not session.app_seats

    assert state(session) == before and session.game.actions == actions


def test_closing_the_copy_loses_nothing_of_the_original(qtbot, two_windows, monkeypatch):
    first, second, save, card = two_windows
    written = save.read_bytes()
    ann_looks(qtbot, second)
    drag(monkeypatch, second.zone("hand:ann").card_widget(card), second.zone("play"))
    assert refusal(second) == REFUSED
    second.close()

    assert save.read_bytes() == written
    journals = [found.path for found in library.recent_games() if found.kind == library.AUTOSAVE]
    assert journals == [first.session.journal.path]  # the copy wrote no autosave of its own
    original = first.session  # goes on as before, in its own window
    assert original.submit(original.game.legal_actions()[0])
    played = list(original.game.actions)
    path = original.journal.path
    first.close()
    assert recent.open_game(path).game.actions == played  # the original's moves all kept


def test_opening_the_game_this_window_has_open_says_so_and_does_nothing_else(qtbot, two_windows, monkeypatch, boxes):
    first, _, save, _ = two_windows
    asked = len(boxes.said)
    for path in (save, first.session.journal.path, save.parent / "." / save.name):
        first.problem.hide()
        monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(lambda *args, p=path: (str(p), "")))
        with qtbot.assertNotEmitted(first.openRequested):
            first.files.open()
        assert refusal(first) == "This game is already open here."
    assert len(boxes.said) == asked  # no copy offered, no other message
    assert first.session.read_only is False and first.session.journal is not None


def test_a_copy_saved_as_a_new_game_opens_as_a_game_of_its_own(qtbot, two_windows, monkeypatch, tmp_path):
    _, second, save, _ = two_windows
    written = save.read_bytes()
    branch = tmp_path / "friday-branch.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *args: (str(branch), "")))
    with qtbot.waitSignal(second.openRequested) as opened:
        second.menus.save_action.trigger()
    assert opened.args == [str(branch)] and save.read_bytes() == written
    game = open_session(branch)  # what the app does with openRequested: a real game, written here
    assert game.copy_of is None and game.journal is not None and game.save_path == branch
    assert game.game.actions == second.session.game.actions and game.name == "friday-branch"
    assert game.submit(game.game.legal_actions()[0])
    game.close()


def test_a_copy_cannot_be_saved_over_the_game_it_copies(qtbot, two_windows, monkeypatch):
    _, second, save, _ = two_windows
    written = save.read_bytes()
    failed = []
    second.session.saveFailed.disconnect()
    second.session.saveFailed.connect(failed.append)
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *args: (str(save), "")))
    with qtbot.assertNotEmitted(second.openRequested):
        second.menus.save_action.trigger()
    assert failed and "open in another Action Deck window" in failed[0]
    assert save.read_bytes() == written


def test_the_app_plays_no_seat_in_a_copy(qtbot, boxes, tmp_path):
    """The app's seats are the real game's: in the copy they are shown, and never moved (the
    window that has the game moves them)."""
    from desktop.storage.appseats import STANDARD

    game = started_game()
    save = tmp_path / "solo.json"
    write_save(game, save, "Solo", app_seats={"bo": STANDARD, "cy": STANDARD})
    first = shown(qtbot, open_session(save))
    first.session.bot_pause_ms = 60_000  # the real game's app waits while the test reads
    copy = open_session(save)
    copy.bot_pause_ms = 0
    second = shown(qtbot, copy)
    assert set(copy.app_seats) == {"bo", "cy"} and played_by_app(second, "bo")
    assert copy.submit(a.EndTurn(player="ann")) is False  # Ann's move: refused, so nothing to answer
    copy.app_seats["bo"] = copy.app_seats["cy"]  # whatever the app would do, it is never asked
    copy.finish_handover()
    copy.set_app_seat("cy", True)
    assert not copy._bot_timer.isActive() and copy.game.actions == first.session.game.actions
