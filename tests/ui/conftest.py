"""Fixtures the window tests share. A fixture lives here rather than in one test module so that
the others need not import it (an imported fixture is a name pytest fills in by itself, which
linters read as a redefinition)."""

from __future__ import annotations

import pytest

from desktop.model import GameSession
from desktop.ui.main_window import MainWindow


@pytest.fixture
def window_of(qtbot):
    """The real window on a game, active (its keys reach it), with the real question dialog."""

    def build(game, app_seats=(), pause_ms=0):
        session = GameSession(game)
        session.bot_pause_ms = pause_ms
        for seat in app_seats:
            session.set_app_seat(seat, True, seed=len(seat))
        session.hide_hands()  # as a game starts (desktop/model/opening.py): the window asks afresh
        window = MainWindow(session)
        qtbot.addWidget(window)
        window.resize(1280, 720)
        window.show()
        window.activateWindow()
        qtbot.waitUntil(window.isActiveWindow)
        return session, window

    return build
