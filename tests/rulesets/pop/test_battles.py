"""Battles: the Play Battle Actions step of each round, one use of any particular Battle Action
per side per round, the dice kept for the battle (P43-P49, defaults 24-27)."""

from __future__ import annotations

from desktop.rulesets.price_of_power import actions as a

from .helpers import (
    PLAYERS,
    cubes,
    do,
    give,
    new,
    power,
    put,
    refused,
    said,
    set_power,
    state,
    to_actions,
    to_phase,
    zone,
)


def battle(players=None, attacker="ann", defender="bo", sea=False):
    game = to_phase(new(players), "peace")
    set_power(game, "ann", mil=8)
    set_power(game, "bo", mil=8)
    do(game, a.DeclareBattle(player=attacker or defender, attacker=attacker, defender=defender, sea=sea))
    return game


def test_D24_a_battle_is_declared_in_words_attacker_defender_land_or_sea():
    game = battle(sea=True)
    fight = state(game).battle
    assert (fight.attacker, fight.defender, fight.sea, fight.round, fight.step) == ("ann", "bo", True, 1, "attacker")
    assert said(game) == "Battle at sea: Ann attacks Bo. Round 1: Ann plays Battle Actions (attacker), then says done."
    seen = game.view("bo").extra.battle
    assert seen.step == "attacker" and seen.used == {"attacker": [], "defender": []}


def test_D24_in_phase_2_only_the_player_whose_turn_it_is_declares_and_attacks():
    game = to_actions(new())
    assert refused(game, a.DeclareBattle(player="bo", attacker="bo", defender="ann")).startswith(
        "In Phase 2 a battle is declared by the player whose turn it is (Ann)")
    assert refused(game, a.DeclareBattle(player="ann", attacker="bo", defender="ann")) == "On Ann's turn, Ann is the one who attacks."
    do(game, a.DeclareBattle(player="ann", attacker="ann", defender=None))
    census, = give(game, "ann", "adm-census")
    assert refused(game, a.Play(player="ann", card=census)) == "A battle is under way: end it before Ann goes on with the turn."


def test_D24_a_non_player_realm_plays_no_battle_actions_so_its_step_is_skipped():
    game = battle(attacker=None, defender="bo")
    assert state(game).battle.step == "defender"
    do(game, a.Done(player="bo"))
    assert state(game).battle.step == "between"


def test_D24_only_the_main_defender_plays_battle_actions():
    game = battle(PLAYERS, attacker="ann", defender="bo")
    charge, = give(game, "cy", "mil-cavalry-charge")
    do(game, a.Done(player="ann"))
    assert refused(game, a.Play(player="cy", card=charge)) == (
        "Cy takes no part in this battle: only the attacker and the Main Defender play Battle Actions."
    )


def test_P44_D24_the_attacker_plays_all_it_wants_then_the_defender_without_reopening_the_attacker():
    game = battle()
    attack = give(game, "ann", "mil-cavalry-charge", "mil-grand-battery", "mil-rally")
    defend, = give(game, "bo", "mil-shock-tactics")
    assert refused(game, a.Play(player="bo", card=defend, die="cavalry")) == (
        "It is the attacker's Play Battle Actions step (Ann's), not Bo's."
    )
    for card in attack:
        do(game, a.Play(player="ann", card=card))
    do(game, a.Done(player="ann"))
    do(game, a.Play(player="bo", card=defend, die="cavalry"))
    late, = give(game, "ann", "mil-siege-engineers")
    assert refused(game, a.Play(player="ann", card=late)).startswith("It is the defender's Play Battle Actions step")
    do(game, a.Done(player="bo"))
    assert state(game).battle.step == "between"
    assert refused(game, a.Play(player="ann", card=late)).startswith("Siege Engineers is a Battle Action")


def test_P44_a_battle_action_is_played_only_in_a_battle():
    game = to_actions(new())
    charge, = give(game, "ann", "mil-cavalry-charge")
    assert refused(game, a.Play(player="ann", card=charge)) == (
        "Cavalry Charge is a Battle Action: it is played in a battle's Play Battle Actions step."
    )


def test_P45_battle_actions_work_in_any_battle_you_are_in_even_off_turn_and_after_passing():
    game = to_actions(new(), active="bo")
    do(game, a.PassPhase(player="bo"))
    do(game, a.DeclareBattle(player="ann", attacker="ann", defender="bo"))
    do(game, a.Done(player="ann"))
    rally, = give(game, "bo", "mil-rally")
    do(game, a.Play(player="bo", card=rally))
    assert state(game).battle.dice[-1].side == "defender"


