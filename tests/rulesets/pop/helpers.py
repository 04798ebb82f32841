"""Tables of Price of Power arranged for one rule: a new game, the cards a test names put where it
says, the phase set. Every rule is then exercised through the real `Game.apply`, and a refusal is
checked to change nothing."""

from __future__ import annotations

import msgspec
import pytest

from desktop.engine import Game, GameSetup, RuleError
from desktop.engine.mechanics import mark
from desktop.rulesets.price_of_power import actions as a
from desktop.rulesets.price_of_power.core import card_def, cubes_on
from desktop.rulesets.price_of_power.state import PoPState

RULESET = "price-of-power"
PLAYERS = ["Ann", "Bo", "Cy"]


def new(players=None, seed: int = 7, deck=None, **options) -> Game:
    return Game.new(GameSetup(ruleset=RULESET, players=list(players or PLAYERS[:2]), seed=seed,
                              options={key: str(value) for key, value in options.items()}, deck=deck))


def state(game: Game) -> PoPState:
    return game.state


def copies(game: Game, definition: str) -> list[str]:
    return [card for card, kind in game.state.cards.items() if kind == definition]


def put(game: Game, card: str, zone: str) -> str:
    where = game.state.zone_of(card)
    where.cards.remove(card)
    game.state.zones[zone].cards.append(card)
    return card


def give(game: Game, seat: str, *definitions: str, zone: str = "hand") -> list[str]:
    """Puts a copy of each definition (a further copy for a repeated one) in the seat's zone."""
    placed: list[str] = []
    for definition in definitions:
        free = [card for card in copies(game, definition) if card not in placed
                and not game.state.zone_of(card).id.startswith(("hand:", "display:", "court:", "drawn:"))]
        card = free[0] if free else next(card for card in copies(game, definition) if card not in placed)
        put(game, card, f"{zone}:{seat}")
        placed.append(card)
        if zone == "display":
            mark(game.state, card, tokens=card_def(game.state, card).squares, slot=len(game.state.display(seat)) - 1)
    return placed


def to_actions(game: Game, active: str = "ann", events: bool = True) -> Game:
    """Phase 2 of round 1, `active`'s turn; the round's Event already taken unless told."""
    s = game.state
    s.phase, s.draw_step, s.round = "action", "keep", 1
    s.active = active
    s.event_taken = list(s.seat_ids()) if events else []
    s.passed = []
    return game


def to_phase(game: Game, phase: str) -> Game:
    s = game.state
    s.phase, s.draw_step, s.active = phase, "keep", None
    return game


def set_power(game: Game, seat: str, **values: int) -> None:
    game.state.counters[seat].update(values)


def power(game: Game, seat: str, key: str) -> int:
    return game.state.counters[seat][key]


def do(game: Game, action: a.Action):
    return game.apply(action)


def refused(game: Game, action: a.Action) -> str:
    """The one sentence refusing `action`; the game is left exactly as it was."""
    before = msgspec.msgpack.encode(game.state)
    with pytest.raises(RuleError) as refusal:
        game.apply(action)
    assert msgspec.msgpack.encode(game.state) == before
    sentence = str(refusal.value)
    assert sentence and "\n" not in sentence and sentence.endswith((".", "?", "!")), sentence
    return sentence


def said(game: Game, seat: str | None = None) -> str:
    """The lines of the last action a seat reads (None: the public ones), as one text."""
    return " ".join(entry.text for entry in game.log[-1] if entry.seat in (None, seat))


def zone(game: Game, zone_id: str) -> list[str]:
    return game.state.zones[zone_id].cards


def name(game: Game, card: str) -> str:
    return card_def(game.state, card).name


def cubes(game: Game, card: str) -> int:
    return cubes_on(game.state, card)


def empty_deck(game: Game, power: str, discards: int, keep_elsewhere: str = "bo") -> list[str]:
    """Empties a deck: `discards` of its cards into its discard pile (in this order, the last on
    top), the rest into a seat's hand (cards are never lost)."""
    pile = list(zone(game, f"deck:{power}"))
    for card in pile[:discards]:
        put(game, card, f"discard:{power}")
    for card in pile[discards:]:
        put(game, card, f"hand:{keep_elsewhere}")
    return pile[:discards]


def shipped_records() -> list[dict]:
    import json

    from desktop.shipped import resource_path

    return json.loads(resource_path("cards", "price-of-power.json").read_text(encoding="utf-8"))["cards"]
