"""Worlds That Remember (DESIGN.md section 3.1; docs/systems/worlds-that-remember.md), played through
`Game` rule by rule: each rule allowed and refused, with the edges. A refusal is checked three ways:
it raises RuleError with its exact sentence, and the state, the actions and the log are unchanged.

Ann plays Wren, Bo plays Oskar, Cy plays Wren (the default characters alternate).
"""

from __future__ import annotations

import json
import time

import msgspec
import pytest

from desktop.engine import Game, RuleError, SetupError, registry
from desktop.engine.demo import demo_game
from desktop.rulesets.worlds_that_remember import actions as a
from desktop.rulesets.worlds_that_remember import decks
from desktop.rulesets.worlds_that_remember.cards import actions as action_defs
from desktop.rulesets.worlds_that_remember.cards import characters, conditions
from tests.rulesets.wtr import (
    RULESET,
    bot_game,
    empty,
    find,
    hand,
    new_game,
    put,
    refused,
)

RULES = registry.get(RULESET)


def play(game: Game, seat: str, definition: str, intent: str = "I do it.", tags=()) -> str:
    card = put(game, seat, definition)
    game.apply(a.Play(player=seat, card=card, intent=intent, tags=list(tags)))
    return card


def lines(outcome) -> list[str]:
    return [entry.text for entry in outcome.log if entry.seat is None]


# ---- setup -------------------------------------------------------------------------------------


def test_setup_deals_ready_hands_from_owner_visible_decks():
    game = new_game()
    state = game.state
    for seat in ("ann", "bo", "cy"):
        assert len(state.ready(seat)) == 5
        assert len(state.ready(seat)) + len(state.unready(seat)) == 15
        assert state.zones[f"unready:{seat}"].visibility == "owner"
        assert state.zones[f"ready:{seat}"].visibility == "owner"
        assert state.zones[f"spent:{seat}"].visibility == "public"
        assert state.counters[seat] == {"fatigue": 0}
    assert [state.characters[s].name for s in ("ann", "bo", "cy")] == ["Wren", "Oskar", "Wren"]
    # the owner reads the whole Unready deck; another seat reads only its count
    own = game.view("ann").zones["unready:ann"]
    other = game.view("bo").zones["unready:ann"]
    assert None not in own.cards and own.count == 10
    assert other.cards == [None] * 10
    assert game.stages()[0].seat == "ann" and game.stages()[0].kind == "turn"


def test_options_and_characters():
    game = new_game(hand_size="3", refill="immediately", fatigue_max="4", at_max="cap", characters="Oskar, wren")
    state = game.state
    assert (state.hand_size, state.refill, state.fatigue_max, state.at_max) == (3, "immediately", 4, "cap")
    assert [state.characters[s].name for s in ("ann", "bo", "cy")] == ["Oskar", "Wren", "Wren"]
    assert len(state.ready("ann")) == 3
    for options, sentence in (
        ({"hand_size": "0"}, "The option hand_size must be a whole number from 1 to 10."),
        ({"refill": "never"}, "The option refill must be end_of_turn or immediately."),
        ({"at_max": "die"}, "The option at_max must be condition, out or cap."),
        ({"fatigue_max": "x"}, "The option fatigue_max must be a whole number from 2 to 20."),
        ({"characters": "Gandalf"}, "There is no ready-made character called \u201cGandalf\u201d; choose Wren or Oskar."),
        ({"characters": "Wren,Wren,Wren,Wren"}, "The option characters names 4 characters for 3 players."),
    ):
        with pytest.raises(SetupError) as refusal:
            new_game(**options)
        assert str(refusal.value) == sentence
    with pytest.raises(SetupError, match="played by 1 to 6 players"):
        new_game(players=[f"P{n}" for n in range(7)])
    solo = new_game(players=["Ann"])
    assert solo.stages()[0].seat == "ann"


# ---- a turn --------------------------------------------------------------------------------------


def test_a_turn_play_intent_tags_roll_discard_end():
    game = new_game()
    card = put(game, "ann", "slip-past")
    legal = [act for act in game.legal_actions("ann") if act.type == "play" and act.card == card]
    assert legal == [a.Play(player="ann", card=card, intent="I slip past them unseen.",
                            tags=["Wayfinder", "Light-footed", "Old Songs", "Rope and Hook"])]
    outcome = game.apply(a.Play(player="ann", card=card, intent="Past the toll-keeper.", tags=["Wayfinder"]))
    assert lines(outcome) == [
        "Ann plays Slip Past: \u201cPast the toll-keeper.\u201d",
        "Pool: d20 + d6 Careful (Sneak) + d6 Careful (Wayfinder).",
    ]
    assert game.state.zones["play"].cards == [card]
    outcome = game.apply(a.Roll(player="ann"))
    text = lines(outcome)
    assert text[0].startswith("Ann rolls Slip Past: Fate ")
    assert text[1].startswith("Dice: d6 Careful (Sneak) ") and "; d6 Careful (Wayfinder) " in text[1]
    assert text[2].startswith("Axes: CONTROL ")
    assert text[3] == "Slip Past goes to Ann's Spent pile."
    assert outcome.reveals and game.state.spent("ann") == [card]
    game.apply(a.EndTurn(player="ann"))
    assert len(game.state.ready("ann")) == 5 and game.state.active == "bo"


def test_play_refusals():
    game = new_game()
    card = put(game, "ann", "slip-past")
    refused(game, a.Play(player="ann", card=card, intent="  "),
            "Declare your intent: say in a short sentence what you mean to do with Slip Past.")
    refused(game, a.Play(player="ann", card=card, intent="x", tags=["Flight"]),
            "Wren has no tag or gear called \u201cFlight\u201d.")
    refused(game, a.Play(player="ann", card=card, intent="x", tags=["Sneak"]),
            "Sneak is printed on Slip Past: it always applies and adds its die once.")
    refused(game, a.Play(player="ann", card=card, intent="x", tags=["Wayfinder", "Wayfinder"]),
            "The tag Wayfinder is named twice: no tag adds more than one die.")
    bo_card = put(game, "bo", "rally")
    refused(game, a.Play(player="bo", card=bo_card, intent="x"), "It is Ann's turn, not Bo's.")
    refused(game, a.Play(player="ann", card=bo_card, intent="x"), f"The card '{bo_card}' is not in Ann's Ready Hand.")
    game.apply(a.Play(player="ann", card=card, intent="x"))
    other = put(game, "ann", "patch-up")
    refused(game, a.Play(player="ann", card=other, intent="x"),
            "Ann's roll of Slip Past is still open: it must be rolled first.")
    refused(game, a.EndTurn(player="ann"), "Ann's roll of Slip Past is still open: it must be rolled first.")
    refused(game, a.Roll(player="bo"), "Only Ann, who played Slip Past, rolls it.")
    game.apply(a.Roll(player="ann"))
    refused(game, a.Play(player="ann", card=other, intent="x"), "Ann has already played a card this turn.")
    refused(game, a.Roll(player="ann"), "There is no roll open: play or force a card first.")


