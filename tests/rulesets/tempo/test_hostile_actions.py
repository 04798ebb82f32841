"""Hostile actions for Tempo Combat: seeded mutations of its real actions (values swapped for
absurd ones, garbage bytes, keys renamed) sent to a game in the middle of a turn are each refused
with one plain sentence or accepted as a valid game (as tests/test_hostile_inputs.py does for
another system)."""

from __future__ import annotations

import random

import msgspec

from desktop.engine import RuleError
from desktop.engine.demo import demo_game
from desktop.engine.text import problem
from desktop.storage.savefile import decode_save, game_from_record, save_bytes
from tests.hostile import corpus

LEAST = 400


def sentence_problem(message: str) -> str | None:
    if not message or not message.endswith(".") or "\n" in message or problem(message, 10_000):
        return f"not one plain sentence: {message!r:.300}"
    return None


def judge(saved: bytes, data) -> str | None:
    game = game_from_record(decode_save(saved))
    try:
        game.apply(game.decode_action(data))
    except RuleError as refusal:
        return sentence_problem(str(refusal))
    except Exception as crash:  # noqa: BLE001 - any other exception is what this test looks for
        return f"crashed: {type(crash).__name__}: {crash!s:.300}"
    for viewer in [*game.state.seat_ids(), None]:
        game.ruleset.table(game.view(viewer))
    for entries in game.log:
        for entry in entries:
            if problem(entry.text, 10_000):
                return f"an accepted action shows unsafe text: {entry.text!r:.200}"
    return None


def test_hostile_actions_are_refused_with_a_sentence_or_accepted():
    game = demo_game("tempo")
    turn = next(act for act in game.legal_actions() if act.type == "take")
    game.apply(turn)  # a turn is open: reactions, Exerts and declarations are legal too
    saved = save_bytes(game)
    rng = random.Random(corpus.SEED + 18)
    seeds = [msgspec.json.encode(action.to_dict()) for action in game.legal_actions()[:40]]
    seeds += [msgspec.json.encode(data) for data in (
        {"type": "declare", "player": "gm", "event": "hit", "character": "orc", "damage": 4, "note": "axe"},
        {"type": "grant", "player": "gm", "character": "ann", "action": "move", "kind": "free", "tempo": 4},
        {"type": "set_counter", "player": "gm", "character": "orc", "counter": "hp", "value": 3},
        {"type": "exert", "player": "ann", "character": "ann", "use": "prepared", "amount": 2, "note": "ropes"},
        {"type": "react", "player": "ann", "character": "ann", "reaction": "Intercept", "trigger": 1, "confirm": True},
        {"type": "answer", "player": "gm", "index": 0, "text": "it fears fire"},
    )]
    inputs: list[tuple[str, object]] = []
    for number, seed in enumerate(seeds):
        inputs += list(corpus.value_swaps(seed, rng, 8, first=number * 7))
        inputs += list(corpus.byte_garbage(seed, rng, 2))
        inputs += list(corpus.key_swaps(seed, rng, 2))
    failures = [f"{label}: {failure}" for label, data in inputs if (failure := judge(saved, data))]
    print(f"\nTempo Combat actions: {len(inputs)} hostile inputs")
    assert not failures, f"{len(failures)} failed, for example:\n" + "\n".join(failures[:10])
    assert len(inputs) >= LEAST
