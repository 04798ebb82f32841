"""The player's own folder, and the few files a window keeps there besides games (its settings,
a system's decks): found, read within a limit and written whole through the model, since the
window imports no storage (tests/engine/test_layering.py). Storage is imported only when asked:
the settings are read before the window's first paint."""

from __future__ import annotations

from pathlib import Path

from desktop.storage.errors import SaveError as Refused  # a file that cannot be read: one sentence

__all__ = ["Refused", "data_folder", "folder", "read_limited", "write_whole"]


def data_folder() -> Path:
    """The player's data folder (ACTIONDECK_DATA_DIR in tests and portable installs), made if needed."""
    from desktop.storage.paths import data_dir

    return data_dir()


def folder(name: str) -> Path:
    """A folder of the player's data folder, made if needed: where a dialog opens for those files."""
    path = data_folder() / name
    path.mkdir(parents=True, exist_ok=True)
    return path


def read_limited(path: Path, limit: int, what: str) -> bytes:
    """The bytes of the ordinary file at `path`, of at most `limit`; Refused with a sentence
    ending in `what` ("... is too large to be a deck file") otherwise (storage/limits.py)."""
    from desktop.storage.limits import read_limited as read

    return read(path, limit, what)


def write_whole(path: Path, data: bytes) -> None:
    """Writes `data` as the file at `path`, all of it or nothing (storage/durable.py); OSError
    when it cannot be."""
    from desktop.storage.durable import write_atomic

    write_atomic(path, data)
