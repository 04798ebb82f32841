"""The autosave journal: one JSON line per action, flushed and fsynced as it happens.

A crash loses at most the action being written: on resume a torn last line is ignored. The
first line holds the setup, so a journal alone rebuilds the game.
"""

from __future__ import annotations

import os
import uuid
from pathlib import Path

import msgspec

from desktop import __version__
from desktop.engine import Action, Game, GameSetup, RuleError, SetupError
from desktop.storage.durable import fsync_file, write_atomic
from desktop.storage.errors import SaveError
from desktop.storage.paths import autosave_dir

KIND = "actiondeck-journal"
VERSION = 1


class JournalHeader(msgspec.Struct, kw_only=True):
    journal: str
    version: int
    app_version: str
    setup: GameSetup
    name: str = ""


class Entry(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    do: dict | None = None
    undo: bool = False


class Journal:
    """Appends to one journal file; `record` and `record_undo` return once the line is on disk."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self._cut_torn_line()
        # Open for the journal's whole life: one fsynced append per action, no reopen cost.
        self._handle = open(self.path, "ab", buffering=0)  # noqa: SIM115

    def _cut_torn_line(self) -> None:
        """Drops a torn last line (left by a crash) so that new lines are not glued onto it,
        which would make `resume` stop there and lose every action recorded after it."""
        try:
            data = self.path.read_bytes()
        except FileNotFoundError:
            return
        _, good = _entries(data)
        if good == len(data) and data.endswith(b"\n"):
            return
        with open(self.path, "r+b") as handle:
            handle.truncate(good)
            handle.seek(good)
            if good and data[good - 1 : good] != b"\n":
                handle.write(b"\n")  # the last good line lost only its newline
            handle.flush()
            fsync_file(handle.fileno())

    @classmethod
    def start(cls, game: Game, name: str = "", folder: Path | None = None) -> Journal:
        """A new journal holding the game so far (header plus its actions), written atomically."""
        folder = folder or autosave_dir()
        path = folder / f"{uuid.uuid4().hex}.jsonl"
        header = JournalHeader(
            journal=KIND, version=VERSION, app_version=__version__, setup=game.setup, name=name
        )
        lines = [msgspec.json.encode(header)]
        lines += [msgspec.json.encode(Entry(do=action.to_dict())) for action in game.actions]
        write_atomic(path, b"\n".join(lines) + b"\n")
        return cls(path)

    def _write(self, entry: Entry) -> None:
        self._handle.write(msgspec.json.encode(entry) + b"\n")
        fsync_file(self._handle.fileno())

    def record(self, action: Action) -> None:
        self._write(Entry(do=action.to_dict()))

    def record_undo(self) -> None:
        self._write(Entry(undo=True))

    def close(self) -> None:
        self._handle.close()

    def discard(self) -> None:
        """Removes the journal (the game was finished or abandoned on purpose)."""
        self.close()
        self.path.unlink(missing_ok=True)


def resume(path: Path) -> tuple[Game, str]:
    """Rebuilds the game of a journal up to its last complete action; returns it and its name."""
    try:
        data = Path(path).read_bytes()
        header = msgspec.json.decode(data.split(b"\n", 1)[0], type=JournalHeader)
    except (OSError, msgspec.DecodeError, msgspec.ValidationError, RecursionError) as problem:
        raise SaveError(f"The autosave {Path(path).name} cannot be read: {problem}.")
    if header.journal != KIND or header.version > VERSION:
        raise SaveError(f"The autosave {Path(path).name} is not one this version can read.")
    try:
        game = Game.new(header.setup)
        actions: list[Action] = []
        for entry in _entries(data)[0]:
            if entry.undo and actions:
                actions.pop()
            elif entry.do is not None:
                actions.append(game.decode_action(entry.do))
        return Game.replay(header.setup, actions), header.name
    except (RuleError, SetupError) as problem:
        raise SaveError(f"The autosave {Path(path).name} cannot be rebuilt: {problem}")


def _entries(data: bytes) -> tuple[list[Entry], int]:
    """The events after the header line, up to the first line that does not decode (a torn last
    line: the action in flight when the power went), and how many bytes they fill."""
    entries: list[Entry] = []
    start = data.find(b"\n") + 1
    if start == 0:
        return entries, len(data)  # a header alone
    good = start
    while start < len(data):
        stop = data.find(b"\n", start)
        end = len(data) if stop < 0 else stop
        try:
            entries.append(msgspec.json.decode(data[start:end], type=Entry))
        except (msgspec.DecodeError, RecursionError):
            break
        good = len(data) if stop < 0 else stop + 1
        start = end + 1
    return entries, good


def latest(folder: Path | None = None) -> Path | None:
    """The most recently written journal, if any."""
    folder = folder or autosave_dir()
    journals = sorted(folder.glob("*.jsonl"), key=lambda p: p.stat().st_mtime, reverse=True)
    return journals[0] if journals else None


def prune(keep: int = 20, folder: Path | None = None) -> None:
    folder = folder or autosave_dir()
    journals = sorted(folder.glob("*.jsonl"), key=lambda p: p.stat().st_mtime, reverse=True)
    for old in journals[keep:]:
        try:
            os.unlink(old)
        except OSError:
            pass