def test_a_card_that_keeps_returns_to_the_ready_hand():
    game = new_game()
    card = play(game, "ann", "read-the-room")
    outcome = game.apply(a.Roll(player="ann"))
    assert lines(outcome)[-1] == "Read the Room keeps: it returns to Ann's Ready Hand."
    assert card in game.state.ready("ann")


def test_card_text_dice_join_the_pool():
    game = new_game()
    game.apply(a.EndTurn(player="ann"))
    outcome = game.apply(a.Play(player="bo", card=put(game, "bo", "strike-hard"), intent="Hit.", tags=[]))
    assert lines(outcome)[-1] == "Pool: d20 + d8 Forceful (Fight) + d8 EFFECT (Strike Hard)."


def test_end_turn_without_playing_and_the_turn_order():
    game = new_game()
    for seat in ("ann", "bo", "cy", "ann"):
        assert game.state.active == seat
        game.apply(a.EndTurn(player=seat))


# ---- forcing -------------------------------------------------------------------------------------


def test_forcing_an_unready_card():
    game = new_game()
    paid = put(game, "ann", "patch-up")
    forced = find(game, "ann", "scout-ahead", ("unready",))
    outcome = game.apply(a.Force(player="ann", card=forced, discard=paid, intent="Ahead of the others.", tags=[]))
    assert lines(outcome)[:2] == [
        "Ann forces Scout Ahead from the Unready deck, discarding Patch Up: \u201cAhead of the others.\u201d",
        "Ann gains 1 Fatigue (forcing): 1 of 6.",
    ]
    assert game.state.zones["play"].cards == [forced] and paid in game.state.spent("ann")
    assert game.state.fatigue("ann") == 1 and game.state.played == 1


def test_a_second_force_in_a_turn_is_refused():
    game = new_game(refill="immediately")
    first = find(game, "ann", "scout-ahead", ("unready",))
    game.apply(a.Force(player="ann", card=first, discard=game.state.ready("ann")[0], intent="x"))
    game.apply(a.Roll(player="ann"))
    second = find(game, "ann", "run-for-it", ("unready", "spent"))
    put(game, "ann", "run-for-it", "unready")
    refused(game, a.Force(player="ann", card=second, discard=game.state.ready("ann")[0], intent="x"),
            "Ann has already forced a card this turn.")
    assert not [act for act in game.legal_actions("ann") if act.type == "force"]
    # the drag says the same
    with pytest.raises(RuleError, match="^Ann has already forced a card this turn.$"):
        RULES.drops(game.state, "ann", second, "unready:ann", "play")


def test_forcing_after_playing_and_other_force_refusals():
    game = new_game()
    card = play(game, "ann", "slip-past")
    game.apply(a.Roll(player="ann"))
    forced = find(game, "ann", "scout-ahead", ("unready",))
    refused(game, a.Force(player="ann", card=forced, discard=game.state.ready("ann")[0], intent="x"),
            "Ann has already played a card this turn.")
    game2 = new_game()
    forced = find(game2, "ann", "scout-ahead", ("unready",))
    refused(game2, a.Force(player="ann", card=forced, discard=forced, intent="x"),
            "Ann cannot discard the card being forced: discard a different Ready card.")
    ready = game2.state.ready("ann")[0]
    refused(game2, a.Force(player="ann", card=ready, discard=game2.state.ready("ann")[1], intent="x"),
            f"The card '{ready}' is not in Ann's Unready deck: only an Unready card is forced.")
    refused(game2, a.Force(player="ann", card=forced, discard=card, intent="x"),
            "The card Ann discards to force Scout Ahead must be in Ann's Ready Hand.")
    wounded = put(game2, "ann", "wounded", "unready")
    refused(game2, a.Force(player="ann", card=wounded, discard=ready, intent="x"),
            "Wounded is a Condition: it cannot be forced or played as an action.")


def test_a_condition_pays_for_forcing():
    game = new_game()
    shaken = put(game, "ann", "shaken")
    forced = find(game, "ann", "scout-ahead", ("unready",))
    assert a.Force(player="ann", card=forced, discard=shaken, intent="I scout ahead.", tags=[
        "Wayfinder", "Light-footed", "Old Songs", "Rope and Hook"]) in game.legal_actions("ann")
    game.apply(a.Force(player="ann", card=forced, discard=shaken, intent="x"))
    assert shaken in game.state.spent("ann") and shaken not in game.state.revealed


# ---- support -------------------------------------------------------------------------------------


def test_support_adds_a_die_costs_fatigue_and_counts_for_the_phase():
    game = new_game()
    play(game, "ann", "slip-past")
    assert {stage.seat: stage.kind for stage in game.stages()} == {"bo": "respond", "cy": "respond", "ann": "turn"}
    spent = put(game, "bo", "rally")
    outcome = game.apply(a.Support(player="bo", card=spent, tag="Broad Shoulders", narration="I lift the gate."))
    assert lines(outcome) == [
        "Bo supports Ann, spending Rally: \u201cI lift the gate.\u201d It adds a d8 Forceful (Bo's Support: Broad Shoulders).",
        "Bo gains 1 Fatigue (Support): 1 of 6.",
    ]
    assert game.state.played == 2 and spent in game.state.spent("bo")
    outcome = game.apply(a.Support(player="cy", card=game.state.ready("cy")[0], narration="I watch the stair."))
    assert "It adds a d6 CONTROL (Cy's Support)." in lines(outcome)[0]
    outcome = game.apply(a.Roll(player="ann"))
    dice = lines(outcome)[1]
    assert "d8 Forceful (Bo's Support: Broad Shoulders)" in dice and "d6 CONTROL (Cy's Support)" in dice


def test_support_twice_on_one_roll_is_refused():
    game = new_game()
    play(game, "ann", "slip-past")
    game.apply(a.Support(player="bo", card=game.state.ready("bo")[0], narration="Here."))
    refused(game, a.Support(player="bo", card=game.state.ready("bo")[0], narration="Again."),
            "Bo has already supported this roll.")
    assert [stage.seat for stage in game.stages() if stage.kind == "respond"] == ["cy"]


