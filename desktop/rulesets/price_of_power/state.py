"""The Price of Power part of the game state: the round's phases, turns, the windows others may
answer (Covert Actions, Reactions), the battle under way and what is owed.

Zones: `deck:<power>` (hidden) and `discard:<power>` (public, in order, the last card on top)
for the three decks; per seat `hand:<seat>` (its owner sees it), `drawn:<seat>` (the cards drawn
this Draw Cards phase, until they are kept or let go), `display:<seat>` (its Display cards, each
with its cubes as tokens) and `court:<seat>` (its appointed characters); `covert` holds a Covert
Action card (or Counterespionage) while the other seats answer it.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from desktop.engine.mechanics import Owed, Pending, Reshuffle, Responses, Steps, Uses
from desktop.engine.practice import PracticeRun
from desktop.engine.state import GameState
from desktop.rulesets.price_of_power.cards import POWERS

HAND_LIMIT = 5  # checked at Phase 5, Step C only (the seed's 6)
DISPLAY_LIMIT = 2  # Display cards in play per player
KEEP_ON_RESHUFFLE = 5  # the top discards that stay when a deck is rebuilt
POWER_MAX = 10
START_POWER = 3
START_DUCATS = 15
DUCATS_MAX = 999  # no rule caps Ducats; a counter needs a range
DRAWS = 3  # Phase 1B
KEEP_PRICE = 2  # Ducats per card kept in Phase 1C
SETUP_DRAWS = 6  # one from each deck, then three of the player's choice
SETUP_FREE = 4  # cards kept for free at setup
LOAN = 5  # Ducats a Loan gives (and repaying one costs)
INTEREST_MAX = 5  # Interest tokens: a sixth Loan is refused
MODIFIER_LIMIT = 10  # a declared cost modifier, either way
# Each player's 30 cubes (the rulebook's 2.2) serve power, Influence, Colonists, Cardinals, the
# income slots of occupied provinces and Display charges. The app sees the power pools and the
# Display cards; the rest is counted on `board` (the players keep it; 0 at the start).
CUBES = 30
CLAIM_PRICE = 2  # DIP per Claim (the rulebook's Fabricate Claims)
CLAIMS_MOST = 5  # Claims one Fabricate Claims can pay for (10 DIP at most)

PHASES = Steps(steps=("draw", "action", "peace", "income", "cleanup"))
Phase = Literal["draw", "action", "peace", "income", "cleanup"]
DrawStep = Literal["setup", "setup-keep", "draw", "keep"]  # the setup draw and its keep (round 1), 1B, 1C
PHASE_LABELS = {
    "draw": "Phase 1 Draw Cards", "action": "Phase 2 Actions", "peace": "Phase 3 Peace & Rebels",
    "income": "Phase 4 Income & Upkeep", "cleanup": "Phase 5 Cleanup",
}
COUNTERS = ("adm", "dip", "mil", "ducats", "interest", "interregnum", "board")
COVERT_ZONE = "covert"


def deck_zone(power: str) -> str:
    return f"deck:{power}"


def discard_zone(power: str) -> str:
    return f"discard:{power}"


RESHUFFLES = {
    power: Reshuffle(deck=deck_zone(power), discard=discard_zone(power), keep=KEEP_ON_RESHUFFLE, pile="discard pile")
    for power in POWERS
}


class AddedDie(msgspec.Struct, frozen=True, kw_only=True):
    """A Battle Die a Battle Action added; it stays for the rest of the battle (the seed's 6.2)."""

    side: Literal["attacker", "defender"]
    die: str  # infantry, cavalry or artillery
    source: str  # the Battle Action's name
    round: int
    chosen: bool = False  # a "?" die, its type chosen by the player


class Battle(msgspec.Struct, kw_only=True):
    """A battle declared from the board. `attacker`/`defender`: the seats (None: a non-player
    realm, which plays no Battle Actions); the defender is the Main Defender when several players
    defend. `step`: whose Play Battle Actions step it is, or "between" rounds."""

    attacker: str | None
    defender: str | None
    sea: bool = False
    round: int = 1
    step: Literal["attacker", "defender", "between"] = "attacker"
    used: Uses = msgspec.field(default_factory=Uses)  # this round: Battle Action names by side
    dice: list[AddedDie] = msgspec.field(default_factory=list)
    note: str = ""

    def seat_of(self, side: str) -> str | None:
        return self.attacker if side == "attacker" else self.defender

    def side_of(self, seat: str) -> str | None:
        if seat == self.attacker:
            return "attacker"
        if seat == self.defender:
            return "defender"
        return None


class Covert(Pending, kw_only=True):
    """A Covert Action (a card, a Display card's action, or Counterespionage itself) waiting while
    every other seat in turn may counter it. Its cost (and a Display action's cubes) was paid
    when it was played and stays paid if it is countered (the seed's 6.2)."""

    # A card's Action, a Display action, Counterespionage, or Fabricate Claims (a Basic Action:
    # no card waits, `card` and `zone` are "").
    form: Literal["card", "display", "counter", "basic"]
    action: int = -1  # a Display action: its index on the card
    claims: int = 0  # Fabricate Claims: how many
    note: str = ""  # Fabricate Claims: where, in words
    name: str = ""  # what is played (a card's or an action's name)
    target: str | None = None
    turn: bool = False  # it takes its player's Turn (spent whether it resolves or not)
    window: Responses


class Trigger(Responses, kw_only=True):
    """A Reaction window: `event` happened to `opener` (declared, or the app's own: a Ruler
    discarded); that seat may play Reactions with this trigger, then passes."""

    event: str
    text: str = ""


class PoPState(GameState, kw_only=True):
    deck_key: str
    # options
    loans: bool = True
    event_required: bool = True
    duplicate_display: Literal["refuse", "replace"] = "refuse"
    counter_chain: bool = True
    practice_on: bool = False
    # the round
    round: int = 1
    phase: Phase = "draw"
    draw_step: DrawStep = "setup"
    first: str = ""  # the first player; turn order goes round the table from it
    drew: dict[str, list[str]] = msgspec.field(default_factory=dict)  # decks drawn from this step, in order
    kept: dict[str, int] = msgspec.field(default_factory=dict)  # cards kept this step
    active: str | None = None
    passed: list[str] = msgspec.field(default_factory=list)
    event_taken: list[str] = msgspec.field(default_factory=list)
    turns: int = 0  # Turns ended this game
    taken: dict[str, int] = msgspec.field(default_factory=dict)  # Turns each seat has ended this round
    fresh: list[str] = msgspec.field(default_factory=list)  # Display cards played this Turn
    covert: list[Covert] = msgspec.field(default_factory=list)  # the last is answered now
    trigger: Trigger | None = None
    battle: Battle | None = None
    upkeep_done: list[str] = msgspec.field(default_factory=list)  # seats whose Phase 4 is over
    upkept: list[str] = msgspec.field(default_factory=list)  # Advisors whose upkeep was decided
    owed: list[Owed] = msgspec.field(default_factory=list)
    practice: PracticeRun | None = None

    def order(self) -> list[str]:
        """The seats in turn order: round the table from the first player."""
        seats = self.seat_ids()
        start = seats.index(self.first) if self.first in seats else 0
        return seats[start:] + seats[:start]

    def hand(self, seat: str) -> list[str]:
        return self.zones[f"hand:{seat}"].cards

    def drawn(self, seat: str) -> list[str]:
        return self.zones[f"drawn:{seat}"].cards

    def display(self, seat: str) -> list[str]:
        return self.zones[f"display:{seat}"].cards

    def court(self, seat: str) -> list[str]:
        return self.zones[f"court:{seat}"].cards

    def power(self, seat: str, power: str) -> int:
        return self.counters[seat][power]

    def busy(self) -> bool:
        """Something must be answered before turns and phases move on."""
        return bool(self.owed or self.covert or self.trigger is not None)
