"""The Worlds That Remember part of the game state: the Scene's clock, turns, the open roll, owed
choices, and each seat's character.

Zones (per seat): `ready:<seat>` the Ready Hand (seen by its owner; Conditions in it are shown to
everyone), `unready:<seat>` the Unready deck (seen by its owner, who may look through it at any
time), `spent:<seat>` the Spent pile (public). Shared: `play` (the card being rolled), `trash`
(removed cards) and `supply` (the Condition cards not in any deck).
"""

from __future__ import annotations

import msgspec

from desktop.engine.mechanics import Owed, Responses
from desktop.engine.practice import PracticeRun
from desktop.engine.state import GameState
from desktop.rulesets.worlds_that_remember.cards import Character

PHASES: tuple[str, ...] = ("Dawn", "Day", "Dusk", "Night", "Collapse")
CARDS_PER_PHASE = 6
SCENE_CARDS = CARDS_PER_PHASE * len(PHASES)  # the Scene ends with the turn in which this is reached
SUPPORT_COST = {"Dawn": 1, "Day": 1, "Dusk": 2}  # phases absent here allow no Support
DUSK = "Dusk"

HAND_SIZE = 5
FATIGUE_MAX = 6
REFILLS = ("end_of_turn", "immediately")
AT_MAX = ("condition", "out", "cap")


class Support(msgspec.Struct, frozen=True, kw_only=True):
    """One seat's Support of the open roll: the card it spent, the die it adds, its words."""

    seat: str
    card: str
    size: int
    tag: str  # the supporter's tag that sized the die ("": the default d6)
    approach: str  # that tag's approach ("" for the default)
    narration: str


class OpenRoll(msgspec.Struct, kw_only=True):
    """A card in play whose pool is being built: others may Support until its player rolls."""

    card: str
    player: str
    intent: str
    tags: list[str]  # the character's tags and gear the player said apply (the card's own always do)
    forced: bool = False
    window: Responses  # who may still Support or pass
    supports: list[Support] = msgspec.field(default_factory=list)

    def supporters(self) -> list[str]:
        return [support.seat for support in self.supports]


class RolledDie(msgspec.Struct, frozen=True):
    size: int
    source: str
    value: int


class LastRoll(msgspec.Struct, frozen=True, kw_only=True):
    """The result of the latest roll, for the table to read (and an odds panel to show)."""

    player: str
    card: str  # the card's name (the card itself may be shuffled away since)
    turn: int
    fate: int
    tier: str
    dice: list[RolledDie]
    axes: dict[str, int]


class WTRState(GameState, kw_only=True):
    order: list[str]
    active: str
    characters: dict[str, Character]
    hand_size: int = HAND_SIZE
    refill: str = "end_of_turn"
    fatigue_max: int = FATIGUE_MAX
    at_max: str = "condition"
    scene: int = 1
    played: int = 0  # cards counted toward the phase clock in this Scene (Support discards too)
    turn: int = 1
    played_this_turn: bool = False
    forced_this_turn: bool = False
    scene_over: bool = False
    roll: OpenRoll | None = None
    last_roll: LastRoll | None = None
    owed: list[Owed] = msgspec.field(default_factory=list)
    # Before the correction from the table (docs/systems/worlds-that-remember.md, "Support"), a
    # Condition could pay for Support; only games saved before it (edition 2) keep that.
    conditions_pay_support: bool = False
    practice_on: bool = False  # the practice option: the first seat may start a practice (scenarios.py)
    practice: PracticeRun | None = None  # the practice under way, if any

    def ready(self, seat: str) -> list[str]:
        return self.zones[f"ready:{seat}"].cards

    def unready(self, seat: str) -> list[str]:
        return self.zones[f"unready:{seat}"].cards

    def spent(self, seat: str) -> list[str]:
        return self.zones[f"spent:{seat}"].cards

    def fatigue(self, seat: str) -> int:
        return self.counters[seat]["fatigue"]

    @property
    def phase(self) -> str:
        return phase_of(self.played)


def phase_of(played: int) -> str:
    return PHASES[min(played // CARDS_PER_PHASE, len(PHASES) - 1)]