def test_support_in_night_and_collapse_is_refused():
    for played, phase in ((18, "Night"), (24, "Collapse")):
        game = new_game()
        game.state.played = played
        play(game, "ann", "slip-past")
        refused(game, a.Support(player="bo", card=game.state.ready("bo")[0], narration="Help."),
                f"{phase} allows no proactive intervention: no one may Support.")
        assert [stage.kind for stage in game.stages()] == ["turn"]
        assert RULES.table(game.view(None)).banner.endswith(f"{phase} allows no Support. Ann rolls when ready.")


def test_support_costs_by_phase():
    for played, cost in ((0, 1), (6, 1), (12, 2)):
        game = new_game()
        game.state.played = played
        play(game, "ann", "slip-past")
        game.apply(a.Support(player="bo", card=game.state.ready("bo")[0], narration="Help."))
        assert game.state.fatigue("bo") == cost


def test_support_refusals_and_pass():
    game = new_game()
    refused(game, a.Support(player="bo", card=game.state.ready("bo")[0], narration="Help."),
            "There is no roll open to Support.")
    play(game, "ann", "slip-past")
    refused(game, a.Support(player="ann", card=game.state.ready("ann")[0], narration="Me."),
            "Ann cannot Support their own roll.")
    refused(game, a.Support(player="bo", card=game.state.ready("bo")[0], narration=" "),
            "Bo's Support must be narrated: one sentence saying how they help.")
    refused(game, a.Support(player="bo", card=game.state.ready("bo")[0], tag="Sneak", narration="Hm."),
            "Oskar has no tag or gear called \u201cSneak\u201d.")
    refused(game, a.Support(player="bo", card=game.state.ready("cy")[0], narration="Hm."),
            "The card Bo spends on Support must be in Bo's Ready Hand.")
    outcome = game.apply(a.Pass(player="bo"))
    assert lines(outcome) == ["Bo does not Support this roll."]
    refused(game, a.Support(player="bo", card=game.state.ready("bo")[0], narration="Hm."), "Bo has passed on this roll.")
    refused(game, a.Pass(player="bo"), "Bo has already passed on this roll.")
    refused(game, a.Pass(player="ann"), "Ann cannot pass on their own roll: roll it.")
    empty(game, "cy", "ready")
    refused(game, a.Support(player="cy", card=game.state.spent("cy")[0], narration="Hm."),
            "Cy has no Ready card to spend on Support.")
    assert [stage.kind for stage in game.stages()] == ["turn"]  # nobody left who may Support


def test_a_condition_cannot_pay_for_support():
    """The seed's 7.6: "Discard one Action Card from your Ready Hand"; a Condition is not one."""
    game = new_game()
    play(game, "ann", "slip-past")
    wounded = put(game, "bo", "wounded")
    refused(game, a.Support(player="bo", card=wounded, narration="I back Ann up."),
            "Wounded is a Condition: Support is paid with an Action card from the Ready Hand.")
    supports = [act for act in game.legal_actions("bo") if act.type == "support"]
    assert supports and wounded not in {act.card for act in supports}
    with pytest.raises(RuleError, match="Wounded is a Condition: Support is paid with an Action card"):
        RULES.drops(game.state, "bo", wounded, "ready:bo", "spent:bo")
    # a Ready Hand of Conditions only cannot Support at all
    for card in list(game.state.ready("bo")):
        if card != wounded:
            game.state.zones["ready:bo"].cards.remove(card)
            game.state.zones["unready:bo"].cards.append(card)
    refused(game, a.Support(player="bo", card=wounded, narration="I back Ann up."),
            "Bo's Ready Hand holds only Conditions: Support is paid with an Action card.")
    assert not any(act.type == "support" for act in game.legal_actions("bo"))


def test_games_of_edition_2_let_a_condition_pay_for_support_as_they_were_played():
    assert RULES.legacy_options(2) == {"edition": "2"} and RULES.legacy_options(3) == {}
    game = new_game(edition="2")
    play(game, "ann", "slip-past")
    wounded = put(game, "bo", "wounded")
    support = a.Support(player="bo", card=wounded, narration="I back Ann up.")
    assert support in game.legal_actions("bo")
    game.apply(support)
    assert wounded in game.state.spent("bo") and wounded not in game.state.revealed
    with pytest.raises(SetupError, match="The option edition must be current or 2."):
        new_game(edition="3")


def test_shaken_forbids_support_and_grieving_forbids_forcing():
    game = new_game()
    put(game, "bo", "shaken")
    put(game, "ann", "grieving")
    forced = find(game, "ann", "scout-ahead", ("unready",))
    refused(game, a.Force(player="ann", card=forced, discard=game.state.ready("ann")[0], intent="x"),
            "Grieving is in Ann's Ready Hand: Ann cannot force Unready cards.")
    play(game, "ann", "slip-past")
    refused(game, a.Support(player="bo", card=game.state.ready("bo")[0], narration="Hm."),
            "Shaken is in Bo's Ready Hand: Bo cannot Support.")
    assert [stage.seat for stage in game.stages() if stage.kind == "respond"] == ["cy"]


# ---- phases --------------------------------------------------------------------------------------


def test_every_six_cards_advance_the_phase_support_discards_included():
    game = new_game()

    def headline() -> str:
        return RULES.table(game.view(None)).headline

    assert headline() == "Dawn \u00b7 0 of 6 cards to Day \u00b7 Ann's turn"
    play(game, "ann", "slip-past")  # 1
    game.apply(a.Support(player="bo", card=game.state.ready("bo")[0], narration="a"))  # 2
    game.apply(a.Support(player="cy", card=game.state.ready("cy")[0], narration="b"))  # 3
    game.apply(a.Roll(player="ann"))
    game.apply(a.EndTurn(player="ann"))
    play(game, "bo", "rally")  # 4
    game.apply(a.Support(player="ann", card=game.state.ready("ann")[0], narration="c"))  # 5
    assert headline() == "Dawn \u00b7 5 of 6 cards to Day \u00b7 Bo's turn"
    outcome = game.apply(a.Support(player="cy", card=game.state.ready("cy")[0], narration="d"))  # 6
    assert "6 cards have been played: Day begins." in lines(outcome)
    assert game.state.phase == "Day"
    game.apply(a.Roll(player="bo"))
    assert headline() == "Day \u00b7 0 of 6 cards to Dusk \u00b7 Bo's turn"
    game.state.played = 10
    assert headline() == "Day \u00b7 4 of 6 cards to Dusk \u00b7 Bo's turn"
    game.state.played = 24
    assert headline() == "Collapse \u00b7 0 of 6 cards to the end of the Scene \u00b7 Bo's turn"


