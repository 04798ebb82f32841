"""Reactions and their triggers, Covert Actions and Counterespionage, requirements, effects and
caps (P50-P55, defaults 28-33)."""

from __future__ import annotations

from desktop.rulesets.price_of_power import actions as a

from .helpers import (
    PLAYERS,
    cubes,
    do,
    give,
    new,
    power,
    refused,
    said,
    set_power,
    shipped_records,
    state,
    to_actions,
    to_phase,
    zone,
)

# ---- Reactions -----------------------------------------------------------------------------------


def test_P50_D28_a_reaction_is_played_when_its_trigger_holds_and_not_before():
    game = to_actions(new())
    casus, = give(game, "bo", "dip-casus-belli")
    assert refused(game, a.Play(player="bo", card=casus)) == (
        "Casus Belli is a Reaction: Bo plays it when war is declared on Bo; declare that it happened first."
    )
    do(game, a.Declare(player="bo", event="war-declared"))
    assert game.stages()[0].seat == "bo" and game.stages()[0].kind == "answer"
    do(game, a.Play(player="bo", card=casus))
    assert power(game, "bo", "mil") == 5 and zone(game, "discard:dip") == [casus]
    assert state(game).active == "ann", "a Reaction never takes a Turn"
    do(game, a.Pass(player="bo"))
    assert state(game).trigger is None


def test_D28_a_reaction_of_another_trigger_does_not_answer():
    game = to_actions(new())
    hold, = give(game, "bo", "mil-hold-the-line")
    do(game, a.Declare(player="bo", event="war-declared"))
    assert refused(game, a.Play(player="bo", card=hold)).startswith("Hold the Line is a Reaction: Bo plays it when Bo's army")


def test_D28_reactions_work_off_turn_after_passing_and_outside_the_action_phase():
    for phase in ("action", "peace", "income", "cleanup"):
        game = to_actions(new()) if phase == "action" else to_phase(new(), phase)
        if phase == "action":
            do(game, a.Basic(player="ann"))
            do(game, a.PassPhase(player="bo"))
            state(game).active = "ann"
        if phase == "income":
            state(game).upkeep_done = ["ann"]
        levy, = give(game, "bo", "adm-emergency-levy")
        do(game, a.Declare(player="bo", event="cannot-pay"))
        do(game, a.Play(player="bo", card=levy))
        assert power(game, "bo", "ducats") == 19, phase


def test_D28_a_reaction_to_another_condition_asks_to_confirm_it():
    game = to_actions(new())
    intrigue, = give(game, "bo", "adm-court-intrigue")
    do(game, a.Declare(player="bo", event="other", text="Ann took a Loan"))
    assert refused(game, a.Play(player="bo", card=intrigue)) == (
        "Court Intrigue is played when another player takes a Loan: confirm that this has just happened."
    )
    do(game, a.Play(player="bo", card=intrigue, confirm=True))
    assert power(game, "bo", "ducats") == 16
    question = game.ruleset.question(
        next(ask for ask in a.Play.asks if ask.field == "confirm"), a.Play(player="bo", card=intrigue, confirm=True),
        game.view("bo"))
    assert question.startswith("Court Intrigue is played when another player takes a Loan.")


def test_D28_cannot_pay_lets_the_player_take_a_loan_as_a_reaction():
    game = to_phase(new(), "peace")
    assert refused(game, a.Loan(player="bo")) == "Bo takes a Loan on their own turn, or when they must cover a cost now."
    do(game, a.Declare(player="bo", event="cannot-pay"))
    do(game, a.Loan(player="bo"))
    assert power(game, "bo", "ducats") == 20


# ---- Covert Actions and Counterespionage ------------------------------------------------------------


def covert_table(players=None, **options):
    game = to_actions(new(players or PLAYERS, **options))
    for seat, dip in zip(game.state.seat_ids(), (6, 4, 4)):
        set_power(game, seat, dip=dip)
    return game


def test_P51_covert_actions_belong_to_the_diplomatic_deck():
    records = shipped_records()
    census = next(record for record in records if record["id"] == "adm-census")
    census["covert"] = True
    from desktop.rulesets.price_of_power.deck import problems

    assert problems(records) == ["Card 2 (Census of the Realm): only Diplomatic cards have Covert Actions (the seed's 6.2)."]


def test_D29_a_covert_action_opens_a_window_to_every_other_seat_in_turn_holders_or_not():
    game = covert_table()
    fabricate, = give(game, "ann", "dip-fabricate-evidence")
    do(game, a.Play(player="ann", card=fabricate, target="cy", confirm=True))
    assert zone(game, "covert") == [fabricate]
    assert "Bo answers first" in said(game)
    assert [(stage.seat, stage.kind) for stage in game.stages()] == [("bo", "answer")]
    assert refused(game, a.Pass(player="cy")) == "Bo answers Fabricate Evidence now, not Cy."
    assert refused(game, a.Basic(player="ann")).startswith("Fabricate Evidence waits for answers")
    do(game, a.Pass(player="bo"))
    assert [(stage.seat, stage.kind) for stage in game.stages()] == [("cy", "answer")]
    do(game, a.Pass(player="cy"))
    assert "Nobody counters Fabricate Evidence: it resolves." in said(game)
    assert zone(game, "discard:dip") == [fabricate] and state(game).active == "bo"


