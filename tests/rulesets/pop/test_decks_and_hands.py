"""Hands, the three decks, draws and the reshuffle, the round's card steps (P15-P28, defaults 11-16)."""

from __future__ import annotations

from desktop.engine.presentation import SeenCard
from desktop.rulesets.price_of_power import actions as a
from desktop.rulesets.price_of_power.cards import card_set

from .helpers import (
    PLAYERS,
    do,
    empty_deck,
    give,
    new,
    power,
    put,
    refused,
    said,
    state,
    to_actions,
    to_phase,
    zone,
)


def in_draw_phase(game, drawn_by_others: bool = True):
    s = state(game)
    s.phase, s.draw_step, s.round = "draw", "draw", 2
    if drawn_by_others:
        s.drew = {seat: ["", "", ""] for seat in s.seat_ids() if seat != "ann"}
    return game


# ---- hands ---------------------------------------------------------------------------------------


def test_P15_D13_hands_are_secret_but_their_counts_and_the_deck_of_each_card_are_public():
    game = to_actions(new())
    spy, charge = give(game, "ann", "dip-spy-network", "mil-cavalry-charge")
    seen_by_bo = game.view("bo")
    assert seen_by_bo.zones["hand:ann"].count == 2 and seen_by_bo.zones["hand:ann"].cards == [None, None]
    assert seen_by_bo.extra.backs["hand:ann"] == ["dip", "mil"]
    assert game.view("ann").zones["hand:ann"].cards == [SeenCard(spy, "dip-spy-network"), SeenCard(charge, "mil-cavalry-charge")]
    title = game.ruleset.table(seen_by_bo).zone("hand:ann").title
    assert title == "Ann: 2 cards (1 DIP, 1 MIL)"


def test_P16_P17_a_sixth_card_before_step_c_is_not_asked_for():
    game = to_actions(new())
    give(game, "ann", "adm-census", "adm-grain-stores", "adm-tax-reform", "dip-guarantee", "mil-war-chest", "mil-fortify-border")
    decree, = give(game, "ann", "adm-royal-decree")
    do(game, a.Play(player="ann", card=decree))  # seven in hand, then six: nothing is owed
    assert len(state(game).hand("ann")) == 6 and not state(game).owed
    do(game, a.PassPhase(player="ann"))
    do(game, a.PassPhase(player="bo"))
    assert state(game).phase == "peace" and not state(game).owed


def test_P16_P17_D16_a_sixth_card_at_step_c_is_discarded_in_turn_order_and_display_cards_do_not_count():
    game = to_phase(new(PLAYERS), "peace")
    six = give(game, "bo", "adm-census", "adm-grain-stores", "adm-tax-reform", "dip-guarantee", "mil-war-chest", "mil-fortify-border")
    give(game, "cy", "adm-patronage", "adm-road-building", "dip-insult", "dip-trade-agreement", "mil-rally", "mil-ambush", "mil-levy-troops")
    give(game, "ann", "adm-royal-mint", "mil-fortified-camp", zone="display")
    give(game, "ann", "adm-land-reform", zone="court")
    give(game, "ann", "adm-stability-push", "adm-tolerance-edict", "dip-embassy", "dip-claim-throne", "mil-forced-march")
    do(game, a.Advance(player="ann"))
    do(game, a.Upkeep(player="ann", card=zone(game, "court:ann")[0], pay=True))
    assert state(game).phase == "cleanup"
    assert [duty.player for duty in state(game).owed] == ["bo", "cy"], "Ann's 5 in hand, 2 on display and 1 in court are within the limit"
    assert "Bo holds 6 and discards 1; Cy holds 7 and discards 2" in said(game)
    assert refused(game, a.Discard(player="cy", card=zone(game, "hand:cy")[0])).startswith("Bo holds more than 5 cards at Step C")
    assert refused(game, a.Advance(player="ann")).startswith("Bo holds more than 5 cards")
    do(game, a.Discard(player="bo", card=six[-1]))
    assert zone(game, "discard:mil")[-1] == six[-1]
    do(game, a.Discard(player="cy", card=zone(game, "hand:cy")[0]))
    do(game, a.Discard(player="cy", card=zone(game, "hand:cy")[0]))
    assert not state(game).owed
    do(game, a.Advance(player="ann"))
    assert state(game).round == 2 and state(game).phase == "draw" and state(game).draw_step == "draw"


# ---- decks and discards --------------------------------------------------------------------------


def test_P18_P19_P20_three_decks_side_by_side_with_discard_piles_that_start_empty_and_face_up():
    game = new()
    table = game.ruleset.table(game.view("ann"))
    shared = [spec.zone for spec in table.zones if spec.seat is None]
    assert shared[:6] == ["deck:adm", "discard:adm", "deck:dip", "discard:dip", "deck:mil", "discard:mil"]
    for power_ in ("adm", "dip", "mil"):
        assert state(game).zones[f"discard:{power_}"].cards == []
        assert state(game).zones[f"discard:{power_}"].visibility == "public"
        assert state(game).zones[f"deck:{power_}"].visibility == "hidden"