def test_phase_lines_and_the_scene_ends_after_collapse():
    game = new_game(players=["Ann", "Bo"])
    game.state.played = 11
    outcome = game.apply(a.Play(player="ann", card=put(game, "ann", "slip-past"), intent="x"))
    assert "Dusk falls: every roll gains a d4 COST, and Support costs 2 Fatigue." in lines(outcome)
    game.state.played = 29
    game.apply(a.Roll(player="ann"))
    game.state.played_this_turn = False
    outcome = game.apply(a.Play(player="ann", card=put(game, "ann", "patch-up"), intent="x"))
    assert "30 cards have been played: the Scene ends when this turn ends." in lines(outcome)
    game.apply(a.Roll(player="ann"))
    outcome = game.apply(a.EndTurn(player="ann"))
    assert lines(outcome)[-1] == "Scene 1 is over. Decks, Conditions and Fatigue carry over to the next."
    assert {stage.kind for stage in game.stages()} == {"table"}
    assert RULES.table(game.view(None)).headline == "Scene 1 is over \u00b7 start the next Scene"
    refused(game, a.EndTurn(player="bo"), "The Scene is over: start the next Scene first.")
    outcome = game.apply(a.NewScene(player="bo"))
    assert lines(outcome) == ["Scene 2 begins at Dawn. It is Bo's turn."]
    assert game.state.played == 0 and game.state.scene == 2
    assert RULES.table(game.view(None)).headline == "Scene 2 \u00b7 Dawn \u00b7 0 of 6 cards to Day \u00b7 Bo's turn"
    refused(game, a.NewScene(player="ann"), "Scene 2 is still going: it ends after Collapse.")


def test_dusk_adds_a_mandatory_d4_cost():
    # The card played counts first: with 11 played before it, it is the 12th and opens Dusk for
    # this very roll; with 17 before it, it is the 18th and Dusk is over.
    for played, dusk in ((10, False), (11, True), (12, True), (16, True), (17, False), (18, False)):
        game = new_game()
        game.state.played = played
        outcome = game.apply(a.Play(player="ann", card=put(game, "ann", "ask-the-land"), intent="x"))
        pool = lines(outcome)[-1]
        assert ("d4 COST (Dusk)" in pool) == dusk, (played, pool)
        rolled = game.apply(a.Roll(player="ann"))
        assert ("d4 COST (Dusk)" in lines(rolled)[1]) == dusk, played
    game = new_game()
    game.state.played = 13
    play(game, "ann", "slip-past", tags=[])
    banner = RULES.table(game.view(None)).banner
    assert banner == "Ann rolls Slip Past: d20 + d6 Careful (Sneak) + d4 COST (Dusk). Bo and Cy may Support (2 Fatigue). Ann rolls when ready."


# ---- Conditions ----------------------------------------------------------------------------------


def test_conditions_cannot_be_played():
    game = new_game()
    wounded = put(game, "ann", "wounded")
    refused(game, a.Play(player="ann", card=wounded, intent="x"), "Wounded is a Condition: it cannot be played as an action.")
    assert not [act for act in game.legal_actions("ann") if act.type == "play" and act.card == wounded]
    with pytest.raises(RuleError, match="^Wounded is a Condition: it cannot be played as an action.$"):
        RULES.drops(game.state, "ann", wounded, "ready:ann", "play")


def test_gaining_a_condition_and_its_trigger_when_drawn():
    game = new_game(players=["Ann", "Bo"])
    outcome = game.apply(a.GainCondition(player="ann", condition="exhausted"))
    assert lines(outcome) == ["Ann gains Exhausted.", "Exhausted enters Ann's Unready deck."]
    deck = game.state.unready("ann")
    card = deck[0]  # it enters Unready, at the bottom
    assert game.state.cards[card] == "exhausted" and card not in game.view("bo").seen_cards()
    deck.remove(card)
    deck.append(card)  # the owner may order the deck as they like: it is drawn next
    play(game, "ann", "slip-past")
    game.apply(a.Roll(player="ann"))
    outcome = game.apply(a.EndTurn(player="ann"))
    text = lines(outcome)
    assert ("Ann draws Exhausted, a Condition: When drawn: gain 1 Fatigue. It stays in your Ready Hand; "
            "it cannot be played, but it may pay a discard.") in text
    assert "Ann gains 1 Fatigue (Exhausted): 1 of 6." in text
    assert card in game.state.ready("ann")
    # everyone sees a Condition in a Ready Hand
    assert card in game.view("bo").seen_cards() and card in game.view(None).seen_cards()


def test_lost_goes_to_spent_and_wounded_and_hunted_add_dice():
    game = new_game(players=["Ann", "Bo"])
    lost = put(game, "ann", "lost", "unready")
    game.state.unready("ann").remove(lost)
    game.state.unready("ann").append(lost)  # the top card
    put(game, "ann", "wounded")
    put(game, "ann", "hunted")
    card = play(game, "ann", "slip-past", tags=[])
    assert RULES.table(game.view("bo")).banner.startswith(
        "Ann rolls Slip Past: d20 + d6 Careful (Sneak) + d4 COST (Wounded) + d10 DANGER (Hunted).")
    game.apply(a.Roll(player="ann"))
    outcome = game.apply(a.EndTurn(player="ann"))
    assert lost in game.state.spent("ann") and card in game.state.spent("ann")
    assert "Ann draws Lost, a Condition: When drawn: gain 1 Fatigue. Then it goes to your Spent pile." in lines(outcome)
    assert len(game.state.ready("ann")) == 5 and game.state.fatigue("ann") == 1


