"""The card data of Worlds That Remember: Action cards, Condition cards and ready-made characters.

Shipped in `resources/cards/worlds-that-remember.json` (the cards) and
`resources/cards/worlds-that-remember-characters.json` (the characters). A card definition is
plain data: a card's tags (a label and an approach, which sizes its die), the dice its text adds,
whether it keeps (returns to the Ready Hand after its roll); a Condition's trigger and what it does
while it sits in a Ready Hand.
"""

from __future__ import annotations

import functools
from typing import Literal

import msgspec

from desktop.engine.errors import SetupError
from desktop.rulesets.worlds_that_remember.dice.rolls import AXES
from desktop.shipped import resource_path

SYSTEM = "worlds-that-remember"
Approach = Literal["Careful", "Forceful", "Risky", "Opportunistic"]
APPROACH_NAMES: tuple[str, ...] = ("Careful", "Forceful", "Risky", "Opportunistic")


class Tag(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A tag of a card, a character or its gear: one die, sized by its approach."""

    label: str
    approach: Approach


class ActionDef(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str
    tags: list[Tag]
    text: str
    intent: str  # the intent a player starts from when declaring it
    dice: list[int] = msgspec.field(default_factory=list)  # Aspect dice its text adds
    keeps: bool = False  # returns to the Ready Hand after its roll instead of the Spent pile


class ConditionDef(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str
    text: str
    tone: Literal["red", "purple"] = "red"
    fatigue: int = 0  # Fatigue gained when it is drawn
    then: Literal["stay", "spend"] = "stay"  # after triggering: stays Ready, or goes to Spent
    die: int = 0  # while Ready, every roll of its owner gains this Aspect die (0: none)
    no_support: bool = False  # while Ready, its owner cannot Support
    no_force: bool = False  # while Ready, its owner cannot force Unready cards
    supply: int = 1  # copies in the shared Condition supply per seat

    def effects(self) -> list[str]:
        """Its rules as sentences, in the order they apply."""
        found = []
        if self.fatigue:
            found.append(f"When drawn: gain {self.fatigue} Fatigue.")
        if self.then == "spend":
            found.append("Then it goes to your Spent pile.")
        if self.die:
            found.append(f"While Ready: your rolls gain a d{self.die} {AXES[self.die]}.")
        if self.no_support:
            found.append("While Ready: you cannot Support.")
        if self.no_force:
            found.append("While Ready: you cannot force Unready cards.")
        if self.then == "stay":
            found.append("It stays in your Ready Hand; it cannot be played, but it may pay a discard.")
        return found


CardDef = ActionDef | ConditionDef


class CardFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    system: str
    title: str
    version: int
    actions: list[ActionDef]
    conditions: list[ConditionDef]


class DeckEntry(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    card: str
    copies: int = 1


class Character(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A character and its deck: the deck file format (decks.py) and the ready-made ones."""

    name: str
    tags: list[Tag]
    cards: list[DeckEntry]
    gear: list[Tag] = msgspec.field(default_factory=list)
    system: str = SYSTEM

    def all_tags(self) -> list[Tag]:
        return [*self.tags, *self.gear]

    def size(self) -> int:
        return sum(entry.copies for entry in self.cards)


class CharacterFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    system: str
    version: int
    characters: list[Character]


def _read(name: str, kind: type):
    path = resource_path("cards", name)
    try:
        raw = path.read_bytes()
    except OSError:
        raise SetupError(f"The built-in card data is missing ({path}); reinstall Action Deck.") from None
    return msgspec.json.decode(raw, type=kind)


@functools.cache
def catalog() -> dict[str, CardDef]:
    """Every card definition by id: the Action cards, then the Conditions."""
    data = _read("worlds-that-remember.json", CardFile)
    found: dict[str, CardDef] = {}
    for card in [*data.actions, *data.conditions]:
        found[card.id] = card
    return found


def card(definition: str) -> CardDef:
    return catalog()[definition]


def conditions() -> list[ConditionDef]:
    return list(_conditions())


def actions() -> list[ActionDef]:
    return list(_actions())


@functools.cache
def _conditions() -> tuple[ConditionDef, ...]:
    # The built-in catalogue never changes: read once (a long game asked for it thousands of times).
    return tuple(card for card in catalog().values() if isinstance(card, ConditionDef))


@functools.cache
def _actions() -> tuple[ActionDef, ...]:
    return tuple(card for card in catalog().values() if isinstance(card, ActionDef))


@functools.cache
def condition_ids() -> frozenset[str]:
    return frozenset(card.id for card in _conditions())


def is_condition(definition: str) -> bool:
    return isinstance(catalog().get(definition), ConditionDef)


@functools.cache
def characters() -> tuple[Character, ...]:
    """The ready-made characters, in the order seats get them by default."""
    return tuple(_read("worlds-that-remember-characters.json", CharacterFile).characters)


def find_character(name: str) -> Character | None:
    wanted = name.strip().lower()
    return next((found for found in characters() if found.name.lower() == wanted), None)
