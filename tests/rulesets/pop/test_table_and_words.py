"""What the table reads: zones and the display panel's slots, stages and the curtain, the
headline and banner, drops, words (the platform contract, beyond what the contract tests check
for every system)."""

from __future__ import annotations

from desktop.engine.presentation import looker
from desktop.rulesets.price_of_power import actions as a

from .helpers import PLAYERS, do, give, new, refused, set_power, state, to_actions, to_phase, zone


def test_each_seat_has_a_display_zone_of_two_slots_and_its_cards_carry_slot_and_cubes():
    game = to_actions(new(PLAYERS))
    spy, mint = give(game, "bo", "dip-spy-network", "adm-royal-mint", zone="display")
    table = game.ruleset.table(game.view("ann"))
    displays = [spec for spec in table.zones if spec.role == "display"]
    assert [(spec.zone, spec.seat, spec.slots) for spec in displays] == [
        ("display:ann", "ann", 2), ("display:bo", "bo", 2), ("display:cy", "cy", 2)]
    assert table.zone("display:bo").title == "Bo's display: 2/2"
    assert all(spec.slots == 0 for spec in table.zones if spec.role != "display")
    seen = game.view("ann").extra.display["bo"]
    assert [(entry.card, entry.slot, entry.cubes, entry.squares) for entry in seen] == [(spy, 0, 3, 3), (mint, 1, 3, 3)]


def test_each_display_action_reads_its_cost_and_why_it_cannot_be_used_in_public_words():
    game = to_actions(new())
    give(game, "ann", "dip-spy-network", zone="display")
    set_power(game, "ann", dip=0)
    actions = {entry.name: entry for entry in game.view("bo").extra.display["ann"][0].actions}
    assert actions["Gather Intelligence"].cost == "1 DIP" and actions["Gather Intelligence"].reason == "needs 1 DIP"
    assert actions["Sow Discontent"].icons == "\u221e Covert" and actions["Sow Discontent"].cubes == 2
    state(game).active = "bo"
    set_power(game, "ann", dip=5)
    actions = {entry.name: entry for entry in game.view("bo").extra.display["ann"][0].actions}
    assert actions["Gather Intelligence"].reason == "not your turn"
    give(game, "ann", "dip-alliance-offer", zone="court")  # Diplomat Henrik Sand: -1 DIP
    state(game).active = "ann"
    actions = {entry.name: entry for entry in game.view("ann").extra.display["ann"][0].actions}
    assert actions["Gather Intelligence"].cost == "0 DIP (was 1)" and actions["Gather Intelligence"].reason == ""


def test_the_headline_names_the_round_the_phase_and_whose_turn():
    game = to_actions(new(PLAYERS))
    do(game, a.PassPhase(player="ann"))
    view = game.view(None)
    assert game.ruleset.table(view).headline == "Round 1 \u00b7 Phase 2 Actions \u00b7 Bo's turn \u00b7 1 of 3 passed"
    game = new()
    assert game.ruleset.table(game.view(None)).headline == "Round 1 \u00b7 Phase 1 Draw Cards \u00b7 Setup draw: Ann"


def test_the_headline_at_step_c_names_who_discards():
    game = to_phase(new(), "peace")
    give(game, "bo", "adm-census", "adm-grain-stores", "adm-tax-reform", "dip-guarantee", "mil-war-chest", "mil-fortify-border")
    do(game, a.Advance(player="ann"))
    assert game.ruleset.table(game.view(None)).headline == "Round 1 \u00b7 Phase 5 Cleanup \u00b7 Step C: Bo discards to 5"


def test_the_discard_title_marks_the_top_five_that_stay():
    game = new()
    for card in list(zone(game, "deck:mil"))[:7]:
        game.state.zones["deck:mil"].cards.remove(card)
        game.state.zones["discard:mil"].cards.append(card)
    assert game.ruleset.table(game.view(None)).zone("discard:mil").title == "MIL discard: 7 (top 5 stay on reshuffle)"


def test_the_curtain_goes_to_each_seat_answering_a_covert_action_in_turn():
    game = to_actions(new(PLAYERS))
    set_power(game, "ann", dip=5)
    steal, = give(game, "ann", "dip-steal-secrets")
    do(game, a.Play(player="ann", card=steal, target="bo"))
    assert looker(game.stages()) == "bo"
    do(game, a.Pass(player="bo"))
    assert looker(game.stages()) == "cy"