def test_a_21st_card_must_remove_a_non_condition_card():
    game = new_game(players=["Ann", "Bo"])
    for condition in ("wounded", "shaken", "hunted", "lost", "grieving"):
        game.apply(a.GainCondition(player="ann", condition=condition))
    assert len(game.state.ready("ann") + game.state.unready("ann") + game.state.spent("ann")) == 20
    assert not game.state.owed
    outcome = game.apply(a.GainCondition(player="ann", condition="exhausted"))
    assert lines(outcome)[-1] == "Ann's deck now holds 21 cards: Ann must at once remove a card that is not a Condition."
    assert [(stage.seat, stage.kind) for stage in game.stages()] == [("ann", "discard")]
    legal = game.legal_actions()
    assert legal and all(act.type == "trash" and act.player == "ann" for act in legal)
    assert not [act for act in legal if game.state.cards[act.card] in ("wounded", "exhausted")]
    refused(game, a.EndTurn(player="ann"),
            "Ann's deck holds more than 20 cards: Ann must first remove a card that is not a Condition.")
    wounded = find(game, "ann", "wounded", ("unready",))
    refused(game, a.Trash(player="ann", card=wounded), "Wounded is a Condition: remove a card that is not a Condition.")
    refused(game, a.Trash(player="bo", card=game.state.ready("bo")[0]),
            "Ann's deck holds more than 20 cards: Ann must first remove a card that is not a Condition.")
    refused(new_game(), a.Trash(player="bo", card="w020"), "Bo removes a card only when their deck holds more than 20 cards.")
    victim = game.state.ready("ann")[0]
    with pytest.raises(RuleError, match="^Only the player looking"):
        RULES.drops(game.state, "bo", victim, "ready:ann", "trash")
    assert RULES.drops(game.state, "ann", victim, "ready:ann", "trash") == [a.Trash(player="ann", card=victim)]
    outcome = game.apply(a.Trash(player="ann", card=victim, note="Kept as a keepsake."))
    assert lines(outcome)[0].endswith("from the deck for good. Note: Kept as a keepsake.")
    assert victim in game.state.zones["trash"].cards and not game.state.owed


def test_a_full_deck_of_conditions_takes_no_more():
    game = new_game(players=["Ann"])
    # Ann's 15 Action cards are removed, and 20 Conditions (made up for the test) take their place
    for card in list(game.state.ready("ann") + game.state.unready("ann")):
        game.state.zones[game.state.zone_of(card).id].cards.remove(card)
        game.state.zones["trash"].cards.append(card)
    for number in range(20):
        game.state.cards[f"x{number:02d}"] = "shaken"
        game.state.unready("ann").append(f"x{number:02d}")
    refused(game, a.GainCondition(player="ann", condition="wounded"),
            "Ann's deck is full and holds no Action card to remove: Wounded cannot enter it.")
    assert not [act for act in game.legal_actions("ann") if act.type == "gain_condition"]
    game.state.counters["ann"]["fatigue"] = 5
    game.state.unready("ann").clear()
    game.state.spent("ann").extend(f"x{number:02d}" for number in range(20))
    outcome = game.apply(a.EndTurn(player="ann"))  # draws Shaken cards: the rebuild reaches the maximum
    assert "Ann's deck is full and holds no Action card to remove: Exhausted stays in the supply." in lines(outcome)
    assert not game.state.owed


def test_clearing_a_condition():
    game = new_game()
    wounded = put(game, "ann", "wounded")
    outcome = game.apply(a.ClearCondition(player="ann", card=wounded))
    assert lines(outcome) == ["Ann recovers from Wounded: it returns to the supply."]
    assert wounded in game.state.zones["supply"].cards and wounded not in game.state.revealed
    refused(game, a.ClearCondition(player="ann", card=game.state.ready("ann")[0]),
            f"{RULES.describe(a.Play(player='ann', card=game.state.ready('ann')[0], intent='x'), game.view('ann'))[5:]} is not a Condition.")


# ---- drawing, rebuild, refill --------------------------------------------------------------------


def test_rebuild_when_the_deck_is_empty_costs_a_fatigue():
    game = new_game()
    empty(game, "ann", "unready")  # all to Spent
    play(game, "ann", "slip-past")
    game.apply(a.Roll(player="ann"))
    spent = len(game.state.spent("ann"))
    outcome = game.apply(a.EndTurn(player="ann"))
    text = lines(outcome)
    assert f"Ann's Unready deck is empty: {spent} Spent cards are shuffled into a new deck (a rebuild)." in text
    assert "Ann gains 1 Fatigue (rebuild): 1 of 6." in text
    assert len(game.state.ready("ann")) == 5 and game.state.fatigue("ann") == 1
    assert len(game.state.unready("ann")) == spent - 1 and not game.state.spent("ann")


def test_an_empty_deck_and_spent_pile_draw_nothing_without_a_crash():
    game = new_game()
    for zone in ("unready:ann", "spent:ann"):
        game.state.zones["trash"].cards.extend(game.state.zones[zone].cards)
        game.state.zones[zone].cards = []
    game.state.zones["trash"].cards.append(game.state.ready("ann").pop())
    outcome = game.apply(a.EndTurn(player="ann"))
    assert "Ann's Unready deck is empty and no Spent card can be shuffled into it: nothing is drawn." in lines(outcome)
    assert game.state.fatigue("ann") == 0 and len(game.state.ready("ann")) == 4


def test_refill_at_the_end_of_the_turn_or_immediately():
    game = new_game()
    play(game, "ann", "slip-past")
    assert len(game.state.ready("ann")) == 4
    game.apply(a.Support(player="bo", card=game.state.ready("bo")[0], narration="x"))
    assert len(game.state.ready("bo")) == 4
    game.apply(a.Roll(player="ann"))
    game.apply(a.EndTurn(player="ann"))
    assert len(game.state.ready("ann")) == 5 and len(game.state.ready("bo")) == 4  # Bo refills at his turn's end
    game = new_game(refill="immediately")
    outcome = game.apply(a.Play(player="ann", card=put(game, "ann", "slip-past"), intent="x"))
    assert len(game.state.ready("ann")) == 5 and "Ann draws 1 card into the Ready Hand." in lines(outcome)
    game.apply(a.Support(player="bo", card=game.state.ready("bo")[0], narration="x"))
    assert len(game.state.ready("bo")) == 5


def test_an_immediate_rebuild_keeps_the_card_just_spent_on_the_spent_pile():
    game = new_game(refill="immediately")
    empty(game, "bo", "unready")
    play(game, "ann", "slip-past")
    paid = game.state.ready("bo")[0]
    game.apply(a.Support(player="bo", card=paid, narration="x"))
    assert game.state.spent("bo") == [paid] and len(game.state.ready("bo")) == 5


def test_hand_size_option():
    game = new_game(hand_size="7")
    assert len(game.state.ready("ann")) == 7


# ---- Fatigue ---------------------------------------------------------------------------------------


