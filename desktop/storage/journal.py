"""The autosave journal: one JSON line per action, flushed and fsynced as it happens.

A crash loses at most the action being written: on resume a torn last line is ignored. A damaged
line anywhere else is skipped and reported, and every intact line after it is kept. The first
line holds the setup, so a journal alone rebuilds the game.
"""

from __future__ import annotations

import os
import uuid
from pathlib import Path
from typing import Self

import msgspec

from desktop import __version__
from desktop.engine import Action, Game, GameSetup, RuleError, SetupError
from desktop.engine.text import TEXT_LIMIT, problem, shown
from desktop.storage import migrations
from desktop.storage.durable import fsync_file, write_atomic
from desktop.storage.errors import SaveError
from desktop.storage.limits import MAX_ACTIONS, MAX_BYTES, read_limited
from desktop.storage.paths import autosave_dir

KIND = "actiondeck-journal"
VERSION = 2  # 2: a version-1 journal's game gets its system's options of that era
WHAT = "an Action Deck autosave"
MAX_LINES = 2 * MAX_ACTIONS  # every action, and as many undos
MAX_DAMAGED = 20  # beyond this the journal is not worth rebuilding from


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
        try:
            self._cut_torn_line()
            # Open for the journal's whole life: one fsynced append per action, no reopen cost.
            self._handle = open(self.path, "ab", buffering=0)  # noqa: SIM115
        except OSError as problem:
            name, reason = shown(self.path.name), problem.strerror or problem
            raise SaveError(f"The autosave {name} cannot be continued: {reason}.") from None

    def _cut_torn_line(self) -> None:
        """Drops a torn last line (left by a crash) so that new lines are not glued onto it,
        which would turn it into a damaged line in the middle of the journal."""
        try:
            data = read_limited(self.path, MAX_BYTES, WHAT)
        except SaveError:
            return  # a new journal, or one `resume` has already refused
        start = data.rfind(b"\n", 0, len(data) - 1) + 1  # where the last line starts
        if start == 0:
            return  # the header alone, which `resume` has checked
        if _entry(data[start:].removesuffix(b"\n")) is None:
            cut, tail = start, b""  # the action that was being written when the app died
        elif not data.endswith(b"\n"):
            cut, tail = len(data), b"\n"  # a whole last line that lost only its newline
        else:
            return
        with open(self.path, "r+b") as handle:
            handle.truncate(cut)
            handle.seek(cut)
            handle.write(tail)
            handle.flush()
            fsync_file(handle.fileno())

    @classmethod
    def start(cls, game: Game, name: str = "", folder: Path | None = None) -> Journal:
        """A new journal holding the game so far (header plus its actions), written atomically."""
        header = JournalHeader(
            journal=KIND, version=VERSION, app_version=__version__, setup=game.setup, name=name
        )
        try:
            lines = [msgspec.json.encode(header)]
            lines += [msgspec.json.encode(Entry(do=action.to_dict())) for action in game.actions]
            folder = folder or autosave_dir()
            path = folder / f"{uuid.uuid4().hex}.jsonl"
            write_atomic(path, b"\n".join(lines) + b"\n")
        except (OSError, UnicodeEncodeError) as problem:
            raise _not_autosaved(problem) from None
        return cls(path)

    def _write(self, entry: Entry) -> None:
        try:
            line = msgspec.json.encode(entry) + b"\n"
        except UnicodeEncodeError as problem:
            raise _not_autosaved(problem) from None
        fd = self._handle.fileno()
        size = None
        try:
            size = os.fstat(fd).st_size
            written = 0
            while written < len(line):  # a write may stop short when the disk fills up
                written += os.write(fd, line[written:])
            fsync_file(fd)
        except OSError as problem:
            if size is not None:
                self._take_back(size)
            raise _not_autosaved(problem) from None

    def _take_back(self, size: int) -> None:
        """Cuts the file back to `size`, so that a failed write leaves no half line behind."""
        try:
            os.ftruncate(self._handle.fileno(), size)
            fsync_file(self._handle.fileno())
        except OSError:
            pass  # the half line is then the torn last line, which `resume` ignores

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


def _not_autosaved(problem: Exception) -> SaveError:
    if isinstance(problem, UnicodeEncodeError):
        return SaveError("The game could not be autosaved: some of its text is not valid.")
    reason = getattr(problem, "strerror", None) or problem
    return SaveError(f"The game could not be autosaved: {reason}.")


