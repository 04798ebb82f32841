"""Fixtures the window tests share. A fixture lives here rather than in one test module so that
the others need not import it (an imported fixture is a name pytest fills in by itself, which
linters read as a redefinition)."""

from __future__ import annotations

import pytest

from desktop.model import GameSession
from desktop.ui.main_window import MainWindow
from tests.ui.at_the_screen import person_at
from tests.ui.windows import shown


@pytest.fixture
def people(qtbot):
    """A person at the screen for each window a test opens: `people(window, person=None)` seats
    one (tests/ui/at_the_screen.py; a new one unless given) as `window.person`, answering the
    window's questions in its real dialogs. Once the test is over, none may have been left stuck
    at a dialog it could not answer."""
    seated = []

    def seat(window, person=None):
        seated.append(person_at(qtbot, window, person))
        return window.person

    yield seat
    for person in seated:
        person.stop()
        assert person.stuck == []


@pytest.fixture
def person_window(people):
    """`build(game)`: the real window on the game, shown at its own size, with its own asker and a
    person at the screen (`window.person`) answering its questions in the real dialogs; the
    session and the window."""

    def build(game):
        session = GameSession(game)
        window = MainWindow(session)
        people(window)
        window.show()
        return session, window

    return build


@pytest.fixture
def window_of(qtbot):
    """The real window on a game, active (its keys reach it), with the real question dialog."""

    def build(game, app_seats=(), pause_ms=0, bots=None):
        """`bots`: seat -> a test's own bot for an app seat, in place before the app can move
        (replaced after the window shows, the system's own bot had already moved by then)."""
        session = GameSession(game)
        session.bot_pause_ms = pause_ms
        for seat in app_seats:
            session.set_app_seat(seat, True, seed=len(seat))
        session.app_seats.update(bots or {})
        session.hide_hands()  # as a game starts (desktop/model/opening.py): the window asks afresh
        return session, shown(qtbot, session, active=True)

    return build
