"""A save's actions decoded in one typed pass give what one-by-one decoding gives, and anything
that one-by-one decoding refuses is refused with the same sentence."""

from __future__ import annotations

import random

import pytest

from desktop.engine import Game, GameSetup, RuleError


def played(ruleset_id: str, count: int = 80) -> Game:
    game = Game.new(GameSetup(ruleset=ruleset_id, players=["Ann", "Bo", "Cy"], seed=5))
    picker = random.Random(3)
    for _ in range(count):
        legal = game.legal_actions()
        if not legal:
            break
        game.apply(picker.choice(legal))
    return game


@pytest.mark.parametrize("ruleset_id", ["twilight-imperium", "worlds-that-remember", "future-imperfect"])
def test_one_typed_pass_reads_what_one_by_one_reads(ruleset_id):
    game = played(ruleset_id)
    items = [action.to_dict() for action in game.actions]
    assert game.decode_actions(items) == [game.decode_action(item) for item in items]


def test_an_unsafe_text_among_many_is_refused_as_one_by_one_refuses_it():
    game = played("twilight-imperium")
    items = [action.to_dict() for action in game.actions]
    items.append({"type": "end_turn", "player": "ann", "note": "moved\x1b[2Jships"})
    with pytest.raises(RuleError) as refused:
        game.decode_actions(items)
    with pytest.raises(RuleError) as alone:
        game.decode_action(items[-1])
    assert str(refused.value) == str(alone.value) and "control character" in str(alone.value)
