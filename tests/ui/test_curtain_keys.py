"""Keys at the curtain and just after it lifts: lifting it is a deliberate hold, and no key by
itself spends a card or takes an action (a stray Enter once revealed another seat's hand and
played its focused card)."""

from __future__ import annotations

import msgspec
import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from table_helpers import give, hold_to_lift, started_game

from desktop.model import GameSession
from desktop.ui.main_window import MainWindow
from desktop.ui.question_dialog import QuestionDialog

LETTERS = [getattr(Qt.Key, f"Key_{c}") for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"]
OTHERS = [Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Escape, Qt.Key.Key_Left,
          Qt.Key.Key_Right, Qt.Key.Key_Up, Qt.Key.Key_Down, Qt.Key.Key_Tab, Qt.Key.Key_Backtab]
# Shortcuts that leave this game for a file dialog or the wizard are not the game's keys.
LEAVING = {"Ctrl+N", "Ctrl+O", "Ctrl+S", "Ctrl+Shift+S", "Ctrl+Q"}


@pytest.fixture
def window_of(qtbot):
    """The real window with its own asker (the real question dialog), active, the curtain up."""

    def build(game):
        session = GameSession(game)
        window = MainWindow(session)
        qtbot.addWidget(window)
        window.resize(1280, 720)
        window.show()
        window.activateWindow()
        qtbot.waitUntil(window.isActiveWindow)
        return session, window

    return build


def left_unanswered(qtbot, window, asked: list[str]) -> None:
    """The player answers nothing a key asks: once the key's events are over, a dialog it opened
    (the question dialog, the counts dialog: each opens without waiting, once the event that
    asked is over) is noted in `asked` and left with Escape, before the next key. The window is
    the active window again then, as a desktop makes it once its dialog closes (the offscreen
    test platform leaves no window active, and the window's shortcuts would not be heard)."""
    for _ in range(3):  # the key's own events, then the question it opened shown
        QApplication.processEvents()
    for _ in range(10):
        dialog = QApplication.activeModalWidget()
        if dialog is None or not dialog.isVisible():
            if not window.isActiveWindow():
                window.activateWindow()
                qtbot.waitUntil(window.isActiveWindow)
            return
        asked.append(dialog.question.text() if isinstance(dialog, QuestionDialog) else dialog.windowTitle())
        QTest.keyClick(dialog.focusWidget() or dialog, Qt.Key.Key_Escape)
        for _ in range(3):  # closed, and the next open question (if any) shown
            QApplication.processEvents()
    raise AssertionError(f"dialogs kept opening: {asked[-10:]}")


def state(session) -> bytes:
    return msgspec.msgpack.encode(session.game.state)


def shortcuts(window) -> list[str]:
    from PySide6.QtGui import QAction

    found = {action.shortcut().toString() for action in window.findChildren(QAction)}
    return sorted(key for key in found if key and key not in LEAVING)


def every_key(qtbot, window, asked: list[str]) -> None:
    """Every letter, digit and key that moves or answers, then every shortcut of the game, one
    at a time to the widget holding the keyboard; what each asks is left unanswered."""
    for key in LETTERS + OTHERS:
        QTest.keyClick(window.focusWidget() or window, key)
        left_unanswered(qtbot, window, asked)
    for sequence in shortcuts(window):
        qtbot.keySequence(window.focusWidget() or window, sequence)
        left_unanswered(qtbot, window, asked)


def test_tapping_space_or_enter_twice_does_not_lift_the_curtain(qtbot, window_of):
    game = started_game()
    give(game, "ann", "Economic Initiative")
    session, window = window_of(game)
    assert window.curtain.isVisible()
    for key in (Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_Enter):
        QTest.keyClick(window.curtain, key)
        QTest.keyClick(window.curtain, key)
    assert window.curtain.isVisible() and session.viewer is None
    hold_to_lift(qtbot, window)
    assert not window.curtain.isVisible() and session.viewer == "ann"


def test_every_key_at_the_curtain_and_right_after_it_lifts_changes_nothing(qtbot, window_of):
    game = started_game()
    give(game, "ann", "Economic Initiative")  # an Action card Ann could play at once
    give(game, "ann", "Sabotage")
    session, window = window_of(game)
    before = state(session)
    asked: list[str] = []

    every_key(qtbot, window, asked)  # the curtain is up
    assert window.curtain.isVisible() and state(session) == before
    assert asked == []  # nothing was asked under the curtain

    hold_to_lift(qtbot, window)
    assert session.viewer == "ann"
    every_key(qtbot, window, asked)
    assert state(session) == before
    # Enter on a card asked first, naming the card; the Turn menu's keys asked before acting.
    assert any("Economic Initiative" in text or "Sabotage" in text for text in asked)
    assert "Ann: End turn (board action): do it now?" in asked  # the shortcuts were heard


@pytest.mark.parametrize("key", [Qt.Key.Key_Return, Qt.Key.Key_Space])
def test_the_first_key_after_the_lift_is_heard_and_only_asks(qtbot, window_of, key):
    """The key that lifted the curtain is spent; the next one, on the card in focus, asks about
    that card in the real dialog at once (a question that stays open: the key did not answer
    it), and leaving it spends nothing."""
    game = started_game()
    give(game, "ann", "Economic Initiative")
    session, window = window_of(game)
    before = state(session)
    hold_to_lift(qtbot, window)
    assert window.questions.dialog is None
    QTest.keyClick(window.focusWidget() or window, key)
    qtbot.waitUntil(lambda: window.questions.dialog is not None)
    question = "Economic Initiative: go on with this card? (Escape leaves it.)"
    assert window.questions.dialog.isVisible() and window.questions.dialog.question.text() == question
    asked: list[str] = []
    left_unanswered(qtbot, window, asked)
    assert asked == [question] and window.questions.dialog is None
    assert state(session) == before


class NoQuestions:
    """A prompt with nothing to ask: the dialog's preface alone."""

    cancelled = False

    def next(self):
        return None


def test_a_card_played_by_keyboard_names_it_and_a_double_tap_does_not_confirm(qtbot):
    dialog = QuestionDialog("Action Deck", NoQuestions(), preface="Sabotage: go on with this card?")
    qtbot.addWidget(dialog)
    result = {}

    def double_tap() -> None:
        QTest.keyClick(dialog, Qt.Key.Key_Return)  # the second tap of the key that opened it
        result["after tap"] = dialog.isVisible()
        qtbot.waitSignal(dialog.armed, timeout=5000).wait() if not dialog.buttons.buttons()[0].isEnabled() else None
        QTest.keyClick(dialog, Qt.Key.Key_Return)  # a deliberate Yes once it can be read

    from PySide6.QtCore import QTimer

    QTimer.singleShot(0, double_tap)
    assert dialog.run()
    assert result == {"after tap": True}
    assert "Sabotage" in dialog.question.text()


def test_tempo_combats_keys_and_other_actions_change_nothing_at_the_curtain_or_after_it(qtbot, window_of):
    """Tempo Combat's own keys too (Other actions..., Ctrl+Shift+A, and its button; Change
    counts): at the curtain nothing is asked, after it lifts each only asks."""
    from tests.rulesets.tempo.helpers import new, plans

    game = plans(new(), {"ann": ["quick_attack", "move"], "bo": ["help", "move"],
                         "orc": ["help", "slow_attack"], "goblin": ["quick_attack", "move"]})
    session, window = window_of(game)
    session.request_viewer("gm")
    before = state(session)
    asked: list[str] = []
    assert "Ctrl+Shift+A" in shortcuts(window)
    every_key(qtbot, window, asked)
    assert window.curtain.isVisible() and state(session) == before and asked == []

    hold_to_lift(qtbot, window)
    assert session.viewer == "gm"
    qtbot.keySequence(window.focusWidget() or window, "Ctrl+Shift+A")
    left_unanswered(qtbot, window, asked)
    assert asked == ["Other actions: which one?"]
    window.actions.more.setFocus()
    for key in (Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_Enter):
        QTest.keyClick(window.focusWidget(), key)
        left_unanswered(qtbot, window, asked)
    every_key(qtbot, window, asked)  # Ctrl+H among them covers the table again
    assert state(session) == before
    assert asked.count("Other actions: which one?") >= 2  # the button's Space asked too
