"""Resolving a Future Imperfect check, with a sentence for the log at every step: the resolution
card drawn (a critical failure in its exact cell), a result taken, an exceptional result extended
by extension cards, the victories counted, and a contest decided once both sides are done. Also
the two moves of cards it makes, which setting a check and the solo tools make too (rules.py): a
card drawn, and a finished check's cards discarded."""

from __future__ import annotations

from desktop.engine import mechanics
from desktop.engine.errors import RuleError
from desktop.engine.ruleset import Outcome
from desktop.engine.state import move_card
from desktop.rulesets.future_imperfect import actions as a
from desktop.rulesets.future_imperfect.cards import CF, Card, cell_text
from desktop.rulesets.future_imperfect.reading import (
    card_of,
    exceptional,
    plural,
    selectable,
    words,
)
from desktop.rulesets.future_imperfect.state import (
    COUNTER_HIGH,
    COUNTERS,
    RESHUFFLE,
    Check,
    Contest,
    FIState,
    Result,
)

BUMP = 4  # one bump per full 4 by which the result beats the TN


def draw_one(state: FIState, outcome: Outcome) -> Card | None:
    drawn = mechanics.draw(state, RESHUFFLE, "drawn", 1, outcome)
    return card_of(state, drawn[0]) if drawn else None


def discard_check(state: FIState, check: Check, outcome: Outcome) -> None:
    """The seed: "After completing the check, place the card in the discard pile" (the extension
    cards too: each card serves one action only). The check's record keeps what they showed."""
    used = [card for card in check.cards if card in state.zones["drawn"].cards]
    for card in used:
        move_card(state, card, "drawn", "discard")
    if used:
        outcome.say(f"The {plural(len(used), 'card')} of the check go{'es' if len(used) == 1 else ''} to the discard pile.")


def active_check(state: FIState, player: str, phase: str, doing: str) -> Check:
    check = state.check
    if check is None or check.phase == "done":
        raise RuleError(f"There is no check to {doing}: the Master sets one first.")
    if player != check.who:
        raise RuleError(f"It is {state.seat_name(check.who)}'s check, not {state.seat_name(player)}'s.")
    if check.phase != phase:
        raise RuleError(f"The check waits for something else: {WAITING[check.phase]}.")
    return check


WAITING = {
    "draw": "the resolution card is not drawn yet",
    "choose": "a result must be taken from the resolution card",
    "extend": "an exceptional result waits for its extension card",
    "pick": "the exceptional result to keep must be chosen",
    "done": "it is resolved",
}


def draw_resolution(state: FIState, act: a.DrawResolution, outcome: Outcome) -> None:
    check = active_check(state, act.player, "draw", "draw for")
    who = state.seat_name(check.who)
    card = draw_one(state, outcome)
    if card is None:
        outcome.say("There is no card to draw: the deck and the discard pile are empty. The check is called off.")
        state.check = None
        return
    check.cards.append(state.zones["drawn"].cards[-1])
    die = check.trait
    column = ", ".join(cell_text(card.cell(row, die)) for row in range(1, check.skill + 1))
    outcome.say(
        f"{who} draws the resolution card: {card.name}. Rows 1 to {check.skill} of its d{die} column read {column}."
    )
    exact = card.cell(check.skill, die)
    if exact == CF:
        outcome.say(
            f"The exact cell (row {check.skill}, d{die}) holds CF: a critical failure. No result can be "
            "chosen; the Master decides what goes wrong, and anyone at the table may suggest."
        )
        finish(state, check, Result(outcome="critical"), outcome)
        return
    rows = selectable(card, check)
    outcome.say(
        f"The exact cell (row {check.skill}, d{die}) holds {exact}, not CF: no critical failure. {who} may take "
        f"{'this result' if len(rows) == 1 else 'any of these results'}: {words([card.cell(row, die) for row in rows], 'or')}."
    )
    skipped = [row for row in range(1, check.skill + 1) if row not in rows]
    if skipped:
        outcome.say(
            f"Row{'' if len(skipped) == 1 else 's'} {words(skipped)} hold{'s' if len(skipped) == 1 else ''} CF: a CF outside the exact cell "
            "counts for nothing and cannot be taken."
        )
    open_rows = [row for row in rows if exceptional(card, check, row)]
    if open_rows:
        outcome.say(
            f"Exceptional (at least {die} on a d{die}): row {words(open_rows)}. Taking "
            f"{'it' if len(open_rows) == 1 else 'one of them'} draws an extension card whose same cell is added."
        )
    check.phase = "choose"


