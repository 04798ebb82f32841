"""The files of the games a player can go back to: named saves and autosave journals, newest
first, as data (`RecentFile`). No Qt here, no rule system and no words for a window: which
systems are installed, their titles, which games are demos and how a list reads are the model's
(`desktop/model/library.py`) and the window's.

Listing is cheap and bounded: a file over the save size limit, a folder, a device, a damaged or
foreign file is left out, never an exception. For a journal only its header line is decoded; its
other lines are counted (actions minus undos) without building the actions. For a save the
actions are counted, not decoded.

`open_game` opens any of them: a save through `load_save`, a journal through `journal.resume`
(the app then goes on appending to that same journal).
"""

from __future__ import annotations

import dataclasses
import os
import stat
from dataclasses import dataclass, field
from pathlib import Path

import msgspec

from desktop.engine import Game
from desktop.engine.text import MAX_PLAYERS, NAME_LIMIT, TEXT_LIMIT, problem
from desktop.storage import journal as journals
from desktop.storage import savefile
from desktop.storage.appseats import levels
from desktop.storage.errors import SaveError
from desktop.storage.paths import autosave_dir, saves_dir

SAVE = "save"
AUTOSAVE = "autosave"
LOOK_AT = 200  # files examined at most per folder, newest first: listing stays bounded
SNIFF_BYTES = 4096

_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)


@dataclass(frozen=True)
class RecentFile:
    """What one file says of its game, without building it (its system may not be installed)."""

    path: Path
    kind: str  # SAVE or AUTOSAVE
    system: str  # the rule system's id, as the file names it
    seats: tuple[str, ...]  # the players' names, in seating order
    last_played: float  # the file's modification time (seconds since the epoch)
    step: int  # how many actions the game holds
    name: str  # the game's name ("" when it has none)
    seed: int
    options: tuple[tuple[str, str], ...]  # the setup's options, sorted by name
    damaged_line: int = 0  # an autosave's first line that cannot be read (0: none); it opens on those before

    @property
    def identity(self) -> tuple:
        """One game, whatever its files: its setup (a save opened and played on has a newer autosave)."""
        return (self.system, self.seed, self.seats, self.options)


@dataclass
class Opened:
    """A game opened from a file, ready for a session."""

    game: Game
    name: str
    kind: str
    path: Path
    warnings: list[str] = field(default_factory=list)  # what a damaged journal's replay left out
    damage: journals.Damage | None = None  # where it stopped (Journal.go_on keeps the file aside)
    app_seats: dict[str, str] = field(default_factory=dict)  # seat -> level: who the app plays
    version: int = journals.VERSION  # an autosave's format (Journal.go_on writes an older one again)


# ---- listing -------------------------------------------------------------------------------


def recent_files(saves: Path | None = None, autosaves: Path | None = None) -> list[RecentFile]:
    """Every readable save and autosave, newest first, whatever its system."""
    found = [
        *_listed(saves or saves_dir(), "*.json", _save_summary),
        *_listed(autosaves or autosave_dir(), "*.jsonl", _journal_summary),
    ]
    found.sort(key=lambda game: (game.last_played, str(game.path)), reverse=True)
    return found


def journal_headers(folder: Path | None = None) -> list[RecentFile]:
    """The autosave journals in `folder`, newest first, each read no further than its first line
    (their steps are not counted: 0). Cheap whatever the journals hold: a long game's is a
    megabyte, and its header alone says whose game it is and how it was set up."""

    def header_only(path: Path, info: os.stat_result) -> RecentFile | None:
        first = _read_bounded(path, info, first_line=True)
        header = _header_of(first) if first is not None else None
        if header is None:
            return None
        setup = header.setup
        return _summary(path, info, AUTOSAVE, setup.ruleset, setup.players, setup.seed, setup.options, 0,
                        header.name)

    return _listed(folder or autosave_dir(), "*.jsonl", header_only)


def summary(path: Path) -> RecentFile | None:
    """What the list shows of one file, or None when it is not a game this app can open."""
    path = Path(path)
    reader = _journal_summary if _looks_like_journal(path) else _save_summary
    try:
        info = path.stat()
    except (OSError, ValueError):
        return None
    return reader(path, info)


def _listed(folder: Path, pattern: str, reader) -> list[RecentFile]:
    try:
        candidates = []
        for path in folder.glob(pattern):
            if journals.is_kept_aside(path):
                continue  # a damaged autosave kept for the player: its game goes on in its journal
            try:
                candidates.append((path.stat(), path))
            except (OSError, ValueError):
                continue
    except OSError:
        return []
    candidates.sort(key=lambda pair: pair[0].st_mtime, reverse=True)
    listed = []
    for info, path in candidates[:LOOK_AT]:
        game = reader(path, info)
        if game is not None:
            listed.append(game)
    return listed


def _read_bounded(path: Path, info: os.stat_result, first_line: bool = False) -> bytes | None:
    """The bytes of an ordinary file of at most the save size limit, or None; with `first_line`,
    only its first line (without its newline), read no further than it."""
    limit = savefile.MAX_BYTES
    if not stat.S_ISREG(info.st_mode) or info.st_size > limit:
        return None
    try:
        fd = os.open(path, _FLAGS)
        try:
            opened = os.fstat(fd)
            if not stat.S_ISREG(opened.st_mode) or opened.st_size > limit:
                return None
            chunks, size = [], 0
            while size <= limit:
                chunk = os.read(fd, SNIFF_BYTES if first_line else min(1 << 20, limit + 1 - size))
                if not chunk:
                    break
                end = chunk.find(b"\n") if first_line else -1
                chunks.append(chunk if end < 0 else chunk[:end])
                size += len(chunks[-1])
                if end >= 0:
                    break
        finally:
            os.close(fd)
    except (OSError, ValueError):
        return None
    return None if size > limit else b"".join(chunks)


