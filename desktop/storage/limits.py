"""How much a file may be and hold, and the one way save, journal and deck files are read.

A few bytes of JSON can become a hundred bytes of Python objects (`{}` is 3 bytes in a file,
64 in memory), so the byte limit is what keeps memory bounded: 8 MiB of the worst JSON decodes
to about 250 MB; a real game's file is a few kilobytes. The counts a file declares (actions,
players, cards) are capped again where they are used, before anything is built from them.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from desktop.engine.text import shown
from desktop.storage.errors import SaveError

MAX_BYTES = 8 * 1024 * 1024  # a save, an autosave journal or a deck file
MAX_ACTIONS = 100_000  # actions in one game; a long real game has a few thousand

_MB = 1024 * 1024
_CHUNK = 1024 * 1024
# Non-blocking: if a pipe slips in between the check and the open, reading it fails at once
# instead of waiting for a writer. Binary: Windows would otherwise translate line ends.
_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)


def read_limited(path: Path, limit: int, what: str) -> bytes:
    """The bytes of the ordinary file at `path`, never reading more than `limit` + 1 of them.

    Anything else (missing, a folder, a device such as /dev/zero, a pipe, a socket, over the
    limit, unreadable) is refused with a SaveError sentence; `what` completes it ("... is too
    large to be an Action Deck save").
    """
    path = Path(path)
    try:
        # Looked at before it is opened: opening some devices, or a pipe, is itself an action.
        _check_kind(path, os.stat(path), limit, what)
        fd = os.open(path, _FLAGS)
        try:
            _check_kind(path, os.fstat(fd), limit, what)  # the file that was opened, after all
            chunks, size = [], 0
            while size <= limit:  # the size a file claims is not trusted
                chunk = os.read(fd, min(_CHUNK, limit + 1 - size))
                if not chunk:
                    break
                chunks.append(chunk)
                size += len(chunk)
        finally:
            os.close(fd)
    except FileNotFoundError:
        raise SaveError(f"There is no file {shown(path)}.") from None
    except (OSError, ValueError) as problem:  # ValueError: a name holding a NUL character
        reason = getattr(problem, "strerror", None) or "the name is not a valid file name"
        raise SaveError(f"{shown(path.name)} cannot be read: {reason}.") from None
    if size > limit:
        raise _too_large(path, limit, what)
    return b"".join(chunks)


def _check_kind(path: Path, info: os.stat_result, limit: int, what: str) -> None:
    if stat.S_ISDIR(info.st_mode):
        raise SaveError(f"{shown(path)} is a folder, not {what}.")
    if not stat.S_ISREG(info.st_mode):
        raise SaveError(
            f"{shown(path)} is not an ordinary file (it is a device, a pipe or a socket), so it "
            f"cannot be {what}."
        )
    if info.st_size > limit:
        raise _too_large(path, limit, what, info.st_size)


def _too_large(path: Path, limit: int, what: str, size: int | None = None) -> SaveError:
    """The sentence for a file over `limit` bytes (`size`: what it holds, if known). The two
    amounts never read the same: when rounding would make them equal, both are given in bytes."""
    if size is None:  # reading stopped at the limit: all that is known is that it holds more
        told = f"it holds more than the most, {_amount(limit)}"
    elif _amount(size) == _amount(limit):
        told = f"{size:,} bytes; the most is {limit:,} bytes"
    else:
        told = f"{_amount(size)}; the most is {_amount(limit)}"
    return SaveError(f"{shown(path.name)} is too large to be {what} ({told}).")


def _amount(size: int) -> str:
    return f"{size / _MB:.1f} MB" if size >= _MB // 10 else f"{size:,} bytes"