def test_P21_the_whole_discard_pile_is_public_in_order():
    game = to_actions(new())
    cards = give(game, "ann", "mil-war-chest", "mil-fortify-border", "mil-levy-troops")
    for card in cards:
        put(game, card, "discard:mil")
    seen = game.view("bo").zones["discard:mil"].cards
    assert [entry.id for entry in seen] == cards


def test_P22_the_reshuffle_waits_for_a_draw_from_the_empty_deck():
    game = in_draw_phase(new())
    empty_deck(game, "mil", 8)
    before = list(zone(game, "discard:mil"))
    do(game, a.Draw(player="ann", deck="adm"))
    assert zone(game, "deck:mil") == [] and zone(game, "discard:mil") == before, "emptying a deck does not rebuild it"
    do(game, a.Draw(player="ann", deck="mil"))
    assert len(zone(game, "discard:mil")) == 5


def test_P23_D15_a_deck_emptied_with_8_discards_takes_3_and_the_top_5_stay_in_order():
    game = in_draw_phase(new())
    pile = empty_deck(game, "mil", 8)
    do(game, a.Draw(player="ann", deck="mil"))
    assert zone(game, "discard:mil") == pile[3:], "the top 5 stay, in their order"
    assert len(zone(game, "deck:mil")) == 2 and len(zone(game, "drawn:ann")) == 1
    assert set(zone(game, "deck:mil")) | set(zone(game, "drawn:ann")) == set(pile[:3])
    assert "keeping the top 5 as the discard pile" in said(game)
    assert game.view("bo").extra.staying["mil"] == 0


def test_P24_a_deck_emptied_with_6_discards_becomes_a_deck_of_1():
    game = in_draw_phase(new())
    pile = empty_deck(game, "mil", 6)
    assert game.view("bo").extra.staying["mil"] == 5
    do(game, a.Draw(player="ann", deck="mil"))
    assert zone(game, "drawn:ann") == [pile[0]] and zone(game, "deck:mil") == [] and zone(game, "discard:mil") == pile[1:]


def test_P24_a_deck_emptied_with_5_discards_shuffles_all_5():
    game = in_draw_phase(new())
    pile = empty_deck(game, "mil", 5)
    assert game.view("bo").extra.staying["mil"] == 0
    do(game, a.Draw(player="ann", deck="mil"))
    assert zone(game, "discard:mil") == [] and len(zone(game, "deck:mil")) == 4
    assert set(zone(game, "deck:mil") + zone(game, "drawn:ann")) == set(pile)


def test_P24_a_deck_emptied_with_4_discards_shuffles_them_all():
    game = in_draw_phase(new())
    empty_deck(game, "adm", 4)
    do(game, a.Draw(player="ann", deck="adm"))
    assert zone(game, "discard:adm") == [] and len(zone(game, "deck:adm")) == 3


def test_D14_a_deck_emptied_with_0_discards_is_refused_with_a_sentence_while_the_others_stay_open():
    game = in_draw_phase(new())
    empty_deck(game, "mil", 0)
    assert refused(game, a.Draw(player="ann", deck="mil")) == (
        "The Military deck and its discard pile are empty: draw from another deck."
    )
    assert {act.deck for act in game.legal_actions("ann") if act.type == "draw"} == {"adm", "dip"}
    do(game, a.Draw(player="ann", deck="dip"))


def test_D14_with_all_three_decks_and_discards_empty_the_draws_are_skipped_and_said():
    game = in_draw_phase(new(), drawn_by_others=False)
    for power_ in ("adm", "dip", "mil"):
        empty_deck(game, power_, 0, keep_elsewhere="ann")
    game.state.drew = {"ann": ["adm", "adm"]}
    card = zone(game, "hand:ann")[0]
    put(game, card, f"discard:{game.state.cards[card].split('-')[0]}")
    do(game, a.Draw(player="ann", deck=game.state.cards[card].split("-")[0]))
    assert "All three decks and their discard piles are empty: Bo's draws are skipped." in said(game)
    assert state(game).draw_step == "keep"


def test_P25_each_deck_reshuffles_its_own_discard_pile():
    game = in_draw_phase(new())
    empty_deck(game, "mil", 8)
    adm = give(game, "ann", "adm-census", "adm-tax-reform")
    for card in adm:
        put(game, card, "discard:adm")
    do(game, a.Draw(player="ann", deck="mil"))
    assert zone(game, "discard:adm") == adm


def test_P26_P27_P28_the_sample_has_three_decks_of_at_least_15_cards_each_with_their_kinds():
    game = new()
    cards = card_set(state(game).deck_key).values()
    for power_ in ("adm", "dip", "mil"):
        assert len([card for card in cards if card.deck == power_]) >= 15
    assert any(card.play.requires and "Influence" in card.play.requires for card in cards if card.deck == "dip")
    assert any(card.play.battle and card.play.dice for card in cards if card.deck == "mil")
    assert any(card.play.gain.ducats for card in cards if card.deck == "adm")


