"""How each Price of Power action changes the state: the handlers, the check every action passes
first (a discard owed at Step C, a Covert Action or a Reaction waiting for its answer). A practice
scenario's sentence after each step is the engine's (`PriceOfPower.practices`).
"""

from __future__ import annotations

from collections.abc import Callable

from desktop.engine import mechanics
from desktop.engine.errors import RuleError
from desktop.engine.ruleset import Outcome
from desktop.rulesets.price_of_power import actions as a
from desktop.rulesets.price_of_power import battles, court, covert, draws, phases, plays, scenarios
from desktop.rulesets.price_of_power.cards import POWER_WORDS
from desktop.rulesets.price_of_power.core import name_of
from desktop.rulesets.price_of_power.state import (
    CUBES,
    DUCATS_MAX,
    HAND_LIMIT,
    INTEREST_MAX,
    POWER_MAX,
    PoPState,
)

COUNTER_RANGES = {
    "adm": (0, POWER_MAX), "dip": (0, POWER_MAX), "mil": (0, POWER_MAX), "ducats": (0, DUCATS_MAX),
    "interest": (0, INTEREST_MAX), "interregnum": (0, 1), "board": (0, CUBES),
}
COUNTER_WORDS = {**POWER_WORDS, "ducats": "Ducats", "interest": "Interest tokens", "interregnum": "Interregnum",
                 "board": "Cubes on the board"}

# What may be done while a window waits for its answer (the handlers check who and how).
ANSWERS_COVERT = (a.Pass, a.Play, a.Use, a.Loan)
ANSWERS_TRIGGER = (a.Pass, a.Play, a.Use, a.Appoint, a.Loan)


def check_first(state: PoPState, act: a.Action) -> None:
    if isinstance(act, (a.SetCounter, a.Practice)):
        return  # bookkeeping may always correct a count; a practice starts a game
    duty = mechanics.owed_before(state.owed, act, a.Discard)
    if duty is not None:
        raise RuleError(
            f"{name_of(state, duty.player)} holds more than {HAND_LIMIT} cards at Step C and must discard down "
            f"to {HAND_LIMIT} before anything else happens."
        )
    if state.owed:
        return  # the owed discard itself
    if state.covert:
        if isinstance(act, ANSWERS_COVERT):
            return
        top = state.covert[-1]
        raise RuleError(
            f"{top.name} waits for answers: {name_of(state, top.window.waiting()[0])} may counter it or pass first."
        )
    if state.trigger is not None and not isinstance(act, ANSWERS_TRIGGER):
        raise RuleError(f"{name_of(state, state.trigger.opener)} is answering what happened to them: they play Reactions or pass first.")


def set_counter(state: PoPState, act: a.SetCounter, outcome: Outcome) -> None:
    low, high = COUNTER_RANGES[act.counter]
    word = COUNTER_WORDS[act.counter]
    if not low <= act.value <= high:
        raise RuleError(f"{word} must be between {low} and {high}.")
    state.counters[act.player][act.counter] = act.value
    outcome.say(f"{name_of(state, act.player)} sets {word} to {act.value}.")


HANDLERS: dict[type, Callable[[PoPState, a.Action, Outcome], None]] = {
    a.Draw: draws.draw,
    a.Keep: draws.keep,
    a.Release: draws.release,
    a.Appoint: court.appoint,
    a.Play: plays.play,
    a.Use: plays.use,
    a.Basic: phases.basic,
    a.TakeEvent: phases.take_event,
    a.Fabricate: covert.fabricate,
    a.PassPhase: phases.pass_phase,
    a.Pass: covert.pass_,
    a.Loan: court.loan,
    a.Repay: court.repay,
    a.DeclareBattle: battles.declare_battle,
    a.Done: battles.done,
    a.NextRound: battles.next_round,
    a.EndBattle: battles.end_battle,
    a.Declare: court.declare,
    a.Upkeep: phases.upkeep,
    a.Discard: phases.discard,
    a.Advance: phases.advance,
    a.Dismiss: court.dismiss,
    a.SetCounter: set_counter,
    a.SetFirst: phases.set_first,
    a.Practice: scenarios.PRACTICES.start,
}