def test_stages_follow_the_round():
    game = new()
    assert [(stage.seat, stage.kind, stage.private) for stage in game.stages()] == [("ann", "turn", True)]
    game = to_phase(new(), "peace")
    assert {(stage.kind, stage.private) for stage in game.stages()} == {("table", False)}
    do(game, a.DeclareBattle(player="ann", attacker="ann", defender="bo"))
    assert [(stage.seat, stage.kind) for stage in game.stages()] == [("ann", "answer")]


def test_drops_keep_let_go_play_appoint_and_draw():
    game = new(setup_draw="off")
    ruleset = game.ruleset
    drawn = ruleset.drops(game.state, "ann", "", "deck:dip", "drawn:ann")
    assert [act.deck for act in drawn] == ["dip"]
    for _ in range(3):
        do(game, a.Draw(player="ann", deck="dip"))
    for _ in range(3):
        do(game, a.Draw(player="bo", deck="mil"))
    first = zone(game, "drawn:ann")[0]
    assert ruleset.drops(game.state, "ann", first, "drawn:ann", "hand:ann") == [a.Keep(player="ann", card=first)]
    assert ruleset.drops(game.state, "ann", first, "drawn:ann", "discard:dip") == [a.Release(player="ann", card=first)]
    game = to_actions(new())
    spy, land, census = give(game, "ann", "dip-spy-network", "adm-land-reform", "adm-census")
    assert ruleset.drops(game.state, "ann", spy, "hand:ann", "display:ann") == [a.Play(player="ann", card=spy)]
    assert ruleset.drops(game.state, "ann", land, "hand:ann", "court:ann") == [a.Appoint(player="ann", card=land)]
    assert ruleset.drops(game.state, "ann", census, "hand:ann", "discard:adm") == [a.Play(player="ann", card=census)]
    charge, = give(game, "ann", "mil-cavalry-charge")
    import pytest

    from desktop.engine import RuleError

    with pytest.raises(RuleError, match="^Cavalry Charge is a Battle Action: it is played in a battle's Play Battle Actions step.$"):
        ruleset.drops(game.state, "ann", charge, "hand:ann", "discard:mil")
    with pytest.raises(RuleError, match="cannot go to another player's cards"):
        ruleset.drops(game.state, "ann", census, "hand:ann", "hand:bo")


def test_words_for_the_actions():
    game = to_actions(new())
    spy, = give(game, "ann", "dip-spy-network", zone="display")
    view = game.view("ann")
    words = game.ruleset.describe
    assert words(a.Draw(player="ann", deck="mil"), view) == "Draw from the Military deck"
    assert words(a.Use(player="ann", card=spy, action="Sow Discontent", target="bo"), view) == "Sow Discontent (Spy Network) at Bo"
    assert words(a.DeclareBattle(player="ann", attacker="ann", defender=None, sea=True), view) == (
        "Battle at sea: Ann attacks a non-player realm")
    action = next(ask for ask in a.Use.asks if ask.field == "action")
    assert game.ruleset.value_label(action, "Sow Discontent", view) == "Sow Discontent (1 DIP, 2 cubes)"
    deck = next(ask for ask in a.Draw.asks if ask.field == "deck")
    assert game.ruleset.value_label(deck, "adm", view).startswith("Administrative deck (")


def test_a_refusal_names_the_seat_and_a_hidden_card_by_its_id():
    game = to_actions(new())
    census, = give(game, "bo", "adm-census")
    assert refused(game, a.Appoint(player="ann", card=census)) == f"The card '{census}' is not in Ann's hand."


def test_whom_to_appoint_is_asked_with_the_characters_names(qtbot):
    """The question "Whom do you appoint?" listed the cards' titles, the Action on their other
    half: the first lesson's "Appoint Reeve Tomas Hall" was nowhere among "Land Reform" and
    "Printing Press". Each option, and the move's words, name the character and its card."""
    from desktop.model import GameSession

    game = to_actions(new())
    land, press = give(game, "ann", "adm-land-reform", "adm-printing-press")
    session = GameSession(game)
    appoint = next(offer for offer in session.offers_of("ann") if offer.kind == "appoint")
    session.take_offer(appoint, by="ann")
    asked, = session.open_questions("ann")
    labels = {option.value: option.label for option in asked.options}
    assert labels[land] == "Reeve Tomas Hall (Land Reform)"
    assert labels[press] == "Engineer Sofie Brant (Printing Press)"
    assert game.ruleset.describe(a.Appoint(player="ann", card=land), game.view("ann")) == (
        "Appoint Reeve Tomas Hall (Land Reform)")
