"""Reactions (T20-T27): one per turn, at or above their tempo, their trigger and prerequisites,
once per round, never twice for one trigger; Intercept from Guard (T48) and Dual Wield (T51); hits
and skill rolls declared (D25)."""

from __future__ import annotations

from desktop.rulesets.tempo import actions as a
from tests.rulesets.tempo.helpers import (
    ANN,
    BO,
    GOBLIN,
    ORC,
    advance,
    lines,
    new,
    plans,
    refused,
    sheet,
    st,
    take,
    to_turn,
)

NPCS = {"orc": ["help", "slow_attack"], "goblin": ["move", "shift"]}


def guarded_round(game):
    """Ann Guards Bo at tempo 4; the Goblin strikes Bo at its tempo 3 of... the next turns."""
    plans(game, {"ann": ["guard", "hide"], "bo": ["move", "standard_attack"], "orc": ["help", "slow_attack"],
                 "goblin": ["standard_attack", "shift"]})
    to_turn(game, "ann", 4)
    take(game, "ann", "guard", target="bo", confirm=True)
    advance(game)
    return game


def test_T48_D25_intercept_takes_the_damage_of_a_declared_hit_on_the_guarded_character():
    game = guarded_round(new())
    to_turn(game, "goblin", 5)
    take(game, "goblin", "standard_attack", weapon="Shiv", target="bo")
    outcome = game.apply(a.Declare(player="gm", event="hit", character="bo", damage=4))
    assert "Bo is hit by a Strike for 4 damage" in lines(outcome)[0]
    hit = st(game).turn.triggers[-1].id
    refused(game, a.React(player="ann", character="ann", reaction="Intercept", trigger=hit), "Ann is adjacent to Bo")
    outcome = game.apply(a.React(player="ann", character="ann", reaction="Intercept", trigger=hit, confirm=True))
    assert "takes the Strike's damage instead of Bo" in lines(outcome)[0]
    advance(game, "gm")
    assert st(game).counters["ann"]["hp"] == 8 and st(game).counters["bo"]["hp"] == 12


def test_T20_T25_a_second_reaction_in_one_turn_is_refused():
    orc = dict(ORC, reactions=[{"name": "Riposte", "tempo": 5, "trigger": "hit", "per_round": 2},
                               {"name": "Snarl", "tempo": 0, "trigger": "hit"}])
    game = plans(new([ANN, BO, orc, GOBLIN]), {"ann": ["standard_attack", "hide"], "bo": ["move", "rest"], **NPCS})
    to_turn(game, "ann", 5)
    take(game, "ann", "standard_attack", weapon="Sword", target="orc")
    game.apply(a.Declare(player="ann", event="hit", character="orc", damage=2))
    hit = st(game).turn.triggers[-1].id
    game.apply(a.React(player="gm", character="orc", reaction="Snarl", trigger=hit))
    refused(game, a.React(player="gm", character="orc", reaction="Riposte", trigger=hit),
            "has used its reaction this turn: one reaction per turn (T20, T25)")


def test_T24_a_reaction_below_its_tempo_is_refused_and_at_its_tempo_allowed():
    game = plans(new(), {"ann": ["quick_attack", "hide"], "bo": ["move", "standard_attack"],
                         **NPCS})
    take(game, "ann", "quick_attack", weapon="Dagger", target="orc")
    game.apply(a.Declare(player="ann", event="hit", character="orc"))
    hit = st(game).turn.triggers[-1].id
    refused(game, a.React(player="gm", character="orc", reaction="Riposte", trigger=hit),
            "Riposte has tempo 5: this turn is at tempo 3, below it (T24)")
    advance(game)
    to_turn(game, "bo", 5)
    take(game, "bo", "standard_attack", weapon="Dirk", target="orc")
    game.apply(a.Declare(player="bo", event="hit", character="orc"))
    game.apply(a.React(player="gm", character="orc", reaction="Riposte", trigger=st(game).turn.triggers[-1].id))


