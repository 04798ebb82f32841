"""The autosave journal: one JSON line per action, written as it happens and fsynced at once
on a thread of its own (storage/syncer.py: a slow disk never holds up the table).

A crash of the app loses at most the action being written (a written line is the operating
system's to keep); a power cut, at most the line whose fsync was under way: on resume a torn last line is ignored. A damaged
line anywhere else stops the replay there: the game is rebuilt from every line before it (the
longest part that replays), the player is told in one sentence what was left out, and when the
game goes on the damaged file is kept beside it (`<name>.damaged-<stamp>.jsonl`). Lines after a
damaged one are never replayed without it: a game missing one of its actions could still replay,
into a game that never happened. The first line holds the setup, so a journal alone rebuilds
the game.
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
from desktop.storage.durable import fsync_file, write_atomic
from desktop.storage.errors import SaveError
from desktop.storage.limits import MAX_ACTIONS, MAX_BYTES, read_limited
from desktop.storage.lock import GameLock
from desktop.storage.paths import autosave_dir
from desktop.storage.syncer import Syncer

KIND = "actiondeck-journal"
# 2: a version-1 journal's game gets its system's options of that era; 3: a version-2 journal's
# game, the rules edition it was played by (savefile.VERSION, migrations.py).
VERSION = 3
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
    do: dict | None = None
    undo: bool = False


class Journal:
    """Appends to one journal file; `record` and `record_undo` return once the line is written,
    its fsync under way (`flush` waits for it)."""

    def __init__(self, path: Path, lock: GameLock | None = None) -> None:
        self.path = Path(path)
        # The game is open here only: a second window would interleave its lines with ours.
        self.locks = [lock or GameLock.take(self.path)]
        try:
            self._lines = self._cut_torn_line()
            # Open for the journal's whole life: one fsynced append per action, no reopen cost.
            self._handle = open(self.path, "ab", buffering=0)  # noqa: SIM115
            self._syncer = Syncer(self._handle.fileno())
        except OSError as problem:
            self._release()
            name, reason = shown(self.path.name), problem.strerror or problem
            raise SaveError(f"The autosave {name} cannot be continued: {reason}.") from None

    def _cut_torn_line(self) -> int:
        """Drops a torn last line (left by a crash) so that new lines are not glued onto it,
        which would turn it into a damaged line in the middle of the journal. Returns how many
        whole lines the journal then holds."""
        try:
            data = read_limited(self.path, MAX_BYTES, WHAT)
        except SaveError:
            return 0  # a new journal, or one `resume` has already refused
        start = data.rfind(b"\n", 0, len(data) - 1) + 1  # where the last line starts
        lines = data.count(b"\n")
        if start == 0:
            return lines  # the header alone, which `resume` has checked
        if _entry(data[start:].removesuffix(b"\n")) is None:
            cut, tail = start, b""  # the action that was being written when the app died
            lines = data.count(b"\n", 0, start)
        elif not data.endswith(b"\n"):
            cut, tail = len(data), b"\n"  # a whole last line that lost only its newline
            lines += 1
        else:
            return lines
        with open(self.path, "r+b") as handle:
            handle.truncate(cut)
            handle.seek(cut)
            handle.write(tail)
            handle.flush()
            fsync_file(handle.fileno())
        return lines

    @classmethod
    def start(cls, game: Game, name: str = "", folder: Path | None = None) -> Journal:
        """A new journal holding the game so far (header plus its actions), written atomically."""
        header = JournalHeader(
            journal=KIND, version=VERSION, app_version=__version__, setup=game.setup, name=name
        )
        _check_count(len(game.actions))
        lock = None
        try:
            lines = [msgspec.json.encode(header)]
            lines += [msgspec.json.encode(Entry(do=action.to_dict())) for action in game.actions]
            folder = folder or autosave_dir()
            path = folder / f"{uuid.uuid4().hex}.jsonl"
            lock = GameLock.take(path)
            write_atomic(path, b"\n".join(lines) + b"\n")
        except (OSError, UnicodeEncodeError) as problem:
            if lock is not None:
                lock.release()
            raise _not_autosaved(problem) from None
        return cls(path, lock)

    @classmethod
    def go_on(cls, resumed: Resumed, path: Path, lock: GameLock | None = None) -> Journal:
        """Goes on appending to the journal `resumed` (or a recent.Opened) came from. A damaged
        journal is first kept aside whole (`Damage.aside`) and rewritten with the actions the
        game was rebuilt from, so that new lines follow them and not the damage. `lock`: the
        journal's lock, if the caller took it before reading the journal."""
        path = Path(path)
        lock = lock or GameLock.take(path)
        try:
            if resumed.damage is not None:
                _set_aside(path, resumed)
            return cls(path, lock)
        except BaseException:
            lock.release()
            raise

    def _write(self, entry: Entry) -> None:
        try:
            line = msgspec.json.encode(entry) + b"\n"
        except UnicodeEncodeError as problem:
            raise _not_autosaved(problem) from None
        fd = self._handle.fileno()
        size = None
        try:
            self._syncer.check()  # the last line's fsync failed: this one is not written
            size = os.fstat(fd).st_size
            if size + len(line) > MAX_BYTES or self._lines >= MAX_LINES + 1:
                # What `resume` would refuse is never written (limits.py): the game stops here.
                raise SaveError(
                    f"The autosave {shown(self.path.name)} is full; save the game to a file and "
                    "open that file to go on in a new autosave."
                )
            written = 0
            while written < len(line):  # a write may stop short when the disk fills up
                written += os.write(fd, line[written:])
            self._syncer.request()
        except OSError as problem:
            if size is not None:
                self._take_back(size)
            raise _not_autosaved(problem) from None
        self._lines += 1

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
        self._write(Entry(do=action.to_dict()))

    def record_undo(self) -> None:
        self._write(Entry(undo=True))

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


