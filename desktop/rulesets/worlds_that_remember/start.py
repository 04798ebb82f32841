"""A new game: seats and their characters, options, decks shuffled, Ready Hands dealt."""

from __future__ import annotations

from desktop.engine import rng
from desktop.engine.editions import SECOND, edition_option
from desktop.engine.errors import SetupError
from desktop.engine.options import ON_OFF, Option, OptionValues
from desktop.engine.ruleset import Outcome
from desktop.engine.state import Seat, Zone
from desktop.rulesets.worlds_that_remember import effects
from desktop.rulesets.worlds_that_remember.cards import (
    Character,
    characters,
    conditions,
    find_character,
)
from desktop.rulesets.worlds_that_remember.decks import DeckError, card_list, load
from desktop.rulesets.worlds_that_remember.state import (
    AT_MAX,
    FATIGUE_MAX,
    HAND_SIZE,
    REFILLS,
    WTRState,
)

PLAYERS = (1, 6)

OPTIONS = (
    Option(key="hand_size", label="Ready Hand size", default=str(HAND_SIZE), choices=["3", "4", "5", "6", "7"],
           number=(1, 10),
           help="How many cards a Ready Hand is refilled to (1 to 10)."),
    Option(key="refill", label="Refill", default="end_of_turn", choices=list(REFILLS),
           help="When a Ready Hand is refilled: at the end of its owner's turn, or immediately whenever a card "
                "leaves it."),
    Option(key="fatigue_max", label="Fatigue maximum", default=str(FATIGUE_MAX), choices=["4", "6", "8", "10"],
           number=(2, 20),
           help="The most Fatigue a character can carry (2 to 20)."),
    Option(key="at_max", label="At the Fatigue maximum", default="condition", choices=list(AT_MAX),
           help="\"condition\": reaching the maximum puts an Exhausted Condition in your deck and Fatigue starts "
                "again from what is left over. \"out\": the character is out of the Scene (no turns, no Support) "
                "until the next one. \"cap\": Fatigue stops at the maximum and you cannot force or Support "
                "beyond it."),
    Option(key="characters", label="Characters", default="",
           help="The ready-made character of each seat, in seat order, separated by commas (Wren or Oskar); "
                "seats left out alternate Wren and Oskar."),
    Option(key="practice", label="Practice scenarios", default="off", choices=ON_OFF,
           help="The first player may start a practice as the game's first action (with the ready-made characters)."),
    edition_option("a Condition in the Ready Hand may pay for Support"),
)


def _characters(seats: list[Seat], options: OptionValues, deck: list[dict] | None) -> dict[str, Character]:
    ready_made = characters()
    chosen: dict[str, Character] = {
        seat.id: ready_made[number % len(ready_made)] for number, seat in enumerate(seats)
    }
    names = [part.strip() for part in options.characters.split(",") if part.strip()]
    if len(names) > len(seats):
        raise SetupError(f"The option characters names {len(names)} characters for {len(seats)} players.")
    for seat, wanted in zip(seats, names):
        found = find_character(wanted)
        if found is None:
            known = " or ".join(found.name for found in ready_made)
            raise SetupError(f"There is no ready-made character called \u201c{wanted[:40]}\u201d; choose {known}.")
        chosen[seat.id] = found
    if deck is None:
        return chosen
    if not isinstance(deck, list) or not deck:
        raise SetupError("The deck file holds no cards.")
    if all(isinstance(entry, dict) and "cards" in entry for entry in deck):
        # A table's decks: one whole deck (character, tags and cards) per seat, in seat order.
        if len(deck) > len(seats):
            raise SetupError(f"The deck file holds {len(deck)} decks for {len(seats)} players.")
        for number, (seat, data) in enumerate(zip(seats, deck), start=1):
            chosen[seat.id] = _load(data, f"Deck {number}: ")
        return chosen
    # A plain card list (what `actiondeck new --deck FILE` passes): the first seat's deck, played
    # by that seat's character.
    first = chosen[seats[0].id]
    data = {"name": first.name, "tags": _plain(first.tags), "gear": _plain(first.gear), "cards": deck}
    chosen[seats[0].id] = _load(data, "")
    return chosen


def _plain(tags) -> list[dict]:
    return [{"label": tag.label, "approach": tag.approach} for tag in tags]


def _load(data: object, prefix: str) -> Character:
    try:
        return load(data)
    except DeckError as problem:
        raise SetupError(f"{prefix}{problem}") from None


def start(seats: list[Seat], options: OptionValues, seed: int, deck: list[dict] | None = None) -> WTRState:
    chosen = _characters(seats, options, deck)
    cards: dict[str, str] = {}
    zones: dict[str, Zone] = {
        "play": Zone(id="play", label="In play", visibility="public"),
        "trash": Zone(id="trash", label="Removed cards", visibility="public"),
    }
    state_rng = rng.seed_state(seed)
    for seat in seats:
        pile = []
        for definition in card_list(chosen[seat.id]):
            card = f"w{len(cards) + 1:03d}"
            cards[card] = definition
            pile.append(card)
        state_rng = rng.shuffle(state_rng, pile)
        zones[f"ready:{seat.id}"] = Zone(id=f"ready:{seat.id}", label=f"{seat.name}'s Ready Hand",
                                         visibility="owner", owner=seat.id)
        zones[f"unready:{seat.id}"] = Zone(id=f"unready:{seat.id}", label=f"{seat.name}'s Unready deck",
                                           visibility="owner", owner=seat.id, cards=pile)
        zones[f"spent:{seat.id}"] = Zone(id=f"spent:{seat.id}", label=f"{seat.name}'s Spent pile",
                                         visibility="public", owner=seat.id)
    supply = []
    for condition in conditions():
        for _ in range(condition.supply * len(seats)):
            card = f"w{len(cards) + 1:03d}"
            cards[card] = condition.id
            supply.append(card)
    zones["supply"] = Zone(id="supply", label="Condition supply", visibility="public", cards=supply)
    state = WTRState(
        ruleset="worlds-that-remember", seats=seats, cards=cards, zones=zones, rng=state_rng,
        counters={seat.id: {"fatigue": 0} for seat in seats},
        order=[seat.id for seat in seats], active=seats[0].id, characters=chosen,
        hand_size=options.hand_size, refill=options.refill, fatigue_max=options.fatigue_max, at_max=options.at_max,
        conditions_pay_support=options.edition == SECOND, practice_on=options.practice,
    )
    for seat in seats:
        effects.refill(state, seat.id, Outcome())  # Conditions dealt trigger as any drawn Condition
    return state