def test_fatigue_max_condition_mode_gains_exhausted():
    game = new_game()
    game.apply(a.SetFatigue(player="ann", value=5))
    forced = find(game, "ann", "scout-ahead", ("unready",))
    outcome = game.apply(a.Force(player="ann", card=forced, discard=game.state.ready("ann")[0], intent="x"))
    assert "Ann gains 1 Fatigue (forcing) and reaches the maximum of 6: Fatigue falls to 0, and Ann gains Exhausted." in lines(outcome)
    assert game.state.fatigue("ann") == 0
    assert game.state.cards[game.state.unready("ann")[0]] == "exhausted"


def test_fatigue_max_out_mode():
    game = new_game(at_max="out")
    game.apply(a.SetFatigue(player="bo", value=6))
    game.apply(a.EndTurn(player="ann"))
    assert game.state.active == "cy"  # Bo is out: his turn is skipped
    play(game, "cy", "slip-past")
    refused(game, a.Support(player="bo", card=game.state.ready("bo")[0], narration="x"),
            "Bo is out of the Scene at the maximum Fatigue.")
    assert "out" in RULES.table(game.view(None)).marks["bo"]
    game.apply(a.SetFatigue(player="ann", value=5))
    outcome = game.apply(a.Support(player="ann", card=game.state.ready("ann")[0], narration="x"))
    assert "Ann is at the maximum Fatigue and out of the Scene: no turns and no Support until the next Scene." in lines(outcome)
    game.apply(a.Roll(player="cy"))
    outcome = game.apply(a.EndTurn(player="cy"))
    assert game.state.active == "cy" and lines(outcome)[-1] == "It is Cy's turn."
    game.apply(a.SetFatigue(player="cy", value=6))
    outcome = game.apply(a.EndTurn(player="cy"))
    assert lines(outcome)[-1] == "Every character is out: Scene 1 is over."
    outcome = game.apply(a.NewScene(player="ann"))
    assert game.state.fatigue("ann") == 5 and "Bo comes back into the story with 5 Fatigue." in lines(outcome)


def test_fatigue_max_cap_mode():
    game = new_game(at_max="cap", fatigue_max="4")
    game.apply(a.SetFatigue(player="ann", value=4))
    forced = find(game, "ann", "scout-ahead", ("unready",))
    refused(game, a.Force(player="ann", card=forced, discard=game.state.ready("ann")[0], intent="x"),
            "Ann's Fatigue is 4 of 4: Ann cannot take on 1 more by choice.")
    assert not [act for act in game.legal_actions("ann") if act.type == "force"]
    game.apply(a.SetFatigue(player="bo", value=4))
    play(game, "ann", "slip-past")
    refused(game, a.Support(player="bo", card=game.state.ready("bo")[0], narration="x"),
            "Bo's Fatigue is 4 of 4: Support would cost 1 more.")
    empty(game, "ann", "unready")
    game.apply(a.Roll(player="ann"))
    outcome = game.apply(a.EndTurn(player="ann"))
    assert "Ann gains 1 Fatigue (rebuild): 4 of 4." in lines(outcome)
    assert "Ann's Fatigue stays at the maximum of 4; the rest is lost." in lines(outcome)


def test_set_fatigue_bookkeeping_and_its_counter():
    game = new_game()
    refused(game, a.SetFatigue(player="ann", value=7), "Fatigue must be between 0 and 6.")
    assert RULES.counter_action("ann", "fatigue", 3) == a.SetFatigue(player="ann", value=3)
    spec = RULES.table(game.view("ann")).counters_of("ann")[0]
    assert (spec.label, spec.low, spec.high, spec.editable) == ("Fatigue", 0, 6, True)


# ---- drops, stages and the table ------------------------------------------------------------------


def test_drops_mean_play_force_and_support():
    game = new_game()
    card = put(game, "ann", "slip-past")
    assert [act.type for act in RULES.drops(game.state, "ann", card, "ready:ann", "play")] == ["play"]
    forced = find(game, "ann", "scout-ahead", ("unready",))
    found = RULES.drops(game.state, "ann", forced, "unready:ann", "play")
    assert {act.type for act in found} == {"force"} and len(found) == 5  # one per Ready card to discard
    with pytest.raises(RuleError, match="^It is Ann's turn, not Bo's.$"):
        RULES.drops(game.state, "bo", game.state.ready("bo")[0], "ready:bo", "play")
    with pytest.raises(RuleError, match="^There is no roll open to Support.$"):
        RULES.drops(game.state, "bo", game.state.ready("bo")[0], "ready:bo", "spent:bo")
    game.apply(a.Play(player="ann", card=card, intent="x"))
    helper = game.state.ready("bo")[0]
    for target in ("play", "spent:bo"):
        found = RULES.drops(game.state, "bo", helper, "ready:bo", target)
        assert found and {act.type for act in found} == {"support"}
    with pytest.raises(RuleError, match=" cannot go there: Ready cards go to the play area"):
        RULES.drops(game.state, "bo", helper, "ready:bo", "supply")


def test_the_banner_and_the_looker_during_a_roll():
    game = new_game()
    play(game, "ann", "slip-past", tags=[])
    table = RULES.table(game.view("bo"))
    assert table.banner == "Ann rolls Slip Past: d20 + d6 Careful (Sneak). Bo and Cy may Support (1 Fatigue). Ann rolls when ready."
    from desktop.engine.presentation import looker

    assert looker(game.stages()) is None  # the roller needs no hidden card: nobody is asked to look
    game.apply(a.Pass(player="bo"))
    assert "passed" in RULES.table(game.view(None)).marks["bo"]
    game.apply(a.Roll(player="ann"))
    last = game.view("cy").extra.last_roll
    assert last.player == "ann" and last.card == "Slip Past" and [d.size for d in last.dice] == [6]
    assert RULES.table(game.view("cy")).banner == (
        f"Ann rolled Slip Past: Fate {last.fate}, {last.tier} (CONTROL {last.dice[0].value})."
    )
    game.apply(a.EndTurn(player="ann"))
    assert RULES.table(game.view("cy")).banner == ""


