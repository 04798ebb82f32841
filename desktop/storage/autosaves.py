"""The autosave folder: the newest journal, pruning the old ones (never one a window has open,
never a damaged one kept aside for the player), and the tidying the app does as it starts."""

from __future__ import annotations

import os
from pathlib import Path

from desktop.storage.errors import SaveError
from desktop.storage.journal_lines import DAMAGED
from desktop.storage.lock import GameLock
from desktop.storage.paths import autosave_dir


def latest(folder: Path | None = None) -> Path | None:
    """The most recently written journal, if any."""
    journals = _newest_first(folder or autosave_dir())
    return journals[0] if journals else None


def is_kept_aside(path: Path) -> bool:
    """A damaged journal kept aside by `Journal.go_on`: not a game to list or to continue."""
    return DAMAGED in Path(path).name


def prune(keep: int = 20, folder: Path | None = None) -> None:
    for old in _newest_first(folder or autosave_dir())[keep:]:
        remove_unless_open(old)


def tidy_up(keep: int = 20) -> None:
    """What the app does as it starts: keeps the `keep` newest journals (`prune`), and removes
    the temporary copies a kill in the middle of a write left in its autosave and saves folders."""
    from desktop.storage.durable import remove_stale_temps
    from desktop.storage.paths import saves_dir

    prune(keep)
    for folder in (autosave_dir(), saves_dir()):
        remove_stale_temps(folder)


def remove_unless_open(path: Path) -> bool:
    """Deletes a journal unless a window has it open (its lock is held): that window is still
    appending to it. True if it is gone."""
    try:
        lock = GameLock.take(path)
    except SaveError:
        return False
    try:
        os.unlink(path)
    except OSError:
        return False
    finally:
        lock.release()
    return True


def _newest_first(folder: Path) -> list[Path]:
    """The journals of `folder`, newest first; a name that cannot be looked at (a dangling
    link, a file removed meanwhile) is passed over rather than stopping the app."""
    dated = []
    for path in folder.glob("*.jsonl"):
        if is_kept_aside(path):
            continue  # kept for the player, never pruned
        try:
            dated.append((path.stat().st_mtime, path))
        except (OSError, ValueError):
            continue
    return [path for _, path in sorted(dated, key=lambda pair: pair[0], reverse=True)]
