"""What a seat sees of a Price of Power game beyond the generic view: the records of the view's
`extra` (presentation.py's `view` fills them), with the public facts a later panel needs: the
deck each hidden card came from, the Display cards' actions and why each can or cannot be used
now, the Covert Actions waiting, the battle and the Reactions on offer."""

from __future__ import annotations

import msgspec

from desktop.engine.mechanics import Owed


class ActionSeen(msgspec.Struct, frozen=True, kw_only=True):
    """One action of a Display card as its button reads: its cost now (after the Advisors'
    discounts, floored at 0), the cubes it spends, its icons, and why it cannot be used now (public
    facts only; "" when it can be)."""

    name: str
    cost: str
    cubes: int
    icons: str
    takes_turn: bool
    reason: str


class DisplaySeen(msgspec.Struct, frozen=True, kw_only=True):
    card: str
    slot: int
    cubes: int
    squares: int
    fresh: bool  # played this turn: its actions wait for the next
    actions: list[ActionSeen]


class CovertSeen(msgspec.Struct, frozen=True, kw_only=True):
    name: str
    player: str
    kind: str
    card: str
    target: str | None
    waiting: list[str]
    passed: list[str]
    paid: str


class DieSeen(msgspec.Struct, frozen=True, kw_only=True):
    side: str
    die: str
    source: str
    round: int
    chosen: bool


class BattleSeen(msgspec.Struct, frozen=True, kw_only=True):
    attacker: str | None
    defender: str | None
    sea: bool
    round: int
    step: str
    used: dict[str, list[str]]  # side -> Battle Actions used this round
    dice: list[DieSeen]
    note: str


class TriggerSeen(msgspec.Struct, frozen=True, kw_only=True):
    seat: str
    event: str
    text: str


class PoPTable(msgspec.Struct, frozen=True, kw_only=True):
    """The public part of the Price of Power state: every seat may read all of it."""

    deck_key: str
    round: int
    phase: str
    phase_label: str
    draw_step: str
    first: str
    order: list[str]
    active: str | None
    passed: list[str]
    event_taken: list[str]
    turns_taken: dict[str, int]  # Turns each seat has ended this round
    drawing: str | None
    keeping: str | None
    upkeep: str | None
    backs: dict[str, list[str]]  # hand and drawn zones: the deck each card came from, in order
    staying: dict[str, int]  # per deck: the top discards that stay when it is rebuilt
    display: dict[str, list[DisplaySeen]]
    covert: list[CovertSeen]
    trigger: TriggerSeen | None
    battle: BattleSeen | None
    owed: list[Owed]
    loans: bool
    event_required: bool
    practice: str  # the practice scenario's next step, in words ("" outside practice)