def test_faces_tones_and_fields():
    from desktop.rulesets.worlds_that_remember.cards import card
    from desktop.rulesets.worlds_that_remember.presentation import face

    slip = face(card("slip-past"))
    assert slip.kind == "Action" and slip.tone == "gold"
    assert [(f.text, f.style) for f in slip.fields][:2] == [("ACTION", "timing"), ("Sneak \u00b7 Careful d6", "tag")]
    assert face(card("read-the-room")).tone == "green"
    assert face(card("strike-hard")).fields[2].text == "+ d8 EFFECT"
    wounded = face(card("wounded"))
    assert wounded.kind == "Condition" and wounded.tone in ("red", "purple")
    assert "While Ready: your rolls gain a d4 COST." in wounded.plain_text()


def test_describe_and_labels():
    game = new_game()
    view = game.view("ann")
    card = put(game, "ann", "slip-past")
    view = game.view("ann")
    from desktop.engine.prompts import Ask

    assert RULES.describe(a.Play(player="ann", card=card, intent="x"), view) == "Play Slip Past"
    assert RULES.value_label(Ask(field="tags", kind="choice", question=""), "Old Songs", view) == "d12 (Old Songs, Opportunistic)"
    assert RULES.value_label(Ask(field="tag", kind="choice", question=""), "", view) == "d6 (no tag)"
    assert RULES.value_label(Ask(field="condition", kind="choice", question=""), "wounded", view) == "Wounded"


def test_the_demo_opens_on_a_turn_with_cards_in_hand():
    game = demo_game(RULESET)
    stage = game.stages()[0]
    assert stage.kind == "turn" and game.state.roll is None
    assert len(game.state.ready(stage.seat)) == 5
    assert game.state.played == 3
    assert RULES.table(game.view(stage.seat)).headline == "Dawn \u00b7 3 of 6 cards to Day \u00b7 Ann's turn"


# ---- deck files ------------------------------------------------------------------------------------


def test_the_shipped_data():
    assert 20 <= len(action_defs()) <= 30
    assert {c.id for c in conditions()} >= {"exhausted", "wounded", "shaken"}
    for character in characters():
        assert decks.problems(msgspec.to_builtins(character)) == []
        assert 12 <= character.size() <= 20


def test_deck_files_read_back_and_explain_their_mistakes(tmp_path):
    wren = characters()[0]
    text = decks.export_text(wren)
    assert decks.read_text(text) == wren
    data = json.loads(text)
    assert list(data) == ["system", "name", "tags", "gear", "cards"]
    cases = [
        ({"cards": data["cards"] + [{"card": "slip-pass"}]},
         "Entry 14 of the cards names \u201cslip-pass\u201d, which is not a Worlds That Remember card."),
        ({"cards": [{"card": "slip-past", "copies": 0}] + data["cards"][1:]}, "Slip Past has 0 copies; a card has 1 to 20."),
        ({"cards": data["cards"][:3]}, "The deck has 5 cards; a deck holds 12 to 20 (Condition cards count)."),
        ({"cards": data["cards"] + [{"card": "slip-past"}]}, "Slip Past is listed twice; give all its copies in one entry."),
        ({"tags": [{"label": "Sneak", "approach": "sneaky"}]},
         "The tag \u201cSneak\u201d has the approach \u201csneaky\u201d; an approach is Careful, Forceful, Risky or Opportunistic."),
        ({"tags": []}, "The character has 0 tags; a character has 1 to 6."),
        ({"name": ""}, "The character's name is empty."),
        ({"system": "tempo"}, "This deck is for \u201ctempo\u201d, not for Worlds That Remember."),
        ({"colour": "red"}, "A deck has no field called \u201ccolour\u201d; its fields are name, tags, gear and cards."),
        ({"cards": [{"card": "wounded", "copies": 12}]}, "The deck holds no Action card; it needs at least one."),
        ({"cards": data["cards"] + [{"card": "rally", "copies": 6}]}, "The deck has 21 cards; a deck holds 12 to 20 (Condition cards count)."),
    ]
    for change, sentence in cases:
        with pytest.raises(decks.DeckError) as problem:
            decks.load({**data, **change})
        assert str(problem.value) == sentence
    with pytest.raises(decks.DeckError, match="^The deck file is not valid JSON"):
        decks.read_text("{")
    assert decks.problems([]) == ["A deck file holds one object with a name, tags and cards."]


def test_setup_with_deck_files():
    wren = json.loads(decks.export_text(characters()[0]))
    custom = {**wren, "name": "Maud", "cards": [{"card": "bluff", "copies": 12}, {"card": "wounded"}]}
    game = new_game(players=["Ann", "Bo"], deck=[custom])
    assert game.state.characters["ann"].name == "Maud" and game.state.characters["bo"].name == "Oskar"
    assert len(game.state.ready("ann")) + len(game.state.unready("ann")) == 13
    # a plain card list (what `actiondeck new --deck FILE` passes) is the first seat's deck
    game = new_game(players=["Ann", "Bo"], deck=[{"card": "rally", "copies": 12}])
    assert game.state.characters["ann"].name == "Wren"
    assert set(hand(game, "ann")) == {"rally"}
    with pytest.raises(SetupError) as problem:
        new_game(players=["Ann"], deck=[custom, custom])
    assert str(problem.value) == "The deck file holds 2 decks for 1 players."
    with pytest.raises(SetupError) as problem:
        new_game(players=["Ann"], deck=[{**custom, "cards": [{"card": "rally", "copies": 3}]}])
    assert str(problem.value) == "Deck 1: The deck has 3 cards; a deck holds 12 to 20 (Condition cards count)."


# ---- the command line ----------------------------------------------------------------------------


