"""Planning and the count: two different actions each (T1-T4, T12), the count 0 to 9 (T5-T8),
turns with their Normal Move (T2, T18, T19), changes of plan (T9), order inside a tempo (D2, D4),
actions let pass and lost (D3), the end of the round (D28)."""

from __future__ import annotations

from desktop.rulesets.tempo import actions as a
from desktop.rulesets.tempo.count import on_now
from desktop.rulesets.tempo.presentation import stages
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
)

ROUND = {"ann": ["quick_attack", "move"], "bo": ["guard", "standard_attack"],
         "orc": ["help", "slow_attack"], "goblin": ["quick_attack", "hide"]}


def test_T1_T3_T4_each_character_plans_two_actions_at_the_start_of_the_round():
    game = new()
    assert st(game).phase == "planning" and st(game).round == 1
    plan(game, "ann", "scan")
    plan(game, "ann", "move")
    refused(game, a.Plan(player="ann", card=card(game, "ann", "hide")), "has planned two actions (T1)")
    assert st(game).phase == "planning"  # the others still plan


def test_T4_T12_two_different_actions_the_same_one_twice_is_refused():
    game = new()
    plan(game, "ann", "move")
    refused(game, a.Plan(player="ann", card=card(game, "ann", "move")), "already on Ann's row")


def test_T13_two_attacks_planned_in_one_round_are_refused():
    game = new()
    plan(game, "ann", "quick_attack")
    sentence = refused(game, a.Plan(player="ann", card=card(game, "ann", "slow_attack")), "all Attacks count as one action")
    assert "Unique Action Restriction" in sentence


def test_T5_T7_the_count_begins_when_all_have_planned_and_each_action_happens_at_its_tempo():
    game = plans(new(), ROUND)
    s = st(game)
    assert s.phase == "count" and s.tempo == 3 and s.part == "pcs"  # tempos 0-2 held nothing
    assert [c.id for c in on_now(s)] == ["ann"]
    refused(game, a.Take(player="bo", entry=entry(game, "bo", "standard_attack")), "acts first at tempo 3")


def test_T5_tempos_0_8_and_9_exist_for_actions_moved_or_typed_there():
    game = new()
    plans(game, {"ann": [("magic", 9, "Ward"), "scan"], "bo": ["rest", "move"], "orc": ["help", "mark"],
                 "goblin": ["hide", "quick_attack"]})
    assert [e.tempo for e in st(game).entries if e.character == "ann"] == [9, 2]
    to_tempo(game, 9)
    assert st(game).tempo == 9 and [c.id for c in on_now(st(game))] == ["ann"]


def test_T6_D3_acting_is_a_declaration_a_character_may_let_its_tempo_pass_and_the_action_is_lost_at_the_end():
    game = plans(new(), ROUND)
    outcome = game.apply(a.Wait(player="ann", character="ann"))
    assert "lets the tempo pass" in lines(outcome)[0]
    assert st(game).entry(entry(game, "ann", "quick_attack")).status == "planned"
    for _ in range(40):
        if st(game).round == 2:
            break
        if st(game).turn is not None:
            advance(game)
        else:
            stage = game.stages()[0]
            game.apply(next(act for act in game.legal_actions(stage.seat) if isinstance(act, a.Wait)))
    assert st(game).round == 2 and st(game).phase == "planning"
    assert not st(game).entries  # a new round's plan


def test_T8_D2_at_one_tempo_every_player_character_in_seat_order_then_the_npcs():
    game = plans(new(), {"ann": ["quick_attack", "move"], "bo": ["help", "guard"], "orc": ["move", "slow_attack"],
                         "goblin": ["quick_attack", "hide"]})
    s = st(game)
    assert s.tempo == 3
    assert [c.id for c in on_now(s)] == ["ann"]
    refused(game, a.Take(player="gm", entry=entry(game, "goblin", "quick_attack"), weapon="Shiv", target="ann"),
            "all player characters act before the NPCs (T8)")
    take(game, "ann", "quick_attack", weapon="Dagger", target="goblin")
    advance(game)
    assert [c.id for c in on_now(st(game))] == ["bo"]
    take(game, "bo", "help", target="ann", option="teamwork", confirm=True)
    advance(game)
    assert st(game).part == "npcs" and [c.id for c in on_now(st(game))] == ["goblin"]
    take(game, "goblin", "quick_attack", weapon="Shiv", target="ann")
    advance(game, "gm")
    assert st(game).tempo == 4 and st(game).part == "pcs"


def test_D2_pc_order_free_lets_any_waiting_player_character_act_first():
    game = plans(new(pc_order="free"), {"ann": ["quick_attack", "move"], "bo": ["help", "guard"],
                                        "orc": ["move", "slow_attack"], "goblin": ["shift", "hide"]})
    assert {c.id for c in on_now(st(game))} == {"ann", "bo"}
    take(game, "bo", "help", target="ann", option="teamwork", confirm=True)
    assert st(game).turn.character == "bo"


