"""One game, one place: a lock that says a save or an autosave is open somewhere.

Two windows appending to one autosave interleave their lines, and two writers of one save lose
each other's actions. So whoever writes a game's file (a window, `actiondeck play`,
`actiondeck new -o`) first takes its lock, and a second opener is refused with a sentence.

The lock is the operating system's (`fcntl.flock` on POSIX, `msvcrt.locking` on Windows) on a
small sidecar file beside the game, `.<name>.lock`: a save is replaced by a new file at every
write (durable.write_atomic), so locking the file itself would lock the old one. An OS lock dies
with the process that holds it: a crash or a kill never leaves a game locked. No Qt here.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

from desktop.engine.text import shown
from desktop.storage.errors import SaveError

# Folders where no lock file can be made (a read-only medium) cannot be written by anyone either,
# so there is nothing to protect: the game opens unlocked.
_UNWRITABLE = {errno.EACCES, errno.EPERM, errno.EROFS}


class GameInUse(SaveError):
    """The game is open in another window or command; str() is the sentence."""


def lock_path(path: Path) -> Path:
    """The sidecar of `path`: one per file, whatever name or link it is reached by."""
    path = Path(path)
    try:
        path = path.resolve()
    except (OSError, RuntimeError):  # a loop of links: the name as given
        path = path.absolute()
    return path.parent / f".{path.name}.lock"


class GameLock:
    """Held from `take` until `release` (or the end of the process)."""

    def __init__(self, path: Path, sidecar: Path, fd: int | None) -> None:
        self.path = path
        self.sidecar = sidecar
        self._fd = fd

    @property
    def held(self) -> bool:
        return self._fd is not None

    @classmethod
    def take(cls, path: Path) -> GameLock:
        """The lock of the game at `path`; GameInUse when another holder has it."""
        path = Path(path)
        sidecar = lock_path(path)
        for _ in range(5):  # the holder may remove the sidecar between our open and our lock
            try:
                fd = os.open(sidecar, os.O_RDWR | os.O_CREAT | getattr(os, "O_BINARY", 0), 0o644)
            except OSError as problem:
                if problem.errno in _UNWRITABLE or problem.errno == errno.ENOENT:
                    return cls(path, sidecar, None)
                raise SaveError(f"{shown(path.name)} cannot be opened: {problem.strerror}.") from None
            try:
                locked = _try_lock(fd)
            except OSError as problem:
                os.close(fd)
                raise SaveError(f"{shown(path.name)} cannot be opened: {problem.strerror}.") from None
            if not locked:
                os.close(fd)
                raise GameInUse(in_use(path))
            if _same_file(fd, sidecar):
                return cls(path, sidecar, fd)
            os.close(fd)  # we locked a sidecar its holder had just removed: take the new one
        raise GameInUse(in_use(path))

    def release(self) -> None:
        if self._fd is None:
            return
        if os.name == "posix":
            # Removed while still locked, so that a waiting opener notices (`_same_file`).
            try:
                os.unlink(self.sidecar)
            except OSError:
                pass
        _unlock(self._fd)
        os.close(self._fd)
        self._fd = None

    def __enter__(self) -> GameLock:
        return self

    def __exit__(self, *_exc) -> None:
        self.release()


def in_use(path: Path) -> str:
    return (
        f"{shown(Path(path).name)} is open in another Action Deck window (or an actiondeck "
        "command is writing it); close it there first, so that no action is lost."
    )


def _same_file(fd: int, sidecar: Path) -> bool:
    try:
        named, held = os.stat(sidecar), os.fstat(fd)
    except OSError:
        return False
    return (named.st_dev, named.st_ino) == (held.st_dev, held.st_ino)


if os.name == "nt":  # pragma: no cover - exercised on Windows
    import msvcrt

    def _try_lock(fd: int) -> bool:
        try:
            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _unlock(fd: int) -> None:
        try:
            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
        except OSError:
            pass

else:
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        except OSError as problem:
            if problem.errno in (errno.ENOLCK, errno.EOPNOTSUPP, errno.ENOSYS):
                return True  # a file system without locks (some network shares): as before
            raise
        return True

    def _unlock(fd: int) -> None:
        try:
            fcntl.flock(fd, fcntl.LOCK_UN)
        except OSError:
            pass
