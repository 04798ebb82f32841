"""Writes that survive a crash or a power cut: the old file stays whole until the new one is."""

from __future__ import annotations

import errno
import os
import re
import stat
import sys
import tempfile
import time
from pathlib import Path

# Written over: only an ordinary file (or nothing). `--force` onto a pipe, a device or a folder
# would otherwise replace it with a regular file (or, for a device, as root, remove it).
NOT_ORDINARY = "it is not an ordinary file (it is a folder, a device, a pipe or a socket), and only ordinary files are written over"


# The temporary files `write_atomic` makes: `.<name>.<8 of tempfile's characters>.tmp`.
_TEMP = re.compile(r"\.(?P<target>.+)\.[a-z0-9_]{8}\.tmp")
# A temporary file this old is not one being written: a write of the largest file (8 MiB) and its
# fsync take seconds at worst, so one left this long is what a kill or a power cut left behind.
STALE_SECONDS = 10 * 60


def fsync_file(fd: int) -> None:
    if sys.platform == "darwin":
        import fcntl

        # On macOS fsync does not reach the disk; F_FULLFSYNC does.
        fcntl.fcntl(fd, fcntl.F_FULLFSYNC)
    else:
        os.fsync(fd)


def fsync_dir(directory: Path) -> None:
    if os.name != "posix":
        return  # directories cannot be opened for fsync on Windows
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _mode_for(path: Path) -> int:
    try:
        return path.stat().st_mode & 0o777
    except FileNotFoundError:
        # Reading the umask means setting it, process-wide and racy with other threads; a new
        # save gets the usual permissions of a document instead.
        return 0o644


def write_atomic(path: Path, data: bytes) -> None:
    """Temp file beside the target, write, flush, fsync, rename over it, fsync the folder."""
    try:
        path = Path(path).resolve()  # through a link: replace the file it points to, not the link
    except RuntimeError:  # a loop of links (Python before 3.13 says so this way)
        raise OSError(errno.ELOOP, os.strerror(errno.ELOOP), str(path)) from None
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            raise OSError(errno.EINVAL, NOT_ORDINARY, str(path))
    except FileNotFoundError:
        pass  # a new file
    directory = path.parent
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=directory)
    try:
        os.chmod(temp, _mode_for(path))  # mkstemp makes it owner-only; keep what a save had
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            fsync_file(handle.fileno())
        os.replace(temp, path)
    except BaseException:
        try:
            os.unlink(temp)
        except FileNotFoundError:
            pass
        raise
    fsync_dir(directory)


def remove_stale_temps(folder: Path, target: str | None = None, older_than: float = STALE_SECONDS) -> int:
    """Removes the temporary files `write_atomic` left in `folder` when the app was killed in the
    middle of a write (only ordinary files named as it names them, and only once they are
    `older_than` seconds old, so never one being written); with `target`, only those of the
    file of that name. Returns how many went; what cannot be looked at or removed is left."""
    removed = 0
    now = time.time()
    try:
        entries = os.scandir(folder)
    except (OSError, ValueError):
        return 0
    with entries:
        for entry in entries:
            found = _TEMP.fullmatch(entry.name)
            if found is None or (target is not None and found["target"] != target):
                continue
            try:
                info = entry.stat(follow_symlinks=False)
                if stat.S_ISREG(info.st_mode) and now - info.st_mtime >= older_than:
                    os.unlink(entry.path)
                    removed += 1
            except OSError:
                continue
    return removed
