"""Reading an autosave journal back: the game replayed from the longest run of its lines that
prove themselves and replay (`resume`), the damage named in one sentence (`Damage`), and, when
the game goes on, a damaged or older journal kept aside and written again (`write_again`).
Reading only touches nothing; journal.py's `Journal.go_on` is what writes."""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Self

from desktop.engine import Action, Game, RuleError, SetupError
from desktop.engine.text import shown
from desktop.storage.durable import write_atomic
from desktop.storage.errors import SaveError
from desktop.storage.journal_lines import (
    DAMAGED,
    MAX_LINES,
    VERSION,
    WHAT,
    Event,
    journal_bytes,
    read_events,
    read_header,
)
from desktop.storage.limits import MAX_ACTIONS, MAX_BYTES, read_limited


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
    header = read_header(first, label)
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


def write_again(path: Path, resumed: Resumed, seats: dict[str, str]) -> None:
    """Keeps a damaged journal whole beside it, then writes the journal again in this version's
    format: a header and the actions the game was rebuilt from (and the seats the app plays).
    The copy is on disk before the journal is replaced: a crash in between leaves both, never
    neither. An older journal with no damage is written again the same way, with no copy: it
    holds the same game, now with every line sealed."""
    try:
        if resumed.damage is not None:
            write_atomic(resumed.damage.aside, read_limited(path, MAX_BYTES, WHAT))
        game = resumed.game
        write_atomic(path, journal_bytes(game.setup, resumed.name, game.actions, seats))
    except (OSError, UnicodeEncodeError) as problem:
        reason = getattr(problem, "strerror", None) or "some of its text is not valid"
        raise SaveError(f"The autosave {shown(path.name)} cannot be continued: {reason}.") from None
