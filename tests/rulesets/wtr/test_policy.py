"""Worlds That Remember's app seats (desktop/rulesets/worlds_that_remember/bot.py, versus.py): each
level plays a Scene to its end with no move refused, the same way for the same seed; the standard
level Supports when its die helps and not when the Fatigue would take it to the maximum; the
learning level plays its first card and Supports only at 1 Fatigue; the story's stand-in gives a
Condition after a Catastrophe; `actiondeck versus` reaches the Scene's end."""

from __future__ import annotations

import json

import msgspec
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from desktop.bots import RandomBot, bot_for
from desktop.engine import registry
from desktop.engine.levels import LEARNING, RANDOM, STANDARD
from desktop.model import versus
from desktop.rulesets.worlds_that_remember import actions as a
from desktop.rulesets.worlds_that_remember.bot import WorldsThatRememberBot
from desktop.rulesets.worlds_that_remember.state import LastRoll
from desktop.rulesets.worlds_that_remember.versus import SUPPORT, VERSUS, Story
from tests.bots.versus_twice import played_twice
from tests.rulesets.wtr import RULESET, new_game, put

RULES = registry.get(RULESET)


def choice(game, seat: str, level: str = STANDARD):
    return WorldsThatRememberBot(1, level).choose(game.legal_actions(seat), game.view(seat))


def opened(played: int = 0, fatigue: int = 0):
    """Ann has played Slip Past (a d6 CONTROL pool at most): Bo may Support."""
    game = new_game()
    game.state.played = played
    game.state.counters["bo"]["fatigue"] = fatigue
    card = put(game, "ann", "slip-past")
    game.apply(a.Play(player="ann", card=card, intent="I slip past."))
    return game


def test_its_levels_are_its_own_and_random_stays_the_floor():
    assert [level.id for level in RULES.levels] == [LEARNING, STANDARD]
    assert bot_for(RULES, LEARNING, 1).level == LEARNING and bot_for(RULES, STANDARD, 1).level == STANDARD
    assert isinstance(bot_for(RULES, RANDOM, 1), RandomBot)
    assert bot_for(RULES, LEARNING, 1).ready()  # a learner weighs no odds: nothing to load


def test_standard_supports_a_roll_its_die_helps_and_it_is_counted_a_chance():
    game = opened()
    assert VERSUS.answer_kind(game.state, "bo") == SUPPORT and VERSUS.answer_kind(game.state, "ann") is None
    found = choice(game, "bo")
    assert found.type == "support" and found in game.legal_actions("bo") and VERSUS.answers(found)
    game.apply(found)
    assert game.state.fatigue("bo") == 1


def test_standard_passes_when_support_would_take_it_to_the_fatigue_maximum():
    game = opened(fatigue=5)
    assert choice(game, "bo") == a.Pass(player="bo")


def test_learning_supports_with_a_plain_d6_at_one_fatigue_and_passes_at_dusk():
    found = choice(opened(), "bo", LEARNING)
    assert found.type == "support" and found.tag == ""
    assert choice(opened(played=12), "bo", LEARNING) == a.Pass(player="bo")  # Dusk: 2 Fatigue
    assert choice(opened(fatigue=3), "bo", LEARNING) == a.Pass(player="bo")  # half the maximum already


def test_learning_plays_its_first_ready_card_and_never_forces():
    game = new_game()
    found = choice(game, "ann", LEARNING)
    first_play = next(action for action in game.legal_actions("ann") if action.type == "play")
    assert found == first_play


def test_the_story_gives_a_condition_after_a_catastrophe_and_recovery_after_a_strong_success():
    game = new_game()
    state = game.state
    state.last_roll = LastRoll(player="ann", card="Slip Past", turn=state.turn, fate=2, tier="Catastrophe",
                               dice=[], axes={})
    given_ = Story(3).before(state, a.EndTurn(player="ann"))
    assert len(given_) == 1 and isinstance(given_[0], a.GainCondition) and given_[0] in game.legal_actions("ann")
    game.apply(given_[0])
    state.last_roll = LastRoll(player="ann", card="Slip Past", turn=state.turn, fate=18, tier="Strong Success",
                               dice=[], axes={})
    cleared = Story(3).before(state, a.EndTurn(player="ann"))
    assert len(cleared) == 1 and isinstance(cleared[0], a.ClearCondition)
    assert Story(3).before(state, a.EndTurn(player="bo")) == []  # only the roller's own turn


def as_offered(action):
    """The legal action a choice edits: the prompt's tags are ticked by the player (a subset)."""
    if isinstance(action, (a.Play, a.Force)):
        return msgspec.structs.replace(action, tags=[])
    return action


class Checked:
    """A bot whose every choice must be one of the legal actions it was given (its tags a subset
    of those offered)."""

    def __init__(self, bot) -> None:
        self.bot = bot
        if hasattr(bot, "ready"):
            self.ready = bot.ready

    def choose(self, legal, view=None):
        found = self.bot.choose(legal, view)
        assert found is None or as_offered(found) in [as_offered(action) for action in legal], found
        offered = next((action for action in legal if as_offered(action) == as_offered(found)), None)
        assert found is None or set(getattr(found, "tags", [])) <= set(getattr(offered, "tags", [])), found
        return found


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32 - 1),
    levels=st.lists(st.sampled_from([LEARNING, STANDARD, RANDOM]), min_size=1, max_size=5),
)
@example(seed=5247, levels=[LEARNING])  # alone, a Ready Hand and a deck of Conditions only: it ended its turns for ever
def test_every_level_plays_the_scene_to_its_end_never_refused_and_the_same_for_a_seed(seed, levels):
    first, again = played_twice(RULESET, levels, seed, Checked)
    assert first.reached_end and first.refused == 0 and first.stalled is None
    assert first.ended == "Scene 1 is over."
    assert first.game.actions == again.game.actions and first.record() == again.record()
    assert set(first.standing.scores) == {seat.seat for seat in first.seats}


def test_over_many_scenes_both_levels_take_support_chances_and_pass_on_others():
    taken: dict[str, list[int]] = {}
    for seed in range(6):
        game = versus.play(RULESET, [STANDARD, LEARNING, STANDARD, LEARNING], seed)
        for level, kinds in game.answers.items():
            pair = taken.setdefault(level, [0, 0])
            pair[0] += kinds.get(SUPPORT, [0, 0])[0]
            pair[1] += kinds.get(SUPPORT, [0, 0])[1]
    for level in (STANDARD, LEARNING):
        assert 0 < taken[level][0] < taken[level][1]  # where it helps, not every roll


def test_actiondeck_versus_reaches_the_end_of_the_scene(cli):
    status, out, err = cli("versus", "--system", RULESET, "--games", 2, "--levels", "standard,learning,random",
                           "--seed", 4)
    assert status == 0 and err == ""
    games = [json.loads(line) for line in out.splitlines()]
    assert len(games) == 2
    for game in games:
        assert game["reached_end"] and game["refused"] == 0 and game["end"] == "Scene 1 is over."
        assert set(game["figures"]["ann"]) >= {"rolls", "checks_won", "supports", "fatigue", "conditions"}
