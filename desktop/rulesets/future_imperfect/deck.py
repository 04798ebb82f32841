"""Decks: the shipped one (made by `generator.py`) and a deck a player transcribed.

A deck file is JSON: an array of 54 card records, or an object whose `cards` field is that array.
One record per card:

    {"impulse": 34, "step": 9, "suit": 2, "oracle": "yes",
     "cause":  [[3, 6, 5, 7, 9], ...five rows, skill 1 to 5, columns d4 d6 d8 d10 d12...],
     "effect": [[2, 3, 4, 6, 7], ...five rows, (1) to (5)...]}

A cause cell is a whole number from 1 to twice its die (a d10 cell: 1 to 20) or "CF"; an effect
cell a whole number from 1 to 99, each above the one over it. Every mistake is refused with the
card, the grid, the row and the column named; a partial deck and a repeated impulse are refused.
"""

from __future__ import annotations

import hashlib

import msgspec

from desktop.engine.errors import SetupError
from desktop.engine.records import typed
from desktop.engine.text import shown
from desktop.rulesets.future_imperfect.cards import (
    CARDS,
    CF,
    DICE,
    ROWS,
    Card,
    corners,
    playing_card,
)
from desktop.shipped import resource_path

FIELDS = ("impulse", "step", "suit", "oracle", "cause", "effect")
BUILTIN = "builtin"
SHIPPED = ("future-imperfect", "deck.json")
_DECKS: dict[str, tuple[Card, ...]] = {}  # by key; a state names its deck by key


def builtin_deck() -> tuple[str, tuple[Card, ...]]:
    if BUILTIN not in _DECKS:
        path = resource_path(*SHIPPED)
        try:
            raw = path.read_bytes()
        except OSError:
            raise SetupError(f"The built-in card data is missing ({path}); reinstall Action Deck.") from None
        data = msgspec.json.decode(raw)
        _DECKS[BUILTIN] = read_cards(data["cards"])
    return BUILTIN, _DECKS[BUILTIN]


def imported_deck(records: list) -> tuple[str, tuple[Card, ...]]:
    """Checks a transcribed deck; its key is a hash of its content."""
    cards = read_cards(records)
    key = "imported-" + hashlib.sha256(msgspec.json.encode(records)).hexdigest()[:16]
    _DECKS[key] = cards
    _ORDERS[key] = tuple(record["impulse"] for record in records)
    return key, cards


_ORDERS: dict[str, tuple[int, ...]] = {}  # by key: the impulses in the order the deck file lists them


def file_order(key: str) -> tuple[int, ...]:
    """The impulses in the order the deck's file lists them (the shipped file lists 0 to 53): the
    order a deck that is not shuffled is drawn in, the file's first card first."""
    return _ORDERS.get(key, tuple(range(CARDS)))


def deck_for(key: str) -> tuple[Card, ...]:
    return _DECKS[key]


