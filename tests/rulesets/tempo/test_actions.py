"""The actions of the table (T10, T11, T43-T55) and their defaults: weapon speed checked when the
Attack resolves (T49, T50, D26, D27), Scan answers (T43, D6), Help and Teamwork (T45, D23), Guard
(T47, D24), Rest, Shift and Recover (T54, D18, D19), Mana (T55, D20), Magic (T11, D21)."""

from __future__ import annotations

from desktop.rulesets.tempo import actions as a
from desktop.rulesets.tempo.core import KINDS
from tests.rulesets.tempo.helpers import (
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
    to_turn,
)

NPCS = {"orc": ["help", "slow_attack"], "goblin": ["move", "shift"]}


def test_T10_the_table_of_tempos():
    tempos = {kind.name: kind.tempo for kind in KINDS.values()}
    assert tempos == {"Rest": 1, "Scan": 2, "Mark": 2, "Quick Attack": 3, "Help": 3, "Move": 4, "Guard": 4,
                      "Standard Attack": 5, "Inventory": 6, "Hide": 6, "Slow Attack": 7, "Shift": 7, "Magic": None}


def test_T11_D21_magic_takes_its_spells_tempo_or_one_typed_at_planning_and_commits_mana():
    game = new()
    plan(game, "ann", "magic", spell="Spark")
    assert st(game).entries[-1].tempo == 5
    game = new()
    refused(game, a.Plan(player="ann", card=card(game, "ann", "magic"), spell="Ward"), "choose one from 0 to 9 (D21)")
    plan(game, "ann", "magic", tempo=8, spell="Ward")
    plans(game, {"ann": ["scan"], "bo": ["inventory", "hide"], **NPCS})
    to_tempo(game, 8)
    refused(game, a.Take(player="ann", entry=entry(game, "ann", "magic"), amount=4, tier="day"), "commits 1 to 3")
    outcome = take(game, "ann", "magic", amount=2, tier="day")
    assert "casts Ward, committing 2 Mana for the day" in lines(outcome)[0]
    values = st(game).counters["ann"]
    assert (values["mana"], values["mana_day"]) == (1, 2)


def test_D21_magic_is_one_action_for_the_restriction():
    game = new()
    plan(game, "ann", "magic", spell="Spark")
    refused(game, a.Plan(player="ann", card=card(game, "ann", "magic"), spell="Ward", tempo=3), "already on Ann's row")


def test_T49_T50_D26_weapon_speed_is_checked_when_the_attack_resolves():
    game = plans(new(), {"ann": ["quick_attack", "inventory"], "bo": ["inventory", "slow_attack"], **NPCS})
    refused(game, a.Take(player="ann", entry=entry(game, "ann", "quick_attack"), weapon="Sword", target="orc"),
            "a Quick Attack strikes with a Quick weapon (T50)")
    take(game, "ann", "quick_attack", weapon="Dagger", target="orc")
    advance(game)
    to_turn(game, "bo", 6)
    # Bo stows a knife and draws the unloaded... loaded Crossbow, for the tempo-7 Slow Attack
    advance_to_bo = take(game, "bo", "inventory", option="swap", weapon="Knife", item="Crossbow")
    assert "stows Knife and draws Crossbow" in lines(advance_to_bo)[0]
    advance(game, "bo")
    to_turn(game, "bo", 7)
    take(game, "bo", "slow_attack", weapon="Crossbow", target="orc")
    assert "Crossbow" not in st(game).character("bo").loaded  # a Strike empties a Reload weapon


def test_D27_three_attack_actions_are_three_kinds_not_three_attacks():
    game = new()
    plan(game, "ann", "standard_attack")
    refused(game, a.Plan(player="ann", card=card(game, "ann", "quick_attack")), "all Attacks count as one action")


def test_T50_a_standard_attack_strikes_with_standard_or_quick_and_a_slow_one_with_any():
    game = plans(new(), {"ann": ["standard_attack", "hide"], "bo": ["inventory", "hide"], **NPCS})
    to_tempo(game, 5)
    take(game, "ann", "standard_attack", weapon="Dagger", target="orc")


