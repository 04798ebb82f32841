"""Saving a session's game to a file of its own, off the UI thread (the autosave journal writes
itself at every action: desktop/storage/journal.py).

A game saved as another file takes that file's lock first, so a game another window has open
there is never written over; this window then keeps the lock as long as it writes that file. A
read-only copy saved is a new game, named by its file, which the window opens for real next.
"""

from __future__ import annotations

import threading
from pathlib import Path

from desktop.storage import SaveError, save_bytes
from desktop.storage.durable import write_atomic


def save(session, path: Path, wait: bool = False) -> None:
    """Writes a save file; the disk work runs off the UI thread unless `wait`. Says how it went
    with the session's `saved(path)` or `saveFailed(sentence)`."""
    path = Path(path)
    copy = session.copy_of is not None
    # A copy saved is a new game, named by its own file (the original keeps its name). A game
    # with no name of its own takes its file's the first time it is saved, so that the window
    # and anything reopening that file call it the same ("friday", not its players' names).
    name = path.stem if copy else (session.name or path.stem)
    data = save_bytes(session.game, name, session.app_seat_levels())
    lock = None
    if session.save_path is None or path.resolve() != Path(session.save_path).resolve():
        # Saving as another file: a game another window has open there is not written over.
        from desktop.storage.lock import GameLock

        try:
            lock = GameLock.take(path)
        except SaveError as refusal:
            session.saveFailed.emit(str(refusal))
            return

    def work() -> None:
        try:
            write_atomic(path, data)
        except OSError as problem:
            if lock is not None:
                lock.release()
            session.saveFailed.emit(
                str(SaveError(f"The game could not be saved to {path}: {problem.strerror or problem}."))
            )
            return
        if lock is not None and copy:
            # A copy saved as a game of its own: the window opens that file for real next.
            lock.release()
            session.saved.emit(str(path))
            return
        if lock is not None:  # this window writes that file from now on: it keeps it locked
            if session.journal is not None:
                session.journal.hold(lock)
            else:
                session._save_lock = lock
        session.save_path = path
        session.name = name
        session.saved.emit(str(path))

    if wait:
        work()
    else:
        threading.Thread(target=work, name="actiondeck-save", daemon=False).start()


def holds(session, path: Path) -> bool:
    """Whether `path` is the game `session` plays (its autosave, or the save it writes): opening
    it again would only offer a copy of itself."""
    mine = [session.save_path, session.journal.path if session.journal is not None else None]
    return any(own is not None and _same_path(own, path) for own in mine)


def release(session) -> None:
    """The session closes: its journal, and the lock of a save it kept without one."""
    if session.journal is not None:
        session.journal.close()
    lock = getattr(session, "_save_lock", None)
    if lock is not None:
        lock.release()


def _same_path(one: Path, other: Path) -> bool:
    try:
        return Path(one).resolve() == Path(other).resolve()
    except (OSError, RuntimeError):  # a loop of links: the names as given
        return Path(one).absolute() == Path(other).absolute()