def test_T26_the_same_reaction_twice_in_a_round_is_refused():
    game = guarded_round(new())
    to_turn(game, "bo", 5)
    take(game, "bo", "standard_attack", weapon="Dirk", target="orc")
    trigger = st(game).turn.triggers[0].id
    game.apply(a.React(player="bo", character="bo", reaction="Dual Wield", trigger=trigger))
    advance(game, "bo")
    take(game, "goblin", "standard_attack", weapon="Shiv", target="bo")
    game.apply(a.Declare(player="gm", event="hit", character="bo", damage=1))
    first = st(game).turn.triggers[-1].id
    game.apply(a.React(player="ann", character="ann", reaction="Intercept", trigger=first, confirm=True))
    advance(game, "gm")
    to_turn(game, "orc", 7)
    take(game, "orc", "slow_attack", weapon="Axe", target="bo")
    game.apply(a.Declare(player="gm", event="hit", character="bo", damage=3))
    refused(game, a.React(player="ann", character="ann", reaction="Intercept", trigger=st(game).turn.triggers[-1].id,
                          confirm=True), "has used Intercept once this round, its limit (T26)")


def test_T27_a_multi_use_reaction_never_answers_the_same_trigger_twice():
    game = plans(new(), {"ann": ["standard_attack", "hide"], "bo": ["move", "rest"], **NPCS})
    to_turn(game, "ann", 5)
    take(game, "ann", "standard_attack", weapon="Sword", target="orc")
    game.apply(a.Declare(player="ann", event="hit", character="orc"))
    hit = st(game).turn.triggers[-1].id
    game.apply(a.React(player="gm", character="orc", reaction="Riposte", trigger=hit))
    st(game).turn.reacted.clear()  # as if in another turn: only the trigger is the same
    refused(game, a.React(player="gm", character="orc", reaction="Riposte", trigger=hit),
            "already answered this very trigger (T27)")


def test_T21_T51_dual_wield_at_tempo_0_on_your_own_attack_uses_your_reaction_for_that_turn():
    game = plans(new(), {"ann": ["scan", "hide"], "bo": ["quick_attack", "rest"], **NPCS})
    to_turn(game, "bo", 3)
    take(game, "bo", "quick_attack", weapon="Dirk", target="goblin")
    attack = st(game).turn.triggers[0]
    assert attack.kind == "attack" and attack.subject == "bo"
    outcome = game.apply(a.React(player="bo", character="bo", reaction="Dual Wield", trigger=attack.id))
    assert "Strikes with Knife too, dealing only the Dice Value" in lines(outcome)[0]
    assert st(game).turn.reacted == ["bo"]


def test_T22_T23_a_reaction_needs_its_trigger_and_its_prerequisite():
    game = plans(new(), {"ann": ["quick_attack", "hide"], "bo": ["move", "inventory"], **NPCS})
    take(game, "ann", "quick_attack", weapon="Dagger", target="orc")
    attack = st(game).turn.triggers[0].id
    refused(game, a.React(player="bo", character="bo", reaction="Dual Wield", trigger=attack),
            "Nothing in this turn triggers Bo's Dual Wield (T22)")
    refused(game, a.React(player="ann", character="ann", reaction="Intercept", trigger=attack),
            "does not know a reaction called 'Intercept' now (T22)")
    bo = st(game).character("bo")
    bo.held = ["Dirk", "Crossbow"]  # two weapons of different speeds: no Dual Wield (T51)
    assert "Dual Wield" not in [r.name for r in game.view("bo").extra.rows[1].reactions]


def test_T21_no_reaction_outside_a_turn():
    game = plans(new(), {"ann": ["quick_attack", "hide"], "bo": ["move", "rest"], **NPCS})
    refused(game, a.React(player="gm", character="orc", reaction="Riposte", trigger=1), "no turn is under way")


def test_D25_hits_and_skill_rolls_are_declared_during_a_turn():
    game = plans(new(), {"ann": ["quick_attack", "hide"], "bo": ["move", "inventory"], **NPCS})
    refused(game, a.Declare(player="ann", event="hit", character="orc"), "during the turn it happens in (D25)")
    take(game, "ann", "quick_attack", weapon="Dagger", target="orc")
    listed = [act for act in game.legal_actions("ann") if isinstance(act, a.Declare)]
    assert [(act.event, act.character) for act in listed] == [("hit", "orc")]


def test_sheet_reactions_are_named_apart_from_the_rules_own():
    from desktop.rulesets.tempo.encounter import problems

    found = problems([sheet("Ann", reactions=[{"name": "Intercept"}])])
    assert found == [("Character 1 (Ann), reaction 1: Intercept is given by the rules (Guard, two weapons, Help): "
                     "leave it out.")]
