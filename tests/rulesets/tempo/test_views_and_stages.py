"""What each seat sees (D5, D6) and who acts now: plans seen by the party, never by the GM seat
before they are taken; NPC plans and sheets seen by the GM seat alone until they act or are
Scanned; Planning as a stage several seats hold at once; the timeline as a track of ten columns,
a row per character, player characters above NPCs."""

from __future__ import annotations

import msgspec

from desktop.engine.presentation import looker
from desktop.rulesets.tempo import actions as a
from tests.rulesets.tempo.helpers import card, lines, new, plan, plans, st, take

NPCS = {"orc": ["help", "slow_attack"], "goblin": ["move", "shift"]}


def chips(game, viewer, character):
    row = next(r for r in game.view(viewer).extra.rows if r.id == character)
    return [(c.action, c.tempo) for c in row.chips]


def test_D5_a_player_characters_plan_is_seen_by_the_party_not_by_the_gm_seat_nor_the_table():
    game = new()
    outcome = plan(game, "ann", "quick_attack")
    assert chips(game, "ann", "ann") == chips(game, "bo", "ann") == [("Quick Attack", 3)]
    assert chips(game, "gm", "ann") == [] and chips(game, None, "ann") == []
    public = [line.text for line in outcome.log if line.seat is None]
    assert public == ["Ann plans an action."]
    assert {line.seat for line in outcome.log if "Quick Attack" in line.text} == {"ann", "bo"}
    assert card(game, "ann", "quick_attack") not in msgspec.json.encode(game.view("gm")).decode()
    assert game.view("gm").zones["timeline:ann"].cards == [None]  # a count only


def test_D5_an_npc_plan_and_its_tempo_never_show_before_it_acts():
    game = new()
    plan(game, "orc", "help")
    assert chips(game, "gm", "orc") == [("Help", 3)]
    for viewer in ("ann", "bo", None):
        assert chips(game, viewer, "orc") == []
        row = next(r for r in game.view(viewer).extra.rows if r.id == "orc")
        assert row.left == 1  # "1 action left": the count, not the column
        assert game.view(viewer).marks == {}  # no card mark (its slot) reaches them


def test_D5_an_npc_letting_its_tempo_pass_is_told_to_the_gm_alone():
    """Issue 26, item 12: "Tempo 5: Orc lets the tempo pass" named the tempo of a plan the
    timeline hides; the players read nothing of the NPCs' step, the GM reads it all."""
    game = plans(new(), {"ann": ["scan", "hide"], "bo": ["move", "hide"], "orc": ["mark", "slow_attack"],
                         "goblin": ["move", "shift"]})
    game.apply(a.Wait(player="ann", character="ann"))  # Ann's Scan at 2: her moment is public (D2)
    game.apply(a.Wait(player="gm", character="orc"))  # the Orc's Mark at 2, let pass
    said = "Tempo 2: Orc lets the tempo pass (D3)."
    assert said in game.log_for("gm")
    for viewer in ("ann", "bo", None):
        log = game.log_for(viewer)
        assert "Tempo 2: Ann lets the tempo pass (D3)." in log
        assert not any(line.startswith("Tempo") and ("Orc" in line or "NPCs" in line) for line in log), (viewer, log)
    assert "Tempo 2: the NPCs act (T8)." in game.log_for("gm")
    game = plans(new(plans="open"), {"ann": ["scan", "hide"], "bo": ["move", "hide"],
                                     "orc": ["mark", "slow_attack"], "goblin": ["move", "shift"]})
    game.apply(a.Wait(player="ann", character="ann"))
    game.apply(a.Wait(player="gm", character="orc"))
    assert said in game.log_for(None)  # plans open: every plan is public, so is its tempo


def test_D5_a_taken_action_is_public():
    game = plans(new(), {"ann": ["quick_attack", "hide"], "bo": ["move", "inventory"], **NPCS})
    take(game, "ann", "quick_attack", weapon="Dagger", target="orc")
    assert ("Quick Attack", 3) in chips(game, "gm", "ann")
    seen = game.view("gm").zones["timeline:ann"].cards
    assert any(entry is not None for entry in seen)  # its card, revealed on the row


def test_D5_plans_secret_and_open():
    game = new(plans="secret")
    plan(game, "ann", "scan")
    assert chips(game, "bo", "ann") == [] and chips(game, "ann", "ann") == [("Scan", 2)]
    game = new(plans="open")
    plan(game, "orc", "mark")
    assert chips(game, "ann", "orc") == [("Mark", 2)]


def test_D5_the_npc_bot_never_reads_a_player_plan():
    from desktop.rulesets.tempo.bot import TempoBot

    game = new()
    plan(game, "ann", "guard")
    seen = []

    class Spy(TempoBot):
        def choose(self, legal, view=None):
            seen.append(view)
            return super().choose(legal, view)

    Spy(1).choose(game.legal_actions("gm"), game.view("gm"))
    assert seen[0].viewer == "gm" and seen[0].extra.rows[0].chips == []
    assert seen[0].zones["timeline:ann"].cards == [None]


def test_D6_npc_statistics_are_hidden_from_player_seats_until_scanned():
    game = plans(new(), {"ann": ["scan", "hide"], "bo": ["move", "inventory"], **NPCS})
    orc_row = next(r for r in game.view("ann").extra.rows if r.id == "orc")
    assert (orc_row.hp, orc_row.max_exertion, orc_row.mana, orc_row.weapons) == (-1, -1, [], [])
    assert "orc" not in game.view("ann").counters or not game.view("ann").counters["orc"]
    assert game.view("gm").counters["orc"]["hp"] == 14
    st(game).character("orc").conditions += ["Prone", "Debuff"]
    assert next(r for r in game.view("bo").extra.rows if r.id == "orc").conditions == ["Prone"]
    take(game, "ann", "scan", target="orc", question=5, confirm=True)
    assert "Prone, Debuff" in game.view("bo").extra.scans[-1].text


