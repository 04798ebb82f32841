"""What each action does, with a sentence for the log at every step saying what the rule does:
the table and the session, setting a check or a contest, and the solo tools. Resolving a check
once it is set is resolving.py's."""

from __future__ import annotations

from desktop.engine.errors import RuleError
from desktop.engine.ruleset import Outcome
from desktop.engine.state import move_card
from desktop.engine.text import shown
from desktop.rulesets.future_imperfect import actions as a
from desktop.rulesets.future_imperfect import sections
from desktop.rulesets.future_imperfect.cards import DICE
from desktop.rulesets.future_imperfect.reading import check_label, plural
from desktop.rulesets.future_imperfect.resolving import draw_one
from desktop.rulesets.future_imperfect.state import (
    COUNTER_HIGH,
    COUNTERS,
    Check,
    Contest,
    FIState,
    Solo,
)

# ---- the table ------------------------------------------------------------------------------


def clear_table(state: FIState, outcome: Outcome) -> None:
    """What lies on the table (the card of a solo draw) goes to the discard pile; a check's cards
    went there when it was completed."""
    drawn = list(state.zones["drawn"].cards)
    for card in drawn:
        move_card(state, card, "drawn", "discard")
    if drawn:
        outcome.say(f"The {plural(len(drawn), 'card')} on the table go{'es' if len(drawn) == 1 else ''} to the discard pile.")
    state.check = None
    state.solo = None


def check_session_open(state: FIState, act) -> None:
    """Once the players ended the session nothing more is drawn (undo takes the end back)."""
    if state.ended:
        raise RuleError("The session is over: nothing more can be drawn in this game (undo takes its end back).")


def end_session(state: FIState, act, outcome: Outcome) -> None:
    if state.contest is not None and not state.contest.over:
        raise RuleError(f"The contest {contest_words(state, state.contest)} is not decided yet: "
                        "finish it or call it off first.")
    check = state.check
    if check is not None and check.phase not in ("draw", "done"):
        raise RuleError(f"{state.seat_name(check.who)}'s check ({check_label(check)}) is being resolved: "
                        "finish it first.")
    if check is not None and check.phase == "draw":
        outcome.say(f"{state.seat_name(check.who)}'s check is called off: its resolution card was not drawn.")
        state.check = None
    state.ended = True
    outcome.say(f"{state.seat_name(act.player)} ends the session after {plural(state.checks, 'check')}. The session is over.")


def require_idle(state: FIState) -> None:
    check = state.check
    if not state.idle():
        raise RuleError(f"{state.seat_name(check.who)}'s check ({check_label(check)}) is not resolved yet.")


def contest_words(state: FIState, contest: Contest) -> str:
    return " against ".join(state.seat_name(side) for side in contest.sides)


def require_no_contest(state: FIState, doing: str) -> None:
    waiting = state.contest_waiting()
    if waiting is not None:
        raise RuleError(
            f"The contest {contest_words(state, state.contest)} waits for {state.seat_name(waiting)}'s check: "
            f"set it, or call the contest off, before {doing}.",
            rule=sections.COMPLEX,
        )


# ---- setting a check --------------------------------------------------------------------------


def check_numbers(act) -> None:
    if act.trait not in DICE:
        raise RuleError("The trait die is a d4, d6, d8, d10 or d12.")
    if not isinstance(act.skill, int) or not 1 <= act.skill <= 5:
        raise RuleError("The skill level is a whole number from 1 to 5.")
    if not isinstance(act.tn, int) or not 1 <= act.tn <= a.TN_HIGH:
        raise RuleError(f"The target number is a whole number from 1 to {a.TN_HIGH}.")


def set_check(state: FIState, act, outcome: Outcome) -> None:
    if act.player != state.master:
        raise RuleError(f"Only the Master ({state.seat_name(state.master)}) sets checks.")
    require_idle(state)
    if act.who not in state.seat_ids():
        raise RuleError(f"There is no player {shown(act.who, 40)!r} at this table to make the check.")
    check_numbers(act)
    waiting = state.contest_waiting()
    if waiting is not None:
        if not isinstance(act, a.SetComplexCheck):
            raise RuleError(
                f"The contest {contest_words(state, state.contest)} is decided by magnitude: set a complex "
                f"check for {state.seat_name(waiting)}.",
                rule=sections.COMPLEX,
            )
        if act.who != waiting:
            raise RuleError(
                f"The contest {contest_words(state, state.contest)} waits for {state.seat_name(waiting)}'s "
                f"check, not {state.seat_name(act.who)}'s.",
                rule=sections.COMPLEX,
            )
    check = Check(who=act.who, trait=act.trait, skill=act.skill, tn=act.tn, exceptional=state.exceptional,
                  bumps=state.bumps, threshold=state.threshold)
    if isinstance(act, a.SetComplexCheck):
        if act.effect not in DICE:
            raise RuleError("The effect die is a d4, d6, d8, d10 or d12.")
        if not isinstance(act.effect_row, int) or not 1 <= act.effect_row <= 5:
            raise RuleError("The effect row is a whole number from 1 to 5.")
        if not isinstance(act.victories, int) or not 0 <= act.victories <= a.VICTORIES_HIGH:
            raise RuleError(f"The victories required are a whole number from 0 to {a.VICTORIES_HIGH}.")
        check.effect, check.effect_row, check.needed = act.effect, act.effect_row, act.victories
    start_check(state, check, outcome)


