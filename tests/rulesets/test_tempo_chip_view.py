"""What Tempo Combat's view says of each action on the timeline, for its chip to be drawn by it:
planned, acting while its turn is under way, done after, passed when its tempo went by untaken,
moved by an Exert (its usual tempo kept), and the reactions used in its turn (B3: the chips)."""

from __future__ import annotations

from desktop.rulesets.tempo import actions as a
from tests.rulesets.tempo.helpers import advance, card, new, plans, st, take, to_tempo, to_turn

NPCS = {"orc": ["help", "slow_attack"], "goblin": ["standard_attack", "shift"]}


def chip(game, viewer: str, character: str, action_name: str):
    row = next(r for r in game.view(viewer).extra.rows if r.id == character)
    return next(c for c in row.chips if c.action == action_name)


def test_a_chip_is_planned_then_acting_in_its_turn_then_done_with_the_reactions_of_its_turn():
    game = plans(new(), {"ann": ["guard", "hide"], "bo": ["move", "standard_attack"], **NPCS})
    assert chip(game, "bo", "ann", "Guard").status == "planned" and not chip(game, "bo", "ann", "Guard").acting
    to_turn(game, "ann", 4)
    take(game, "ann", "guard", target="bo", confirm=True)
    guard = chip(game, "bo", "ann", "Guard")
    assert guard.acting and guard.status == "done" and guard.reactions == []
    advance(game)
    assert not chip(game, "bo", "ann", "Guard").acting
    to_turn(game, "goblin", 5)
    take(game, "goblin", "standard_attack", weapon="Shiv", target="bo")
    game.apply(a.Declare(player="gm", event="hit", character="bo", damage=4))
    hit = st(game).turn.triggers[-1].id
    game.apply(a.React(player="ann", character="ann", reaction="Intercept", trigger=hit, confirm=True))
    advance(game, "gm")
    strike = chip(game, "ann", "goblin", "Standard Attack")  # taken: every seat sees it now
    assert strike.status == "done" and not strike.acting and strike.reactions == ["Ann's Intercept"]


def test_a_planned_action_whose_tempo_went_by_untaken_is_passed_and_one_moved_by_exert_keeps_its_usual_tempo():
    game = plans(new(), {"ann": ["scan", "hide"], "bo": ["rest", "move"], **NPCS})
    assert not chip(game, "ann", "ann", "Scan").passed
    to_turn(game, "ann", 2)
    game.apply(a.Wait(player="ann", character="ann"))
    assert chip(game, "ann", "ann", "Scan").passed  # let pass at its tempo
    assert not chip(game, "ann", "ann", "Hide").passed
    to_tempo(game, 4)
    take(game, "bo", "move", option="move")
    hide = next(e for e in st(game).entries if e.action == "hide")
    game.apply(a.Exert(player="ann", character="ann", use="move", entry=hide.id, tempo=8))
    moved = chip(game, "bo", "ann", "Hide")
    assert (moved.tempo, moved.usual, moved.status) == (8, 6, "planned")
    assert game.view("ann").marks[card(game, "ann", "hide")].slot == 8


def looks(game, viewer: str) -> dict:
    return game.ruleset.table(game.view(viewer)).looks


def test_the_table_gives_each_chip_its_viewer_sees_its_look_for_the_painter():
    """The chip painter draws from the table description alone: each card lying on the timeline
    that the viewer sees has its action's look there (and no card the viewer does not see)."""
    from desktop.rulesets.tempo.looks import ChipLook

    game = plans(new(), {"ann": ["guard", "hide"], "bo": ["move", "standard_attack"], **NPCS})
    guard = card(game, "ann", "guard")
    seen = game.view("bo")
    assert set(looks(game, "bo")) <= seen.seen_cards()
    assert looks(game, "bo")[guard] == ChipLook(state="planned", tag="plan", tempo=4, usual=4)
    hidden = {card(game, "orc", "help"), card(game, "goblin", "shift")}  # the NPCs' plans: the GM's
    assert not hidden & set(looks(game, "bo"))
    to_turn(game, "ann", 4)
    take(game, "ann", "guard", target="bo", confirm=True)
    assert looks(game, "bo")[guard].state == "acting"  # its card did not move: its look did
    advance(game)
    assert looks(game, "bo")[guard].state == "done"