def test_P52_P53_D29_a_countered_card_is_discarded_with_its_cost_paid_and_its_turn_spent():
    game = covert_table()
    bribe, = give(game, "ann", "dip-bribe-officials")  # 1 DIP and 3 Ducats
    counter, = give(game, "bo", "dip-counterespionage")
    do(game, a.Play(player="ann", card=bribe, target="bo"))
    do(game, a.Play(player="bo", card=counter))
    assert power(game, "bo", "dip") == 3, "Counterespionage pays its printed DIP cost"
    assert zone(game, "covert") == [bribe, counter]
    # Counterespionage is covert too: every other seat from Bo's left may counter it, Ann included
    assert [stage.seat for stage in game.stages()] == ["cy"]
    do(game, a.Pass(player="cy"))
    do(game, a.Pass(player="ann"))
    assert zone(game, "discard:dip") == [counter, bribe]
    assert (power(game, "ann", "dip"), power(game, "ann", "ducats")) == (5, 12), "its cost stays paid"
    assert "Bribe Officials is discarded; its cost (1 DIP and 3 Ducats) stays paid." in said(game)
    assert "Ann's turn is spent." in said(game) and state(game).active == "bo"


def test_D29_a_second_counterespionage_counters_the_first_and_the_covert_action_goes_ahead():
    game = covert_table()
    steal, = give(game, "ann", "dip-steal-secrets")
    counter, = give(game, "bo", "dip-counterespionage")
    again, = give(game, "cy", "dip-counterespionage")
    do(game, a.Play(player="ann", card=steal, target="bo"))
    do(game, a.Play(player="bo", card=counter))
    do(game, a.Play(player="cy", card=again))
    assert [stage.seat for stage in game.stages()] == ["ann"]
    do(game, a.Pass(player="ann"))
    do(game, a.Pass(player="bo"))
    assert "With its counter prevented, Steal Secrets goes ahead." in said(game)
    assert "Nobody counters Steal Secrets: it resolves." in said(game)
    assert len(state(game).hand("ann")) == 1, "Steal Secrets drew its card"
    assert zone(game, "covert") == [] and state(game).active == "bo"


def test_D29_with_counter_chain_off_counterespionage_prevents_at_once():
    game = covert_table(counter_chain="off")
    steal, = give(game, "ann", "dip-steal-secrets")
    counter, = give(game, "bo", "dip-counterespionage")
    do(game, a.Play(player="ann", card=steal, target="bo"))
    do(game, a.Play(player="bo", card=counter))
    assert zone(game, "covert") == [] and zone(game, "discard:dip") == [counter, steal]
    assert state(game).active == "bo"


def test_D29_counterespionage_is_played_only_against_a_covert_action_by_the_seat_answering():
    game = covert_table()
    counter, = give(game, "bo", "dip-counterespionage")
    state(game).active = "bo"
    assert refused(game, a.Play(player="bo", card=counter)) == (
        "Counterespionage is played when another player plays a Covert Action, to counter it."
    )


def test_P54_D30_a_countered_display_covert_action_spends_its_cubes_and_pays_its_cost():
    game = covert_table()
    spy, = give(game, "ann", "dip-spy-network", zone="display")
    counter, = give(game, "bo", "dip-counterespionage")
    do(game, a.Use(player="ann", card=spy, action="Sow Discontent", target="bo"))
    assert cubes(game, spy) == 1 and power(game, "ann", "dip") == 5
    do(game, a.Play(player="bo", card=counter))
    do(game, a.Pass(player="cy"))
    do(game, a.Pass(player="ann"))
    assert cubes(game, spy) == 1 and zone(game, "display:ann") == [spy]
    assert "Sow Discontent is prevented; its cost (1 DIP) and its cubes stay spent." in said(game)
    assert state(game).active == "bo", "the countered player's turn is spent"


def test_P55_a_countered_covert_display_action_on_its_last_cube_still_discards_the_card():
    game = covert_table()
    spy, = give(game, "ann", "dip-spy-network", zone="display")
    state(game).card_states[spy] = state(game).card_states[spy].__class__(tokens=2)
    counter, = give(game, "bo", "dip-counterespionage")
    do(game, a.Use(player="ann", card=spy, action="Sow Discontent", target="bo"))
    assert cubes(game, spy) == 0 and zone(game, "display:ann") == [spy], "it waits on display while the others answer"
    do(game, a.Play(player="bo", card=counter))
    do(game, a.Pass(player="cy"))
    do(game, a.Pass(player="ann"))
    assert zone(game, "display:ann") == [] and zone(game, "discard:dip") == [counter, spy]
    assert "Ann's Spy Network is discarded (its last cube was spent)." in said(game)


