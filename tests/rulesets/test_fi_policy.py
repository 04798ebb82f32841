"""Future Imperfect's app seats (desktop/rulesets/future_imperfect/policy.py) and its games the app
plays against itself (versus.py): each level plays whole sessions with no move refused, the same way
for a seed, to the end `actiondeck versus` asks for; the standard player takes the largest result,
the learning one the first that reaches the TN; the standard Master sets TN 7 checks for each
character in turn, its NPC's last, the learning Master easier ones (TN 6) for the players. The system
has no out-of-turn windows: nothing to answer out of turn."""

from __future__ import annotations

import json
import re
from pathlib import Path

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from desktop.bots import RandomBot, bot_for
from desktop.engine import Game, GameSetup, registry
from desktop.engine.levels import LEARNING, RANDOM, STANDARD
from desktop.model import versus
from desktop.rulesets.future_imperfect import actions as a
from desktop.rulesets.future_imperfect.policy import FIPolicy
from tests.bots.versus_twice import played_twice

FI = "future-imperfect"
RULES = registry.get(FI)
RULEBOOK = Path(__file__).parent / "fi" / "rulebook-deck.json"


def game(*stack: int, players=("Master", "Sid")) -> Game:
    """A game of the rulebook's deck with `stack` on top (the first drawn first)."""
    options = {"stack": ", ".join(str(impulse) for impulse in stack)} if stack else {}
    cards = json.loads(RULEBOOK.read_text())["cards"]
    return Game.new(GameSetup(ruleset=FI, players=list(players), seed=7, options=options, deck=cards))


def choice(g: Game, seat: str, level: str, seed: int = 1):
    return FIPolicy(seed, level).choose(g.legal_actions(seat), g.view(seat))


def test_its_levels_are_its_own_and_random_stays_the_floor():
    assert [level.id for level in RULES.levels] == [LEARNING, STANDARD]
    assert bot_for(RULES, LEARNING, 1).level == LEARNING and bot_for(RULES, STANDARD, 1).level == STANDARD
    assert isinstance(bot_for(RULES, RANDOM, 1), RandomBot)


@pytest.mark.parametrize("level, row", [(STANDARD, 2), (LEARNING, 1)])
def test_the_standard_player_takes_the_largest_result_the_learner_the_first_that_passes(level, row):
    g = game(34)  # card 34's d10 column reads 7, then an exceptional 10
    g.apply(a.SetCheck(player="master", who="sid", trait=10, skill=2, tn=7))
    g.apply(a.DrawResolution(player="sid"))
    assert choice(g, "sid", level) == a.Take(player="sid", row=row)


def test_the_learner_takes_the_largest_when_no_result_passes():
    g = game(34)
    g.apply(a.SetCheck(player="master", who="sid", trait=10, skill=2, tn=30))
    g.apply(a.DrawResolution(player="sid"))
    assert choice(g, "sid", LEARNING) == a.Take(player="sid", row=2)


@pytest.mark.parametrize("level", [STANDARD, LEARNING])
def test_the_master_sets_a_check_for_each_character_in_turn_its_npc_last(level):
    g = game(players=("Master", "Ann", "Bo"))
    bot = FIPolicy(5, level)
    set_for = []
    while len(set_for) < 6:
        stage = g.stages()[0]
        found = bot.choose([act for act in g.legal_actions(stage.seat) if not isinstance(act, a.EndSession)],
                           g.view(stage.seat))
        if isinstance(found, a.SetCheck):
            set_for.append(found)
        g.apply(found)
    assert [found.who for found in set_for] == ["ann", "bo", "master"] * 2
    for found in set_for:
        if level == STANDARD:
            assert found.tn == 7 and 1 <= found.skill <= 5
        else:  # easier checks for the players, the NPC's at the fair TN
            assert found.tn == (7 if found.who == "master" else 6) and 1 <= found.skill <= 5


def test_a_learning_master_sets_the_players_tn_6_and_its_npc_tn_7_over_a_whole_session():
    """A seeded session, the learning Master against two random players: every player's check at
    TN 6, every one of its NPC's at TN 7, skill levels from 1 to 5 (as many rows as the standard
    Master gives, more than three among them)."""
    played = versus.play(FI, [LEARNING, RANDOM, RANDOM], 11, length=4)
    checks = [act for act in played.game.actions if isinstance(act, a.SetCheck)]
    assert played.reached_end and len(checks) == 12
    master = played.game.state.master
    assert master == played.seats[0].seat
    assert {(found.who == master, found.tn) for found in checks} == {(True, 7), (False, 6)}
    assert {found.skill for found in checks} <= {1, 2, 3, 4, 5} and max(found.skill for found in checks) > 3


class Checked:
    """A bot whose every choice must be one of the legal actions it was given (a check set with the
    skill and TN the Master is asked for: one of the checks offered, those filled in)."""

    def __init__(self, bot) -> None:
        self.bot = bot

    def choose(self, legal, view=None):
        found = self.bot.choose(legal, view)
        offered = found.__class__(**{**msgspec.structs.asdict(found), "skill": 1, "tn": 7}) if isinstance(found, a.SetCheck) else found
        assert found is None or offered in legal, found
        return found


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32 - 1),
    levels=st.lists(st.sampled_from([LEARNING, STANDARD, RANDOM]), min_size=1, max_size=5),
)
def test_every_level_plays_to_the_session_end_never_refused_and_the_same_for_a_seed(seed, levels):
    first, again = played_twice(FI, levels, seed, Checked, length=2)
    assert first.reached_end and first.refused == 0 and first.stalled is None
    assert re.fullmatch(r"The session is over \(\d+ checks?\)\.", first.ended)
    assert first.game.state.checks >= 2 * len(levels)
    assert first.game.actions == again.game.actions and first.record() == again.record()
    assert first.answers == {}  # no out-of-turn windows in the system


def test_the_standing_counts_each_characters_checks():
    found = versus.play(FI, [STANDARD, STANDARD, STANDARD], 3, length=3)
    figures = found.standing.figures
    assert [figures[seat]["checks"] for seat in ("ann", "bo", "cy")] == [3, 3, 3]
    for seat, counted in figures.items():
        assert found.standing.scores[seat] == (counted["successes"] + counted["bumps"] - counted["critical"]) / 3


def test_actiondeck_versus_plays_future_imperfect_to_its_end(cli):
    status, out, err = cli("versus", "--system", FI, "--levels", "standard,learning,random", "--games", "2", "--rounds", "2", "--seed", "1")
    assert status == 0, err
    games = [json.loads(line) for line in out.splitlines() if line.strip()]
    assert len(games) == 2 and all(found["reached_end"] and found["refused"] == 0 for found in games)
    assert all(found["end"] == "The session is over (6 checks)." for found in games)
