"""Starting a session: for a game that begins here, or for a game opened from its file. Below the
UI, so that a system's own panels (a deck builder's "new game with this deck"), the app and any
other front end start and open games the same way: the file locked before it is read, a save
going on in a new journal and an autosave in its own, a game another window has open only as a
read-only copy."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from desktop.storage.errors import SaveError  # a file that cannot be opened: one sentence
from desktop.storage.lock import GameInUse  # another window has the game open (a SaveError too)

__all__ = ["GameInUse", "SaveError", "look_at", "open_file", "read_only_copy", "restore_app_seats", "session_for"]


def session_for(game, name: str = "", journal: bool = True, demo: bool = False, app_seats=(),
                curtain_when_alone: bool = False, started=None):
    """A session for a game that starts here, with a new autosave journal (unless `journal` is
    False). A demo's journal is named `library.DEMO_NAME`, which keeps it apart from real games
    on the start screen, and replaces the journal of the system's previous demo. `started`: the
    game's new journal, written already (off the UI thread, while a long game was opened)."""
    from desktop.model import library
    from desktop.model.session import GameSession
    from desktop.storage.appseats import as_levels
    from desktop.storage.journal import Journal

    if demo:
        name = library.DEMO_NAME
    if started is None and journal:
        started = Journal.start(game, name, seats=as_levels(app_seats))
    session = GameSession(game, started)
    session.name = name
    session.curtain_when_alone = curtain_when_alone
    if demo and started is not None:
        library.forget_older_demos(game.setup.ruleset, keep=started.path)
    restore_app_seats(session, app_seats)
    return session


def restore_app_seats(session, app_seats) -> None:
    """The app plays `app_seats` (seats, each at the standard level, or seat -> level) in a
    session no window shows yet: a new game's, or a game reopened from its file, which keeps who
    the app plays and at which level."""
    from desktop.storage.appseats import as_levels

    if app_seats:
        for seat, level in as_levels(app_seats).items():
            session.set_app_seat(seat, True, level=level)
        # No window listens yet: the one that shows this session asks for the screen afresh.
        session.hide_hands()


def open_file(path: Path, run: Callable | None = None, curtain_when_alone: bool = False):
    """(session, warnings) for a save file or an autosave journal: `warnings`, what the replay
    of a damaged journal left out, to be told. A save goes on in a new journal; an autosave goes
    on appending to its own. The file is locked before it is read (nobody writes it while we do):
    GameInUse when another window holds it (`read_only_copy` then), SaveError when it cannot be
    opened. `run(read)` runs the reading and replaying, which take a moment for a long game (the
    window runs it off its thread); at once by default."""
    from desktop.engine.text import shown
    from desktop.model.session import GameSession
    from desktop.storage import recent
    from desktop.storage.durable import remove_stale_temps
    from desktop.storage.journal import Journal
    from desktop.storage.lock import GameLock

    path = Path(path)
    lock = GameLock.take(path)
    try:
        remove_stale_temps(path.parent, path.name)  # copies of it a kill left behind

        def read():
            opened = recent.open_game(path)
            # A save goes on in a new journal holding every action so far: written here too.
            started = None if opened.kind == recent.AUTOSAVE else Journal.start(
                opened.game, _name(opened), seats=opened.app_seats)
            return opened, started

        opened, started = read() if run is None else run(read)
        if opened.kind == recent.AUTOSAVE:
            try:
                session = GameSession(opened.game, Journal.go_on(opened, opened.path, lock))
            except OSError as problem:  # the folder or the file cannot be written to
                reason = problem.strerror or problem
                raise SaveError(f"The autosave {shown(opened.path.name)} cannot be continued: {reason}.") from None
            session.name = opened.name
            restore_app_seats(session, opened.app_seats)  # the file keeps who the app plays
        else:
            session = session_for(opened.game, _name(opened), started=started, app_seats=opened.app_seats,
                                  curtain_when_alone=curtain_when_alone)
            session.save_path = opened.path
            if session.journal is not None:
                session.journal.hold(lock)  # this session may write the save again
            else:
                lock.release()
    except BaseException:
        lock.release()
        raise
    return session, list(opened.warnings)


def read_only_copy(path: Path):
    """(session, warnings) for the game of a file another window has open, as a read-only copy
    (GameSession.copy_of): without a journal, and every move refused, so the other window's game
    is never overwritten and nothing played here is lost on closing (docs/table.md, "A read-only
    copy"). Named as the window that has the game names it (`open_file`), so both titles agree."""
    from desktop.model.session import GameSession
    from desktop.storage import recent

    opened = recent.open_game(Path(path))
    session = GameSession(opened.game, None)
    session.copy_of = Path(path)  # before the app seats: the app moves none of them here
    session.name = opened.name if opened.kind == recent.AUTOSAVE else _name(opened)
    restore_app_seats(session, opened.app_seats)
    return session, list(opened.warnings)


def look_at(path: Path):
    """The game of a file, read and shown but never written: no lock, no journal, so the file and
    the autosaves stay as they were (the installer's smoke test). SaveError when it cannot be."""
    from desktop.model.session import GameSession
    from desktop.storage import recent

    opened = recent.open_game(Path(path))
    session = GameSession(opened.game, None)
    session.name = _name(opened)
    return session


def _name(opened) -> str:
    """A game's name: the one it was given, or its file's."""
    return opened.name or opened.path.stem
