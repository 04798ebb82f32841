"""A whole turn of each system played with the keyboard alone: Tab to reach a control, Space
or Enter to press it, the keys a system names. (Twilight Imperium's is in test_privacy.py.)"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractButton, QApplication
from table_helpers import YesAsker

from desktop.model import GameSession
from desktop.ui.main_window import MainWindow


@pytest.fixture
def window_for(qtbot):
    def build(game):
        session = GameSession(game)
        window = MainWindow(session, prompter=YesAsker())
        qtbot.addWidget(window)
        window.resize(1280, 760)
        window.show()
        window.activateWindow()
        qtbot.waitUntil(window.isActiveWindow)
        return session, window

    return build


def tab_to(window, wanted, presses: int = 120):
    """Presses Tab until the focused widget is `wanted` (a predicate); returns it."""
    for _ in range(presses):
        focus = QApplication.focusWidget()
        if focus is not None and wanted(focus):
            return focus
        QTest.keyClick(focus or window, Qt.Key.Key_Tab)
    raise AssertionError("Tab never reached the control")


def button_named(text: str):
    return lambda widget: isinstance(widget, QAbstractButton) and widget.isEnabled() and widget.text().startswith(text)


def test_a_future_imperfect_check_by_keyboard_alone(qtbot, window_for):
    from test_future_imperfect_ui import game

    session, window = window_for(game(34, 10))
    QTest.keyClick(tab_to(window, button_named("Set the check")), Qt.Key.Key_Space)  # the Master sets it
    assert session.game.state.check is not None
    QTest.keyClick(tab_to(window, button_named("Draw the resolution card")), Qt.Key.Key_Space)
    assert session.game.state.check.cards
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_1)  # row 1 of the trait's column
    qtbot.waitUntil(lambda: session.game.actions[-1].type == "take")
    assert [action.type for action in session.game.actions] == ["set_check", "draw_resolution", "take"]