def test_P46_D25_a_battle_action_reused_by_one_side_in_a_round_is_refused():
    game = battle()
    first, second = give(game, "ann", "mil-cavalry-charge", "mil-cavalry-charge")
    do(game, a.Play(player="ann", card=first))
    assert refused(game, a.Play(player="ann", card=second)) == (
        "Ann's side has already used Cavalry Charge this round of battle: one use of any particular "
        "Battle Action per side per round."
    )
    assert not [act for act in game.legal_actions("ann") if act.type == "play" and act.card == second]


def test_P46_D25_the_other_side_may_use_the_same_battle_action_in_the_same_round():
    game = battle()
    mine, theirs = give(game, "ann", "mil-cavalry-charge", "mil-cavalry-charge")
    put(game, theirs, "hand:bo")
    do(game, a.Play(player="ann", card=mine))
    do(game, a.Done(player="ann"))
    do(game, a.Play(player="bo", card=theirs))
    assert [(die.side, die.source) for die in state(game).battle.dice] == [
        ("attacker", "Cavalry Charge"), ("defender", "Cavalry Charge")]


def test_P46_different_battle_actions_may_all_be_used_by_one_side():
    game = battle()
    for card in give(game, "ann", "mil-cavalry-charge", "mil-grand-battery", "mil-rally"):
        do(game, a.Play(player="ann", card=card))
    assert len(state(game).battle.dice) == 4


def test_P43_D25_a_display_cards_battle_action_counts_by_its_action_name_and_spends_cubes():
    game = to_phase(new(), "peace")
    academy, = give(game, "ann", "mil-military-academy", zone="display")
    do(game, a.DeclareBattle(player="ann", attacker="ann", defender="bo"))
    do(game, a.Use(player="ann", card=academy, action="Officer Corps"))
    assert cubes(game, academy) == 2 and power(game, "ann", "mil") == 2
    assert [die.die for die in state(game).battle.dice] == ["infantry", "cavalry"]
    assert refused(game, a.Use(player="ann", card=academy, action="Officer Corps")).startswith(
        "Ann's side has already used Officer Corps this round of battle")


def test_P47_the_dice_stay_for_the_battle_and_a_repeat_in_a_later_round_adds_up():
    game = battle()
    first, second = give(game, "ann", "mil-cavalry-charge", "mil-cavalry-charge")
    do(game, a.Play(player="ann", card=first))
    do(game, a.Done(player="ann"))
    do(game, a.Done(player="bo"))
    do(game, a.NextRound(player="bo"))
    assert state(game).battle.round == 2 and state(game).battle.step == "attacker"
    assert "The dice added so far stay in the pools." in said(game)
    do(game, a.Play(player="ann", card=second))
    dice = state(game).battle.dice
    assert [(die.die, die.round) for die in dice] == [("cavalry", 1), ("cavalry", 2)]
    assert game.view("bo").extra.battle.used == {"attacker": ["Cavalry Charge"], "defender": []}
    do(game, a.Done(player="ann"))
    do(game, a.Done(player="bo"))
    do(game, a.EndBattle(player="ann"))
    assert "Ann added 2 Cavalry." in said(game) and state(game).battle is None


def test_P48_each_die_icon_adds_one_die_of_its_type():
    game = battle()
    battery, = give(game, "ann", "mil-grand-battery")
    do(game, a.Play(player="ann", card=battery))
    assert [die.die for die in state(game).battle.dice] == ["artillery", "artillery"]
    assert "The attacker adds Artillery, Artillery to their dice pool for the rest of the battle." in said(game)


def test_P49_D26_a_question_mark_die_is_a_die_of_the_type_chosen_public_and_logged():
    game = battle()
    shock, ambush = give(game, "ann", "mil-shock-tactics", "mil-ambush")
    assert refused(game, a.Play(player="ann", card=shock)) == (
        "Choose the type of Shock Tactics's ? die: infantry, cavalry or artillery."
    )
    options = {act.dice for act in game.legal_actions("ann") if act.type == "play" and act.card == shock}
    assert options == {("infantry",), ("cavalry",), ("artillery",)}
    do(game, a.Play(player="ann", card=shock, dice=("artillery",)))
    assert "Artillery (for ?)" in said(game)
    die = state(game).battle.dice[0]
    assert (die.die, die.chosen) == ("artillery", True)
    assert game.view("bo").extra.battle.dice[0].chosen
    do(game, a.Play(player="ann", card=ambush, dice=("cavalry",), confirm=True))
    assert [d.die for d in state(game).battle.dice] == ["artillery", "infantry", "cavalry"]
    charge, = give(game, "ann", "mil-cavalry-charge")
    assert refused(game, a.Play(player="ann", card=charge, dice=("infantry",))) == (
        "Cavalry Charge has no ? die to choose a type for.")
    assert refused(game, a.Play(player="ann", card=charge, die="infantry")) == (
        "Cavalry Charge has no ? die to choose a type for.")


