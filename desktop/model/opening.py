"""Starting a session for a game that begins here: below the UI, so that a system's own panels
(a deck builder's "new game with this deck") and the app start games the same way."""

from __future__ import annotations


def session_for(game, name: str = "", journal: bool = True, demo: bool = False, app_seats=(),
                curtain_when_alone: bool = False, started=None):
    """A session for a game that starts here, with a new autosave journal (unless `journal` is
    False). A demo's journal is named `library.DEMO_NAME`, which keeps it apart from real games
    on the start screen, and replaces the journal of the system's previous demo. `started`: the
    game's new journal, written already (off the UI thread, while a long game was opened)."""
    from desktop.model import library
    from desktop.model.session import GameSession
    from desktop.storage.appseats import STANDARD
    from desktop.storage.journal import Journal

    if demo:
        name = library.DEMO_NAME
    if started is None and journal:
        started = Journal.start(game, name, seats=dict.fromkeys(app_seats, STANDARD))
    session = GameSession(game, started)
    session.name = name
    session.curtain_when_alone = curtain_when_alone
    if demo and started is not None:
        library.forget_older_demos(game.setup.ruleset, keep=started.path)
    restore_app_seats(session, app_seats)
    return session


def restore_app_seats(session, app_seats) -> None:
    """The app plays `app_seats` (seats, or seat -> level) in a session no window shows yet: a
    new game's, or a game reopened from its file, which keeps who the app plays."""
    if app_seats:
        for seat in app_seats:
            session.set_app_seat(seat, True)
        # No window listens yet: the one that shows this session asks for the screen afresh.
        session.hide_hands()
