"""The Unique Action Restriction (T12-T17), Extra and Free actions (T56-T61), abilities that name
an action (T14), actions granted by the GM (D22)."""

from __future__ import annotations

from desktop.rulesets.tempo import actions as a
from tests.rulesets.tempo.helpers import (
    ability,
    advance,
    card,
    entry,
    lines,
    new,
    plan,
    plans,
    refused,
    st,
    take,
    to_tempo,
)

ROUND = {"ann": ["quick_attack", "move"], "bo": ["inventory", "hide"], "orc": ["help", "slow_attack"],
         "goblin": ["move", "shift"]}


def test_T12_T58_an_extra_action_repeating_a_planned_action_is_refused():
    game = new()
    plan(game, "ann", "quick_attack")
    sentence = refused(game, a.Plan(player="ann", card=card(game, "ann", ability(game, "ann", "Lunge"))),
                       "the same action")
    assert "Unique Action Restriction" in sentence


def test_T15_T59_T61_a_free_action_repeating_a_planned_action_is_taken_without_a_normal_move():
    game = new()
    plan(game, "ann", "quick_attack")
    flurry = ability(game, "ann", "Flurry")
    plan(game, "ann", flurry)  # Free: besides the two, and it ignores the restriction
    plan(game, "ann", "move")
    assert st(game).phase == "planning"  # Ann is done, the others are not
    plans(game, {"bo": ["inventory", "hide"], "orc": ["help", "slow_attack"], "goblin": ["move", "shift"]})
    take(game, "ann", "quick_attack", weapon="Dagger", target="orc")
    advance(game)
    outcome = take(game, "ann", flurry, weapon="Dagger", target="orc")
    assert "no Normal Move (T56, T59)" in lines(outcome)[0]
    assert not st(game).turn.normal_move


def test_T56_T57_an_extra_action_is_besides_the_two_at_the_named_actions_tempo_without_a_normal_move():
    game = new()
    sprint = ability(game, "ann", "Sprint")
    plans(game, {"ann": ["quick_attack", sprint, "scan"]})
    extra = next(e for e in st(game).entries if e.action == sprint)
    assert extra.tag == "extra" and extra.tempo == 4  # Move's tempo
    plans(game, {"bo": ["inventory", "hide"], "orc": ["help", "slow_attack"], "goblin": ["move", "shift"]})
    to_tempo(game, 4)
    outcome = take(game, "ann", sprint, option="move")
    assert "no Normal Move" in lines(outcome)[0]


def test_T58_T61_extra_and_free_actions_have_no_limit_and_are_added_during_the_count():
    game = plans(new(), {"ann": ["scan", "hide"], "bo": ["inventory", "hide"], "orc": ["help", "slow_attack"],
                         "goblin": ["move", "shift"]})
    assert st(game).phase == "count" and st(game).tempo == 2
    for name in ("Sprint", "Lunge", "Flurry"):  # two Extra (a Move, an Attack) and a Free action
        plan(game, "ann", ability(game, "ann", name))
    assert [(e.tag, e.tempo) for e in st(game).entries if e.character == "ann"] == [
        ("plan", 2), ("plan", 6), ("extra", 4), ("extra", 3), ("free", 3)]


def test_T14_an_ability_naming_an_action_is_that_action_for_the_restriction():
    game = new()
    plan(game, "ann", "move")
    refused(game, a.Plan(player="ann", card=card(game, "ann", ability(game, "ann", "Sprint"))), "the same action")


def test_T16_an_inventory_strike_counts_as_the_attack_of_the_round():
    game = plans(new(), {"ann": ["quick_attack", "inventory"], "bo": ["inventory", "hide"], "orc": ["help", "slow_attack"],
                         "goblin": ["move", "shift"]})
    take(game, "ann", "quick_attack", weapon="Dagger", target="orc")
    advance(game)
    to_tempo(game, 6)
    refused(game, a.Take(player="ann", entry=entry(game, "ann", "inventory"), option="consume", item="Fire flask",
                         target="orc"), "counts as an Attack (T16)")
    outcome = take(game, "ann", "inventory", option="consume", item="Tonic")
    assert "consumes Tonic" in lines(outcome)[0]


def test_T16_after_an_inventory_strike_an_attack_is_refused():
    game = plans(new(), {"ann": ["inventory", "shift"], "bo": ["inventory", "hide"], "orc": ["help", "slow_attack"],
                         "goblin": ["move", "shift"]})
    to_tempo(game, 6)
    take(game, "ann", "inventory", option="consume", item="Fire flask", target="orc")
    advance(game)
    refused(game, a.Change(player="ann", entry=entry(game, "ann", "shift"), card=card(game, "ann", "slow_attack")),
            "all Attacks count as one action")


def test_T17_reactions_ignore_the_restriction():
    game = plans(new(), {"ann": ["quick_attack", "move"], "bo": ["quick_attack", "hide"], "orc": ["help", "slow_attack"],
                         "goblin": ["move", "shift"]})
    take(game, "ann", "quick_attack", weapon="Dagger", target="orc")
    advance(game)
    take(game, "bo", "quick_attack", weapon="Dirk", target="orc")
    game.apply(a.React(player="bo", character="bo", reaction="Dual Wield", trigger=st(game).turn.triggers[0].id))
    assert [e.action for e in st(game).entries if e.character == "bo"] == ["quick_attack", "hide"]


