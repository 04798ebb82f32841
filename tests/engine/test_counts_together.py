"""Counts of one entity set together (`RulesetBase.counts_action`, the action's `also`), for every
system: one action that sets every count, or none with one sentence, the state untouched even by
the ruleset's own `apply`; the single-count form older files hold is unchanged."""

from __future__ import annotations

import msgspec
import pytest

from desktop.engine import Game, GameSetup, RuleError, registry
from desktop.engine.actions import one_count_each, sets_several
from tests.rulesets.toy import every_ruleset_id

pytestmark = [pytest.mark.usefixtures("toy_ruleset")]


def new_game(ruleset_id: str) -> Game:
    ruleset = registry.get(ruleset_id)
    players = ["Ann", "Bo", "Cy"][: max(2, ruleset.players[0])]
    if ruleset_id == "tempo":
        from tests.rulesets.tempo.helpers import new

        return new()
    return Game.new(GameSetup(ruleset=ruleset_id, players=players, seed=5))


def editable(game: Game) -> dict[tuple[str, str], list]:
    """(viewer, entity) -> the counts that viewer may change of it, each with room to go up."""
    found: dict[tuple[str, str], list] = {}
    for viewer in game.state.seat_ids():
        for spec in game.ruleset.table(game.view(viewer)).counters:
            if spec.editable and spec.high > spec.value:
                found.setdefault((viewer, spec.entity), []).append(spec)
    return found


def bytes_of(state) -> bytes:
    return msgspec.msgpack.encode(state)


@pytest.mark.parametrize("ruleset_id", every_ruleset_id())
def test_counts_set_together_are_one_action_all_or_none(ruleset_id):
    game = new_game(ruleset_id)
    ruleset = game.ruleset
    several = [(key, specs) for key, specs in editable(game).items() if len(specs) >= 2]
    if not several:
        pytest.skip(f"{ruleset_id} has no entity with two counts changed by hand")
    (viewer, entity), specs = several[0]
    first, second = specs[0], specs[1]
    action = ruleset.counts_action(entity, {first.key: first.value + 1, second.key: second.value + 1}, by=viewer)
    assert sets_several(type(action)) and len(one_count_each(action)) == 2

    accepted = game.state.copy()
    ruleset.apply(accepted, action)
    seen = ruleset.view(accepted, viewer).counters[entity]
    assert (seen[first.key], seen[second.key]) == (first.value + 1, second.value + 1)

    refused = ruleset.counts_action(entity, {first.key: first.value + 1, second.key: second.high + 1}, by=viewer)
    state, before = game.state.copy(), bytes_of(game.state)
    with pytest.raises(RuleError) as refusal:
        ruleset.apply(state, refused)  # the first count alone would be accepted
    assert str(refusal.value).endswith(".") and "\n" not in str(refusal.value)
    assert bytes_of(state) == before, "a refused count left the one before it changed"


@pytest.mark.parametrize("ruleset_id", every_ruleset_id())
def test_one_count_keeps_the_form_older_files_hold(ruleset_id):
    game = new_game(ruleset_id)
    for (viewer, entity), specs in editable(game).items():
        spec = specs[0]
        one = game.ruleset.counts_action(entity, {spec.key: spec.value + 1}, by=viewer)
        assert one == game.ruleset.counter_action(entity, spec.key, spec.value + 1, by=viewer)
        encoded = msgspec.json.encode(one)
        assert b"also" not in encoded
        assert game.decode_action(encoded) == one
        return
    pytest.skip(f"{ruleset_id} has no count changed by hand")


def test_the_wire_form_of_counts_set_together_is_refused_in_words():
    game = Game.new(GameSetup(ruleset="twilight-imperium", players=["Ann", "Bo"], seed=5))
    base = '{"type": "set_counter", "player": "ann", "counter": "hand_limit", "value": 8, "also": %s}'
    refusals = {
        '{"luck": 3}': "its field 'also' cannot hold the name 'luck'; it must be one of hand_limit, "
                       "strategy_tokens, neural_motivator, yssaril.",
        '{"yssaril": "one"}': "every value of the field 'also' must be a whole number.",
        "[3]": "its field 'also' must be an object, not a list.",
    }
    for also, reason in refusals.items():
        with pytest.raises(RuleError) as refusal:
            game.decode_action(base % also)
        assert str(refusal.value).endswith(reason)
    before = bytes_of(game.state)
    with pytest.raises(RuleError, match="The action sets hand_limit twice: once is enough."):
        game.apply(game.decode_action(base % '{"hand_limit": 3}'))
    assert bytes_of(game.state) == before
    game.apply(game.decode_action(base % '{"strategy_tokens": 5}'))
    assert game.state.counters["ann"]["hand_limit"] == 8 and game.state.counters["ann"]["strategy_tokens"] == 5


def test_a_system_whose_action_sets_one_count_refuses_several_in_words():
    game = Game.new(GameSetup(ruleset="worlds-that-remember", players=["Ann", "Bo"], seed=5))
    with pytest.raises(RuleError, match="These counts are changed one at a time."):
        game.ruleset.counts_action("ann", {"fatigue": 1, "fatigue_max": 2})
    with pytest.raises(RuleError, match="No count was changed."):
        game.ruleset.counts_action("ann", {})
