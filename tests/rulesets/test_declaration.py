"""The base builds `apply`, `legal_actions` and the presentation from a system's declaration, so
no system writes the skeleton of `apply` or forwards its words by hand (docs/architecture.md)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from desktop.engine import registry
from desktop.engine.actions import Action
from desktop.engine.errors import RuleError
from desktop.engine.ruleset import RulesetBase
from desktop.engine.state import GameState, Seat

SHIPPED = ("twilight-imperium", "worlds-that-remember", "future-imperfect", "price-of-power", "tempo")


@pytest.mark.parametrize("system", SHIPPED)
def test_shipped_systems_declare_instead_of_forwarding(system):
    ruleset = type(registry.get(system))
    # `setup` and `parse_options` too: a system writes only `start`, from seats and options the
    # base has checked and parsed (engine/options.py).
    for part in ("apply", "legal_actions", "view", "table", "stages", "describe", "value_label", "question",
                 "setup", "parse_options"):
        assert getattr(ruleset, part) is getattr(RulesetBase, part), f"{system} writes {part} again"
    assert ruleset.handlers and ruleset.presentation is not None and ruleset.legal is not None


class Poke(Action, frozen=True, tag="poke"):
    pass


class Prod(Action, frozen=True, tag="prod"):
    pass


def poke(state, action, outcome):
    outcome.say(f"{state.seat_name(action.player)} pokes.")


def nobody_owes(state, action):
    if state.step < 0:
        raise RuleError("Ann owes a discard first.")


WORDS = SimpleNamespace(
    view=lambda state, viewer: f"view of {viewer}",
    table=lambda view: f"table of {view}",
    stages=lambda state: ["stage"],
    describe=lambda action, view: "Poke!",
    value_label=lambda ask, value, view: "special" if value == 1 else None,
)


HANDLERS = {Poke: poke}


class Declared(RulesetBase):
    id = "declared"
    title = "Declared"
    handlers = HANDLERS
    first = (nobody_owes,)
    after = (lambda state, outcome: outcome.say("And after."),)
    legal = staticmethod(lambda state, player: [Poke(player=player or "ann")])
    presentation = WORDS


def state() -> GameState:
    return GameState(ruleset="declared", seats=[Seat("ann", "Ann")], cards={}, zones={}, counters={}, rng="")


def test_apply_runs_the_checks_the_handler_and_what_follows():
    outcome = Declared().apply(state(), Poke(player="ann"))
    assert [entry.text for entry in outcome.log] == ["Ann pokes.", "And after."]


def test_apply_refuses_naming_the_seat_the_check_or_the_action():
    table = state()
    with pytest.raises(RuleError, match="There is no player 'zed' at this table."):
        Declared().apply(table, Poke(player="zed"))
    with pytest.raises(RuleError, match="Declared has no action called 'prod'."):
        Declared().apply(table, Prod(player="ann"))
    table.step = -1
    with pytest.raises(RuleError, match="Ann owes a discard first."):
        Declared().apply(table, Poke(player="ann"))


def test_legal_actions_check_the_seat_named():
    assert Declared().legal_actions(state(), "ann") == [Poke(player="ann")]
    with pytest.raises(RuleError, match="There is no player 'zed' at this table."):
        Declared().legal_actions(state(), "zed")


def test_words_come_from_the_presentation_and_fall_back_to_the_platform_defaults():
    system, table = Declared(), state()
    assert system.view(table, "ann") == "view of ann"
    assert system.table("v") == "table of v"
    assert system.stages(table) == ["stage"]
    assert system.describe(Poke(player="ann"), None) == "Poke!"
    ask = SimpleNamespace(kind="number", field="n", question="How many?")
    assert system.value_label(ask, 1, None) == "special"
    assert system.value_label(ask, 2, None) == "2"  # None: the default words
    assert system.question(ask, Poke(player="ann"), None) == "How many?"  # no question() declared