class Resumed(tuple):
    """What `resume` gives: unpacks as `game, name = ...` and also carries `warnings`, one
    sentence for each damaged line that was skipped, for the app to tell the player."""

    def __new__(cls, game: Game, name: str, warnings: list[str]) -> Self:
        resumed = super().__new__(cls, (game, name))
        resumed.warnings = warnings
        return resumed

    @property
    def game(self) -> Game:
        return self[0]

    @property
    def name(self) -> str:
        return self[1]


def resume(path: Path) -> Resumed:
    """Rebuilds the game of a journal from its intact lines; see `Resumed`."""
    path = Path(path)
    label = f"The autosave {shown(path.name)}"
    data = read_limited(path, MAX_BYTES, WHAT)
    if data.count(b"\n") > MAX_LINES + 1:
        raise SaveError(f"{label} holds more lines than any game could have.")
    first, _, rest = data.partition(b"\n")
    header = _header(first, label)
    try:
        game = Game.new(header.setup)
        actions, damaged = _actions(game, rest, label)
        rebuilt = Game.replay(header.setup, actions)
    except (RuleError, SetupError) as problem:
        raise SaveError(f"{label} cannot be rebuilt: {problem}") from None
    warnings = [
        f"Line {number} of the autosave was damaged and skipped; the game was rebuilt from the "
        "other lines."
        for number in damaged
    ]
    return Resumed(rebuilt, header.name, warnings)


def _header(line: bytes, label: str) -> JournalHeader:
    try:
        header = msgspec.json.decode(line, type=JournalHeader)
    except UnicodeDecodeError:
        raise SaveError(
            f"{label} cannot be read: its first line holds bytes that are not text."
        ) from None
    except msgspec.DecodeError as error:
        raise SaveError(f"{label} cannot be read: {shown(error)}.") from None
    except RecursionError:
        raise SaveError(f"{label} cannot be read: it is nested too deeply.") from None
    if header.journal != KIND or header.version > VERSION:
        raise SaveError(f"{label} is not one this version can read.")
    if header.version < 2:
        options = migrations.options_of_version(header.setup.ruleset, dict(header.setup.options), header.version)
        header.setup = msgspec.structs.replace(header.setup, options=options)
    trouble = problem(header.name, TEXT_LIMIT)
    if trouble:
        raise SaveError(f"{label} cannot be read: the game's name {trouble}.")
    return header


def _actions(game: Game, lines: bytes, label: str) -> tuple[list[Action], list[int]]:
    """The actions of the event lines (undos applied) and the numbers of the damaged lines.

    The last line is allowed to be torn: that is the action in flight when the app died, and it
    is dropped without a word. Any other line that does not decode is damage, reported.
    """
    events = lines.split(b"\n") if lines else []
    if events and events[-1] == b"":
        events.pop()  # the newline that ends the last line
    actions: list[Action] = []
    damaged: list[int] = []
    for number, line in enumerate(events, start=2):
        entry = _entry(line)
        if entry is None and number == len(events) + 1:
            break  # the torn last line
        try:
            if entry is None:
                raise RuleError("not a journal line")
            if entry.undo:
                if actions:
                    actions.pop()
            elif entry.do is not None:
                actions.append(game.decode_action(entry.do))
        except RuleError:
            damaged.append(number)
            if len(damaged) > MAX_DAMAGED:
                raise SaveError(
                    f"{label} is too damaged to rebuild: more than {MAX_DAMAGED} of its lines "
                    "cannot be read."
                ) from None
        if len(actions) > MAX_ACTIONS:
            raise SaveError(f"{label} holds more than {MAX_ACTIONS:,} actions.")
    return actions, damaged


def _entry(line: bytes) -> Entry | None:
    """The event of one line, or None when the line does not decode (torn or damaged)."""
    try:
        return msgspec.json.decode(line, type=Entry)
    except (msgspec.DecodeError, UnicodeDecodeError, RecursionError):
        return None


def latest(folder: Path | None = None) -> Path | None:
    """The most recently written journal, if any."""
    journals = _newest_first(folder or autosave_dir())
    return journals[0] if journals else None


def prune(keep: int = 20, folder: Path | None = None) -> None:
    for old in _newest_first(folder or autosave_dir())[keep:]:
        try:
            os.unlink(old)
        except OSError:
            pass


def _newest_first(folder: Path) -> list[Path]:
    """The journals of `folder`, newest first; a name that cannot be looked at (a dangling
    link, a file removed meanwhile) is passed over rather than stopping the app."""
    dated = []
    for path in folder.glob("*.jsonl"):
        try:
            dated.append((path.stat().st_mtime, path))
        except (OSError, ValueError):
            continue
    return [path for _, path in sorted(dated, key=lambda pair: pair[0], reverse=True)]
