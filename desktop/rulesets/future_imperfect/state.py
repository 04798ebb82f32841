"""The state of a Future Imperfect table: the deck, the cards on the table, the check under way."""

from __future__ import annotations

from typing import Literal

import msgspec

from desktop.engine import mechanics
from desktop.engine.practice import PracticeRun
from desktop.engine.state import GameState

RESHUFFLE = mechanics.Reshuffle(deck="deck", discard="discard")
Phase = Literal["draw", "choose", "extend", "pick", "done"]
COUNTERS = {"victories": "Victories", "bumps": "Bumps"}
COUNTER_HIGH = 99


class Result(msgspec.Struct, frozen=True, kw_only=True):
    outcome: Literal["success", "failure", "critical"]
    total: int = 0
    bumps: int = 0
    magnitude: int = 0
    victories: int = 0


class Check(msgspec.Struct, kw_only=True):
    """A check the Master set, and how far its resolution has gone (all of it public).

    `cards`: the resolution card, then the extension cards. `rows`/`totals`: the rows of the
    trait's column still open in an exceptional chain and their running totals (after the chain:
    the row taken and its total). `offered`: for each extension card, the rows open when it was
    drawn (what its face marks). The optional rules are copied in when the check is set.
    """

    who: str
    trait: int
    skill: int
    tn: int
    effect: int = 0  # the effect die; 0: a simple check
    effect_row: int = 0
    needed: int = 0  # the victories the Master announced this attempt needs (0: none announced)
    exceptional: bool = True
    bumps: bool = False
    threshold: int = 6
    scenario: str = ""
    phase: Phase = "draw"
    cards: list[str] = msgspec.field(default_factory=list)
    rows: list[int] = msgspec.field(default_factory=list)
    totals: list[int] = msgspec.field(default_factory=list)
    offered: list[list[int]] = msgspec.field(default_factory=list)
    result: Result | None = None

    @property
    def complex(self) -> bool:
        return self.effect != 0


class Contest(msgspec.Struct, kw_only=True):
    """Two characters compete at a task (the seed names contests among the uses of complex
    checks): each makes a complex check in turn, the first side first, and the greater magnitude
    wins (a failure has none). `results`: the results of the sides whose checks are done."""

    sides: list[str]
    results: list[Result] = msgspec.field(default_factory=list)
    winner: str | None = None

    @property
    def waiting(self) -> str | None:
        """The side whose check comes next, or None once both are done."""
        return self.sides[len(self.results)] if len(self.results) < len(self.sides) else None

    @property
    def over(self) -> bool:
        return self.waiting is None


class Solo(msgspec.Struct, frozen=True, kw_only=True):
    """A card drawn as an oracle or as a playing card; it stays on the table until the next draw."""

    card: str
    kind: Literal["oracle", "playing-card"]
    player: str


class FIState(GameState, kw_only=True):
    deck_key: str
    master: str
    exceptional: bool = True
    bumps: bool = False
    threshold: int = 6
    practice_on: bool = False  # the practice option: the Master may start the worked examples
    practice: PracticeRun | None = None  # a worked example walked step by step, under way (scenarios.py)
    check: Check | None = None
    contest: Contest | None = None  # the contest under way or just decided
    solo: Solo | None = None
    checks: int = 0  # how many checks were set
    ended: bool = False  # the players ended the session (EndSession): nothing more is drawn

    def idle(self) -> bool:
        """No check waits for a card or a choice: the Master may set the next one."""
        return self.check is None or self.check.phase == "done"

    def contest_waiting(self) -> str | None:
        """The side of an open contest whose check the Master sets next, or None."""
        return self.contest.waiting if self.contest is not None else None

    def may_end(self) -> bool:
        """The session may end between checks, or while a check waits for its resolution card
        (it is then called off: a person whose checks an app Master sets has more than a moment
        to end it), but not in a contest not yet decided."""
        if self.ended or (self.contest is not None and not self.contest.over):
            return False
        return self.idle() or self.check.phase == "draw"


class TableSeen(msgspec.Struct, frozen=True, kw_only=True):
    """The public part of the state: everything but the deck's order and the generator."""

    deck_key: str
    master: str
    exceptional: bool
    bumps: bool
    threshold: int
    practice: bool
    check: Check | None
    solo: Solo | None
    checks: int
    contest: Contest | None = None
    ended: bool = False
