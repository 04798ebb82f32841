"""The games a player can go back to: named saves and autosave journals, newest first.

No Qt here. Listing is cheap and bounded: a file over the save size limit, a folder, a device,
a damaged or foreign file, or a game of a system that is not installed is left out, never an
exception. For a journal only its header line is decoded; its other lines are counted (actions
minus undos) without building the actions. For a save the actions are counted, not decoded.

Demo games (`actiondeck --demo`, "Try a demo") are kept apart from real ones, so that looking at a
demo never hides the game a table was playing. A demo's journal carries the name `DEMO_NAME`;
a game whose setup is its system's demo setup is a demo too, whatever it is called.

`open_game` opens any of them: a save through `load_save`, a journal through `journal.resume`
(the app then goes on appending to that same journal).
"""

from __future__ import annotations

import dataclasses
import datetime
import os
import stat
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

import msgspec

from desktop.engine import Game, SetupError
from desktop.engine.text import MAX_PLAYERS, NAME_LIMIT, TEXT_LIMIT, problem, shown
from desktop.storage import journal as journals
from desktop.storage import savefile
from desktop.storage.appseats import levels
from desktop.storage.errors import SaveError
from desktop.storage.paths import autosave_dir, saves_dir

SAVE = "save"
AUTOSAVE = "autosave"
DEMO_NAME = "Demo"  # the name a demo's journal is started with (app.session_for)
LOOK_AT = 200  # files examined at most per folder, newest first: listing stays bounded
SNIFF_BYTES = 4096

_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)


@dataclass(frozen=True)
class RecentGame:
    path: Path
    kind: str  # SAVE or AUTOSAVE
    system: str  # the rule system's id
    title: str  # the rule system's title
    seats: tuple[str, ...]  # the players' names, in seating order
    last_played: float  # the file's modification time (seconds since the epoch)
    step: int  # how many actions the game holds
    name: str  # the game's name ("" when it has none)
    demo: bool
    identity: tuple = field(default=(), compare=False, repr=False)  # one game, whatever its files
    damaged_line: int = 0  # an autosave's first line that cannot be read (0: none); it opens on those before

    @property
    def label(self) -> str:
        """How the game reads in a list or a window title: its name, or its players."""
        return display_name(self.name, self.seats)


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

    @property
    def demo(self) -> bool:
        return is_demo(self.name, self.game.setup)


# ---- listing -------------------------------------------------------------------------------


def recent_games(saves: Path | None = None, autosaves: Path | None = None) -> list[RecentGame]:
    """Every readable save and autosave, newest first."""
    found = [
        *_listed(saves or saves_dir(), "*.json", _save_summary),
        *_listed(autosaves or autosave_dir(), "*.jsonl", _journal_summary),
    ]
    found.sort(key=lambda game: (game.last_played, str(game.path)), reverse=True)
    return found


def split(games: Iterable[RecentGame]) -> tuple[list[RecentGame], list[RecentGame]]:
    """(real games, demos), each in the order given."""
    games = list(games)
    return [g for g in games if not g.demo], [g for g in games if g.demo]


def distinct(games: Iterable[RecentGame]) -> list[RecentGame]:
    """The first (newest) file of each game: a save that was opened and played on has a newer
    autosave, and every run of one system's demo starts from the same setup."""
    seen: set[tuple] = set()
    kept = []
    for game in games:
        if game.identity in seen:
            continue
        seen.add(game.identity)
        kept.append(game)
    return kept


def summary(path: Path) -> RecentGame | None:
    """What the list shows of one file, or None when it is not a game this app can open."""
    path = Path(path)
    reader = _journal_summary if _looks_like_journal(path) else _save_summary
    try:
        info = path.stat()
    except (OSError, ValueError):
        return None
    return reader(path, info)


def _listed(folder: Path, pattern: str, reader) -> list[RecentGame]:
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


def _save_summary(path: Path, info: os.stat_result) -> RecentGame | None:
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


def _journal_summary(path: Path, info: os.stat_result) -> RecentGame | None:
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


def _summary(path, info, kind, system, players, seed, options, step, name) -> RecentGame | None:
    if problem(system, NAME_LIMIT) or problem(name, TEXT_LIMIT) or not players:
        return None
    if len(players) > MAX_PLAYERS or any(problem(player, NAME_LIMIT) for player in players):
        return None
    try:
        from desktop.engine import registry

        title = registry.get(system).title
    except SetupError:
        return None  # a system that is not installed: the game cannot be opened here
    return RecentGame(
        path=path,
        kind=kind,
        system=system,
        title=title,
        seats=tuple(players),
        last_played=info.st_mtime,
        step=step,
        name=name,
        demo=_demo_setup(name, system, players, seed, options),
        identity=(system, seed, tuple(players), tuple(sorted(options.items()))),
    )


