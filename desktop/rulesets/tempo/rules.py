"""How each Tempo Combat action changes the state: the handlers, what follows every action (the
count moves on past steps where nobody waits, `count.settle`), and a practice's sentence after
each of its steps."""

from __future__ import annotations

from collections.abc import Callable

from desktop.engine.ruleset import Outcome
from desktop.rulesets.tempo import actions as a
from desktop.rulesets.tempo import bookkeeping, count, exert, planning, reactions, scenarios
from desktop.rulesets.tempo.state import TempoState


def narrated(handler: Callable) -> Callable:
    """A handler, then the count settles, then the practice's sentence for the step it completes."""

    def run(state: TempoState, act: a.Action, outcome: Outcome) -> None:
        handler(state, act, outcome)
        count.settle(state, outcome)
        if state.practice is not None and not isinstance(act, a.Practice):
            scenarios.follow(state, act, outcome)

    run.__name__ = handler.__name__
    run.__doc__ = handler.__doc__
    return run


HANDLERS: dict[type, Callable[[TempoState, a.Action, Outcome], None]] = {
    kind: narrated(handler) for kind, handler in {
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
        a.Practice: scenarios.practice,
        a.Rest: bookkeeping.rest,
    }.items()
}