class _SaveSummary(msgspec.Struct):
    format: str
    version: int
    ruleset: str
    players: list[str]
    seed: int
    options: dict[str, str] = {}
    actions: list[msgspec.Raw] = []  # counted, never decoded
    name: str = ""


class _Event(msgspec.Struct):
    do: msgspec.Raw = msgspec.Raw()  # kept as bytes, never decoded; b"null" or empty for none
    undo: bool = False


def _save_summary(path: Path, info: os.stat_result) -> RecentFile | None:
    data = _read_bounded(path, info)
    if data is None:
        return None
    try:
        record = msgspec.json.decode(data, type=_SaveSummary)
    except (msgspec.DecodeError, UnicodeDecodeError, RecursionError):
        return None
    if record.format != savefile.FORMAT or not 1 <= record.version <= savefile.VERSION:
        return None
    return _summary(path, info, SAVE, record.ruleset, record.players, record.seed,
                    record.options, len(record.actions), record.name)


def _header_of(line: bytes) -> journals.JournalHeader | None:
    """A journal's first line as its header, or None if it is not one this app can read."""
    try:
        header = msgspec.json.decode(line, type=journals.JournalHeader)
    except (msgspec.DecodeError, UnicodeDecodeError, RecursionError):
        return None
    if header.journal != journals.KIND or not 1 <= header.version <= journals.VERSION:
        return None
    return header if journals.header_proves_itself(line, header.version) else None


def _events(lines: list[bytes]):
    """Each line's event, then None where a line cannot be read (and nothing after it). All of
    them in one decoding when every line reads (a 10,000-action journal in a millisecond or two,
    where one decoding a line took 10 ms: the start screen lists up to 20 autosaves); line by
    line otherwise, to find where."""
    try:
        events = msgspec.json.decode(b"[" + b",".join(lines) + b"]", type=list[_Event])
    except (msgspec.DecodeError, UnicodeDecodeError, RecursionError):
        events = None
    if events is not None and len(events) == len(lines):
        yield from events
        return
    for line in lines:
        try:
            yield msgspec.json.decode(line, type=_Event)
        except (msgspec.DecodeError, UnicodeDecodeError, RecursionError):
            yield None
            return


def _journal_summary(path: Path, info: os.stat_result) -> RecentFile | None:
    data = _read_bounded(path, info)
    if data is None:
        return None
    first, _, rest = data.partition(b"\n")
    header = _header_of(first)
    if header is None:
        return None
    step, damaged = 0, 0
    if header.version >= journals.SEALED:
        # Only the lines that prove themselves (their seals, journal.intact_lines), as `resume`.
        lines, stop, _ = journals.intact_lines(first, rest)
        damaged = stop or 0
    else:
        lines = rest.split(b"\n") if rest else []
        if lines and lines[-1] == b"":
            lines.pop()  # the newline that ends the last line
    for number, event in enumerate(_events(lines), start=2):
        if event is None:
            # Where `resume` stops too; the last line of an older journal may just be torn by
            # a crash, no damage.
            damaged = number if number <= len(lines) or header.version >= journals.SEALED else 0
            break
        if event.undo:
            step = step - 1 if step else 0
        elif (size := len(event.do)) and (size != 4 or bytes(event.do) != b"null"):
            step += 1  # (its length first: a copy of every action's bytes was most of a listing)
    setup = header.setup
    game = _summary(path, info, AUTOSAVE, setup.ruleset, setup.players, setup.seed,
                    setup.options, step, header.name)
    return dataclasses.replace(game, damaged_line=damaged) if game is not None and damaged else game


def _summary(path, info, kind, system, players, seed, options, step, name) -> RecentFile | None:
    if problem(system, NAME_LIMIT) or problem(name, TEXT_LIMIT) or not players:
        return None
    if len(players) > MAX_PLAYERS or any(problem(player, NAME_LIMIT) for player in players):
        return None
    return RecentFile(
        path=path,
        kind=kind,
        system=system,
        seats=tuple(players),
        last_played=info.st_mtime,
        step=step,
        name=name,
        seed=seed,
        options=tuple(sorted(dict(options).items())),
    )


# ---- opening -------------------------------------------------------------------------------


def _looks_like_journal(path: Path) -> bool:
    """A journal's first line starts with its kind; anything else is taken for a save (whose
    reader then says what is wrong with it). The .jsonl ending decides when the file says nothing."""
    start = b""
    try:
        if stat.S_ISREG(os.stat(path).st_mode):
            fd = os.open(path, _FLAGS)
            try:
                start = os.read(fd, SNIFF_BYTES)
            finally:
                os.close(fd)
    except (OSError, ValueError):
        pass
    if b'"journal":"' + journals.KIND.encode() + b'"' in start.split(b"\n", 1)[0].replace(b" ", b""):
        return True
    return Path(path).suffix.lower() == ".jsonl"


def kind_of(path: Path) -> str:
    return AUTOSAVE if _looks_like_journal(Path(path)) else SAVE


def open_game(path: Path) -> Opened:
    """The game of a save or an autosave journal; SaveError with a sentence when it cannot be."""
    path = Path(path)
    if kind_of(path) == AUTOSAVE:
        resumed = journals.resume(path)
        game, name = resumed
        return Opened(game, name, AUTOSAVE, path, list(resumed.warnings), resumed.damage, resumed.app_seats,
                      resumed.version)
    game, record = savefile.load_save(path)
    return Opened(game, record.name, SAVE, path, app_seats=levels(record.app_seats))


__all__ = [
    "AUTOSAVE", "SAVE", "Opened", "RecentFile", "SaveError", "journal_headers", "kind_of", "open_game",
    "recent_files", "summary",
]
