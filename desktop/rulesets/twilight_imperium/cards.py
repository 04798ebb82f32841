"""The action-card definitions: the shipped base deck, or a deck a player imported."""

from __future__ import annotations

import hashlib
from typing import Literal

import msgspec

from desktop.engine.errors import SetupError
from desktop.rulesets.twilight_imperium.events import WindowKind
from desktop.shipped import resource_path

SABOTAGE = "Sabotage"


class CardDef(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str
    windows: list[WindowKind]
    timing: str
    text: str
    copies: int = 1
    who: Literal["any", "declarer", "other"] = "any"
    offensive: bool = False
    requirement: str = ""
    # The few effects that move action cards, which the app carries out on resolve.
    effect: Literal["", "take-random-card"] = ""
    # What a copy played in a timing window affects, for the rule that two copies may not affect
    # the same units or game effect there: "named", what the play's target names (compared by its
    # words); "player", everything of its player's that the card speaks of ("every combat roll your
    # units make"), so a second copy by the same player affects the same units whatever its words;
    # "event", what the declared event is about ("that agenda"), the same for every copy.
    scope: Literal["named", "player", "event"] = "named"

    @property
    def is_action(self) -> bool:
        """An "Action:" card, resolved as a component action in the action phase."""
        return "action" in self.windows

    @property
    def is_sabotage(self) -> bool:
        return "sabotage" in self.windows


class DeckFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    system: str
    title: str
    version: int
    cards: list[CardDef]


# Deck definitions by key; a state names its deck by key so snapshots stay small.
_DECKS: dict[str, dict[str, CardDef]] = {}
BUILTIN = "builtin"


def _index(cards: list[CardDef]) -> dict[str, CardDef]:
    from desktop.engine.text import MAX_DECK_CARDS, NAME_LIMIT, TEXT_LIMIT, problem

    # Card texts reach the table, the log and the terminal (see engine/text.py).
    limits = {
        "id": NAME_LIMIT, "name": TEXT_LIMIT, "timing": 1000, "text": 1000, "requirement": TEXT_LIMIT,
    }
    by_id: dict[str, CardDef] = {}
    total = 0
    for number, card in enumerate(cards, start=1):
        for field, limit in limits.items():
            trouble = problem(getattr(card, field), limit)
            if trouble:
                raise SetupError(f"The {field} of card {number} in the deck {trouble}.")
        if card.id in by_id:
            raise SetupError(f"The deck lists the card id '{card.id}' twice.")
        if not 1 <= card.copies <= 20:
            raise SetupError(f"{card.name} has {card.copies} copies; a card may have 1 to 20.")
        total += card.copies
        if total > MAX_DECK_CARDS:
            raise SetupError(
                f"The deck has more than {MAX_DECK_CARDS:,} cards counting copies; a deck may "
                f"have at most {MAX_DECK_CARDS:,}."
            )
        by_id[card.id] = card
    if not by_id:
        raise SetupError("The deck has no cards.")
    return by_id


def builtin_deck() -> tuple[str, dict[str, CardDef]]:
    if BUILTIN not in _DECKS:
        path = resource_path("cards", "twilight-imperium.json")
        try:
            raw = path.read_bytes()
        except OSError:
            raise SetupError(
                f"The built-in card data is missing ({path}); reinstall Action Deck."
            ) from None
        _DECKS[BUILTIN] = _index(msgspec.json.decode(raw, type=DeckFile).cards)
    return BUILTIN, _DECKS[BUILTIN]


def imported_deck(records: list[dict]) -> tuple[str, dict[str, CardDef]]:
    """Validates a deck a player transcribed; its key is a hash of its content."""
    from desktop.engine.text import MAX_DECK_CARDS, clipped

    if len(records) > MAX_DECK_CARDS:  # each record makes at least one card
        raise SetupError(
            f"The deck lists {len(records):,} cards; a deck may have at most {MAX_DECK_CARDS:,}."
        )
    try:
        cards = msgspec.convert(records, list[CardDef])
    except msgspec.ValidationError as problem:  # it may quote a field name from the file
        raise SetupError(f"The imported deck has a mistake: {clipped(problem)}.") from None
    key = "imported-" + hashlib.sha256(msgspec.json.encode(records)).hexdigest()[:16]
    _DECKS[key] = _index(cards)
    return key, _DECKS[key]


def deck_for(key: str) -> dict[str, CardDef]:
    return _DECKS[key]
