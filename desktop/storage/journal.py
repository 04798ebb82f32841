"""The autosave journal: one JSON line per action, written as it happens and fsynced at once
on a thread of its own (storage/syncer.py: a slow disk never holds up the table).

Every line carries its number and a seal chained to the line before it (storage/seals.py), so a
line that is damaged, cut, left out, repeated or slipped in is found at that very line. A crash
of the app loses at most the action being written (a written line is the operating system's to
keep); a power cut, at most the line whose fsync was under way: on resume a torn last line (cut
before its newline) is dropped. Damage anywhere else stops the replay there: the game is rebuilt
from every line before it, the player is told in one sentence which line and what was left out,
and when the game goes on the damaged file is kept beside it (`<name>.damaged-<stamp>.jsonl`).
The first line holds the setup, so a journal alone rebuilds the game; lines also say which seats
the app plays. Journals of versions 1-3 (no numbers, no seals) are still read, and written again
in this version's format when the game goes on in them.
"""

from __future__ import annotations

import os
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Self

import msgspec

from desktop import __version__
from desktop.engine import Action, Game, GameSetup, RuleError, SetupError
from desktop.engine.text import TEXT_LIMIT, problem, shown
from desktop.storage import migrations
from desktop.storage.appseats import AppSeat
from desktop.storage.durable import fsync_file, write_atomic
from desktop.storage.errors import SaveError
from desktop.storage.limits import MAX_ACTIONS, MAX_BYTES, read_limited
from desktop.storage.lock import GameLock
from desktop.storage.paths import autosave_dir
from desktop.storage.seals import sealed, unsealed, written_seal
from desktop.storage.syncer import Syncer

KIND = "actiondeck-journal"
# 2: a version-1 journal's game gets its system's options of that era; 3: a version-2 journal's
# game, the rules edition it was played by (savefile.VERSION, migrations.py); 4: every line has
# its number and a chained seal (seals.py), and lines may say who the app plays; 5: a journal of
# version 4 or before gets the rules edition its game was played by (migrations.py).
VERSION = 5
SEALED = 4  # the first version whose lines are numbered and sealed
WHAT = "an Action Deck autosave"
MAX_LINES = 2 * MAX_ACTIONS  # every action, and as many undos
DAMAGED = ".damaged-"  # in the name of a damaged journal kept aside: never listed nor resumed


class JournalHeader(msgspec.Struct, kw_only=True):
    journal: str
    version: int
    app_version: str
    setup: GameSetup
    name: str = ""


