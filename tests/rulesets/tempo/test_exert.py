"""Exert and Exertion (T28-T42, D7-D17): each use and its timing, only player characters, the
maximum 2 + FOR (at least 1), refused at the maximum, death when forced beyond it or Dying at it,
the end of a scene with its damage for those who Exerted."""

from __future__ import annotations

import pytest

from desktop.rulesets.tempo import actions as a
from desktop.rulesets.tempo.core import max_exertion
from tests.rulesets.tempo.helpers import (
    ANN,
    BO,
    GOBLIN,
    ORC,
    advance,
    entry,
    lines,
    new,
    plans,
    refused,
    st,
    take,
    to_turn,
)

NPCS = {"orc": ["help", "slow_attack"], "goblin": ["move", "shift"]}


def in_a_turn(game=None):
    """Ann's Quick Attack at tempo 3 is under way (Bo acts at 5 and 7)."""
    game = plans(game or new(), {"ann": ["quick_attack", "hide"], "bo": ["standard_attack", "shift"], **NPCS})
    take(game, "ann", "quick_attack", weapon="Dagger", target="orc")
    return game


def exert(game, use: str, character: str = "ann", **fields):
    return game.apply(a.Exert(player=st(game).character(character).seat, character=character, use=use, **fields))


@pytest.mark.parametrize(("for_", "most"), [(1, 3), (0, 2), (-1, 1), (-5, 1), (3, 5)])
def test_T39_the_maximum_is_2_plus_for_and_at_least_1(for_, most):
    game = new([dict(ANN, **{"for": for_}), BO, ORC, GOBLIN])
    assert max_exertion(st(game), "ann") == most


def test_T28_D1_npcs_do_not_exert_unless_their_sheet_says_so():
    game = in_a_turn()
    refused(game, a.Exert(player="gm", character="orc", use="retry"), "only player characters Exert themselves (T28, D1)")
    game = in_a_turn(new([ANN, BO, dict(ORC, exert=True), GOBLIN]))
    exert(game, "retry", "orc")
    assert st(game).counters["orc"]["exertion"] == 1


def test_T29_D8_exert_at_the_end_of_a_turn_for_another_action_that_ignores_the_restriction_with_a_normal_move():
    game = in_a_turn()
    outcome = exert(game, "another", action="standard_attack")  # a second Attack: it ignores the restriction
    assert "Ann Exerts: another action this round" in lines(outcome)[-1] and "Exertion 1/3" in lines(outcome)[-1]
    extra = st(game).entries[-1]
    assert (extra.tag, extra.tempo, extra.action) == ("exert", 5, "standard_attack")
    advance(game)
    to_turn(game, "ann", 5)
    outcome = take(game, "ann", "standard_attack", weapon="Sword", target="orc")
    assert "(Exert)" in lines(outcome)[0] and "with a Normal Move" in lines(outcome)[0]


def test_D8_the_another_action_must_come_later_or_now_while_the_player_characters_step_is_open():
    game = in_a_turn()
    refused(game, a.Exert(player="ann", character="ann", use="another", action="scan"), "Tempo 2 has passed")
    exert(game, "another", action="help")  # tempo 3, the player characters' step still open
    advance(game)
    assert st(game).turn is None and st(game).tempo == 3 and on_now_ids(game) == ["ann"]


def on_now_ids(game) -> list[str]:
    from desktop.rulesets.tempo.count import on_now

    return [c.id for c in on_now(st(game))]


def test_T29_D7_end_of_turn_exerts_wait_for_a_turn_to_end():
    game = plans(new(), {"ann": ["quick_attack", "hide"], "bo": ["standard_attack", "shift"], **NPCS})
    refused(game, a.Exert(player="ann", character="ann", use="another", action="move"), "at the end of a turn")


def test_T30_D9_exert_to_move_an_action_not_yet_taken_to_another_tempo():
    game = in_a_turn()
    hide = entry(game, "ann", "hide")
    outcome = exert(game, "move", entry=hide, tempo=4)
    assert "moves a planned action to another tempo" in lines(outcome)[-1]
    moved = st(game).entry(hide)
    assert (moved.tempo, moved.usual) == (4, 6)
    assert st(game).card_states[moved.card].slot == 4