def test_D6_damage_to_an_npc_tells_the_gm_its_hp_and_the_table_only_the_damage():
    from tests.rulesets.tempo.helpers import advance

    game = plans(new(), {"ann": ["quick_attack", "hide"], "bo": ["move", "inventory"], **NPCS})
    take(game, "ann", "quick_attack", weapon="Dagger", target="orc")
    game.apply(a.Declare(player="ann", event="hit", character="orc", damage=3))
    outcome = advance(game)
    assert "Orc takes 3 damage." in [line.text for line in outcome.log if line.seat is None]
    assert any(line.seat == "gm" and "HP 11/14" in line.text for line in outcome.log)


def test_planning_is_a_stage_several_seats_hold_at_once_and_the_view_names_them_in_order():
    game = new()
    planning = [stage for stage in game.stages() if stage.kind == "plan"]
    assert [stage.seat for stage in planning] == ["ann", "bo", "gm"]
    assert looker(game.stages()) is None  # more than one: the table queues the curtain through them
    assert game.view(None).extra.planners == ["ann", "bo", "gm"]
    plans(game, {"ann": ["scan", "move"], "orc": ["help", "mark"], "goblin": ["hide", "rest"]})
    assert game.view(None).extra.planners == ["bo"] and looker(game.stages()) == "bo"


def test_the_timeline_is_a_track_of_ten_columns_a_row_per_character_player_characters_first():
    game = new()
    table = game.ruleset.table(game.view("ann"))
    rows = [spec for spec in table.zones if spec.track == "tempo"]
    assert [spec.zone for spec in rows] == ["timeline:ann", "timeline:bo", "timeline:orc", "timeline:goblin"]
    assert all(spec.slots == 10 and spec.role == "track" for spec in rows)
    plan(game, "ann", "move")
    placed = game.view("ann").marks
    assert [mark.slot for mark in placed.values()] == [4]  # the card snaps to its own tempo


def test_a_drop_on_the_row_plans_the_card_and_a_wrong_drop_says_why():
    import pytest

    from desktop.engine import RuleError

    game = new()
    found = game.ruleset.drops(st(game), "ann", card(game, "ann", "move"), "actions:ann", "timeline:ann")
    assert found == [a.Plan(player="ann", card=card(game, "ann", "move"))]
    with pytest.raises(RuleError, match="go onto Ann's own row"):
        game.ruleset.drops(st(game), "ann", card(game, "ann", "move"), "actions:ann", "timeline:bo")
    plan(game, "ann", "quick_attack")
    with pytest.raises(RuleError, match="all Attacks count as one action"):
        game.ruleset.drops(st(game), "ann", card(game, "ann", "slow_attack"), "actions:ann", "timeline:ann")


def test_actions_carry_the_character_not_only_the_seat():
    game = plans(new(), {"ann": ["quick_attack", "hide"], "bo": ["move", "inventory"], **NPCS})
    import pytest

    from desktop.engine import RuleError

    with pytest.raises(RuleError, match="Ann is played by Ann, not GM"):
        game.ruleset.apply(st(game).copy(), a.Wait(player="gm", character="ann"))
    outcome = take(game, "ann", "quick_attack", weapon="Dagger", target="orc")
    assert lines(outcome)[0].startswith("Tempo 3: Ann takes Quick Attack")


def test_the_table_marks_the_current_tempo_and_the_acting_rows_never_an_npc_before_it_acts():
    game = plans(new(), {"ann": ["scan", "hide"], "bo": ["move", "inventory"], "orc": ["mark", "slow_attack"],
                         "goblin": ["move", "shift"]})
    mark = game.ruleset.table(game.view("bo")).tracks[0]
    assert (mark.track, mark.current, mark.note, mark.acting) == ("tempo", 2, "PCs acting", ["timeline:ann"])
    game.apply(a.Wait(player="ann", character="ann"))
    assert game.ruleset.table(game.view("gm")).tracks[0].acting == ["timeline:orc"]
    assert game.ruleset.table(game.view("bo")).tracks[0].acting == []  # the Orc has not acted yet
    assert game.ruleset.table(game.view("bo")).tracks[0].note == "NPCs acting"


def test_T29_T30_drops_during_the_count_mean_an_exert_and_a_move_along_the_row_moves_an_action():
    import pytest

    from desktop.engine import RuleError
    from tests.rulesets.tempo.helpers import entry

    planning = new()
    plan(planning, "ann", "hide")
    with pytest.raises(RuleError, match="goes to its own tempo; only an Exert, at the end of a turn, moves it"):
        planning.ruleset.drops(st(planning), "ann", card(planning, "ann", "hide"), "timeline:ann", "timeline:ann")
    game = plans(new(), {"ann": ["quick_attack", "hide"], "bo": ["move", "inventory"], **NPCS})
    hide = card(game, "ann", "hide")
    with pytest.raises(RuleError, match="at the end of a turn"):
        game.ruleset.drops(st(game), "ann", hide, "timeline:ann", "timeline:ann")
    take(game, "ann", "quick_attack", weapon="Dagger", target="orc")
    moves = game.ruleset.drops(st(game), "ann", hide, "timeline:ann", "timeline:ann")
    assert {act.tempo for act in moves} == {3, 4, 5, 7, 8, 9} and all(act.entry == entry(game, "ann", "hide") for act in moves)
    another = game.ruleset.drops(st(game), "ann", card(game, "ann", "move"), "actions:ann", "timeline:ann")
    assert a.Exert(player="ann", character="ann", use="another", action="move") in another