def take(state: FIState, act: a.Take, outcome: Outcome) -> None:
    check = active_check(state, act.player, "choose", "take a result of")
    card = card_of(state, check.cards[0])
    rows = selectable(card, check)
    if act.row not in rows:
        raise RuleError(
            f"{state.seat_name(check.who)} may take a result from row {words(rows, 'or')} of the d{check.trait} column."
        )
    who, value = state.seat_name(check.who), card.cell(act.row, check.trait)
    if not exceptional(card, check, act.row):
        outcome.say(f"{who} takes {value} from row {act.row}.")
        mechanics.mark(state, check.cards[0], caption=f"row {act.row} taken: {value}")
        check.rows, check.totals = [act.row], [value]
        resolve(state, check, value, outcome)
        return
    open_rows = [row for row in rows if exceptional(card, check, row)]
    check.rows = open_rows
    check.totals = [card.cell(row, check.trait) for row in open_rows]
    check.phase = "extend"
    mechanics.mark(state, check.cards[0], caption=f"row {words(open_rows)} taken, exceptional")
    if len(open_rows) == 1:
        outcome.say(
            f"{who} takes {value} from row {act.row}: exceptional, so the result goes on. Draw an extension "
            f"card: only its row {act.row}, d{check.trait} cell counts, and it is added to {value}."
        )
    else:
        outcome.say(
            f"{who} takes an exceptional result. Rows {words(open_rows)} are all exceptional: draw an extension "
            "card, see what each would add, then keep one of them."
        )


def draw_extension(state: FIState, act: a.DrawExtension, outcome: Outcome) -> None:
    check = active_check(state, act.player, "extend", "extend")
    card = draw_one(state, outcome)
    if card is None:
        best = max(check.totals)
        outcome.say(f"There is no card left to draw: the chain ends at {best}.")
        check.rows, check.totals = [check.rows[check.totals.index(best)]], [best]
        resolve(state, check, best, outcome)
        return
    check.cards.append(state.zones["drawn"].cards[-1])
    check.offered.append(list(check.rows))
    mechanics.mark(state, check.cards[-1], caption=f"extends row {words(check.rows)}")
    die = check.trait
    values = [card.cell(row, die) for row in check.rows]
    check.totals = [total + value for total, value in zip(check.totals, values)]
    if len(check.rows) > 1:
        options = "; ".join(
            f"row {row} would make {total - value} + {cell_text(value)} = {total}"
            + (" (exceptional: it would go on)" if exceptional(card, check, row) else "")
            for row, value, total in zip(check.rows, values, check.totals)
        )
        outcome.say(f"Extension card: {card.name}. {options}. Choose which exceptional result to keep.")
        check.phase = "pick"
        return
    row, value, total = check.rows[0], values[0], check.totals[0]
    outcome.say(
        f"Extension card: {card.name}. Only its row {row}, d{die} cell counts: "
        + ("CF, which means nothing on an extension card: it adds 0." if value == CF else f"{value}.")
    )
    note_unused(card, check, row, outcome)
    continue_or_resolve(state, check, card, row, total, outcome)


def note_unused(card: Card, check: Check, row: int, outcome: Outcome) -> None:
    """Says why the other cells of the trait's column on an extension card do not count."""
    others = [r for r in range(1, check.skill + 1) if r != row]
    big = [r for r in others if exceptional(card, check, r) or card.cell(r, check.trait) > card.cell(row, check.trait)]
    failed = [r for r in others if card.cell(r, check.trait) == CF]
    parts = []
    if big:
        parts.append(f"the {words([str(card.cell(r, check.trait)) for r in big])} in row {words(big)} cannot be taken")
    if failed:
        parts.append(f"the CF in row {words(failed)} is no critical failure (only the resolution card can fail critically)")
    if parts:
        outcome.say(f"An extension card extends one cell only: {' and '.join(parts)}.")