class Entry(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """A line of a journal of version 1 to 3: an action, or an undo."""

    do: dict | None = None
    undo: bool = False


class Event(msgspec.Struct, kw_only=True, forbid_unknown_fields=True, omit_defaults=True):
    """A line of a journal of version 4 (before its seal): its number, and one of an action
    (`do`), an undo, or a seat changing hands (`seat`, with `app` when the app now plays it at
    that setting, without it when a person does)."""

    n: int
    do: dict | None = None
    undo: bool = False
    seat: str | None = None
    app: AppSeat | None = None

    @property
    def well_formed(self) -> bool:
        kinds = (self.do is not None) + bool(self.undo) + (self.seat is not None)
        return kinds == 1 and (self.app is None or self.seat is not None)


class Journal:
    """Appends to one journal file; `record` and `record_undo` return once the line is written,
    its fsync under way (`flush` waits for it). `failed`: the last line could not be written
    for want of room or access (not because the journal is full): worth trying again later."""

    def __init__(self, path: Path, lock: GameLock | None = None, seats: dict[str, str] | None = None) -> None:
        self.path = Path(path)
        self.seats: dict[str, str] = dict(seats or {})  # seat -> level the app plays it at, as written
        self.failed = False
        # The game is open here only: a second window would interleave its lines with ours.
        self.locks = [lock or GameLock.take(self.path)]
        try:
            self._lines, self._previous, self._sealed = self._tidy_end()
            # Open for the journal's whole life: one fsynced append per action, no reopen cost.
            self._handle = open(self.path, "ab", buffering=0)  # noqa: SIM115
            self._syncer = Syncer(self._handle.fileno())
        except OSError as problem:
            self._release()
            name, reason = shown(self.path.name), problem.strerror or problem
            raise SaveError(f"The autosave {name} cannot be continued: {reason}.") from None

    def _tidy_end(self) -> tuple[int, bytes, bool]:
        """Drops a torn last line (left by a crash) so that new lines are not glued onto it,
        which would turn it into a damaged line in the middle of the journal, and gives back its
        newline to a whole last line that lost it. Returns how many whole lines the journal
        then holds, the seal of its last line (what the next line is chained to) and whether
        its lines are sealed (version 4 on; an older journal's are not)."""
        try:
            data = read_limited(self.path, MAX_BYTES, WHAT)
        except SaveError:
            return 0, b"", True  # a new journal, or one `resume` has already refused
        lines = data.split(b"\n")
        whole = lines[-1] == b""  # the file ends with a newline
        if whole:
            lines.pop()
        is_sealed = _version_of(lines[0] if lines else b"") >= SEALED
        cut = None
        if len(lines) > 1:
            last = lines[-1]
            if is_sealed:
                # A sealed line that ends with its newline was written whole: if it does not
                # prove itself it is damage, for `go_on` to keep aside, not a torn write.
                intact = whole or unsealed(written_seal(lines[-2]) or b"", last) is not None
            else:
                intact = _old_event(last, 0) is not None
            if not intact:
                cut, tail = len(data) - len(last) - (1 if whole else 0), b""
                lines.pop()
            elif not whole:
                cut, tail = len(data), b"\n"
        if cut is not None:
            with open(self.path, "r+b") as handle:
                handle.truncate(cut)
                handle.seek(cut)
                handle.write(tail)
                handle.flush()
                fsync_file(handle.fileno())
        previous = (written_seal(lines[-1]) or b"") if lines else b""
        return len(lines), previous, is_sealed

    @classmethod
    def start(cls, game: Game, name: str = "", folder: Path | None = None,
              seats: dict[str, str] | None = None) -> Journal:
        """A new journal holding the game so far (header, its actions, and the seats the app
        plays: seat -> level), written atomically."""
        _check_count(len(game.actions))
        lock = None
        try:
            data = _journal_bytes(game.setup, name, game.actions, seats or {})
            folder = folder or autosave_dir()
            path = folder / f"{uuid.uuid4().hex}.jsonl"
            lock = GameLock.take(path)
            write_atomic(path, data)
        except (OSError, UnicodeEncodeError) as problem:
            if lock is not None:
                lock.release()
            raise _not_autosaved(problem) from None
        return cls(path, lock, seats)

    @classmethod
    def go_on(cls, resumed: Resumed, path: Path, lock: GameLock | None = None) -> Journal:
        """Goes on appending to the journal `resumed` (or a recent.Opened) came from. A damaged
        journal is first kept aside whole (`Damage.aside`); a damaged one, or one of an older
        version, is then written again in this version's format with the actions the game was
        rebuilt from, so that new lines follow them, sealed, and not the damage. `lock`: the
        journal's lock, if the caller took it before reading the journal."""
        path = Path(path)
        lock = lock or GameLock.take(path)
        seats = dict(getattr(resumed, "app_seats", {}) or {})
        try:
            if resumed.damage is not None or getattr(resumed, "version", VERSION) < SEALED:
                _write_again(path, resumed, seats)
            return cls(path, lock, seats)
        except BaseException:
            lock.release()
            raise

    def _write(self, event: Event) -> None:
        try:
            if self._sealed:
                line, mark = sealed(self._previous, msgspec.json.encode(event))
            else:  # an older journal opened directly (the app writes it again first: go_on)
                line, mark = msgspec.json.encode(Entry(do=event.do, undo=event.undo)), self._previous
        except UnicodeEncodeError as problem:
            raise _not_autosaved(problem) from None
        line += b"\n"
        fd = self._handle.fileno()
        size = None
        try:
            self._syncer.check()  # the last line's fsync failed: this one is not written
            size = os.fstat(fd).st_size
            if size + len(line) > MAX_BYTES or self._lines >= MAX_LINES + 1:
                # What `resume` would refuse is never written (limits.py): the game stops here.
                self.failed = False  # no room will ever be made: not worth trying again
                raise SaveError(
                    f"The autosave {shown(self.path.name)} is full; save the game to a file and "
                    "open that file to go on in a new autosave."
                )
            written = 0
            while written < len(line):  # a write may stop short when the disk fills up
                written += os.write(fd, line[written:])
            self._syncer.request()
        except OSError as problem:
            self.failed = True  # a full disk, a folder gone read-only: it may have room later
            if size is not None:
                self._take_back(size)
            raise _not_autosaved(problem) from None
        self.failed = False
        self._lines += 1
        self._previous = mark

    def _take_back(self, size: int) -> None:
        """Cuts the file back to `size`, so that a failed write leaves no half line behind."""
        try:
            os.ftruncate(self._handle.fileno(), size)
            fsync_file(self._handle.fileno())
        except OSError:
            pass  # the half line is then the torn last line, which `resume` ignores

    def record(self, action: Action, count: int | None = None) -> None:
        """`count`: how many actions the game holds with this one; a game may hold no more than a
        save or a journal may be read with (limits.MAX_ACTIONS), so one more is refused."""
        if count is not None:
            _check_count(count)
        self._write(Event(n=self._lines + 1, do=action.to_dict()))

    def record_undo(self) -> None:
        self._write(Event(n=self._lines + 1, undo=True))

    def record_seat(self, seat: str, level: str | None) -> None:
        """Writes that the app now plays `seat` at `level` (None: a person plays it), unless the
        journal says so already; SaveError when the line cannot be written."""
        if self.seats.get(seat) == level:
            return
        if self._sealed:
            app = AppSeat(level=level) if level is not None else None
            self._write(Event(n=self._lines + 1, seat=seat, app=app))
        if level is None:
            self.seats.pop(seat, None)
        else:
            self.seats[seat] = level

    def hold(self, lock: GameLock) -> None:
        """Keeps another lock for as long as this journal is open (the save the game came from,
        which this window may write again)."""
        self.locks.append(lock)

    def _release(self) -> None:
        for lock in self.locks:
            lock.release()
        self.locks = []

    def flush(self) -> None:
        """Returns once every line written so far is on the disk."""
        self._syncer.wait()

    def close(self) -> None:
        self._syncer.close()
        self._handle.close()
        self._release()

    def discard(self) -> None:
        """Removes the journal (the game was finished or abandoned on purpose)."""
        self.close()
        self.path.unlink(missing_ok=True)


def _journal_bytes(setup: GameSetup, name: str, actions, seats: dict[str, str]) -> bytes:
    """A whole journal of this version: its header, then a line for each action and for each
    seat the app plays, every line numbered and sealed."""
    header = JournalHeader(journal=KIND, version=VERSION, app_version=__version__, setup=setup, name=name)
    line, previous = sealed(b"", msgspec.json.encode(header))
    lines = [line]
    events = [Event(n=0, do=action.to_dict()) for action in actions]
    events += [Event(n=0, seat=seat, app=AppSeat(level=level)) for seat, level in seats.items()]
    for number, event in enumerate(events, start=2):
        event.n = number
        line, previous = sealed(previous, msgspec.json.encode(event))
        lines.append(line)
    return b"\n".join(lines) + b"\n"


def _check_count(count: int) -> None:
    if count > MAX_ACTIONS:
        raise SaveError(
            f"The game already holds {MAX_ACTIONS:,} actions, the most a save or an autosave may "
            "hold; no more can be played in it."
        )


def _not_autosaved(problem: Exception) -> SaveError:
    if isinstance(problem, UnicodeEncodeError):
        return SaveError("The game could not be autosaved: some of its text is not valid.")
    reason = getattr(problem, "strerror", None) or problem
    return SaveError(f"The game could not be autosaved: {reason}.")


@dataclass(frozen=True)
class Damage:
    """Where a journal stopped replaying, and what that left out."""

    line: int  # the first line of the file that could not be replayed
    kept: int  # actions the game was rebuilt with: every one before that line
    left_out: int  # lines from that one to the end, none of them replayed
    aside: Path  # where the damaged file is kept once the game goes on (Journal.go_on)

    @property
    def sentence(self) -> str:
        # Damage before the first action leaves nothing to go on from but the game's start.
        kept = "its start" if self.kept == 0 else f"the {_count(self.kept, 'action')} before it"
        return (
            f"Line {self.line} of the autosave is damaged, so the game goes on from {kept} "
            f"and the {_count(self.left_out, 'line')} from there to the end were left "
            f"out; the damaged autosave is kept as {shown(self.aside.name)}."
        )

    @property
    def read_only_sentence(self) -> str:
        """The sentence for a reader that only reads (`actiondeck replay`): nothing is kept aside."""
        kept = "at the game's start" if self.kept == 0 else f"after the {_count(self.kept, 'action')} before it"
        return (
            f"Line {self.line} of the autosave is damaged, so the replay stops {kept} and the "
            f"{_count(self.left_out, 'line')} from there to the end are left out."
        )


def _count(number: int, noun: str) -> str:
    return f"{number:,} {noun}" + ("" if number == 1 else "s")


class Resumed(tuple):
    """What `resume` gives: unpacks as `game, name = ...` and also carries `damage` (None for an
    intact journal), `warnings`, its sentence, for the app to tell the player, `app_seats` (seat
    -> the level the app plays it at, as the intact lines left it) and `version` (the journal's
    format: below SEALED, `Journal.go_on` writes it again in this version's)."""

    def __new__(cls, game: Game, name: str, damage: Damage | None = None,
                app_seats: dict[str, str] | None = None, version: int = VERSION) -> Self:
        resumed = super().__new__(cls, (game, name))
        resumed.damage = damage
        resumed.warnings = [damage.sentence] if damage else []
        resumed.app_seats = dict(app_seats or {})
        resumed.version = version
        return resumed

    @property
    def game(self) -> Game:
        return self[0]

    @property
    def name(self) -> str:
        return self[1]


def resume(path: Path) -> Resumed:
    """Rebuilds the game of a journal from the longest run of its lines that prove themselves
    and replay; see `Resumed`. Reading only: the file is left as it is (`Journal.go_on` keeps
    it aside)."""
    path = Path(path)
    label = f"The autosave {shown(path.name)}"
    data = read_limited(path, MAX_BYTES, WHAT)
    if data.count(b"\n") > MAX_LINES + 1:
        raise SaveError(f"{label} holds more lines than any game could have.")
    first, _, rest = data.partition(b"\n")
    header = _header(first, label)
    try:
        game = Game.new(header.setup)
    except (RuleError, SetupError) as problem:
        raise SaveError(f"{label} cannot be rebuilt: {problem}") from None
    events, stop, last = read_events(header.version, first, rest)
    actions, seats, stopped = _replayable(game, events, label)
    stop = stopped or stop
    try:
        rebuilt = Game.replay(header.setup, actions)
    except RuleError as problem:  # they replayed once already: the same rules, the same result
        raise SaveError(f"{label} cannot be rebuilt: {problem}") from None
    damage = None
    if stop is not None:
        damage = Damage(line=stop, kept=len(actions), left_out=last - stop + 1, aside=_aside_name(path))
    return Resumed(rebuilt, header.name, damage, seats, header.version)


def _header(line: bytes, label: str) -> JournalHeader:
    # Every refusal names line 1: the first damaged line, as for any other line.
    damaged = f"{label} cannot be read: line 1, which holds the game's setup, is damaged"
    try:
        header = msgspec.json.decode(line, type=JournalHeader)
    except UnicodeDecodeError:
        raise SaveError(f"{damaged} (it holds bytes that are not text).") from None
    except msgspec.DecodeError as error:
        raise SaveError(f"{damaged} ({shown(str(error).rstrip('.'))}).") from None
    except RecursionError:
        raise SaveError(f"{damaged} (it is nested too deeply).") from None
    # A header with a seal must prove itself before anything in it (its kind, its version) is
    # believed.
    if written_seal(line) is not None and not header_proves_itself(line, header.version):
        raise SaveError(f"{damaged} (it does not match its seal).")
    # The same versions as a save (savefile.decode_save): 1 up to this one.
    if header.journal != KIND or not 1 <= header.version <= VERSION:
        raise SaveError(f"{label} is not one this version can read.")
    if not header_proves_itself(line, header.version):
        raise SaveError(f"{damaged} (it has no seal).")
    if header.version < VERSION:
        options = migrations.options_of_version(header.setup.ruleset, dict(header.setup.options), header.version)
        header.setup = msgspec.structs.replace(header.setup, options=options)
    # The same checks as a save's own texts (savefile._check_record).
    for field in ("name", "app_version"):
        trouble = problem(getattr(header, field), TEXT_LIMIT)
        if trouble:
            raise SaveError(f"{label} cannot be read: its {field} {trouble}.")
    return header


def header_proves_itself(line: bytes, version: int) -> bool:
    """Whether a journal's first line, declaring `version`, is as it was written: a sealed line
    matches its seal (whatever its version says: a damaged version must not turn it into an
    older, unsealed journal), and a journal of version 4 on has one."""
    if written_seal(line) is not None:
        return unsealed(b"", line) is not None
    return version < SEALED


def _version_of(first: bytes) -> int:
    """The version a journal's first line declares (0 when it declares none that reads)."""
    try:
        return msgspec.json.decode(first, type=_Version).version
    except (msgspec.DecodeError, UnicodeDecodeError, RecursionError):
        return 0


class _Version(msgspec.Struct):
    version: int = 0


def intact_lines(first: bytes, rest: bytes) -> tuple[list[bytes], int | None, int]:
    """The bodies (without their seals) of the lines after a sealed header `first` that prove
    themselves, in order up to the first that does not; the number of that line (None: none, or
    only a torn last line); and the number of the file's last line.

    A line proves itself when its seal is the hash of the previous line's seal and its own
    bytes (seals.py). The last line may be torn: written in part when the app died, so without
    its newline, and then it is dropped without a word; a last line that ends with its newline
    was written whole, and if it does not prove itself it is damage like any other."""
    lines = rest.split(b"\n") if rest else []
    whole = not lines or lines[-1] == b""
    if lines and lines[-1] == b"":
        lines.pop()
    last = len(lines) + 1
    previous = written_seal(first) or b""
    bodies = []
    for index, line in enumerate(lines):
        opened = unsealed(previous, line)
        if opened is None:
            torn = index == len(lines) - 1 and not whole
            return bodies, None if torn else index + 2, last
        body, previous = opened
        bodies.append(body)
    return bodies, None, last


def read_events(version: int, first: bytes, rest: bytes) -> tuple[list[Event], int | None, int]:
    """The events of a journal's lines after its header, up to the first line that is not one
    (see `intact_lines` for a sealed journal), the number of that line (None: none) and the
    number of the last line. In a journal before version 4 any line that decodes as an action or
    an undo is taken, and a last line that does not is taken for a torn one."""
    if version >= SEALED:
        bodies, stop, last = intact_lines(first, rest)
        events = []
        for number, body in enumerate(bodies, start=2):
            event = _event(body)
            if event is None or event.n != number or not event.well_formed:
                return events, number, last  # sealed, yet never written so
            events.append(event)
        return events, stop, last
    lines = rest.split(b"\n") if rest else []
    if lines and lines[-1] == b"":
        lines.pop()  # the newline that ends the last line
    if lines and _old_event(lines[-1], 0) is None:
        lines.pop()  # the torn last line
    last = len(lines) + 1
    events = []
    for number, line in enumerate(lines, start=2):
        event = _old_event(line, number)
        if event is None:
            return events, number, last
        events.append(event)
    return events, None, last


def _event(body: bytes) -> Event | None:
    try:
        return msgspec.json.decode(body, type=Event)
    except (msgspec.DecodeError, UnicodeDecodeError, RecursionError):
        return None


def _old_event(line: bytes, number: int) -> Event | None:
    """A line of a journal before version 4 as an event (numbered `number`), or None when it
    is neither an action nor an undo (or both: never written so)."""
    try:
        entry = msgspec.json.decode(line, type=Entry)
    except (msgspec.DecodeError, UnicodeDecodeError, RecursionError):
        return None
    if entry.undo == (entry.do is not None):
        return None
    return Event(n=number, do=entry.do, undo=entry.undo)


def _replayable(game: Game, events: list[Event], label: str) -> tuple[list[Action], dict[str, str], int | None]:
    """The actions of the longest run of `events` that replays (undos applied), the seats the
    app plays after them, and the number of the line it stopped at (None: it did not).

    A line stops the run if its action is not one of the game's, if the rules refuse it, if it
    is an undo the game could not have made (nothing to undo, or a card was seen since), or if
    it names a seat the game does not have.
    """
    # Which actions are undone later is known before any is applied, so only those need a copy
    # of the state to go back to.
    undone: set[int] = set()
    pending: list[int] = []
    for index, event in enumerate(events):
        if event.do is not None:
            pending.append(index)
        elif event.undo and pending:
            undone.add(pending.pop())
    # Then the replay, with the rules of Game.apply and Game.undo, fast: no change-sets, and a
    # copy of the state only before an action that is undone later.
    state, ruleset = game.state, game.ruleset
    seat_ids = set(state.seat_ids())
    seats: dict[str, str] = {}
    # Every action in one typed pass when all are sound (the usual case, and fast); otherwise
    # each is decoded as it comes, so that the replay stops at the first that is not.
    try:
        decoded = iter(game.decode_actions([event.do for event in events if event.do is not None]))
    except RuleError:
        decoded = None
    applied: list[tuple[Action, object]] = []  # (action, the state before it, if undone later)
    undoable = 0  # how many of the last actions Game could undo now (Game.UNDO_LIMIT, reveals)
    for index, event in enumerate(events):
        if event.seat is not None:
            if event.seat not in seat_ids:
                return _kept(applied), seats, event.n
            if event.app is None:
                seats.pop(event.seat, None)
            else:
                seats[event.seat] = event.app.level
            continue
        if event.undo:
            if undoable == 0:  # nothing to undo, or a card was seen since
                return _kept(applied), seats, event.n
            undoable -= 1
            state = applied.pop()[1]
            continue
        before = state.copy() if index in undone else None
        try:
            action = next(decoded) if decoded is not None else game.decode_action(event.do)
            outcome = ruleset.apply(state, action)
        except RuleError:
            return _kept(applied), seats, event.n
        state.step += 1
        applied.append((action, before))
        undoable = 0 if outcome.reveals else min(undoable + 1, Game.UNDO_LIMIT)
        if len(applied) > MAX_ACTIONS:
            raise SaveError(f"{label} holds more than {MAX_ACTIONS:,} actions.")
    return _kept(applied), seats, None


def _kept(applied: list[tuple[Action, object]]) -> list[Action]:
    return [action for action, _ in applied]


def _aside_name(path: Path) -> Path:
    """A free name beside `path` for keeping its damaged file: `<name>.damaged-<UTC time>.jsonl`."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
    for number in range(1, 1000):
        extra = "" if number == 1 else f"-{number}"
        aside = path.with_name(f"{path.stem}{DAMAGED}{stamp}{extra}{path.suffix or '.jsonl'}")
        if not os.path.lexists(aside):
            return aside
    return aside


def _write_again(path: Path, resumed: Resumed, seats: dict[str, str]) -> None:
    """Keeps a damaged journal whole beside it, then writes the journal again in this version's
    format: a header and the actions the game was rebuilt from (and the seats the app plays).
    The copy is on disk before the journal is replaced: a crash in between leaves both, never
    neither. An older journal with no damage is written again the same way, with no copy: it
    holds the same game, now with every line sealed."""
    try:
        if resumed.damage is not None:
            write_atomic(resumed.damage.aside, read_limited(path, MAX_BYTES, WHAT))
        game = resumed.game
        write_atomic(path, _journal_bytes(game.setup, resumed.name, game.actions, seats))
    except (OSError, UnicodeEncodeError) as problem:
        reason = getattr(problem, "strerror", None) or "some of its text is not valid"
        raise SaveError(f"The autosave {shown(path.name)} cannot be continued: {reason}.") from None


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