def read_cards(records: object) -> tuple[Card, ...]:
    """The 54 cards of `records` in impulse order, or a SetupError naming the first mistake."""
    if not isinstance(records, list):
        raise SetupError("A Future Imperfect deck is a list of 54 card records.")
    if len(records) > 10 * CARDS:
        raise SetupError(f"The deck lists {len(records):,} records; a Future Imperfect deck has {CARDS}.")
    cards: dict[int, Card] = {}
    where: dict[int, int] = {}
    for number, record in enumerate(records, start=1):
        card = read_card(record, number)
        if card.impulse in cards:
            raise SetupError(
                f"Impulse {card.impulse} appears twice in the deck (records {where[card.impulse]} and "
                f"{number}); each impulse 0 to {CARDS - 1} is on exactly one card."
            )
        cards[card.impulse] = card
        where[card.impulse] = number
    missing = [impulse for impulse in range(CARDS) if impulse not in cards]
    if missing:
        listed = ", ".join(str(impulse) for impulse in missing[:6]) + (", ..." if len(missing) > 6 else "")
        raise SetupError(
            f"The deck has {len(cards)} cards; a Future Imperfect deck has all {CARDS}, one for each "
            f"impulse 0 to {CARDS - 1}: impulse{'s' if len(missing) > 1 else ''} {listed} "
            f"{'are' if len(missing) > 1 else 'is'} missing."
        )
    return typed(tuple(cards[impulse] for impulse in range(CARDS)), tuple[Card, ...], "The deck")


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def read_card(record: object, number: int) -> Card:
    if not isinstance(record, dict):
        raise SetupError(f"Record {number} of the deck is not a card (an object with {', '.join(FIELDS)}).")
    impulse = record.get("impulse")
    if not _whole(impulse) or not 0 <= impulse < CARDS:
        raise SetupError(
            f"Record {number} has the impulse {shown(msgspec.json.encode(impulse).decode(), 40)}; "
            f"an impulse is a whole number from 0 to {CARDS - 1}."
        )
    name = f"Card {impulse}"
    for key in record:
        if key not in FIELDS:
            raise SetupError(f"{name} has an unknown field {shown(key, 40)!r}; a card has {', '.join(FIELDS)}.")
    for key in FIELDS:
        if key not in record:
            raise SetupError(f"{name} has no {key} field; a card has {', '.join(FIELDS)}.")
    step, suit, yes = corners(impulse)
    if (record["step"], record["suit"]) != (step, suit) or not all(_whole(record[k]) for k in ("step", "suit")):
        raise SetupError(
            f"{name} says step {shown(record['step'], 20)} and suit {shown(record['suit'], 20)}, but "
            f"impulse {impulse} is step {step}, suit {suit} ({playing_card(step, suit)})."
        )
    oracle = record["oracle"]
    if oracle not in ("yes", "no"):
        raise SetupError(f"{name}'s oracle corner is {shown(oracle, 20)!r}; it says yes or no.")
    if (oracle == "yes") != yes:
        raise SetupError(
            f"{name} ({playing_card(step, suit)}) says {oracle}; red cards and the red joker say yes, "
            "the others no."
        )
    return Card(impulse, step, suit, yes, _cause(record["cause"], name), _effect(record["effect"], name))


def _grid_shape(grid: object, name: str, which: str) -> list[list]:
    if not isinstance(grid, list) or len(grid) != ROWS or not all(isinstance(row, list) and len(row) == len(DICE) for row in grid):
        raise SetupError(
            f"{name}'s {which} grid is not 5 rows of 5 cells; it lists rows 1 to 5, each with the "
            "cells of d4, d6, d8, d10 and d12."
        )
    return grid


def _cause(grid: object, name: str) -> tuple[tuple[int, ...], ...]:
    rows = []
    for r, row in enumerate(_grid_shape(grid, name, "cause"), start=1):
        cells = []
        for die, value in zip(DICE, row):
            if value == "CF":
                cells.append(CF)
                continue
            if not _whole(value) or not 1 <= value <= 2 * die:
                raise SetupError(
                    f"{name}, cause grid row {r}, d{die}: {shown(msgspec.json.encode(value).decode(), 40)} is not "
                    f"a result; a d{die} cell holds a whole number from 1 to {2 * die}, or CF."
                )
            cells.append(value)
        rows.append(tuple(cells))
    return tuple(rows)


def _effect(grid: object, name: str) -> tuple[tuple[int, ...], ...]:
    rows: list[tuple[int, ...]] = []
    for r, row in enumerate(_grid_shape(grid, name, "effect"), start=1):
        for column, (die, value) in enumerate(zip(DICE, row)):
            if value == "CF":
                raise SetupError(f"{name}, effect grid row ({r}), d{die}: CF has no place in the effect grid; an effect cell holds a magnitude.")
            if not _whole(value) or not 1 <= value <= 99:
                raise SetupError(
                    f"{name}, effect grid row ({r}), d{die}: {shown(msgspec.json.encode(value).decode(), 40)} is not "
                    "a magnitude; an effect cell holds a whole number from 1 to 99."
                )
            if rows and value <= rows[-1][column]:
                raise SetupError(
                    f"{name}, effect grid row ({r}), d{die}: {value} is not above row ({r - 1}) "
                    f"({rows[-1][column]}); effect values rise down each column."
                )
        rows.append(tuple(row))
    return tuple(rows)


def card_record(card: Card) -> dict:
    """The file record of a card (the inverse of read_card)."""
    return {
        "impulse": card.impulse, "step": card.step, "suit": card.suit, "oracle": card.oracle,
        "cause": [["CF" if value == CF else value for value in row] for row in card.cause],
        "effect": [list(row) for row in card.effect],
    }