def test_D9_an_action_already_taken_or_moved_into_the_past_is_refused():
    game = in_a_turn()
    refused(game, a.Exert(player="ann", character="ann", use="move", entry=entry(game, "ann", "quick_attack"), tempo=6),
            "already taken")
    refused(game, a.Exert(player="ann", character="ann", use="move", entry=entry(game, "ann", "hide"), tempo=1),
            "has passed")


def test_T31_D10_momentum_during_your_own_turn_only():
    game = in_a_turn()
    refused(game, a.Exert(player="bo", character="bo", use="momentum"), "during Bo's own turn")
    outcome = exert(game, "momentum")
    assert "Momentum (1d4)" in lines(outcome)[-1] and 1 <= st(game).counters["ann"]["momentum"] <= 4


def test_T32_clear_a_condition_during_your_turn():
    game = in_a_turn()
    st(game).character("ann").conditions.append("Dazed")
    exert(game, "condition", condition="Dazed")
    assert "Dazed" not in st(game).character("ann").conditions


def test_T33_D20_reclaim_1_mana_from_the_lowest_committed_tier_first():
    game = in_a_turn()
    values = st(game).counters["ann"]
    values.update(mana=0, mana_scene=2, mana_day=1, mana_ever=1)
    exert(game, "mana")
    assert (values["mana"], values["mana_ever"], values["mana_scene"]) == (1, 0, 2)
    st(game).counters["ann"]["exertion"] = 0
    exert(game, "mana", tier="mana_day")  # the player may pick another non-empty tier
    assert values["mana_day"] == 0


def test_T34_D10_retry_a_failed_skill_roll_is_declared():
    game = plans(new(), {"ann": ["quick_attack", "hide"], "bo": ["standard_attack", "shift"], **NPCS})
    outcome = exert(game, "retry", note="the climb")
    assert "retries a failed skill roll (the climb)" in lines(outcome)[-1]


def test_T35_D11_a_preparation_costs_what_the_gm_says_and_is_refused_past_the_maximum():
    game = in_a_turn()
    refused(game, a.Exert(player="ann", character="ann", use="prepared", amount=4), "1, 2 or 3")
    st(game).counters["ann"]["exertion"] = 1
    refused(game, a.Exert(player="ann", character="ann", use="prepared", amount=3), "would go past its maximum")
    exert(game, "prepared", amount=2, note="oiled the hinges")
    assert st(game).counters["ann"]["exertion"] == 3


def test_T36_T40_D12_each_exert_is_1_exertion_and_exert_at_the_maximum_is_refused():
    game = in_a_turn()
    for _ in range(3):
        exert(game, "retry")
    assert st(game).counters["ann"]["exertion"] == 3
    sentence = refused(game, a.Exert(player="ann", character="ann", use="retry"), "is at its maximum Exertion of 3")
    assert "(T40, D12)" in sentence


def test_T41_D13_exertion_forced_past_the_maximum_kills_reaching_it_is_survived():
    game = in_a_turn()
    refused(game, a.ForceExertion(player="ann", character="bo"), "is the GM's")
    game.apply(a.ForceExertion(player="gm", character="bo", amount=2))
    assert not st(game).character("bo").dead  # Bo's maximum is 2: reached, survived
    outcome = game.apply(a.ForceExertion(player="gm", character="bo", amount=1))
    assert "Bo dies: forced beyond its maximum Exertion of 2 (T41)." in lines(outcome)
    assert st(game).character("bo").dead


def test_T42_D14_dying_at_the_maximum_kills_a_player_character():
    game = in_a_turn()
    st(game).counters["bo"]["exertion"] = 2
    outcome = game.apply(a.SetCondition(player="gm", character="bo", condition="Dying"))
    assert "Bo dies: Dying while at its maximum Exertion (T42)." in lines(outcome)
    game2 = in_a_turn()
    game2.apply(a.SetCondition(player="gm", character="bo", condition="Dying"))
    assert not st(game2).character("bo").dead  # below the maximum it stays Dying
    game2.apply(a.ForceExertion(player="gm", character="bo", amount=2))
    assert st(game2).character("bo").dead  # and reaching the maximum while Dying kills


