"""Price of Power's Action cards as data: the deck each belongs to, its costs, its icons, the
actions of a Display card and the character in its bottom band.

The definitions are read from a card file (`deck.py` checks it, one sentence per problem); a game
names its definitions by a key (the shipped file, or a hash of an imported one), so a saved state
stays small and a replay finds them again from the save's own copy of the file.
"""

from __future__ import annotations

from typing import Literal

import msgspec

Power = Literal["adm", "dip", "mil"]
POWERS: tuple[Power, ...] = ("adm", "dip", "mil")
POWER_WORDS = {"adm": "ADM", "dip": "DIP", "mil": "MIL"}
DECK_NAMES = {"adm": "Administrative", "dip": "Diplomatic", "mil": "Military"}

Die = Literal["infantry", "cavalry", "artillery", "any"]
DIE_TYPES = ("infantry", "cavalry", "artillery")  # what a "?" die may become
DIE_WORDS = {"infantry": "Infantry", "cavalry": "Cavalry", "artillery": "Artillery", "any": "?"}

# The events a Reaction answers (docs/systems/price-of-power.md, "Reactions"). "covert-action" is
# Counterespionage's: a Reaction with it counters the Covert Action it answers.
Trigger = Literal["", "war-declared", "army-attacked", "cannot-pay", "ruler-discarded", "covert-action", "other"]
TRIGGERS = ("war-declared", "army-attacked", "cannot-pay", "ruler-discarded", "covert-action", "other")
TRIGGER_WORDS = {
    "war-declared": "war is declared on you",
    "army-attacked": "your army inside your Realm is attacked",
    "cannot-pay": "you must cover a cost you cannot pay",
    "ruler-discarded": "your Ruler is discarded",
    "covert-action": "another player plays a Covert Action",
    "other": "the card's own condition holds",
}
COUNTER = "covert-action"


def happened(event: str, who: str) -> str:
    """What happened to `who`, in words: the condition of a Reaction with this trigger."""
    return {
        "war-declared": f"war is declared on {who}",
        "army-attacked": f"{who}'s army inside their Realm is attacked",
        "cannot-pay": f"{who} must cover a cost they cannot pay",
        "ruler-discarded": f"{who}'s Ruler is discarded",
        "covert-action": "another player plays a Covert Action",
    }.get(event, "its own condition holds")

Kind = Literal["advisor", "ruler", "general", "admiral"]
LEADERS = ("ruler", "general", "admiral")  # round portraits; an Advisor's is square


class Gain(msgspec.Struct, frozen=True, kw_only=True):
    """What resolving a card or an action gives its player at once (the rest is the board's)."""

    adm: int = 0
    dip: int = 0
    mil: int = 0
    ducats: int = 0

    def of(self, power: str) -> int:
        return getattr(self, power)

    def any(self) -> bool:
        return bool(self.adm or self.dip or self.mil or self.ducats)


class Character(msgspec.Struct, frozen=True, kw_only=True):
    """The character in a card's bottom band, whom Appoint puts in its player's court.

    An Advisor (square portrait) sits in the slot of its power type, is hired for `hire` Ducats
    and paid `upkeep` Ducats every Phase 4; it gives `skill` power of its type at income and takes
    `discount` off the power cost of that type's cards. A General or an Admiral (round) is hired
    for `hire` MIL (1 or 2). A Ruler (round) is free, during an Interregnum only, and gives its
    `skills` (ADM, DIP, MIL) at income.
    """

    name: str
    kind: Kind
    power: Power = "adm"
    hire: int = 0
    upkeep: int = 0
    skill: int = 0
    discount: int = 0
    skills: tuple[int, int, int] = (0, 0, 0)

    @property
    def portrait(self) -> str:
        return "square" if self.kind == "advisor" else "round"

    @property
    def title(self) -> str:
        return {"advisor": f"{POWER_WORDS[self.power]} Advisor", "ruler": "Ruler", "general": "General",
                "admiral": "Admiral"}[self.kind]


class Ability(msgspec.Struct, frozen=True, kw_only=True):
    """What a card or a Display card's action does when played: its timing, its icons, its costs
    (the power is the card's deck's unless an action names another) and its effect."""

    name: str
    cost: int = 0
    power: Power = "adm"
    ducats: int = 0
    text: str = ""
    takes_turn: bool = True
    covert: bool = False
    targeted: bool = False  # aimed at another player (named when played)
    requires: str = ""  # a board fact the player confirms ("at least 2 Influence there")
    battle: bool = False
    dice: tuple[Die, ...] = ()
    trigger: Trigger = ""
    when: str = ""  # the printed trigger's words (a trigger "other" is only these)
    gain: Gain = Gain()
    draw: int = 0  # cards drawn at once from the card's own deck
    cubes: int = 1  # a Display action: the uses it spends

    @property
    def reaction(self) -> bool:
        return bool(self.trigger)

    @property
    def counters(self) -> bool:
        """Counterespionage: it answers a Covert Action and prevents it."""
        return self.trigger == COUNTER

    @property
    def timing(self) -> str:
        """When it is played: "reaction", "battle" or "turn" (an Action on one's Turn)."""
        return "reaction" if self.trigger else "battle" if self.battle else "turn"

    @property
    def spends_turn(self) -> bool:
        """Battle Actions and Reactions never take the Turn; an Action does unless it says not."""
        return self.timing == "turn" and self.takes_turn

    @property
    def wild_dice(self) -> int:
        return sum(1 for die in self.dice if die == "any")


class CardDef(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    deck: Power
    copies: int = 1
    play: Ability  # the card played for its Action (its name is the card's)
    squares: int = 0  # a Display card: the cubes it is charged with
    actions: tuple[Ability, ...] = ()  # a Display card's actions
    character: Character

    @property
    def name(self) -> str:
        return self.play.name

    @property
    def display(self) -> bool:
        return self.squares > 0


class CardFile(msgspec.Struct, frozen=True, kw_only=True):
    system: str
    title: str = ""
    version: int = 1
    cards: list[dict]


# Definitions by key; a state names its set by key so snapshots stay small.
_SETS: dict[str, dict[str, CardDef]] = {}
BUILTIN = "builtin"
SHIPPED = ("cards", "price-of-power.json")


def register_set(key: str, cards: dict[str, CardDef]) -> None:
    _SETS[key] = cards


def card_set(key: str) -> dict[str, CardDef]:
    return _SETS[key]


def known(key: str) -> bool:
    return key in _SETS
