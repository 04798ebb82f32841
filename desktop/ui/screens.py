"""The screen a window is on, asked of the application, never of the widget.

PySide ties the screen object a widget's own `screen()` returns to that widget's Python wrapper.
When the widget's wrapper was later freed by the garbage collector, the application's screen was
deleted with it: the next window or dialog made asked the application for its screen and crashed
(a segmentation fault in `QScreen::virtualSiblings`; gdb: `QScreen::~QScreen` called by
shiboken while a collection freed a `QScreen` wrapper). The application's own lookups
(`QGuiApplication.screenAt`, `primaryScreen`) hand out the screen without tying it to anything.
"""

from __future__ import annotations

from PySide6.QtCore import QRect
from PySide6.QtGui import QGuiApplication, QScreen


def screen_of(widget) -> QScreen | None:
    """The screen `widget`'s window is on; the primary one while the window is not shown (a
    window about to be shown opens there). None only without any screen."""
    window = widget.window()
    if window.isVisible():
        found = QGuiApplication.screenAt(window.mapToGlobal(window.rect().center()))
        if found is not None:
            return found
    return QGuiApplication.primaryScreen()


def room_of(widget) -> QRect | None:
    """The part of `widget`'s screen a window may take (its available geometry); None without
    a screen."""
    screen = screen_of(widget)
    return screen.availableGeometry() if screen is not None else None