def _count(number: int, noun: str) -> str:
    return f"{number:,} {noun}" + ("" if number == 1 else "s")


class Resumed(tuple):
    """What `resume` gives: unpacks as `game, name = ...` and also carries `damage` (None for an
    intact journal) and `warnings`, its sentence, for the app to tell the player."""

    def __new__(cls, game: Game, name: str, damage: Damage | None = None) -> Self:
        resumed = super().__new__(cls, (game, name))
        resumed.damage = damage
        resumed.warnings = [damage.sentence] if damage else []
        return resumed

    @property
    def game(self) -> Game:
        return self[0]

    @property
    def name(self) -> str:
        return self[1]


def resume(path: Path) -> Resumed:
    """Rebuilds the game of a journal from the longest run of its lines that replays; see
    `Resumed`. Reading only: the file is left as it is (`Journal.go_on` keeps it aside)."""
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
    actions, stop, last = _replayable(game, rest, label)
    try:
        rebuilt = Game.replay(header.setup, actions)
    except RuleError as problem:  # they replayed once already: the same rules, the same result
        raise SaveError(f"{label} cannot be rebuilt: {problem}") from None
    damage = None
    if stop is not None:
        damage = Damage(line=stop, kept=len(actions), left_out=last - stop + 1, aside=_aside_name(path))
    return Resumed(rebuilt, header.name, damage)


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
    # The same versions as a save (savefile.decode_save): 1 up to this one.
    if header.journal != KIND or not 1 <= header.version <= VERSION:
        raise SaveError(f"{label} is not one this version can read.")
    if header.version < VERSION:
        options = migrations.options_of_version(header.setup.ruleset, dict(header.setup.options), header.version)
        header.setup = msgspec.structs.replace(header.setup, options=options)
    # The same checks as a save's own texts (savefile._check_record).
    for field in ("name", "app_version"):
        trouble = problem(getattr(header, field), TEXT_LIMIT)
        if trouble:
            raise SaveError(f"{label} cannot be read: its {field} {trouble}.")
    return header