def test_D14_dying_at_0_hp_with_the_auto_option():
    game = in_a_turn(new(dying="auto"))
    game.apply(a.Declare(player="gm", event="hit", character="bo", damage=20))
    advance(game)
    assert "Dying" in st(game).character("bo").conditions


def test_D15_exertion_above_a_lowered_maximum_stays_and_exert_is_refused():
    game = in_a_turn()
    exert(game, "retry")
    exert(game, "retry")
    st(game).counters["ann"]["for"] = -1  # the maximum falls to 1
    assert st(game).counters["ann"]["exertion"] == 2 and not st(game).character("ann").dead
    refused(game, a.Exert(player="ann", character="ann", use="retry"), "is at its maximum Exertion of 1")


def test_D16_death_voids_the_remaining_actions_and_the_row_can_neither_react_nor_exert():
    game = in_a_turn()
    game.apply(a.ForceExertion(player="gm", character="bo", amount=3))
    assert all(e.status == "lost" for e in st(game).entries if e.character == "bo")
    refused(game, a.Exert(player="bo", character="bo", use="retry"), "Bo is dead")
    assert game.view("ann").extra.rows[1].dead


def test_T37_D17_the_end_of_a_scene_hurts_those_who_exerted_by_their_exertion_and_keeps_exertion():
    game = in_a_turn()
    exert(game, "retry")
    exert(game, "retry")
    st(game).counters["bo"]["exertion"] = 2  # Bo did not Exert this scene: no damage
    advance(game)
    outcome = game.apply(a.EndScene(player="gm"))
    assert "Ann Exerted this scene: damage equal to its Exertion, 2 (T37)." in lines(outcome)
    values = st(game).counters
    assert (values["ann"]["hp"], values["ann"]["exertion"], values["bo"]["hp"]) == (10, 2, 12)
    assert not st(game).character("ann").exerted_scene and st(game).scene == 2
    game.apply(a.EndScene(player="gm"))
    assert st(game).counters["ann"]["hp"] == 10  # a scene without Exert costs nothing


def test_T38_D18_resting_lowers_exertion_by_hand_but_never_raises_it():
    game = in_a_turn()
    exert(game, "retry")
    game.apply(a.SetCounter(player="ann", character="ann", counter="exertion", value=0))
    refused(game, a.SetCounter(player="ann", character="ann", counter="exertion", value=2), "by hand it is lowered")


def test_the_legal_list_skips_only_exerts_that_would_all_be_refused():
    """The legal list does not try a character's Exerts when `may_take_more` says none can pass
    (an NPC, a character at its maximum): over many moments of random games, every Exert of such
    a character is refused by the rules, so nothing legal is left out."""
    import random

    from desktop.engine.demo import demo_game
    from desktop.engine.errors import RuleError
    from desktop.engine.game import Game, GameSetup
    from desktop.rulesets.tempo import exert as exerts
    from desktop.rulesets.tempo.legal import _exerts

    games = [demo_game("tempo")]
    for seed in range(3):
        games.append(Game.new(GameSetup(ruleset="tempo", players=["Ann", "Bo", "Cy", "GM"], seed=seed)))
    skipped = 0
    for number, game in enumerate(games):
        chooser = random.Random(number)
        for _ in range(120):
            state = game.state
            if state.turn is not None:
                for char in state.characters:
                    if char.dead or exerts.may_take_more(state, char):
                        continue
                    for candidate in _exerts(state, char, char.seat):
                        skipped += 1
                        with pytest.raises(RuleError):
                            exerts.check_exert(state, candidate)
            legal = game.legal_actions()
            if not legal:
                break
            game.apply(chooser.choice(legal))
    assert skipped > 0  # the case was met
