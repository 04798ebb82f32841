"""Keys at the curtain and just after it lifts: lifting it is a deliberate hold, and no key by
itself spends a card or takes an action (a stray Enter once revealed another seat's hand and
played its focused card)."""

from __future__ import annotations

import msgspec
import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from table_helpers import give, hold_to_lift, started_game

from desktop.model import GameSession
from desktop.ui.main_window import MainWindow
from desktop.ui.question_dialog import QuestionDialog

LETTERS = [getattr(Qt.Key, f"Key_{c}") for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"]
OTHERS = [Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Escape, Qt.Key.Key_Left,
          Qt.Key.Key_Right, Qt.Key.Key_Up, Qt.Key.Key_Down, Qt.Key.Key_Tab, Qt.Key.Key_Backtab]
# Shortcuts that leave this game for a file dialog or the wizard are not the game's keys.
LEAVING = {"Ctrl+N", "Ctrl+O", "Ctrl+S", "Ctrl+Shift+S", "Ctrl+Q"}


class Refusing:
    """A player who answers no question: whatever a key asks is left unanswered."""

    def __init__(self):
        self.asked: list[str] = []

    def choose(self, title, options):
        self.asked.append(title)
        return None

    def confirm(self, title, text):
        self.asked.append(text)
        return False

    def order(self, question, names):
        self.asked.append(question)
        return None

    def text(self, question, initial, limit):
        self.asked.append(question)
        return None

    def counters(self, name, specs):
        self.asked.append(f"{name}: counts")
        return None

    number = subset = lambda self, question, *rest: self.asked.append(question)


@pytest.fixture
def window_of(qtbot):
    def build(game, prompter):
        session = GameSession(game)
        window = MainWindow(session, prompter=prompter)
        qtbot.addWidget(window)
        window.resize(1280, 720)
        window.show()
        window.activateWindow()
        qtbot.waitUntil(window.isActiveWindow)
        return session, window

    return build


def state(session) -> bytes:
    return msgspec.msgpack.encode(session.game.state)


def shortcuts(window) -> list[str]:
    from PySide6.QtGui import QAction

    found = {action.shortcut().toString() for action in window.findChildren(QAction)}
    return sorted(key for key in found if key and key not in LEAVING)


def every_key(qtbot, window) -> None:
    for key in LETTERS + OTHERS:
        target = window.focusWidget() or window
        QTest.keyClick(target, key)
    for sequence in shortcuts(window):
        qtbot.keySequence(window.focusWidget() or window, sequence)


def test_tapping_space_or_enter_twice_does_not_lift_the_curtain(qtbot, window_of):
    game = started_game()
    give(game, "ann", "Economic Initiative")
    session, window = window_of(game, Refusing())
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
    prompter = Refusing()
    session, window = window_of(game, prompter)
    before = state(session)

    every_key(qtbot, window)  # the curtain is up
    assert window.curtain.isVisible() and state(session) == before

    hold_to_lift(qtbot, window)
    assert session.viewer == "ann"
    every_key(qtbot, window)
    assert state(session) == before
    # Enter on a card asked first, naming the card; the Turn menu's keys asked before acting.
    assert any("Economic Initiative" in text or "Sabotage" in text for text in prompter.asked)


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
    prompter = Refusing()
    session, window = window_of(game, prompter)
    session.request_viewer("gm")
    before = state(session)
    assert "Ctrl+Shift+A" in shortcuts(window)
    every_key(qtbot, window)
    assert window.curtain.isVisible() and state(session) == before and prompter.asked == []

    hold_to_lift(qtbot, window)
    assert session.viewer == "gm"
    qtbot.keySequence(window.focusWidget() or window, "Ctrl+Shift+A")
    assert prompter.asked == ["Other actions: which one?"]
    window.actions.more.setFocus()
    for key in (Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_Enter):
        QTest.keyClick(window.focusWidget(), key)
    every_key(qtbot, window)  # Ctrl+H among them covers the table again
    assert state(session) == before
    assert prompter.asked.count("Other actions: which one?") >= 2  # the button's Space asked too