def test_D22_the_gm_grants_an_extra_or_free_action_during_the_count():
    game = plans(new(), ROUND)
    outcome = game.apply(a.Grant(player="gm", character="ann", action="quick_attack", kind="free"))
    assert "grants Ann a Free action" in lines(outcome)[0]
    refused(game, a.Grant(player="ann", character="ann", action="hide", kind="free"), "is the GM's")
    granted = [e for e in st(game).entries if e.character == "ann" and e.tag == "free"]
    assert granted and granted[0].card is None and granted[0].tempo == 3
    take(game, "ann", "quick_attack", weapon="Dagger", target="orc")
    advance(game)
    refused(game, a.Grant(player="gm", character="ann", action="slow_attack", kind="extra"),
            "Ann already took Quick Attack this round, and an Attack is the same action")


def test_T57_T60_an_extra_or_free_action_goes_to_its_listed_tempo_or_the_named_actions_usual_one():
    from tests.rulesets.tempo.helpers import ANN, BO, GOBLIN, ORC

    ann = dict(ANN, abilities=[{"name": "Flurry", "tag": "free", "action": "quick_attack"},
                               {"name": "Late Cut", "tag": "free", "action": "quick_attack", "tempo": 8},
                               {"name": "Battle Cry", "tag": "extra", "tempo": 0}])
    game = new([ann, BO, ORC, GOBLIN])
    for name in ("Flurry", "Late Cut", "Battle Cry"):
        plan(game, "ann", ability(game, "ann", name))
    assert [(e.tag, e.tempo) for e in st(game).entries] == [("free", 3), ("free", 8), ("extra", 0)]
    refused(game, a.Plan(player="ann", card=card(game, "ann", "quick_attack"), tempo=8), "happens at tempo 3 (T7)")


# ---- the restriction binds the actions performed (issue 26, item 18) ------------------------------


def test_T12_T16_a_strike_item_before_a_planned_attack_is_taken_and_the_attack_then_refused():
    """A plan binds nothing until it is taken: the Fire flask (a Strike) at 6 is not refused for
    the Slow Attack planned at 7; once it is taken, the Slow Attack is the round's second Attack."""
    game = plans(new(), {"ann": ["inventory", "slow_attack"], "bo": ["inventory", "hide"],
                         "orc": ["help", "slow_attack"], "goblin": ["move", "shift"]})
    to_tempo(game, 6)
    take(game, "ann", "inventory", option="consume", item="Fire flask", target="orc")
    advance(game)
    to_tempo(game, 7)
    slow = entry(game, "ann", "slow_attack")
    refused(game, a.Take(player="ann", entry=slow, weapon="Sword", target="orc"),
            "Ann already took Inventory (an Inventory Strike) this round, and an Attack is the same action: all "
            "Attacks count as one action (the Unique Action Restriction binds the actions taken).")
    assert not any(isinstance(act, a.Take) for act in game.legal_actions("ann"))
    chip = next(c for r in game.view("ann").extra.rows if r.id == "ann" for c in r.chips if c.entry == slow)
    assert chip.blocked.startswith("Ann already took Inventory (an Inventory Strike) this round")
    game.apply(a.Change(player="ann", entry=slow, card=card(game, "ann", "shift")))  # upcoming choices may change


def test_T12_T16_an_attack_let_pass_binds_nothing():
    game = plans(new(), {"ann": ["quick_attack", "inventory"], "bo": ["inventory", "hide"],
                         "orc": ["help", "slow_attack"], "goblin": ["move", "shift"]})
    game.apply(a.Wait(player="ann", character="ann"))  # its Quick Attack at 3 let pass, never performed
    to_tempo(game, 6)
    outcome = take(game, "ann", "inventory", option="consume", item="Fire flask", target="orc")
    assert "consumes Fire flask" in lines(outcome)[0]


def test_T12_T58_during_the_count_an_extra_attack_may_be_added_and_the_second_taken_is_refused():
    game = plans(new(), {"ann": ["scan", "standard_attack"], "bo": ["inventory", "hide"],
                         "orc": ["help", "slow_attack"], "goblin": ["move", "shift"]})
    lunge = ability(game, "ann", "Lunge")  # Extra, a Quick Attack at 3
    plan(game, "ann", lunge)  # the planned Standard Attack at 5 binds nothing yet
    to_tempo(game, 3)
    take(game, "ann", lunge, weapon="Dagger", target="orc")
    advance(game)
    to_tempo(game, 5)
    refused(game, a.Take(player="ann", entry=entry(game, "ann", "standard_attack"), weapon="Sword", target="orc"),
            "Ann already took Lunge this round, and an Attack is the same action")


def test_T12_games_of_edition_4_keep_plans_binding_during_the_count():
    game = plans(new(edition="4"), {"ann": ["inventory", "slow_attack"], "bo": ["inventory", "hide"],
                                    "orc": ["help", "slow_attack"], "goblin": ["move", "shift"]})
    to_tempo(game, 6)
    refused(game, a.Take(player="ann", entry=entry(game, "ann", "inventory"), option="consume", item="Fire flask",
                         target="orc"), "already has Slow Attack this round")