def test_the_command_line_plays_a_whole_turn(cli, tmp_path):
    save = tmp_path / "wtr.json"
    status, out, err = cli("new", RULESET, "--players", "Ann,Bo", "--seed", 11, "--option", "refill=immediately", "-o", save)
    assert status == 0, err
    assert out.startswith("New Worlds That Remember game for Ann, Bo (seed 11)")
    status, out, _ = cli("actions", save, "--player", "ann")
    legal = json.loads(out)
    play_action = next(act for act in legal if act["type"] == "play")
    assert {"card", "intent", "tags"} <= set(play_action)
    play_action["intent"] = "I cross the rope bridge."
    status, out, err = cli("play", save, json.dumps(play_action))
    assert status == 0, err and "Ann plays" in out
    status, out, _ = cli("actions", save, "--player", "ann")
    assert {act["type"] for act in json.loads(out)} >= {"roll"}
    status, out, _ = cli("actions", save, "--player", "bo")  # Bo's Support names Bo's hidden cards
    assert {act["type"] for act in json.loads(out)} >= {"support", "pass"}
    support = next(act for act in json.loads(out) if act["type"] == "support")
    support["narration"] = "I hold the ropes."
    assert cli("play", save, json.dumps(support))[0] == 0
    status, out, _ = cli("play", save, json.dumps({"type": "support", "player": "bo", "card": support["card"], "narration": "x"}))
    assert status == 2
    status, out, err = cli("play", save, json.dumps({"type": "roll", "player": "ann"}))
    assert status == 0 and "Fate" in out
    assert cli("play", save, json.dumps({"type": "end_turn", "player": "ann"}))[0] == 0
    status, out, err = cli("play", save, json.dumps({"type": "force", "player": "ann", "card": "w001", "discard": "w001", "intent": "x"}))
    assert status == 2 and err == "actiondeck: It is Bo's turn, not Ann's.\n"
    status, out, err = cli("replay", save)
    assert status == 0
    assert "Ann rolls" in out and "Dawn \u00b7 2 of 6 cards to Day \u00b7 Bo's turn" in out
    status, out, _ = cli("replay", save, "--as", "bo", "--json")
    report = json.loads(out)
    assert report["view"]["viewer"] == "bo" and report["view"]["zones"]["unready:ann"]["cards"] == [None] * report["view"]["zones"]["unready:ann"]["count"]


# ---- the bot and the soak ------------------------------------------------------------------------


def test_the_ruleset_provides_its_bot():
    from desktop.rulesets.worlds_that_remember.bot import WorldsThatRememberBot

    assert isinstance(RULES.bot(3), WorldsThatRememberBot)


def test_the_bot_waits_for_supporters_then_rolls():
    from desktop.rulesets.worlds_that_remember.bot import WorldsThatRememberBot

    game = new_game()
    play(game, "ann", "slip-past")
    bot = WorldsThatRememberBot(1)
    assert bot.choose(game.legal_actions("ann"), game.view("ann")) is None
    for seat in ("bo", "cy"):
        game.apply(a.Pass(player=seat))
    assert bot.choose(game.legal_actions("ann"), game.view("ann")) == a.Roll(player="ann")


def test_the_bot_never_forces_at_high_fatigue():
    from desktop.rulesets.worlds_that_remember.bot import WorldsThatRememberBot

    game = new_game()
    for card in list(game.state.ready("ann")):
        game.state.ready("ann").remove(card)
        game.state.spent("ann").append(card)
    put(game, "ann", "shaken")  # only a Condition is Ready: nothing can be played
    bot = WorldsThatRememberBot(1)
    assert bot.choose(game.legal_actions("ann"), game.view("ann")).type == "force"
    game.state.counters["ann"]["fatigue"] = 3
    assert bot.choose(game.legal_actions("ann"), game.view("ann")) == a.EndTurn(player="ann")


def test_the_bot_plays_better_pools_than_random():
    """Over the same deals, the bot's rolls hold pools worth more than a random player's."""
    from desktop.bots.random_bot import RandomBot
    from desktop.rulesets.worlds_that_remember.bot import WorldsThatRememberBot, worth

    def mean_worth(make) -> float:
        total = count = 0
        for seed in range(6):
            players = ["Ann", "Bo"]
            game = bot_game(seed, players, bots={seat: make(seed) for seat in ("ann", "bo")})
            for entries in game.log:
                for entry in entries:
                    if entry.text.startswith("Dice: "):
                        sizes = tuple(sorted(int(part.split()[0][1:]) for part in entry.text[6:-1].split("; ")))
                        total += worth(sizes)
                        count += 1
        return total / count

    assert mean_worth(WorldsThatRememberBot) > mean_worth(RandomBot) + 0.1


SOAK_OPTIONS = [
    {}, {"refill": "immediately"}, {"at_max": "out", "fatigue_max": "4"}, {"at_max": "cap", "hand_size": "3"},
    {"fatigue_max": "4", "hand_size": "7"},
]
NAMES = ["Ann", "Bo", "Cy", "Dee", "Eli", "Fay"]


def soak(games: int) -> tuple[int, float]:
    start, actions = time.perf_counter(), 0
    for number in range(games):
        players = NAMES[: 1 + number % 6]
        game = bot_game(number, players, SOAK_OPTIONS[number % len(SOAK_OPTIONS)], consequences=number % 2 == 1)
        actions += len(game.actions)
        assert game.state.scene_over
    return actions, time.perf_counter() - start


def test_thirty_bot_only_games_finish_without_a_refused_action():
    actions, _ = soak(30)
    assert actions > 30 * 30


@pytest.mark.soak
def test_a_thousand_bot_only_games_finish_without_a_refused_action(request):
    if "soak" not in (request.config.getoption("markexpr") or ""):
        pytest.skip("a long run: pytest -m soak")
    actions, seconds = soak(1000)
    print(f"\n1,000 bot-only Scenes: {actions:,} actions in {seconds:.1f} s")


def test_the_command_line_reads_deck_files(cli, tmp_path):
    maud = {**json.loads(decks.export_text(characters()[1])), "name": "Maud"}
    one = tmp_path / "maud.json"
    one.write_text(json.dumps({**maud, "cards": [{"card": "rally", "copies": 12}]}))
    table = tmp_path / "table.json"
    table.write_text(json.dumps([maud, {**maud, "name": "Ned", "cards": [{"card": "bluff", "copies": 14}]}]))
    status, _, err = cli("new", RULESET, "--players", "Ann,Bo", "--seed", 3, "--deck", one, "-o", tmp_path / "a.json")
    assert status == 0, err
    from desktop.storage import load_save

    game = load_save(tmp_path / "a.json")[0]  # one whole deck: the first seat's character and cards
    assert game.state.characters["ann"].name == "Maud" and set(hand(game, "ann")) == {"rally"}
    assert game.state.characters["bo"].name != "Maud"
    status, _, err = cli("new", RULESET, "--players", "Ann,Bo", "--seed", 3, "--deck", table, "-o", tmp_path / "b.json")
    assert status == 0, err
    status, out, _ = cli("replay", tmp_path / "b.json", "--json")
    state = json.loads(out)["state"]
    assert [state["characters"][seat]["name"] for seat in ("ann", "bo")] == ["Maud", "Ned"]
    table.write_text(json.dumps([{**maud, "cards": [{"card": "rally", "copies": 30}]}]))
    status, out, err = cli("new", RULESET, "--players", "Ann", "--deck", table, "-o", tmp_path / "c.json")
    assert status == 2 and err == "actiondeck: Deck 1: Rally has 30 copies; a card has 1 to 20.\n"