def test_T43_D6_scan_answers_from_the_sheet_as_a_snapshot_and_sends_the_rest_to_the_gm():
    game = plans(new(), {"ann": ["scan", "hide"], "bo": ["inventory", "hide"], **NPCS})
    outcome = take(game, "ann", "scan", target="orc", question=1, confirm=True)
    assert "STR 3, FOR 2, HP 14/14" in lines(outcome)[0]
    snap = st(game).scans[-1]
    assert (snap.target, snap.round, snap.tempo, snap.question) == ("orc", 1, 2, 1)
    assert game.view("bo").extra.scans[-1].text == "STR 3, FOR 2, HP 14/14"


def test_T43_D6_another_question_goes_to_the_gm_who_answers_in_words():
    game = plans(new(), {"ann": ["scan", "hide"], "bo": ["inventory", "hide"], **NPCS})
    outcome = take(game, "ann", "scan", target="orc", question=6, note="Is it afraid of fire?", confirm=True)
    assert any(line.seat == "gm" and "Is it afraid of fire?" in line.text for line in outcome.log)
    assert game.view("gm").extra.asked and not game.view("ann").extra.asked
    game.apply(a.Answer(player="gm", index=0, text="It flinches at torches"))
    assert "It flinches at torches" in st(game).scans[-1].text


def test_T43_a_scan_needs_a_target_in_seek_confirmed():
    game = plans(new(), {"ann": ["scan", "hide"], "bo": ["inventory", "hide"], **NPCS})
    refused(game, a.Take(player="ann", entry=entry(game, "ann", "scan"), target="orc", question=2),
            "Confirm on the board first: Orc is in Ann's Seek (D24)")


def test_T44_mark_applies_marked_within_seek():
    game = plans(new(), {"ann": ["mark", "hide"], "bo": ["inventory", "hide"], **NPCS})
    take(game, "ann", "mark", target="goblin", confirm=True)
    assert "Marked" in st(game).character("goblin").conditions
    assert "Marked" in game.view("bo").extra.rows[3].conditions  # a visible condition (D6)


def test_T45_help_clears_a_debuff_or_prone_from_an_ally_in_range_1():
    game = plans(new(sheets=None), {"ann": ["help", "hide"], "bo": ["inventory", "hide"], **NPCS})
    st(game).character("bo").conditions.append("Prone")
    refused(game, a.Take(player="ann", entry=entry(game, "ann", "help"), target="orc", option="teamwork", confirm=True),
            "needs an ally in Range 1")
    take(game, "ann", "help", target="bo", option="clear", item="Prone", confirm=True)
    assert "Prone" not in st(game).character("bo").conditions


def test_T45_D23_teamwork_is_a_reaction_on_the_allys_next_skill_roll():
    game = plans(new(), {"ann": ["help", "hide"], "bo": ["inventory", "hide"], **NPCS})
    take(game, "ann", "help", target="bo", option="teamwork", confirm=True)
    assert st(game).character("ann").teamwork == "bo"
    advance(game)
    to_turn(game, "bo", 6)
    take(game, "bo", "inventory", option="swap", weapon="Knife", item="Crossbow")
    game.apply(a.Declare(player="bo", event="skill", character="bo"))
    skill = st(game).turn.triggers[-1].id
    outcome = game.apply(a.React(player="ann", character="ann", reaction="Teamwork", trigger=skill))
    assert "gives Teamwork to Bo's skill roll" in lines(outcome)[0]
    assert st(game).character("ann").teamwork is None


def test_T46_move_is_a_move_of_speed_or_a_jump():
    game = plans(new(), {"ann": ["move", "hide"], "bo": ["inventory", "hide"], **NPCS})
    to_tempo(game, 4)
    assert "moves up to 6 more" in lines(take(game, "ann", "move", option="move"))[0]


