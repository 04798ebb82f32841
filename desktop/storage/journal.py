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
import uuid
from pathlib import Path

import msgspec

from desktop.engine import Action, Game
from desktop.engine.text import shown
from desktop.storage.appseats import AppSeat
from desktop.storage.autosaves import (
    is_kept_aside,
    latest,
    prune,
    remove_unless_open,
    tidy_up,
)
from desktop.storage.durable import fsync_file, write_atomic
from desktop.storage.errors import SaveError
from desktop.storage.journal_lines import (
    KIND,
    MAX_LINES,
    SEALED,
    VERSION,
    WHAT,
    Entry,
    Event,
    JournalHeader,
    header_proves_itself,
    intact_lines,
    journal_bytes,
    old_event,
    read_events,
    version_of,
)
from desktop.storage.limits import MAX_ACTIONS, MAX_BYTES, read_limited
from desktop.storage.lock import GameLock
from desktop.storage.paths import autosave_dir
from desktop.storage.resuming import Damage, Resumed, resume, write_again
from desktop.storage.seals import sealed, unsealed, written_seal
from desktop.storage.syncer import Syncer

# The journal's pieces live in modules of their own (its format, reading it back, the autosave
# folder); this module stays the one place the rest of the app imports them from.
__all__ = [
    "KIND", "SEALED", "VERSION", "Damage", "Entry", "Event", "Journal", "JournalHeader", "Resumed",
    "header_proves_itself", "intact_lines", "is_kept_aside", "latest", "prune", "read_events",
    "remove_unless_open", "resume", "tidy_up",
]


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
        is_sealed = version_of(lines[0] if lines else b"") >= SEALED
        cut = None
        if len(lines) > 1:
            last = lines[-1]
            if is_sealed:
                # A sealed line that ends with its newline was written whole: if it does not
                # prove itself it is damage, for `go_on` to keep aside, not a torn write.
                intact = whole or unsealed(written_seal(lines[-2]) or b"", last) is not None
            else:
                intact = old_event(last, 0) is not None
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
            data = journal_bytes(game.setup, name, game.actions, seats or {})
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
            if resumed.damage is not None or getattr(resumed, "version", VERSION) < VERSION:
                write_again(path, resumed, seats)
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


