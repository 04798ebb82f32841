"""Display cards: charged with cubes, their actions from the next turn, at most two, never two of
one name, the last cube discards (P29-P42, defaults 17-23)."""

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
    shipped_records,
    state,
    to_actions,
    zone,
)


def shown(game, seat="ann"):
    do(game, a.Play(player=seat, card=give(game, seat, "dip-spy-network")[0]))
    return zone(game, f"display:{seat}")[-1]


def test_P29_P30_P31_a_display_card_goes_face_up_on_display_charged_with_its_squares_in_cubes():
    game = to_actions(new())
    spy = shown(game)
    assert zone(game, "display:ann") == [spy] and state(game).zones["display:ann"].visibility == "public"
    assert cubes(game, spy) == 3
    seen = game.view("bo")
    assert seen.marks[spy].tokens == 3 and seen.extra.display["ann"][0].cubes == 3
    assert "charged with 3 cubes" in said(game)


def test_P32_playing_a_display_card_costs_its_top_left_cost_and_may_have_its_own_effect():
    game = to_actions(new())
    shown(game)
    assert power(game, "ann", "dip") == 1, "Spy Network costs 2 DIP"
    records = shipped_records()
    mint = next(record for record in records if record["id"] == "adm-royal-mint")
    mint["gain"] = {"ducats": 1}
    game = to_actions(new(deck=records))
    card, = give(game, "ann", "adm-royal-mint")
    do(game, a.Play(player="ann", card=card))
    assert power(game, "ann", "adm") == 1 and power(game, "ann", "ducats") == 16


def test_P33_D17_its_actions_wait_until_the_turn_it_was_played_in_is_over_then_work_on_others_turns():
    game = to_actions(new())
    camp, = give(game, "ann", "mil-fortified-camp")
    do(game, a.Play(player="ann", card=camp, target=None))
    assert state(game).active == "bo"
    # Bo attacks Ann on Bo's turn: the card was played on an earlier turn, so Dig In works.
    do(game, a.DeclareBattle(player="bo", attacker="bo", defender="ann"))
    do(game, a.Done(player="bo"))
    do(game, a.Use(player="ann", card=camp, action="Dig In"))
    assert state(game).battle.dice[0].die == "infantry"


def test_P33_D21_a_display_action_is_refused_on_the_turn_the_card_was_played():
    game = to_actions(new())
    decree, = give(game, "ann", "adm-royal-decree")
    mint, = give(game, "ann", "adm-royal-mint")
    set_power(game, "ann", adm=6)
    do(game, a.Play(player="ann", card=decree))  # keeps the turn open
    mint_play = a.Play(player="ann", card=mint)
    do(game, mint_play)
    state(game).active = "ann"  # (a card that does not take the turn could leave it open, as here)
    state(game).fresh = [mint]
    assert refused(game, a.Use(player="ann", card=mint, action="Strike Coin")) == (
        "Royal Mint was played this turn: its actions can be used from the next turn on."
    )
    assert game.view("ann").extra.display["ann"][0].actions[0].reason == "played this turn"


def test_P34_only_the_player_who_played_it_uses_its_actions():
    game = to_actions(new())
    spy = shown(game)
    assert refused(game, a.Use(player="bo", card=spy, action="Gather Intelligence")) == (
        "Spy Network is Ann's: only the player who played a Display card uses its actions."
    )


def test_P35_P36_P38_D22_an_action_pays_its_cost_spends_a_cube_and_takes_the_turn():
    game = to_actions(new())
    spy = shown(game)
    do(game, a.Basic(player="bo"))
    do(game, a.Use(player="ann", card=spy, action="Gather Intelligence"))
    assert power(game, "ann", "dip") == 0 and cubes(game, spy) == 2
    assert state(game).active == "bo"
    assert "for 1 DIP and 1 cube (2 left; it goes back to Ann's supply)" in said(game)


def test_P38_an_action_may_spend_more_cubes_when_its_text_says_so():
    game = to_actions(new())
    mint, = give(game, "ann", "adm-royal-mint", zone="display")
    do(game, a.Use(player="ann", card=mint, action="Debase the Currency"))
    assert cubes(game, mint) == 1 and power(game, "ann", "ducats") == 20


def test_D21_an_action_needing_more_cubes_than_remain_is_refused():
    game = to_actions(new())
    spy, = give(game, "ann", "dip-spy-network", zone="display")
    state(game).card_states[spy] = state(game).card_states[spy].__class__(tokens=1)
    assert refused(game, a.Use(player="ann", card=spy, action="Sow Discontent", target="bo")) == (
        "Spy Network has 1 use left; Sow Discontent needs 2."
    )
    reasons = {action.name: action.reason for action in game.view("bo").extra.display["ann"][0].actions}
    assert reasons == {"Gather Intelligence": "", "Sow Discontent": "needs 2 uses, 1 left"}