def test_P49_D26_games_saved_with_one_type_for_a_cards_question_mark_dice_still_replay():
    game = battle()
    shock, = give(game, "ann", "mil-shock-tactics")
    do(game, a.Play(player="ann", card=shock, die="cavalry"))
    assert [(d.die, d.chosen) for d in state(game).battle.dice] == [("cavalry", True)]
    ambush, = give(game, "ann", "mil-ambush")
    assert refused(game, a.Play(player="ann", card=ambush, die="cavalry", dice=("artillery",), confirm=True)) == (
        "Give the types of Ambush's ? dice once: one for each die.")


def two_question_mark_dice_deck() -> list[dict]:
    from .helpers import shipped_records

    envelop = {"id": "mil-envelopment", "name": "Double Envelopment", "deck": "mil", "cost": 1, "battle": True,
               "dice": ["any", "cavalry", "any"], "text": "Add 1 Cavalry die and 2 Battle Dice of any type.",
               "character": {"name": "Marshal Ode Brant", "kind": "general", "hire": 1}}
    return [*shipped_records(), envelop]


def test_P49_D26_each_question_mark_die_on_a_card_is_its_own_choice():
    game = to_phase(new(deck=two_question_mark_dice_deck()), "peace")
    set_power(game, "ann", mil=8)
    do(game, a.DeclareBattle(player="ann", attacker="ann", defender="bo"))
    envelop, = give(game, "ann", "mil-envelopment")
    mixes = {act.dice for act in game.legal_actions("ann") if act.type == "play" and act.card == envelop}
    # Every mix of two types, each once (the dice join one pool: their order says nothing).
    assert mixes == {("infantry", "infantry"), ("infantry", "cavalry"), ("infantry", "artillery"),
                     ("cavalry", "cavalry"), ("cavalry", "artillery"), ("artillery", "artillery")}
    assert refused(game, a.Play(player="ann", card=envelop, dice=("artillery",))) == (
        "Double Envelopment has 2 ? dice: choose a type for each (infantry, cavalry or artillery), 2 in all.")
    do(game, a.Play(player="ann", card=envelop, dice=("infantry", "artillery")))
    added = [(d.die, d.chosen) for d in state(game).battle.dice]
    assert added == [("infantry", True), ("cavalry", False), ("artillery", True)]
    assert "The attacker adds Infantry (for ?), Cavalry, Artillery (for ?)" in said(game)
    words = game.ruleset.describe(a.Play(player="ann", card=envelop, dice=("artillery", "artillery")), game.view("ann"))
    assert words == "Play Double Envelopment (? as 2 Artillery)"


def test_P49_D26_a_save_giving_one_type_for_several_question_mark_dice_replays_as_it_was_played():
    game = to_phase(new(deck=two_question_mark_dice_deck()), "peace")
    set_power(game, "ann", mil=8)
    do(game, a.DeclareBattle(player="ann", attacker="ann", defender="bo"))
    envelop, = give(game, "ann", "mil-envelopment")
    do(game, a.Play(player="ann", card=envelop, die="artillery"))
    assert [d.die for d in state(game).battle.dice] == ["artillery", "cavalry", "artillery"]


def test_D27_a_battle_action_card_pays_its_cost_takes_no_turn_and_goes_to_its_discard():
    game = to_actions(new())
    set_power(game, "ann", mil=5)
    do(game, a.DeclareBattle(player="ann", attacker="ann", defender="bo"))
    siege, = give(game, "ann", "mil-siege-engineers")
    do(game, a.Play(player="ann", card=siege))
    assert power(game, "ann", "mil") == 4 and power(game, "ann", "ducats") == 14
    assert zone(game, "discard:mil") == [siege]
    assert state(game).active == "ann"


def test_D24_between_rounds_the_battle_goes_on_or_ends_and_a_step_must_be_finished_first():
    game = battle()
    assert refused(game, a.NextRound(player="bo")).startswith("Round 1 of the battle is still in its Play Battle Actions step")
    assert refused(game, a.Done(player="bo")) == "It is Ann's Play Battle Actions step, not Bo's."
    assert refused(game, a.Advance(player="ann")) == "A battle is under way: end it before the phase ends."
    do(game, a.Done(player="ann"))
    do(game, a.Done(player="bo"))
    do(game, a.EndBattle(player="bo"))
    assert said(game) == "The battle ends after 1 round. No Battle Dice were added by Battle Actions."
    do(game, a.Advance(player="ann"))