def test_D4_two_actions_at_one_tempo_are_two_turns_in_a_row_in_the_order_chosen():
    game = plans(new(), {"ann": ["scan", "mark"], "bo": ["rest", "move"], "orc": ["help", "guard"],
                         "goblin": ["hide", "quick_attack"]})
    to_tempo(game, 2)
    take(game, "ann", "mark", target="orc", confirm=True)
    advance(game)
    assert [c.id for c in on_now(st(game))] == ["ann"]  # its second turn at tempo 2 comes next
    outcome = take(game, "ann", "scan", target="orc", question=1, confirm=True)
    assert "Normal Move of up to 6" in lines(outcome)[0]


def test_T2_T18_T19_each_action_taken_is_one_turn_with_its_own_normal_move():
    game = plans(new(), ROUND)
    outcome = take(game, "ann", "quick_attack", weapon="Dagger", target="orc")
    assert "with a Normal Move of up to 6" in lines(outcome)[0]
    assert st(game).turn.normal_move and st(game).turn.character == "ann"


def test_T9_an_upcoming_action_is_changed_for_another_before_it_is_taken():
    game = plans(new(), ROUND)
    take(game, "ann", "quick_attack", weapon="Dagger", target="orc")
    move = entry(game, "ann", "move")
    outcome = game.apply(a.Change(player="ann", entry=move, card=card(game, "ann", "hide")))
    assert "changes a planned action (T9)" in lines(outcome)[0]
    assert [e.action for e in st(game).entries if e.character == "ann"] == ["quick_attack", "hide"]


def test_T9_a_plan_changed_after_its_action_happened_is_refused():
    game = plans(new(), ROUND)
    take(game, "ann", "quick_attack", weapon="Dagger", target="orc")
    done = entry(game, "ann", "quick_attack")
    refused(game, a.Change(player="ann", entry=done, card=card(game, "ann", "scan")),
            "already taken at tempo 3: a taken action cannot change (T9)")


def test_T9_a_change_into_a_tempo_already_past_is_refused_and_so_is_a_second_attack():
    game = plans(new(), ROUND)
    take(game, "ann", "quick_attack", weapon="Dagger", target="orc")
    move = entry(game, "ann", "move")
    refused(game, a.Change(player="ann", entry=move, card=card(game, "ann", "scan")), "Tempo 2 has passed")
    refused(game, a.Change(player="ann", entry=move, card=card(game, "ann", "slow_attack")), "all Attacks count as one")


def test_T8_an_npc_and_a_player_character_at_one_tempo_the_player_character_first():
    game = plans(new(), {"ann": ["quick_attack", "move"], "bo": ["inventory", "hide"], "orc": ["help", "slow_attack"],
                         "goblin": ["move", "shift"]})
    assert st(game).tempo == 3 and st(game).part == "pcs"
    assert [stage.seat for stage in stages(st(game))] == ["ann"]
    take(game, "ann", "quick_attack", weapon="Dagger", target="orc")
    advance(game)
    assert st(game).tempo == 3 and st(game).part == "npcs"
    take(game, "orc", "help", target="goblin", option="teamwork", confirm=True)


def test_D28_the_end_of_the_round_forfeits_what_was_not_taken_and_resets_reactions_and_guard():
    game = plans(new(), {"ann": ["guard", "rest"], "bo": ["move", "hide"], "orc": ["help", "mark"],
                         "goblin": ["hide", "rest"]})
    to_tempo(game, 4)
    take(game, "ann", "guard", target="bo", confirm=True)
    assert st(game).character("ann").guarding == "bo"
    advance(game)
    outcome = None
    for _ in range(30):
        if st(game).round == 2:
            break
        stage = game.stages()[0]
        outcome = game.apply(next(act for act in game.legal_actions(stage.seat) if isinstance(act, a.Wait)))
    assert st(game).round == 2
    text = " ".join(lines(outcome))
    assert "not taken this round: it is lost" in text
    ann = st(game).character("ann")
    assert ann.guarding is None and not ann.resting and "Guarded" not in st(game).character("bo").conditions
    assert not st(game).uses.used and all(not st(game).zones[f"timeline:{c}"].cards for c in ("ann", "bo", "orc"))


def _hand(game, character: str) -> list[str]:
    return list(st(game).zones[f"actions:{character}"].cards)


def test_a_card_taken_back_changed_away_or_home_at_the_round_end_goes_to_its_own_place_in_the_hand():
    game = new()
    dealt = {name: _hand(game, name) for name in ("ann", "bo")}
    plan(game, "ann", "move")
    plan(game, "ann", "scan")
    game.apply(a.Unplan(player="ann", card=card(game, "ann", "move")))
    assert _hand(game, "ann") == [each for each in dealt["ann"] if each != card(game, "ann", "scan")]
    game = plans(new(), ROUND)
    take(game, "ann", "quick_attack", weapon="Dagger", target="orc")
    game.apply(a.Change(player="ann", entry=entry(game, "ann", "move"), card=card(game, "ann", "hide")))
    assert _hand(game, "ann") == [each for each in dealt["ann"]
                                  if each not in (card(game, "ann", "hide"), card(game, "ann", "quick_attack"))]
    for _ in range(60):
        if st(game).round == 2:
            break
        stage = game.stages()[0]
        legal = game.legal_actions(stage.seat)
        game.apply(next((act for act in legal if isinstance(act, (a.Wait, a.Advance))), legal[0]))
    assert st(game).round == 2
    assert _hand(game, "ann") == dealt["ann"] and _hand(game, "bo") == dealt["bo"]