def test_P39_an_uncountered_covert_display_action_on_its_last_cube_resolves_then_discards():
    game = covert_table(["Ann", "Bo"])
    spy, = give(game, "ann", "dip-spy-network", zone="display")
    state(game).card_states[spy] = state(game).card_states[spy].__class__(tokens=2)
    do(game, a.Use(player="ann", card=spy, action="Sow Discontent", target="bo"))
    do(game, a.Pass(player="bo"))
    texts = said(game)
    assert texts.index("Nobody counters Sow Discontent") < texts.index("Spy Network is discarded")


def test_D29_a_display_covert_action_that_does_not_take_the_turn_leaves_it_open():
    game = covert_table(["Ann", "Bo"])
    embassy, = give(game, "ann", "dip-embassy", zone="display")
    do(game, a.Use(player="ann", card=embassy, action="Secret Channel", target="bo"))
    do(game, a.Pass(player="bo"))
    assert state(game).active == "ann"


# ---- requirements, effects, caps ----------------------------------------------------------------


def test_D31_a_card_with_a_requirement_is_confirmed_and_its_question_names_it():
    game = covert_table(["Ann", "Bo"])
    marriage, = give(game, "ann", "dip-royal-marriage")
    assert refused(game, a.Play(player="ann", card=marriage)) == (
        "Royal Marriage needs at least 2 Influence in the partner's Realm: play it only if that holds, and confirm it."
    )
    listed = [act for act in game.legal_actions("ann") if act.type == "play" and act.card == marriage]
    assert listed and all(act.confirm for act in listed)
    confirm = next(ask for ask in a.Play.asks if ask.field == "confirm")
    assert game.ruleset.question(confirm, listed[0], game.view("ann")) == (
        "Royal Marriage needs at least 2 Influence in the partner's Realm.\n\nDoes that hold on the board?"
    )
    do(game, listed[0])


def test_D32_D33_power_stays_within_10_and_the_surplus_is_lost_and_said():
    game = to_actions(new())
    set_power(game, "ann", dip=9)
    decree, = give(game, "ann", "adm-royal-decree")
    do(game, a.Play(player="ann", card=decree))
    assert power(game, "ann", "dip") == 10
    set_power(game, "bo", mil=9)
    casus, = give(game, "bo", "dip-casus-belli")
    do(game, a.Declare(player="bo", event="war-declared"))
    do(game, a.Play(player="bo", card=casus))
    assert power(game, "bo", "mil") == 10
    assert "Bo gains 2 MIL (Casus Belli): 10 MIL; 1 above 10 is lost." in said(game)


def test_D33_ducats_have_no_cap_but_the_counter_range_of_999():
    game = to_actions(new())
    do(game, a.SetCounter(player="ann", counter="ducats", value=999))
    war_chest, = give(game, "ann", "mil-war-chest")
    do(game, a.Play(player="ann", card=war_chest))
    assert power(game, "ann", "ducats") == 999
    assert refused(game, a.SetCounter(player="ann", counter="adm", value=11)) == "ADM must be between 0 and 10."


def test_D7_a_display_action_costs_the_cards_power_type_unless_it_names_another():
    records = shipped_records()
    harbour = next(record for record in records if record["id"] == "adm-harbour-works")
    harbour["actions"][1]["power"] = "dip"
    game = to_actions(new(deck=records))
    works, = give(game, "ann", "adm-harbour-works", zone="display")
    do(game, a.Use(player="ann", card=works, action="Collect Harbour Dues"))
    assert (power(game, "ann", "adm"), power(game, "ann", "dip")) == (3, 2)


def test_D29_a_display_cards_counterespionage_action_counters_and_spends_its_cube():
    records = shipped_records()
    spy = next(record for record in records if record["id"] == "dip-spy-network")
    spy["actions"].append({"name": "Double Agent", "cost": 0, "covert": True, "trigger": "covert-action",
                           "text": "Counter a Covert Action."})
    game = to_actions(new(["Ann", "Bo"], deck=records))
    set_power(game, "ann", dip=6)
    steal, = give(game, "ann", "dip-steal-secrets")
    network, = give(game, "bo", "dip-spy-network", zone="display")
    do(game, a.Play(player="ann", card=steal, target="bo"))
    do(game, a.Use(player="bo", card=network, action="Double Agent"))
    assert cubes(game, network) == 2 and [play.form for play in state(game).covert] == ["card", "counter"]
    do(game, a.Pass(player="ann"))
    assert zone(game, "discard:dip") == [steal] and zone(game, "display:bo") == [network]
    assert state(game).active == "bo"
