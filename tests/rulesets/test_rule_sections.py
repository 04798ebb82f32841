"""Each refusal able to open the rule it cites: a RuleError names a section of its system's rules
page (`rule`), set on the refusal or declared per kind of action (`rule_sections`), and every
section named is a heading of the page the app ships (docs/systems/<id>.md)."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import msgspec
import pytest

from desktop.engine import Game, GameSetup, RuleError, registry
from desktop.engine.demo import demo_game
from desktop.shipped import help_root
from desktop.ui import help_pages

ROOT = Path(__file__).resolve().parents[2]
SYSTEMS = ["twilight-imperium", "worlds-that-remember", "future-imperfect", "price-of-power", "tempo"]


def page_headings(system: str) -> list[str]:
    text = (help_root() / f"{system}.md").read_text(encoding="utf-8")
    return [heading for _level, heading in help_pages.headings(text)]


def is_a_heading(system: str, section: str) -> bool:
    return any(help_pages.names(heading, section) for heading in page_headings(system))


def cited_in_the_code(system: str) -> list[tuple[str, int, str]]:
    """Every `rule=sections.NAME` of the system's package: (file, line, NAME)."""
    package = ROOT / "desktop" / "rulesets" / system.replace("-", "_")
    found = []
    for path in sorted(package.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "RuleError":
                for keyword in node.keywords:
                    if keyword.arg == "rule":
                        value = keyword.value
                        assert isinstance(value, ast.Attribute) and getattr(value.value, "id", "") == "sections", (
                            f"{path.name}:{node.lineno}: a refusal cites its section as sections.NAME")
                        found.append((path.name, node.lineno, value.attr))
    return found


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_section_a_system_cites_is_a_heading_of_its_page(system):
    ruleset = registry.get(system)
    sections = importlib.import_module(f"desktop.rulesets.{system.replace('-', '_')}.sections")
    named = {name: value for name, value in vars(sections).items() if name.isupper() and isinstance(value, str)}
    missing = {name: value for name, value in named.items() if not is_a_heading(system, value)}
    assert not missing, f"not headings of docs/systems/{system}.md: {missing}"
    kinds = {cls.__struct_config__.tag for cls in ruleset.action_type.__args__}
    assert set(ruleset.rule_sections) <= kinds, "rule_sections are keyed by the system's action types"
    assert set(ruleset.rule_sections.values()) <= set(named.values())
    cited = cited_in_the_code(system)
    assert cited, "the system's checks cite their sections"
    assert {name for _file, _line, name in cited} <= set(named), "every section cited is declared"


def refused(game: Game, action) -> RuleError:
    with pytest.raises(RuleError) as refusal:
        game.ruleset.apply(game.state.copy(), action)
    return refusal.value


def test_a_refusal_cites_its_own_section_or_the_one_of_its_kind():
    from desktop.rulesets.twilight_imperium import actions as a
    from desktop.rulesets.twilight_imperium import sections

    game = Game.new(GameSetup(ruleset="twilight-imperium", players=["Ann", "Bo"], seed=3))
    game.apply(a.SetInitiative(player="ann", order=["ann", "bo"]))
    out_of_turn = refused(game, a.EndTurn(player="bo"))
    assert str(out_of_turn) == "It is Ann's turn, not Bo's." and out_of_turn.rule == sections.TURN
    # "not in your hand" names no section of its own: a play's refusal cites the play's
    not_held = refused(game, a.Play(player="ann", card="nope"))
    assert not_held.rule == sections.BY_ACTION["play"]
    assert refused(game, a.Reveal(player="ann", cards=[])).rule == sections.DRAWS
    assert refused(game, a.EndTurn(player="zed")).rule is None  # not at the table: no rule to read


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_seat_acting_out_of_turn_in_the_demo_is_refused_with_a_rule(system):
    """The refusal a new player meets first (a move of another seat's) cites a heading."""
    game = refusable_demo(system)
    refusal = next(iter(refusals_with_rules(game)), None)
    assert refusal is not None, "some move of the demo's is refused citing a rule"
    assert is_a_heading(system, refusal[1].rule)


def refusable_demo(system: str) -> Game:
    demo = demo_game(system)
    game = Game.new(demo.setup)
    for action in demo.actions:
        game.apply(action)
    return game


def refusals_with_rules(game: Game):
    """Legal moves of one seat made by another (refused, the game untouched), with the refusal."""
    seats = game.state.seat_ids()
    for action in game.legal_actions():
        for seat in seats:
            if seat == action.player:
                continue
            moved = msgspec.structs.replace(action, player=seat)
            try:
                game.ruleset.apply(game.state.copy(), moved)
            except RuleError as refusal:
                if refusal.rule:
                    yield moved, refusal


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_refused_drag_of_the_demo_cites_a_rule(system):
    """A card dragged where it cannot go (the refusal a new player meets most) says which rule,
    and the window can open it: every refusal of `drops`, any card of any zone onto any zone."""
    game = refusable_demo(system)
    state, uncited, refusals = game.state, set(), 0
    for seat in state.seat_ids():
        for source, zone in state.zones.items():
            for card in list(zone.cards)[:2]:
                for target in state.zones:
                    try:
                        game.ruleset.drops(state.copy(), seat, card, source, target)
                    except RuleError as refusal:
                        refusals += 1
                        if not (refusal.rule and is_a_heading(system, refusal.rule)):
                            uncited.add(str(refusal))
    assert refusals and not uncited
