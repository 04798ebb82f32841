"""How each Tempo Combat action changes the state: the handlers, what follows every action (the
count moves on past steps where nobody waits, `count.settle`). A practice's sentence after each of
its steps is the engine's (`TempoCombat.practices`)."""

from __future__ import annotations

from collections.abc import Callable

from desktop.engine.ruleset import Outcome
from desktop.rulesets.tempo import actions as a
from desktop.rulesets.tempo import bookkeeping, count, exert, planning, reactions, scenarios
from desktop.rulesets.tempo.state import TempoState

HANDLERS: dict[type, Callable[[TempoState, a.Action, Outcome], None]] = {
    a.Plan: planning.plan,
    a.Unplan: planning.unplan,
    a.Change: planning.change,
    a.Take: count.take,
    a.Wait: count.wait,
    a.Advance: count.advance,
    a.React: reactions.react,
    a.Exert: exert.exert,
    a.Declare: reactions.declare,
    a.Answer: bookkeeping.answer,
    a.EndScene: exert.end_scene,
    a.ForceExertion: exert.force,
    a.Grant: bookkeeping.grant,
    a.SetCondition: exert.set_condition,
    a.SetCounter: bookkeeping.set_counter,
    a.Practice: scenarios.PRACTICES.start,
    a.Rest: bookkeeping.rest,
}
# After every action the count moves on past steps where nobody waits.
AFTER = (count.settle,)
