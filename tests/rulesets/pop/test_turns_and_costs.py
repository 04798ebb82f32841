"""Playing a card, costs, Appoint and the Turn (the spec's P1-P14, and the defaults 1-10)."""

from __future__ import annotations

from desktop.rulesets.price_of_power import actions as a
from desktop.rulesets.price_of_power.cards import DECK_NAMES

from .helpers import (
    PLAYERS,
    do,
    give,
    name,
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


def test_P1_a_card_played_for_its_action_takes_the_whole_turn():
    game = to_actions(new())
    census, = give(game, "ann", "adm-census")
    do(game, a.Play(player="ann", card=census))
    assert state(game).active == "bo"
    assert "It is Bo's turn." in said(game)


def test_P1_D2_a_card_marked_not_taking_the_turn_leaves_it_open():
    game = to_actions(new())
    decree, census = give(game, "ann", "adm-royal-decree", "adm-census")
    do(game, a.Play(player="ann", card=decree))
    assert state(game).active == "ann" and "does not take the turn" in said(game)
    do(game, a.Play(player="ann", card=census))
    assert state(game).active == "bo"


def test_P2_D8_minor_actions_come_with_a_card_on_the_same_turn_and_appoint_does_not_end_it():
    game = to_actions(new())
    land, census = give(game, "ann", "adm-land-reform", "adm-census")
    do(game, a.Appoint(player="ann", card=land))
    assert state(game).active == "ann", "Appoint is a Minor Action: the Turn goes on"
    assert "turn goes on" in said(game)
    do(game, a.Loan(player="ann"))
    assert state(game).active == "ann"
    do(game, a.Play(player="ann", card=census))
    assert state(game).active == "bo"


def test_P3_D1_a_turn_may_be_a_basic_action_declared_in_words_with_its_cost():
    game = to_actions(new())
    do(game, a.Basic(player="ann", name="Move an army to Flanders", mil=1, ducats=2))
    assert power(game, "ann", "mil") == 2 and power(game, "ann", "ducats") == 13
    assert "Ann takes Move an army to Flanders on the board, paying 1 MIL and 2 Ducats." in said(game)
    assert state(game).active == "bo"
    assert refused(game, a.Basic(player="bo", dip=4)) == "That Basic Action needs 4 DIP; Bo has 3 DIP."


def test_P4_P5_the_power_cost_is_always_of_the_cards_deck():
    for definition, deck in (("adm-census", "adm"), ("dip-improve-relations", "dip"), ("mil-fortify-border", "mil")):
        game = to_actions(new())
        card, = give(game, "ann", definition)
        before = {key: power(game, "ann", key) for key in ("adm", "dip", "mil")}
        do(game, a.Play(player="ann", card=card))
        spent = {key: before[key] - power(game, "ann", key) for key in before}
        assert spent[deck] > 0 and all(spent[other] == 0 for other in spent if other != deck), (definition, spent)


def test_P6_a_ducat_cost_is_paid_as_well():
    game = to_actions(new())
    university, = give(game, "ann", "adm-university")
    do(game, a.Play(player="ann", card=university))
    assert power(game, "ann", "adm") == 0 and power(game, "ann", "ducats") == 13
    assert "for 3 ADM and 2 Ducats" in said(game)


def test_P7_P9_D4_a_cost_reduced_below_0_costs_0_and_never_gains_power():
    game = to_actions(new())
    press, = give(game, "ann", "adm-printing-press")  # 2 ADM
    do(game, a.Play(player="ann", card=press, modifier=-5, reason="an Idea"))
    assert power(game, "ann", "adm") == 3, "a cost below 0 is 0: ADM neither falls nor rises"
    assert "for 0 ADM (printed 2, -5 an Idea)" in said(game)


def test_D4_D5_a_reduction_never_spills_into_ducats_and_each_part_is_floored_alone():
    game = to_actions(new())
    bribe, = give(game, "ann", "dip-bribe-officials")  # 1 DIP and 3 Ducats
    do(game, a.Play(player="ann", card=bribe, target="bo", modifier=-4, reason="a big discount"))
    assert power(game, "ann", "dip") == 3 and power(game, "ann", "ducats") == 12


def test_D4_a_cost_may_also_rise_and_a_reason_needs_a_modifier():
    game = to_actions(new())
    census, = give(game, "ann", "adm-census")
    assert refused(game, a.Play(player="ann", card=census, reason="nothing")).startswith("A reason is given")
    assert refused(game, a.Play(player="ann", card=census, modifier=11)).startswith("A cost modifier is a whole number")
    do(game, a.Play(player="ann", card=census, modifier=1, reason="Stability -1"))
    assert power(game, "ann", "adm") == 0


def test_D6_a_cost_that_cannot_be_paid_is_refused_with_the_missing_amount():
    game = to_actions(new())
    university, = give(game, "ann", "adm-university")
    set_power(game, "ann", adm=1, ducats=0)
    assert refused(game, a.Play(player="ann", card=university)) == (
        "University Charter needs 3 ADM and 2 Ducats; Ann has 1 ADM and 0 Ducats (2 ADM and 2 Ducats short)."
    )


def test_D6_a_loan_gives_5_ducats_and_an_interest_token_and_a_sixth_is_refused():
    game = to_actions(new())
    for count in range(1, 6):
        do(game, a.Loan(player="ann"))
        assert power(game, "ann", "interest") == count
    assert power(game, "ann", "ducats") == 40
    assert refused(game, a.Loan(player="ann")) == "Ann has 5 Interest tokens: no more Loans."
    do(game, a.Repay(player="ann"))
    assert power(game, "ann", "interest") == 4 and power(game, "ann", "ducats") == 35
    assert refused(game, a.Loan(player="bo")) == "Bo takes a Loan on their own turn, or when they must cover a cost now."


def test_D6_loans_can_be_switched_off():
    game = to_actions(new(loans="off"))
    assert refused(game, a.Loan(player="ann")) == "Loans are off in this game (the option loans)."
    assert not [act for act in game.legal_actions() if act.type == "loan"]


def test_P10_P11_D32_a_card_resolves_at_once_then_goes_face_up_to_its_own_decks_discard():
    game = to_actions(new())
    war_chest, = give(game, "ann", "mil-war-chest")
    outcome = do(game, a.Play(player="ann", card=war_chest))
    assert power(game, "ann", "ducats") == 18, "its card-level effect is given"
    assert zone(game, "discard:mil")[-1] == war_chest and not zone(game, "discard:adm")
    texts = [entry.text for entry in outcome.log]
    assert texts.index("War Chest: Gain 3 Ducats.") < texts.index("It is Bo's turn.")


def test_P11_a_display_card_is_not_discarded_when_played():
    game = to_actions(new())
    mint, = give(game, "ann", "adm-royal-mint")
    do(game, a.Play(player="ann", card=mint))
    assert zone(game, "display:ann") == [mint] and not zone(game, "discard:adm")


def test_P12_every_card_may_be_appointed_instead_of_played():
    for definition in ("adm-census", "dip-counterespionage", "mil-cavalry-charge", "dip-spy-network"):
        game = to_actions(new())
        set_power(game, "ann", mil=3, ducats=15)
        state(game).counters["ann"]["interregnum"] = 1
        card, = give(game, "ann", definition)
        do(game, a.Appoint(player="ann", card=card))
        assert zone(game, "court:ann") == [card], definition


def test_P13_every_card_of_the_sample_depicts_one_character_of_a_known_kind():
    from desktop.rulesets.price_of_power.cards import card_set

    game = new()
    found = {definition.character.kind for definition in card_set(state(game).deck_key).values()}
    assert found == {"advisor", "ruler", "general", "admiral"}, "every portrait type is in the sample"


def test_P14_D10_an_appointed_character_sits_in_a_public_court_not_in_the_hand():
    game = to_actions(new())
    land, = give(game, "ann", "adm-land-reform")
    do(game, a.Appoint(player="ann", card=land))
    assert power(game, "ann", "ducats") == 13, "an Advisor is hired for its Ducats"
    assert power(game, "ann", "adm") == 3, "appointing does not pay the card's top-left cost"
    seen = game.view("bo").zones["court:ann"]
    assert seen.count == 1 and seen.cards[0] is not None and seen.cards[0].id == land


def test_D8_appoint_cannot_stand_alone_the_turn_still_needs_a_card_an_action_or_a_pass():
    game = to_actions(new())
    land, = give(game, "ann", "adm-land-reform")
    do(game, a.Appoint(player="ann", card=land))
    assert state(game).active == "ann"
    kinds = {act.type for act in game.legal_actions("ann")}
    assert {"basic", "pass_phase"} <= kinds


def test_D8_appoint_as_a_reaction_a_general_when_your_army_is_attacked_a_ruler_when_yours_is_discarded():
    game = to_phase(new(), "peace")
    general, ruler = give(game, "bo", "mil-cavalry-charge", "adm-census")
    refused_now = refused(game, a.Appoint(player="bo", card=general))
    assert refused_now.startswith("Bo can appoint only on their Turn in Phase 2")
    do(game, a.Declare(player="bo", event="army-attacked"))
    assert refused(game, a.Appoint(player="bo", card=ruler)).startswith("As a Reaction, a General is appointed")
    do(game, a.Appoint(player="bo", card=general))
    assert zone(game, "court:bo") == [general] and power(game, "bo", "mil") == 1
    do(game, a.Pass(player="bo"))
    queen, = give(game, "bo", "mil-war-chest", zone="court")
    do(game, a.Dismiss(player="bo", card=queen))
    assert power(game, "bo", "interregnum") == 1 and state(game).trigger.event == "ruler-discarded"
    do(game, a.Appoint(player="bo", card=ruler))
    assert power(game, "bo", "interregnum") == 0 and ruler in zone(game, "court:bo")


def test_D9_one_advisor_per_power_type_a_new_one_replaces_the_old():
    game = to_actions(new())
    land, tolerance, university = give(game, "ann", "adm-land-reform", "adm-tolerance-edict", "adm-university")
    do(game, a.Appoint(player="ann", card=land))        # ADM Advisor
    do(game, a.Appoint(player="ann", card=tolerance))   # DIP Advisor: beside it
    assert zone(game, "court:ann") == [land, tolerance]
    do(game, a.Appoint(player="ann", card=university))  # ADM Advisor: replaces the Reeve
    assert zone(game, "court:ann") == [tolerance, university]
    assert zone(game, "discard:adm") == [land]
    assert "Reeve Tomas Hall leaves Ann's court" in said(game)


def test_D9_generals_cost_mil_and_a_ruler_is_free_only_in_an_interregnum():
    game = to_actions(new())
    charge, census = give(game, "ann", "mil-cavalry-charge", "adm-census")
    set_power(game, "ann", mil=1)
    assert refused(game, a.Appoint(player="ann", card=charge)) == (
        "Hiring General Mateusz Wolski needs 2 MIL; Ann has 1 MIL (1 MIL short)."
    )
    assert refused(game, a.Appoint(player="ann", card=census)) == (
        "Ann has a Ruler: a new Ruler is appointed only during an Interregnum."
    )
    state(game).counters["ann"]["interregnum"] = 1
    do(game, a.Appoint(player="ann", card=census))
    assert power(game, "ann", "interregnum") == 0 and power(game, "ann", "ducats") == 15


def test_D9_D10_upkeep_in_phase_4_is_paid_or_the_advisor_goes_and_skills_give_income():
    game = to_phase(new(), "peace")
    hall, vale = give(game, "ann", "adm-land-reform", "adm-grain-stores", zone="court")  # ADM +1, MIL +1
    queen, = give(game, "ann", "adm-census", zone="court")  # Ruler 3/2/1
    set_power(game, "ann", ducats=1)
    do(game, a.Advance(player="ann"))
    assert state(game).phase == "income"
    do(game, a.Upkeep(player="ann", card=hall, pay=True))
    assert refused(game, a.Upkeep(player="ann", card=vale, pay=True)) == (
        "Quartermaster Ines Vale's upkeep is 1 Ducats; Ann has 0 (1 short): let the Advisor go, or take a Loan."
    )
    do(game, a.Upkeep(player="ann", card=vale, pay=False))
    assert vale in zone(game, "discard:adm") and zone(game, "court:ann") == [hall, queen]
    assert (power(game, "ann", "adm"), power(game, "ann", "dip"), power(game, "ann", "mil")) == (3 + 3 + 1, 3 + 2, 3 + 1)


def test_D10_dismissed_characters_go_face_up_to_their_decks_discard():
    game = to_phase(new(), "peace")
    fehr, = give(game, "ann", "dip-casus-belli", zone="court")
    do(game, a.Dismiss(player="ann", card=fehr))
    assert zone(game, "discard:dip") == [fehr] and not zone(game, "court:ann")


def test_D1_turns_go_round_the_table_from_the_first_player_and_the_phase_ends_when_all_pass():
    game = to_actions(new(PLAYERS))
    order = []
    for _ in range(3):
        order.append(state(game).active)
        do(game, a.Basic(player=state(game).active))
    assert order == ["ann", "bo", "cy"]
    do(game, a.PassPhase(player="ann"))
    do(game, a.PassPhase(player="bo"))
    assert state(game).active == "cy"
    do(game, a.Basic(player="cy"))
    assert state(game).active == "cy", "passed players take no turns"
    do(game, a.PassPhase(player="cy"))
    assert state(game).phase == "peace"


def test_D1_a_passed_player_acts_only_through_reactions_and_battle_actions():
    game = to_actions(new())
    census, casus = give(game, "ann", "adm-census", "dip-casus-belli")
    do(game, a.PassPhase(player="ann"))
    assert refused(game, a.Play(player="ann", card=census)) == (
        "Ann has passed: only Reactions and Battle Actions are open to them this phase."
    )
    do(game, a.Declare(player="ann", event="war-declared"))
    do(game, a.Play(player="ann", card=casus))
    assert power(game, "ann", "mil") == 5


def test_D3_the_event_is_taken_once_a_round_and_before_passing():
    game = to_actions(new(), events=False)
    assert refused(game, a.PassPhase(player="ann")) == "Ann must take the round's Event (a Basic Action) before passing."
    assert a.TakeEvent(player="ann") in game.legal_actions("ann")
    do(game, a.TakeEvent(player="ann"))
    assert "Ann takes the round's Event on the board." in said(game)
    do(game, a.TakeEvent(player="bo", name="The Printing Press"))
    assert "Bo takes the round's Event (The Printing Press) on the board." in said(game)
    assert refused(game, a.TakeEvent(player="ann")) == (
        "Ann has already taken the Event this round: it is taken once a round."
    )
    assert not [act for act in game.legal_actions("ann") if act.type == "take_event"]
    do(game, a.PassPhase(player="ann"))


def test_D3_games_saved_with_the_event_as_a_basic_action_still_replay():
    game = to_actions(new(), events=False)
    do(game, a.Basic(player="ann", event=True, name="Event"))
    assert "Ann takes the round's Event on the board." in said(game)
    do(game, a.Basic(player="bo", event=True))
    assert refused(game, a.TakeEvent(player="ann")).startswith("Ann has already taken the Event")
    assert not any(act.type == "basic" and act.event for act in game.legal_actions())


def test_D3_the_event_rule_can_be_switched_off():
    game = to_actions(new(event_required="off"), events=False)
    do(game, a.PassPhase(player="ann"))
    assert "ann" in state(game).passed


def test_a_turn_is_taken_by_its_player_only():
    game = to_actions(new())
    census, = give(game, "bo", "adm-census")
    assert refused(game, a.Play(player="bo", card=census)) == "It is Ann's turn, not Bo's."
    put(game, census, "hand:ann")
    assert refused(game, a.Play(player="bo", card=census)) == f"The card '{census}' is not in Bo's hand."
    assert DECK_NAMES["adm"] == "Administrative" and name(game, census) == "Census of the Realm"