def test_P39_D23_the_last_cube_resolves_the_action_then_discards_the_card():
    game = to_actions(new())
    mint, = give(game, "ann", "adm-royal-mint", zone="display")
    do(game, a.Use(player="ann", card=mint, action="Debase the Currency"))
    do(game, a.Basic(player="bo"))
    outcome = do(game, a.Use(player="ann", card=mint, action="Strike Coin"))
    assert power(game, "ann", "ducats") == 23, "the action resolved"
    assert zone(game, "display:ann") == [] and zone(game, "discard:adm") == [mint]
    texts = [entry.text for entry in outcome.log]
    assert texts.index("Ann gains 3 Ducats (Strike Coin).") < texts.index(
        "Ann's Royal Mint is discarded (its last cube is spent).")
    assert mint not in state(game).card_states, "no cube mark stays on a discarded card"


def test_P8_the_cost_of_a_display_action_never_goes_below_0():
    game = to_actions(new())
    spy, = give(game, "ann", "dip-spy-network", zone="display")
    do(game, a.Use(player="ann", card=spy, action="Gather Intelligence", modifier=-3, reason="an Idea"))
    assert power(game, "ann", "dip") == 3


def test_P40_at_most_two_display_cards_per_player_and_another_player_has_two_of_their_own():
    game = to_actions(new())
    give(game, "ann", "dip-spy-network", "adm-royal-mint", zone="display")
    give(game, "bo", "dip-embassy", "mil-military-academy", zone="display")
    camp, = give(game, "ann", "mil-fortified-camp")
    assert refused(game, a.Play(player="ann", card=camp)) == (
        "Ann has 2 Display cards in play: choose which one goes (Spy Network or Royal Mint)."
    )
    assert len(zone(game, "display:bo")) == 2


def test_P41_D18_never_two_of_one_display_card_but_another_player_may_show_it():
    game = to_actions(new())
    spy = shown(game)
    second, = give(game, "ann", "dip-spy-network")
    state(game).active = "ann"
    assert refused(game, a.Play(player="ann", card=second)) == (
        "Ann already has Spy Network on display: never two of the same Display card."
    )
    state(game).active = "bo"
    put(game, second, "hand:bo")  # the other copy (the sample has two)
    do(game, a.Play(player="bo", card=second))
    assert len(zone(game, "display:bo")) == 1 and zone(game, "display:ann") == [spy]


def test_D18_with_the_option_replace_a_second_copy_replaces_the_first():
    game = to_actions(new(duplicate_display="replace"))
    set_power(game, "ann", dip=5)
    spy = shown(game)
    state(game).active = "ann"
    second, = give(game, "ann", "dip-spy-network")
    do(game, a.Play(player="ann", card=second))
    assert zone(game, "display:ann") == [second] and zone(game, "discard:dip") == [spy]


def test_P42_D19_a_third_display_card_discards_one_of_the_two_in_play_chosen_by_its_player():
    game = to_actions(new())
    spy, mint = give(game, "ann", "dip-spy-network", "adm-royal-mint", zone="display")
    state(game).card_states[mint] = state(game).card_states[mint].__class__(tokens=2)
    camp, = give(game, "ann", "mil-fortified-camp")
    choices = {act.replace for act in game.legal_actions("ann") if act.type == "play" and act.card == camp}
    assert choices == {spy, mint}
    assert refused(game, a.Play(player="ann", card=camp, replace=camp)).startswith(f"The card '{camp}' is not on Ann's display")
    do(game, a.Play(player="ann", card=camp, replace=mint))
    assert zone(game, "display:ann") == [spy, camp] and zone(game, "discard:adm") == [mint]
    assert "Ann's Royal Mint is discarded (Fortified Camp takes its place); its 2 cubes go back to the supply (19 there)." in said(game)
    assert game.view("bo").marks[camp].slot == 1, "the new card takes the slot of the card that left"


def test_P42_a_card_with_room_names_no_card_to_replace():
    game = to_actions(new())
    camp, = give(game, "ann", "mil-fortified-camp")
    spy, = give(game, "ann", "dip-spy-network", zone="display")
    assert refused(game, a.Play(player="ann", card=camp, replace=spy)) == (
        "Ann has room on display for Fortified Camp: no card needs to go."
    )


def test_D20_a_display_card_is_always_charged_in_full():
    game = to_actions(new(PLAYERS))
    set_power(game, "ann", dip=10)
    spy = shown(game)
    assert cubes(game, spy) == 3


def test_P37_D22_display_battle_actions_and_reactions_never_take_the_turn():
    game = to_actions(new())
    camp, = give(game, "ann", "mil-fortified-camp", zone="display")
    do(game, a.PassPhase(player="ann"))
    do(game, a.Declare(player="ann", event="army-attacked"))
    do(game, a.Use(player="ann", card=camp, action="Entrench"))
    assert cubes(game, camp) == 1 and state(game).active == "bo"
    assert refused(game, a.Use(player="ann", card=camp, action="Dig In")).startswith("An answer is awaited first")
