"""The real window on a session, as the window tests open it."""

from __future__ import annotations

from PySide6.QtCore import Qt

from desktop.ui.main_window import MainWindow


def shown(qtbot, session, size=(1280, 720), active: bool = False) -> MainWindow:
    """The real window on `session` at `size`, shown; with `active`, made the active window and
    waited for (its keys and shortcuts reach only the active window)."""
    window = MainWindow(session)
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    if active:
        window.activateWindow()
        qtbot.waitUntil(window.isActiveWindow)
    return window


def choose_player(qtbot, window, seat: str, level: str = "standard") -> None:
    """Chooses who plays `seat` beside it, as a person does by keyboard: the list opened with
    Down, the row of the app at `level` ("" for a person) picked, Return."""
    from PySide6.QtCore import Qt

    box = window.seats.players[seat]
    box.setFocus()
    qtbot.keyClick(box, Qt.Key.Key_Down)
    view = box.view()
    qtbot.waitUntil(view.isVisible)
    view.setCurrentIndex(box.model().index(box.findData(level), 0))
    qtbot.keyClick(view, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not view.isVisible())


def played_by_app(window, seat: str) -> bool:
    """Whether the seat's choice beside it shows the app."""
    return bool(window.seats.players[seat].currentData())


def look(qtbot, window, name: str) -> None:
    """The player the curtain asks for confirms they alone are looking."""
    assert window.curtain.isVisible()
    assert name in window.curtain.button.text()
    qtbot.mouseClick(window.curtain.button, Qt.MouseButton.LeftButton)
    assert not window.curtain.isVisible()
