"""Hostile card files for Price of Power: seeded mutations of the shipped card file (truncations,
bit flips, invalid UTF-8, absurd values, unknown and unsafe keys) and files that declare far more
than they hold are each refused with one plain sentence or accepted as a valid game; the file is
never changed (as tests/test_hostile_inputs.py does for the other systems' files)."""

from __future__ import annotations

import random
from itertools import chain
from pathlib import Path

import msgspec

from desktop.engine import Game, GameSetup, registry
from desktop.shipped import resource_path
from desktop.storage.deckfile import read_deck
from tests.hostile import corpus
from tests.hostile.judging import failed, game_problem, played_a_little, run_family

RULESET = "price-of-power"
LEAST = 600


def load(path: Path) -> str | None:
    records = read_deck(path, registry.get(RULESET).deck_records)
    game = Game.new(GameSetup(ruleset=RULESET, players=["Ann", "Bo"], seed=3, deck=records))
    return game_problem(played_a_little(game, 30))


def declared() -> list[tuple[str, list]]:
    card = {"name": "X", "deck": "adm", "cost": 1, "text": "x", "character": {"name": "Y", "kind": "advisor", "hire": 1}}
    return [
        ("20,000 records of 10 copies", [{**card, "id": f"c{n}", "copies": 10} for n in range(20_000)]),
        ("1,001 records", [{**card, "id": f"c{n}"} for n in range(1001)]),
        ("101 records of 10 copies", [{**card, "id": f"c{n}", "deck": ("adm", "dip", "mil")[n % 3], "copies": 10} for n in range(101)]),
        ("copies 10**6", [{**card, "id": "c", "copies": 10**6}]),
        ("copies 2**64", [{**card, "id": "c", "copies": 2**64}]),
        ("a text of 5,000 characters", [{**card, "id": "c", "text": "x" * 5000}]),
        ("a control character in a name", [{**card, "id": "c", "name": "X\x1b[2J"}]),
        ("10,000 dice", [{**card, "id": "c", "battle": True, "dice": ["any"] * 10_000}]),
        ("10,000 actions", [{**card, "id": "c", "squares": 3, "actions": [{"name": "a", "cost": 1}] * 10_000}]),
        ("a character nested deeply", [{**card, "id": "c", "character": {"name": [[[["x"]]]], "kind": "advisor"}}]),
        ("no cards", []),
    ]


def test_hostile_card_files_are_refused_with_a_sentence_or_played(tmp_path):
    rng = random.Random(corpus.SEED + 16)
    raw = resource_path("cards", "price-of-power.json").read_bytes()
    inputs = chain(
        corpus.mutated(raw, rng, {"cut": 8, "flip": 150, "garbage": 80, "swap": 250, "key": 60}),
        ((label, msgspec.json.encode(deck)) for label, deck in declared()),
    )
    count, failures = run_family("Price of Power card files", load, tmp_path / "cards.json", inputs)
    assert not failures, failed(count, failures)
    assert count >= LEAST