def test_T47_T48_D24_guard_protects_an_adjacent_character_and_gives_intercept_for_the_round():
    game = plans(new(), {"ann": ["guard", "hide"], "bo": ["inventory", "hide"], **NPCS})
    to_tempo(game, 4)
    refused(game, a.Take(player="ann", entry=entry(game, "ann", "guard"), target="bo"), "Ann is adjacent to Bo")
    outcome = take(game, "ann", "guard", target="bo", confirm=True)
    assert "Disadvantage" in lines(outcome)[0] and "Intercept until the end of the round" in lines(outcome)[0]
    assert "Guarded" in st(game).character("bo").conditions
    assert "Intercept" in [r.name for r in game.view("ann").extra.rows[0].reactions]


def test_T52_inventory_loads_a_reload_weapon():
    game = plans(new(), {"ann": ["scan", "hide"], "bo": ["inventory", "hide"], **NPCS})
    bo = st(game).character("bo")
    bo.held, bo.loaded = ["Crossbow"], []
    to_turn(game, "bo", 6)
    refused(game, a.Take(player="bo", entry=entry(game, "bo", "inventory"),
                         option="load", item="Dirk"), "no Reload weapon")
    take(game, "bo", "inventory", option="load", item="Crossbow")
    assert st(game).character("bo").loaded == ["Crossbow"]


def test_T53_hide_on_a_success_makes_the_character_hidden():
    game = plans(new(), {"ann": ["hide", "scan"], "bo": ["inventory", "rest"], **NPCS})
    to_tempo(game, 6)
    outcome = take(game, "ann", "hide", success=True, confirm=True)
    assert "Hidden" in st(game).character("ann").conditions and "block Line of Sight" in lines(outcome)[0]


def test_T54_T55_D18_shift_changes_paradigm_reclaims_and_recovers_after_a_rest_this_round():
    game = plans(new(), {"ann": ["rest", "shift"], "bo": ["inventory", "hide"], **NPCS})
    values = st(game).counters["ann"]
    values["exertion"], values["mana_ever"], values["mana"] = 2, 2, 1
    take(game, "ann", "rest")
    assert st(game).character("ann").resting
    advance(game)
    to_tempo(game, 7)
    outcome = take(game, "ann", "shift", paradigm="Frost", reclaim=True, commit=1, recover=True)
    text = lines(outcome)[0]
    assert "changes to the Frost Paradigm" in text and "Reclaims 2 Mana" in text and "Recovers" in text
    assert (values["mana"], values["mana_ever"], values["mana_scene"], values["exertion"]) == (2, 0, 1, 1)


def test_D18_recover_needs_a_rest_earlier_this_round():
    game = plans(new(), {"ann": ["scan", "shift"], "bo": ["inventory", "hide"], **NPCS})
    to_tempo(game, 7)
    refused(game, a.Take(player="ann", entry=entry(game, "ann", "shift"), recover=True), "has not taken Rest this round")


def test_D19_shift_does_not_clear_debuffs():
    game = plans(new(), {"ann": ["scan", "shift"], "bo": ["inventory", "hide"], **NPCS})
    st(game).character("ann").conditions.append("Debuff")
    to_tempo(game, 7)
    take(game, "ann", "shift")
    assert "Debuff" in st(game).character("ann").conditions


def test_D20_mana_moves_refuse_a_negative_counter():
    game = plans(new(), {"ann": ["scan", "shift"], "bo": ["inventory", "hide"], **NPCS})
    to_tempo(game, 7)
    refused(game, a.Take(player="ann", entry=entry(game, "ann", "shift"), reclaim=True, commit=9), "can commit 0 to 3")


def test_D29_momentum_has_no_upper_bound_and_its_roll_closes_undo():
    game = plans(new(), {"ann": ["quick_attack", "hide"], "bo": ["inventory", "hide"], **NPCS})
    st(game).counters["ann"]["momentum"] = 150
    take(game, "ann", "quick_attack", weapon="Dagger", target="orc")
    outcome = game.apply(a.Exert(player="ann", character="ann", use="momentum"))
    assert outcome.reveals and not game.can_undo()
    assert 151 <= st(game).counters["ann"]["momentum"] <= 154