def extend(state: FIState, act: a.Extend, outcome: Outcome) -> None:
    check = active_check(state, act.player, "pick", "extend")
    if act.row not in check.rows:
        raise RuleError(f"The exceptional results open are those of row {words(check.rows)}.")
    card = card_of(state, check.cards[-1])
    total = check.totals[check.rows.index(act.row)]
    outcome.say(f"{state.seat_name(check.who)} keeps row {act.row}: {total} so far.")
    continue_or_resolve(state, check, card, act.row, total, outcome)


def continue_or_resolve(state: FIState, check: Check, card: Card, row: int, total: int, outcome: Outcome) -> None:
    check.rows, check.totals = [row], [total]
    if exceptional(card, check, row):
        outcome.say(f"{card.cell(row, check.trait)} is exceptional again: the chain goes on ({total} so far). Draw another extension card.")
        check.phase = "extend"
        return
    outcome.say(f"Not exceptional: the chain ends. The result is {total}.")
    resolve(state, check, total, outcome)


def resolve(state: FIState, check: Check, total: int, outcome: Outcome) -> None:
    if total < check.tn:
        outcome.say(f"{total} against TN {check.tn}: failure.")
        if check.complex:
            outcome.say("Without a success there is no magnitude.")
        finish(state, check, Result(outcome="failure", total=total), outcome)
        return
    outcome.say(f"{total} against TN {check.tn}: success.")
    bumps = magnitude = victories = 0
    if check.bumps:
        bumps = (total - check.tn) // BUMP
        outcome.say(
            f"Bumps: {total} beats {check.tn} by {total - check.tn}; one bump per full {BUMP}: {plural(bumps, 'bump')}."
        )
    if check.complex:
        card = card_of(state, check.cards[0])
        magnitude = card.effect_cell(check.effect_row, check.effect)
        victories = magnitude // check.threshold
        left = magnitude - victories * check.threshold
        outcome.say(
            f"The effect cell ({check.effect_row})d{check.effect} of the resolution card holds {magnitude}: the "
            f"magnitude. Each full {check.threshold} is a victory: {plural(victories, 'victory')}"
            + (f"; the {left} left over is lost." if left else ".")
        )
    finish(state, check, Result(outcome="success", total=total, bumps=bumps, magnitude=magnitude,
                                victories=victories), outcome)


def finish(state: FIState, check: Check, result: Result, outcome: Outcome) -> None:
    check.result = result
    check.phase = "done"
    who = state.seat_name(check.who)
    counts = state.counters[check.who]
    for key, gained in (("victories", result.victories), ("bumps", result.bumps)):
        if gained:
            counts[key] = min(COUNTER_HIGH, counts[key] + gained)
            outcome.say(f"{who}'s {COUNTERS[key].lower()} in all: {counts[key]}.")
    if check.needed:
        scored = plural(result.victories, "victory")
        if result.victories >= check.needed:
            outcome.say(f"{who} needed {plural(check.needed, 'victory')} and scored {scored}: reached.")
        else:
            outcome.say(
                f"{who} needed {plural(check.needed, 'victory')} and scored {scored}: not reached; "
                f"{plural(check.needed - result.victories, 'victory')} still to win."
            )
    discard_check(state, check, outcome)
    contest = state.contest
    if contest is not None and contest.waiting == check.who:
        contest.results.append(result)
        if contest.over:
            decide(state, contest, outcome)
        else:
            outcome.say(f"The contest goes on: the Master sets {state.seat_name(contest.waiting)}'s check.")


def decide(state: FIState, contest: Contest, outcome: Outcome) -> None:
    """The greater magnitude wins; a failure has none; equal magnitudes are a tie."""
    magnitudes = [result.magnitude if result.outcome == "success" else 0 for result in contest.results]
    names = [state.seat_name(side) for side in contest.sides]
    told = " against ".join(
        f"{name}'s {magnitude}" if result.outcome == "success" else f"{name}'s 0 ({result.outcome.replace('critical', 'critical failure')})"
        for name, magnitude, result in zip(names, magnitudes, contest.results)
    )
    if magnitudes[0] == magnitudes[1]:
        outcome.say(f"The contest: magnitude {told}: a tie. Neither wins; the Master decides what happens, or sets the contest again.")
        return
    winner = 0 if magnitudes[0] > magnitudes[1] else 1
    contest.winner = contest.sides[winner]
    outcome.say(f"The contest: magnitude {told}: {names[winner]} wins.")