def set_contest(state: FIState, act: a.SetContest, outcome: Outcome) -> None:
    if act.player != state.master:
        raise RuleError(f"Only the Master ({state.seat_name(state.master)}) sets contests.")
    require_idle(state)
    require_no_contest(state, "opening another")
    for side in (act.who, act.against):
        if side not in state.seat_ids():
            raise RuleError(f"There is no player {shown(side, 40)!r} at this table to compete.")
    if act.who == act.against:
        raise RuleError(f"A contest needs two characters: {state.seat_name(act.who)} cannot compete against themself.")
    clear_table(state, outcome)
    state.contest = Contest(sides=[act.who, act.against])
    first, second = (state.seat_name(side) for side in state.contest.sides)
    outcome.say(
        f"{state.seat_name(state.master)} opens a contest: {first} against {second}. Each makes a complex check, "
        f"{first} first; the greater magnitude wins (a failure has none). The Master sets {first}'s check now."
    )


def start_check(state: FIState, check: Check, outcome: Outcome) -> None:
    clear_table(state, outcome)
    if state.contest is not None and state.contest.over:
        state.contest = None  # a decided contest leaves the table with the next check
    state.check = check
    state.checks += 1
    who = state.seat_name(check.who)
    kind = "a complex check" if check.complex else "a check"
    outcome.say(
        f"{state.seat_name(state.master)} sets {kind} for {who}: {check_label(check)}. {who} may read rows 1 "
        f"to {check.skill} of the d{check.trait} column (the skill's level) and needs {check.tn} or more."
    )
    if check.complex:
        outcome.say(
            f"On a success the effect cell ({check.effect_row})d{check.effect} of the resolution card is the "
            f"magnitude; each full {check.threshold} of it is a victory."
        )
    if check.needed:
        outcome.say(f"The Master announces that {who} needs {plural(check.needed, 'victory')}.")


def cancel_check(state: FIState, act: a.CancelCheck, outcome: Outcome) -> None:
    if act.player != state.master:
        raise RuleError(f"Only the Master ({state.seat_name(state.master)}) calls off a check.")
    if state.idle() and state.contest_waiting() is not None:
        outcome.say(f"{state.seat_name(state.master)} calls off the contest {contest_words(state, state.contest)}.")
        state.contest = None
        return
    if state.check is None or state.check.phase != "draw":
        raise RuleError("Only a check whose resolution card is not drawn yet can be called off.")
    outcome.say(f"{state.seat_name(state.master)} calls off {state.seat_name(state.check.who)}'s check.")
    state.check = None


# ---- solo tools -------------------------------------------------------------------------------


def solo_draw(state: FIState, act, outcome: Outcome) -> None:
    if act.player != state.master:
        raise RuleError(f"The Master ({state.seat_name(state.master)}) draws from the deck as an oracle.")
    require_idle(state)
    clear_table(state, outcome)
    card = draw_one(state, outcome)
    who = state.seat_name(act.player)
    if card is None:
        outcome.say("There is no card to draw: the deck and the discard pile are empty.")
        return
    kind = "oracle" if isinstance(act, a.AskOracle) else "playing-card"
    state.solo = Solo(card=state.zones["drawn"].cards[-1], kind=kind, player=act.player)
    if kind == "oracle":
        outcome.say(f"{who} asks the oracle and draws {card.name}: its yes/no corner says {card.oracle.upper()}.")
    else:
        outcome.say(
            f"{who} draws a playing card: {card.name} is {card.playing_card} (step {card.step}, suit {card.suit})."
        )


def set_count(state: FIState, act: a.SetCount, outcome: Outcome) -> None:
    if act.counter not in COUNTERS:
        raise RuleError("Only victories and bumps are counted by hand.")
    if not isinstance(act.value, int) or not 0 <= act.value <= COUNTER_HIGH:
        raise RuleError(f"{COUNTERS[act.counter]} are counted from 0 to {COUNTER_HIGH}.")
    state.counters[act.player][act.counter] = act.value
    outcome.say(f"{state.seat_name(act.player)}'s {COUNTERS[act.counter].lower()} set to {act.value}.")