def _replayable(game: Game, lines: bytes, label: str) -> tuple[list[Action], int | None, int]:
    """The actions of the longest run of event lines that replays (undos applied), the number of
    the line it stopped at (None: it did not), and the number of the last line.

    The last line is allowed to be torn: that is the action in flight when the app died, and it
    is dropped without a word. Any other line stops the run if it does not decode, if its action
    is not one of the game's, or if the rules refuse it: an action that cannot be applied, or an
    undo the game could not have made (nothing to undo, or a card was seen since).
    """
    events = lines.split(b"\n") if lines else []
    if events and events[-1] == b"":
        events.pop()  # the newline that ends the last line
    if events and _entry(events[-1]) is None:
        events.pop()  # the torn last line
    last = len(events) + 1
    # First, the shape of the lines: an action or an undo, up to the first line that is
    # neither. Which actions are undone later is then known before any is applied, so only
    # those need a copy of the state to go back to. Nothing decoded is kept yet: a file of
    # large lines that all fail costs the memory of one line, not of all of them.
    undos: list[bool] = []
    for line in events:
        entry = _entry(line)
        if entry is None or entry.undo == (entry.do is not None):
            break  # neither or both: never written so
        undos.append(entry.undo)
    undone: set[int] = set()
    pending: list[int] = []
    for index, undo in enumerate(undos):
        if not undo:
            pending.append(index)
        elif pending:
            undone.add(pending.pop())
    # Then the replay, with the rules of Game.apply and Game.undo, fast: no change-sets, and a
    # copy of the state only before an action that is undone later.
    state, ruleset = game.state, game.ruleset
    # Every action in one typed pass when all are sound (the usual case, and fast); otherwise
    # each is decoded as it comes, so that the replay stops at the first that is not.
    try:
        decoded = iter(game.decode_actions([_entry(events[i]).do for i, undo in enumerate(undos) if not undo]))
    except RuleError:
        decoded = None
    applied: list[tuple[Action, object]] = []  # (action, the state before it, if undone later)
    undoable = 0  # how many of the last actions Game could undo now (Game.UNDO_LIMIT, reveals)
    for index, undo in enumerate(undos):
        number = index + 2
        if undo:
            if undoable == 0:  # nothing to undo, or a card was seen since
                return _kept(applied), number, last
            undoable -= 1
            state = applied.pop()[1]
            continue
        before = state.copy() if index in undone else None
        try:
            action = next(decoded) if decoded is not None else game.decode_action(_entry(events[index]).do)
            outcome = ruleset.apply(state, action)
        except RuleError:
            return _kept(applied), number, last
        state.step += 1
        applied.append((action, before))
        undoable = 0 if outcome.reveals else min(undoable + 1, Game.UNDO_LIMIT)
        if len(applied) > MAX_ACTIONS:
            raise SaveError(f"{label} holds more than {MAX_ACTIONS:,} actions.")
    stop = len(undos) + 2 if len(undos) < len(events) else None
    return _kept(applied), stop, last


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


def _set_aside(path: Path, resumed: Resumed) -> None:
    """Keeps the damaged journal whole beside it, then rewrites it as its first line (the setup,
    as written) and the actions the game was rebuilt from. The copy is on disk before the
    journal is replaced: a crash in between leaves both, never neither."""
    try:
        data = read_limited(path, MAX_BYTES, WHAT)
        first = data.partition(b"\n")[0]
        write_atomic(resumed.damage.aside, data)
        lines = [first] + [msgspec.json.encode(Entry(do=action.to_dict())) for action in resumed.game.actions]
        write_atomic(path, b"\n".join(lines) + b"\n")
    except (OSError, UnicodeEncodeError) as problem:
        reason = getattr(problem, "strerror", None) or "some of its text is not valid"
        raise SaveError(f"The autosave {shown(path.name)} cannot be continued: {reason}.") from None


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


def is_kept_aside(path: Path) -> bool:
    """A damaged journal kept aside by `Journal.go_on`: not a game to list or to continue."""
    return DAMAGED in Path(path).name


def prune(keep: int = 20, folder: Path | None = None) -> None:
    for old in _newest_first(folder or autosave_dir())[keep:]:
        remove_unless_open(old)


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