# ---- Draw Cards and setup ------------------------------------------------------------------------


def test_D11_draws_go_one_at_a_time_in_turn_order_then_cards_are_kept_for_2_ducats_each():
    game = new(PLAYERS, setup_draw="off")
    assert state(game).draw_step == "draw"
    assert refused(game, a.Draw(player="bo", deck="adm")) == "Ann draws now, not Bo: draws go in turn order."
    for seat in ("ann", "bo", "cy"):
        for deck in ("adm", "dip", "mil"):
            do(game, a.Draw(player=seat, deck=deck))
            deck_name = {"adm": "Administrative", "dip": "Diplomatic", "mil": "Military"}[deck]
            assert said(game).startswith(f"{game.state.seat_name(seat)} draws a card from the {deck_name} deck.")
            assert "You drew" in said(game, seat) and "You drew" not in said(game)
    assert state(game).draw_step == "keep"
    first, second, third = zone(game, "drawn:ann")
    do(game, a.Keep(player="ann", card=first))
    assert power(game, "ann", "ducats") == 13 and zone(game, "hand:ann") == [first]
    assert said(game) == "Ann keeps a card from the Administrative deck and pays 2 Ducats."
    do(game, a.Release(player="ann", card=second))
    assert zone(game, "discard:dip") == [second], "an unpaid card goes face up to its own discard pile"
    game.state.counters["ann"]["ducats"] = 1
    assert refused(game, a.Keep(player="ann", card=third)) == "Keeping a card costs 2 Ducats; Ann has 1 (1 short)."
    do(game, a.Loan(player="ann"))
    do(game, a.Keep(player="ann", card=third))
    assert refused(game, a.Keep(player="cy", card=zone(game, "drawn:cy")[0])) == "Bo chooses what to keep now, not Cy."


def test_D12_setup_draws_one_card_from_each_deck_and_three_more_and_keeps_up_to_four_free():
    game = new()
    assert state(game).draw_step == "setup"
    for deck in ("adm", "adm", "adm", "adm"):
        do(game, a.Draw(player="ann", deck=deck))
    assert refused(game, a.Draw(player="ann", deck="adm")) == (
        "At setup Ann draws one card from each deck: draw from the Diplomatic and Military decks first."
    )
    do(game, a.Draw(player="ann", deck="dip"))
    assert refused(game, a.Draw(player="ann", deck="dip")).endswith("draw from the Military deck first.")
    do(game, a.Draw(player="ann", deck="mil"))
    for deck in ("mil", "dip", "adm", "adm", "adm", "adm"):
        do(game, a.Draw(player="bo", deck=deck))
    assert state(game).draw_step == "setup-keep"
    drawn = list(zone(game, "drawn:ann"))
    for card in drawn[:4]:
        do(game, a.Keep(player="ann", card=card))
    assert power(game, "ann", "ducats") == 15, "cards kept at setup are free"
    assert refused(game, a.Keep(player="ann", card=drawn[4])) == (
        "Ann has kept 4 cards, the most kept free at setup: let the others go."
    )
    do(game, a.Release(player="ann", card=drawn[4]))
    do(game, a.Release(player="ann", card=drawn[5]))
    assert zone(game, "hand:ann") == drawn[:4]


def test_D12_characters_may_be_appointed_from_the_setup_draw():
    game = new()
    for deck in ("adm", "dip", "mil", "adm", "dip", "mil"):
        do(game, a.Draw(player="ann", deck=deck))
    for deck in ("adm", "dip", "mil", "adm", "dip", "mil"):
        do(game, a.Draw(player="bo", deck=deck))
    kinds = {card: game.state.cards[card] for card in zone(game, "drawn:ann")}
    appointable = [act for act in game.legal_actions("ann") if act.type == "appoint"]
    assert appointable, kinds
    do(game, appointable[0])
    assert zone(game, "court:ann") == [appointable[0].card]


def test_D12_the_setup_draw_can_be_switched_off():
    game = new(setup_draw="off")
    for _ in range(3):
        do(game, a.Draw(player="ann", deck="adm"))
    assert state(game).drew["ann"] == ["adm", "adm", "adm"] and state(game).phase == "draw"
    assert game.stages()[0].seat == "bo"


def test_D11_after_everyone_keeps_the_action_phase_begins_with_the_first_player():
    game = new(setup_draw="off")
    for seat in ("ann", "bo"):
        for _ in range(3):
            do(game, a.Draw(player=seat, deck="dip"))
    for seat in ("ann", "bo"):
        for card in list(zone(game, f"drawn:{seat}")):
            do(game, a.Release(player=seat, card=card))
    assert state(game).phase == "action" and state(game).active == "ann"
    assert "Phase 2 Actions begins: Ann takes the first turn." in said(game)
