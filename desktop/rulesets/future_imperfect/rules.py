"""What each action does, with a sentence for the log at every step saying what the rule does."""

from __future__ import annotations

from desktop.engine import mechanics
from desktop.engine.errors import RuleError
from desktop.engine.ruleset import Outcome
from desktop.engine.state import move_card
from desktop.engine.text import shown
from desktop.rulesets.future_imperfect import actions as a
from desktop.rulesets.future_imperfect.cards import (
    CF,
    DICE,
    Card,
    cell_text,
    dice_text,
    is_exceptional,
)
from desktop.rulesets.future_imperfect.deck import deck_for
from desktop.rulesets.future_imperfect.state import (
    COUNTER_HIGH,
    COUNTERS,
    RESHUFFLE,
    Check,
    Contest,
    FIState,
    Result,
    Solo,
)

BUMP = 4  # one bump per full 4 by which the result beats the TN


def card_of(state: FIState, card: str) -> Card:
    return deck_for(state.deck_key)[int(state.cards[card][1:])]


def selectable(card: Card, check: Check) -> list[int]:
    """The rows of the trait's column the player may take: 1 to the skill's row, CF left out."""
    return [row for row in range(1, check.skill + 1) if card.cell(row, check.trait) != CF]


def exceptional(card: Card, check: Check, row: int) -> bool:
    return check.exceptional and is_exceptional(card.cell(row, check.trait), check.trait)


def words(items: list, joiner: str = "and") -> str:
    names = [str(item) for item in items]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + f" {joiner} " + names[-1]


def plural(count: int, word: str) -> str:
    if count == 1:
        return f"1 {word}"
    return f"{count} {word[:-1]}ies" if word.endswith("y") else f"{count} {word}s"


def check_label(check: Check) -> str:
    effect = f", effect ({check.effect_row})d{check.effect}" if check.complex else ""
    needed = f", {plural(check.needed, 'victory')} needed" if check.needed else ""
    return f"{dice_text(check.skill, check.trait)} against TN {check.tn}{effect}{needed}"


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


def draw_one(state: FIState, outcome: Outcome) -> Card | None:
    drawn = mechanics.draw(state, RESHUFFLE, "drawn", 1, outcome)
    return card_of(state, drawn[0]) if drawn else None


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
            f"set it, or call the contest off, before {doing}."
        )


def discard_check(state: FIState, check: Check, outcome: Outcome) -> None:
    """The seed: "After completing the check, place the card in the discard pile" (the extension
    cards too: each card serves one action only). The check's record keeps what they showed."""
    used = [card for card in check.cards if card in state.zones["drawn"].cards]
    for card in used:
        move_card(state, card, "drawn", "discard")
    if used:
        outcome.say(f"The {plural(len(used), 'card')} of the check go{'es' if len(used) == 1 else ''} to the discard pile.")


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
                f"check for {state.seat_name(waiting)}."
            )
        if act.who != waiting:
            raise RuleError(
                f"The contest {contest_words(state, state.contest)} waits for {state.seat_name(waiting)}'s "
                f"check, not {state.seat_name(act.who)}'s."
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


# ---- resolving it -----------------------------------------------------------------------------


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
