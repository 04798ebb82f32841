"""The real window on a session, as the window tests open it."""

from __future__ import annotations

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
