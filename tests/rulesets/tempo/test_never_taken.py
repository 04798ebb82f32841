"""What can never be taken is refused in words (issue 26, item 14): an Attack no weapon of the
character could fit by its tempo is refused at planning (D26); an action that cannot be taken
when its moment comes says why, to the seats that see it; a character out of the fight has its
row greyed, and its seat is offered nothing to do at the table."""

from __future__ import annotations

from desktop.engine import Game, GameSetup
from desktop.rulesets.tempo import actions as a
from tests.rulesets.tempo.helpers import (
    ANN,
    BO,
    GOBLIN,
    ORC,
    card,
    entry,
    new,
    plan,
    plans,
    refused,
    st,
    to_turn,
)

ARCHER = {"name": "Archer", "side": "npc", "hp": 9, "weapons": [{"name": "Crossbow", "speed": "slow", "reload": True}],
          "held": ["Crossbow"]}


def builtin() -> Game:
    return Game.new(GameSetup(ruleset="tempo", players=["Ann", "Bo", "GM"], seed=1))


def test_an_attack_no_weapon_could_fit_is_refused_at_planning_D26_with_the_reason():
    game = new()  # the Orc holds only its Axe (Slow) and carries nothing else
    refused(game, a.Plan(player="gm", card=card(game, "orc", "standard_attack")),
            "Orc holds only Axe (Slow) and carries none quick enough: a Standard Attack strikes with a Standard "
            "or Quick weapon (T50); this Standard Attack could never be taken this round (D26).")
    plan(game, "orc", "slow_attack")  # the Axe fits a Slow Attack
    game = builtin()  # this Orc carries a Cleaver, stowed: an Inventory draws it at 6, after 5
    refused(game, a.Plan(player="gm", card=card(game, "orc", "standard_attack")),
            "Orc holds only Greataxe (Slow), and its Cleaver stays stowed until an Inventory at tempo 6, after "
            "tempo 5: a Standard Attack strikes with a Standard or Quick weapon (T50)")


def test_a_weapon_that_may_be_drawn_in_time_keeps_the_plan_open_D26():
    # A player character may Exert to move an Inventory before its Attack: its stowed Dagger counts.
    ann = {**ANN, "held": ["Maul"]}
    game = new([ann, BO, ORC, GOBLIN])
    plan(game, "ann", "quick_attack")
    # An NPC holding a Slow weapon, with a Standard one stowed, may draw it at 6 for a Slow Attack.
    game = builtin()
    plan(game, "orc", "slow_attack")


def test_changing_into_or_granting_an_attack_that_could_never_be_taken_is_refused():
    game = plans(new(), {"ann": ["quick_attack", "move"], "bo": ["quick_attack", "hide"],
                         "orc": ["mark", "move"], "goblin": ["quick_attack", "move"]})
    refused(game, a.Change(player="gm", entry=entry(game, "orc", "mark"), card=card(game, "orc", "quick_attack")),
            "could never be taken this round (D26)")
    refused(game, a.Grant(player="gm", character="orc", action="standard_attack", kind="free"),
            "could never be taken this round (D26)")


def test_an_action_that_cannot_be_taken_now_says_why_to_the_seats_that_see_it():
    game = plans(new([ANN, BO, ARCHER]), {"ann": ["move", "hide"], "bo": ["move", "hide"],
                                          "archer": ["mark", "slow_attack"]})
    st(game).character("archer").loaded = []  # it shot its bolt: an Inventory must load it again
    to_turn(game, "archer", 7)
    legal = game.legal_actions("gm")
    assert legal and not any(isinstance(act, a.Take) for act in legal)  # its Crossbow is not loaded
    wait = next(act for act in legal if isinstance(act, a.Wait))
    gm = game.view("gm")
    assert game.ruleset.describe(wait, gm) == "Archer: not now (its Slow Attack cannot be taken)"
    assert ("Archer's Slow Attack cannot be taken now: Crossbow is not loaded: an Inventory action loads it "
            "(T52). Let the tempo pass, or change it (T9).") in game.ruleset.table(gm).banner
    for seat in ("ann", "bo", None):  # an NPC's plan is the GM's: the players read nothing of it
        assert "Slow Attack" not in game.ruleset.table(game.view(seat)).banner


def test_a_character_out_of_the_fight_has_its_row_greyed_D16():
    game = new()
    game.apply(a.SetCounter(player="gm", character="goblin", counter="hp", value=0))
    for seat in ("ann", "gm", None):
        zones = {spec.zone: spec for spec in game.ruleset.table(game.view(seat)).zones}
        assert zones["timeline:goblin"].inactive and zones["timeline:goblin"].title == "Goblin: defeated"
        assert not zones["timeline:orc"].inactive and not zones["timeline:ann"].inactive


def test_a_player_whose_character_died_is_offered_no_advance_and_no_declare():
    game = plans(new(), {"ann": ["quick_attack", "move"], "bo": ["quick_attack", "hide"],
                         "orc": ["mark", "slow_attack"], "goblin": ["quick_attack", "move"]})
    game.apply(a.ForceExertion(player="gm", character="bo", amount=3))  # beyond its maximum of 2
    to_turn(game, "ann", 3)
    game.apply(a.Take(player="ann", entry=entry(game, "ann", "quick_attack"), weapon="Dagger", target="orc"))
    assert st(game).turn is not None
    assert not any(isinstance(act, (a.Advance, a.Declare)) for act in game.legal_actions("bo"))
    assert any(isinstance(act, a.Advance) for act in game.legal_actions("ann"))
