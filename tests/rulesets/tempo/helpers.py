"""Tables of Tempo Combat arranged for one rule: an encounter of a few characters, plans made,
the count where a test needs it. Every rule is exercised through the real `Game.apply`, and a
refusal is checked to change nothing."""

from __future__ import annotations

import msgspec
import pytest

from desktop.engine import Game, GameSetup, RuleError
from desktop.rulesets.tempo import actions as a
from desktop.rulesets.tempo.state import TempoState

RULESET = "tempo"
PLAYERS = ["Ann", "Bo", "GM"]


def sheet(name: str, side: str = "pc", **fields) -> dict:
    record = {"name": name, "side": side, "hp": 12, "speed": 6}
    if side == "pc":
        record["player"] = name
    record.update(fields)
    return record


ANN = sheet("Ann", **{"for": 1, "mana": 3, "weapons": [{"name": "Sword"}, {"name": "Dagger", "speed": "quick"},
                                                     {"name": "Maul", "speed": "slow"}],
                      "held": ["Sword", "Dagger"], "items": [{"name": "Fire flask", "strike": True}, {"name": "Tonic"}],
                      "spells": [{"name": "Spark", "tempo": 5}, {"name": "Ward"}],
                      "abilities": [{"name": "Flurry", "tag": "free", "action": "quick_attack"},
                                    {"name": "Lunge", "tag": "extra", "action": "quick_attack"},
                                    {"name": "Sprint", "tag": "extra", "action": "move"}],
                      "paradigms": ["Flame", "Frost"]})
BO = sheet("Bo", **{"for": 0, "weapons": [{"name": "Dirk", "speed": "quick"}, {"name": "Knife", "speed": "quick"},
                                          {"name": "Crossbow", "speed": "slow", "reload": True}],
                    "held": ["Dirk", "Knife"]})
ORC = sheet("Orc", "npc", **{"for": 2, "hp": 14, "stats": {"STR": 3, "DEX": 0, "AWR": 0, "INT": -1, "INS": 0,
                                                          "Defence": 11, "Deflection": 2, "Sturdy": 3},
                             "weapons": [{"name": "Axe", "speed": "slow"}], "held": ["Axe"],
                             "reactions": [{"name": "Riposte", "tempo": 5, "trigger": "hit", "per_round": 2}],
                             "action_sets": "Brute: hits the nearest foe."})
GOBLIN = sheet("Goblin", "npc", hp=7, weapons=[{"name": "Shiv", "speed": "quick"}], held=["Shiv"])
SHEETS = [ANN, BO, ORC, GOBLIN]


def new(sheets=None, players=None, seed: int = 7, **options) -> Game:
    return Game.new(GameSetup(ruleset=RULESET, players=list(players or PLAYERS), seed=seed,
                              options={key: str(value) for key, value in options.items()},
                              deck=list(SHEETS if sheets is None else sheets)))


def st(game: Game) -> TempoState:
    return game.state


def seat_of(game: Game, character: str) -> str:
    return st(game).character(character).seat


def card(game: Game, character: str, action: str) -> str:
    definition = f"{character}:{action}"
    return next(c for c, d in st(game).cards.items() if d == definition)


def ability(game: Game, character: str, name: str) -> str:
    char = st(game).character(character)
    index = next(n for n, ab in enumerate(char.abilities) if ab.name == name)
    return f"ability:{index}"


def plan(game: Game, character: str, action: str, tempo: int = -1, spell: str = ""):
    return game.apply(a.Plan(player=seat_of(game, character), card=card(game, character, action), tempo=tempo, spell=spell))


def plans(game: Game, table: dict[str, list]) -> Game:
    """Plans every character's two actions; an action is an id or (id, tempo, spell)."""
    for character, actions in table.items():
        for action in actions:
            if isinstance(action, tuple):
                plan(game, character, *action)
            else:
                plan(game, character, action)
    return game


def entry(game: Game, character: str, action: str, status: str | None = None) -> int:
    return next(e.id for e in st(game).entries if e.character == character and e.action == action
                and (status is None or e.status == status))


def take(game: Game, character: str, action: str, **fields):
    return game.apply(a.Take(player=seat_of(game, character), entry=entry(game, character, action, "planned"), **fields))


def advance(game: Game, seat: str = "ann"):
    return game.apply(a.Advance(player=seat))


def lines(outcome) -> list[str]:
    return [entry.text for entry in outcome.log]


def refused(game: Game, action, match: str) -> str:
    """The action is refused with a sentence containing `match`, and the game is unchanged."""
    before = msgspec.msgpack.encode(game.state)
    with pytest.raises(RuleError) as refusal:
        game.apply(action)
    assert match in str(refusal.value), str(refusal.value)
    assert msgspec.msgpack.encode(game.state) == before
    return str(refusal.value)


def to_tempo(game: Game, tempo: int) -> None:
    """Waits (or advances) until the count stands at `tempo`, waiting out every turn before it."""
    for _ in range(100):
        s = st(game)
        if s.phase == "count" and s.tempo >= tempo and s.turn is None:
            return
        if s.turn is not None:
            advance(game)
            continue
        stage = game.stages()[0]
        waiting = [act for act in game.legal_actions(stage.seat) if isinstance(act, a.Wait)]
        game.apply(waiting[0])
    raise AssertionError("the count did not reach the tempo")


def to_turn(game: Game, character: str, tempo: int) -> None:
    """Lets every other character's turn pass until `character` may act at `tempo`."""
    from desktop.rulesets.tempo.count import on_now

    for _ in range(100):
        s = st(game)
        if s.turn is not None:
            advance(game)
            continue
        on = on_now(s)
        if s.phase == "count" and s.tempo == tempo and any(c.id == character for c in on):
            return
        first = on[0]
        game.apply(a.Wait(player=first.seat, character=first.id))
    raise AssertionError("the character's turn did not come")