# ---- demos ---------------------------------------------------------------------------------


def is_demo(name: str, setup) -> bool:
    """Whether a game (its name and GameSetup) is a demo game."""
    return _demo_setup(name, setup.ruleset, setup.players, setup.seed, setup.options)


def _demo_setup(name: str, system: str, players, seed: int, options) -> bool:
    if name == DEMO_NAME:
        return True
    return _demo_key(system) == (seed, tuple(players), tuple(sorted(dict(options).items())))


_DEMO_KEYS: dict[str, tuple | None] = {}


def _demo_key(system: str) -> tuple | None:
    if system not in _DEMO_KEYS:
        from desktop.engine import registry

        try:
            demo = registry.get(system).demo()
            _DEMO_KEYS[system] = (demo.seed, tuple(demo.players), tuple(sorted(demo.options.items())))
        except SetupError:
            _DEMO_KEYS[system] = None
    return _DEMO_KEYS[system]


def demo_systems() -> list[tuple[str, str]]:
    """(id, title) of every installed system that has a demo game: one that declares its own
    `demo`. Its demo is not built here: building one plays its opening (a fifth of a second for
    some systems), and the start screen lists every system before its first frame."""
    from desktop.engine import registry
    from desktop.engine.ruleset import RulesetBase

    def declares_demo(ruleset) -> bool:
        own = getattr(type(ruleset), "demo", None)
        return own is not None and own is not RulesetBase.demo

    return [(ruleset.id, ruleset.title) for ruleset in registry.all_rulesets() if declares_demo(ruleset)]


def forget_older_demos(system: str, keep: Path, folder: Path | None = None) -> None:
    """Removes the journals of earlier demos of `system`: one demo per system is enough to go
    back to, and demo journals must never crowd real games out of the kept autosaves. Only each
    journal's first line is read: a demo is known by its header, and reading every line of every
    autosave (a long game's is a megabyte) made each demo's start slower as games piled up."""

    def own_demo(path: Path, info: os.stat_result) -> RecentGame | None:
        # Another system's journal is passed over on its header alone: listing it would import
        # that system's rules (every installed system's: 40 ms of a demo's start).
        first = _read_bounded(path, info, first_line=True)
        header = _header_of(first) if first is not None else None
        if header is None or header.setup.ruleset != system:
            return None
        setup = header.setup
        return _summary(path, info, AUTOSAVE, setup.ruleset, setup.players, setup.seed, setup.options, 0,
                        header.name)

    for game in _listed(folder or autosave_dir(), "*.jsonl", own_demo):
        if game.demo and game.path != Path(keep):
            journals.remove_unless_open(game.path)  # a demo open in another window goes on


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


# ---- words ---------------------------------------------------------------------------------


def display_name(name: str, seats: Iterable[str]) -> str:
    """A game's name, or its players' names when it has none."""
    return shown(name, 80) if name else shown(", ".join(seats), 80)


def window_title(name: str, seats: Iterable[str], system_title: str, read_only: bool = False) -> str:
    """The game's name first; a read-only copy says so right after it (the same name as the
    window that has the game)."""
    copy = " (read-only copy)" if read_only else ""
    return f"{display_name(name, seats)}{copy} \u2014 {system_title} \u2014 Action Deck"


_DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
_MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
           "September", "October", "November", "December"]


def when(timestamp: float, now: float | None = None) -> str:
    """A last-played time as people say it: "Today, 14:05", "Yesterday, 21:40", "Monday, 09:12",
    "3 March, 18:30" this year, "3 March 2023" before (local time, the same words everywhere)."""
    moment = datetime.datetime.fromtimestamp(timestamp)
    today = datetime.date.today() if now is None else datetime.datetime.fromtimestamp(now).date()
    clock = f"{moment.hour:02d}:{moment.minute:02d}"
    days = (today - moment.date()).days
    if days == 0:
        return f"Today, {clock}"
    if days == 1:
        return f"Yesterday, {clock}"
    if 1 < days < 7:
        return f"{_DAYS[moment.weekday()]}, {clock}"
    if moment.year == today.year:
        return f"{moment.day} {_MONTHS[moment.month - 1]}, {clock}"
    return f"{moment.day} {_MONTHS[moment.month - 1]} {moment.year}"


__all__ = [
    "AUTOSAVE", "DEMO_NAME", "SAVE", "Opened", "RecentGame", "SaveError", "demo_systems",
    "display_name", "distinct", "forget_older_demos", "is_demo", "kind_of", "open_game", "recent_games", "split",
    "summary", "when", "window_title",
]
