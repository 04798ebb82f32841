"""What the table shows: the view (faces with their marks), the zones, the words of each action."""

from __future__ import annotations

import msgspec

from desktop.engine.presentation import CounterSpec, Stage, Table, View, ZoneSpec, title_parts
from desktop.engine.views import base_view
from desktop.rulesets.future_imperfect import actions as a
from desktop.rulesets.future_imperfect.cards import Card, cell_text, dice_text, is_exceptional
from desktop.rulesets.future_imperfect.deck import deck_for
from desktop.rulesets.future_imperfect.faces import Mark, card_face
from desktop.rulesets.future_imperfect.reading import check_label, plural, selectable, words
from desktop.rulesets.future_imperfect.scenarios import SCENARIOS
from desktop.rulesets.future_imperfect.state import (
    COUNTER_HIGH,
    COUNTERS,
    Check,
    Contest,
    FIState,
    TableSeen,
)

TITLE = "Future Imperfect"


def definition_card(deck_key: str, definition: str) -> Card:
    return deck_for(deck_key)[int(definition[1:])]


def marks(state: FIState) -> dict[str, Mark]:
    """The marks of the cards on the table, by definition id (each card is unique)."""
    found: dict[str, Mark] = {}
    check = state.check
    if check is not None and check.cards:
        found[state.cards[check.cards[0]]] = Mark(
            kind="resolution", die=check.trait, rows=tuple(range(1, check.skill + 1)), exact=check.skill,
            effect=(check.effect_row, check.effect) if check.complex else None,
        )
        for card, rows in zip(check.cards[1:], check.offered):
            found[state.cards[card]] = Mark(kind="extension", die=check.trait, rows=tuple(rows))
    if state.solo is not None:
        found[state.cards[state.solo.card]] = Mark(kind=state.solo.kind)
    return found


def view(state: FIState, viewer: str | None) -> View:
    marked = marks(state)
    check = msgspec.convert(msgspec.to_builtins(state.check), Check) if state.check is not None else None
    contest = msgspec.convert(msgspec.to_builtins(state.contest), Contest) if state.contest is not None else None
    extra = TableSeen(deck_key=state.deck_key, master=state.master, exceptional=state.exceptional,
                      bumps=state.bumps, threshold=state.threshold, practice=state.practice_on, check=check,
                      solo=state.solo, checks=state.checks, contest=contest, ended=state.ended)
    return base_view(state, viewer, lambda d: card_face(definition_card(state.deck_key, d), marked.get(d)), extra)


def card_in_view(view: View, card: str) -> Card | None:
    """The card data of a card the viewer sees."""
    definition = view.definition_of(card)
    return definition_card(view.extra.deck_key, definition) if definition is not None else None


# ---- who acts ------------------------------------------------------------------------------------

STAGE_LABELS = {
    "draw": "draw the resolution card",
    "choose": "take a result from the resolution card",
    "extend": "draw an extension card for the exceptional result",
    "pick": "choose which exceptional result to keep",
}


def finished(state: FIState) -> str | None:
    """The rulebook states no end: the players end the session (EndSession), between checks."""
    return f"The session is over ({plural(state.checks, 'check')})." if state.ended else None


def stages(state: FIState) -> list[Stage]:
    # Nothing is hidden at this table but the deck's order: nobody needs the screen alone.
    if state.ended:
        return []  # nobody acts: the session is over
    waiting = state.contest_waiting()
    if state.idle() and waiting is not None:
        label = f"set {state.seat_name(waiting)}'s check for the contest"
        return [Stage(seat=state.master, kind="turn", label=label, private=False)]
    if state.idle():
        label = "set a check (or play a practice scenario)" if state.practice_on else "set a check"
        # Between checks any seat may also end the session: the table's own choice.
        return [Stage(seat=state.master, kind="turn", label=label, private=False)] + [
            Stage(seat=seat, kind="table", label="end the session, or wait for the next check", private=False)
            for seat in state.seat_ids() if seat != state.master
        ]
    return [Stage(seat=state.check.who, kind="turn", label=STAGE_LABELS[state.check.phase], private=False)]


# ---- the table ----------------------------------------------------------------------------------


def table(view: View) -> Table:
    extra: TableSeen = view.extra
    zones = view.zones
    master = extra.master
    specs = [
        ZoneSpec(zone="deck", role="deck", seat=master, layout="pile", parts=title_parts("Deck", f": {zones['deck'].count}")),
        ZoneSpec(zone="drawn", role="play", title=drawn_title(view), hint="Cards drawn for a check or from the oracle lie here."),
        ZoneSpec(zone="discard", role="discard", seat=master, layout="pile", parts=title_parts("Discard", f": {zones['discard'].count}"),
                 drag_from=view.viewer == master),
    ]
    counters, marks_, status = [], {}, {}
    check = extra.check
    for seat in view.seats:
        values = view.counters.get(seat.id, {})
        for key, label in COUNTERS.items():
            if key in values:
                counters.append(CounterSpec(entity=seat.id, key=key, label=label, value=values[key],
                                            high=COUNTER_HIGH, editable=True))
        marks_[seat.id] = ["Master"] if seat.id == master else []
    acting = master if check is None or check.phase == "done" else check.who
    marks_[acting].append("turn")
    if check is not None:  # short: the seats panel does not wrap its lines
        result = check.result
        status[check.who] = (f"{dice_text(check.skill, check.trait)} vs TN {check.tn}" if result is None
                             else f"{result.outcome.replace('critical', 'critical failure')}: {result.total}"
                             if result.outcome != "critical" else "critical failure")
    return Table(headline=headline(view), banner=banner(view), zones=specs, counters=counters,
                 marks=marks_, status=status)


def drawn_title(view: View) -> str:
    extra: TableSeen = view.extra
    check, solo = extra.check, extra.solo
    if solo is not None:
        card = card_in_view(view, solo.card)
        if solo.kind == "oracle":
            return f"Oracle: {card.oracle.upper()}"
        return f"Playing card: {card.playing_card.removeprefix('the ')}"
    if check is None or not check.cards:
        return "On the table: no cards"
    if check.result is not None:
        words_ = result_words(check)
        return words_[:1].upper() + words_[1:]
    extensions = len(check.cards) - 1
    return "Resolution card" + (f" + {plural(extensions, 'extension')}" if extensions else "")


def result_words(check: Check) -> str:
    result = check.result
    if result.outcome == "critical":
        return "critical failure"
    if result.outcome == "failure":
        return f"failure, {result.total} against TN {check.tn}"
    extras = []
    if check.bumps:
        extras.append(plural(result.bumps, "bump"))
    if check.complex:
        extras.append(f"magnitude {result.magnitude}, {plural(result.victories, 'victory')}")
    if check.needed:
        extras.append(f"{check.needed} needed: {'reached' if result.victories >= check.needed else 'not reached'}")
    return f"success, {result.total} against TN {check.tn}" + (f" ({'; '.join(extras)})" if extras else "")


def contest_words(view: View, contest: Contest) -> str:
    """Where a contest stands: whose check comes next, or who won."""
    sides = " against ".join(view.seat_name(side) for side in contest.sides)
    if not contest.over:
        return f"Contest {sides}: {view.seat_name(contest.waiting)}'s check next"
    if contest.winner is None:
        return f"Contest {sides}: a tie"
    return f"Contest {sides}: {view.seat_name(contest.winner)} wins"


def headline(view: View) -> str:
    """Short: the header does not wrap, and a long one would widen the window past the screen."""
    extra: TableSeen = view.extra
    check, contest = extra.check, extra.contest
    if extra.ended:
        return "The session is over"
    if contest is not None and (check is None or check.phase == "done"):
        return contest_words(view, contest)
    if check is None or check.phase == "done":
        return f"{view.seat_name(extra.master)} sets the next check"
    return f"{view.seat_name(check.who)}: {check_label(check)}"


def banner(view: View) -> str:
    extra: TableSeen = view.extra
    check, contest = extra.check, extra.contest
    if extra.ended:
        return (f"The session is over after {plural(extra.checks, 'check')}: nothing more is drawn in "
                "this game. Undo takes its end back.")
    if contest is not None and (check is None or check.phase == "done"):
        sides = [view.seat_name(side) for side in contest.sides]
        done = f"{view.seat_name(check.who)}: {result_words(check)}. " if check is not None else ""
        if not contest.over:
            return (f"{done}Contest, {sides[0]} against {sides[1]}: {view.seat_name(extra.master)} sets "
                    f"{view.seat_name(contest.waiting)}'s complex check; the greater magnitude wins.")
        return f"{done}{contest_words(view, contest)}."
    if check is None:
        if extra.practice:
            return "Choose a practice scenario (one of the rulebook's worked examples), or set a check."
        return f"{view.seat_name(extra.master)} sets a check: who, the trait die, the skill level and the TN."
    who = view.seat_name(check.who)
    hint = ""
    if check.phase == "draw":
        return f"{who} draws the resolution card.{hint}"
    card = card_in_view(view, check.cards[0])
    if check.phase == "choose":
        rows = selectable(card, check)
        values = [f"{card.cell(row, check.trait)} (row {row})" for row in rows]
        return f"{who} takes a result (keys 1 to {check.skill}): {words(values, 'or')}.{hint}"
    if check.phase == "extend":
        rows = " or ".join(f"row {row}" for row in check.rows)
        return f"Exceptional: {who} draws an extension card; only its {rows}, d{check.trait} cell counts (so far: {words([str(t) for t in check.totals])}).{hint}"
    if check.phase == "pick":
        options = [f"row {row}: {total}" for row, total in zip(check.rows, check.totals)]
        return f"{who} keeps one exceptional result: {words(options, 'or')}.{hint}"
    return f"{who}: {result_words(check)}."


# ---- words ---------------------------------------------------------------------------------------


def describe(action: a.Action, view: View) -> str:
    if isinstance(action, (a.SetCheck, a.SetComplexCheck)):
        effect = f", effect ({action.effect_row})d{action.effect}" if isinstance(action, a.SetComplexCheck) else ""
        needed = getattr(action, "victories", 0)
        effect += f", {plural(needed, 'victory')} needed" if needed else ""
        kind = "complex check" if effect else "check"
        return f"Set a {kind} for {view.seat_name(action.who)}: {dice_text(action.skill, action.trait)} against TN {action.tn}{effect}"
    if isinstance(action, a.SetContest):
        return f"Set a contest: {view.seat_name(action.who)} against {view.seat_name(action.against)}"
    if isinstance(action, a.CancelCheck) and view.extra.contest is not None and not view.extra.contest.over:
        check = view.extra.check
        if check is None or check.phase == "done":
            return "Call off the contest"
    if isinstance(action, (a.Take, a.Extend)):
        return f"{type(action).title}: {row_label(action, view)}"
    if isinstance(action, a.Practice):
        scenario = SCENARIOS.get(action.scenario)
        return f"Practice: {scenario.title}" if scenario else "Play a practice scenario"
    if isinstance(action, a.SetCount):
        counts = {action.counter: action.value, **action.also}
        return "Set " + ", ".join(f"{COUNTERS.get(key, key).lower()} to {value}" for key, value in counts.items())
    return type(action).title


def row_label(action: a.Take | a.Extend, view: View) -> str:
    check: Check = view.extra.check
    if check is None or not check.cards:
        return f"row {action.row}"
    if isinstance(action, a.Take):
        card = card_in_view(view, check.cards[0])
        value = card.cell(action.row, check.trait)
        special = " (exceptional: an extension card follows)" if check.exceptional and is_exceptional(value, check.trait) else ""
        return f"{cell_text(value)} from row {action.row}{special}"
    card = card_in_view(view, check.cards[-1])
    if action.row not in check.rows:
        return f"row {action.row}"
    value = card.cell(action.row, check.trait)
    total = check.totals[check.rows.index(action.row)]
    going = " (exceptional: the chain goes on)" if is_exceptional(value, check.trait) else ""
    return f"row {action.row}: {total - value} + {cell_text(value)} = {total}{going}"


def value_label(ask, value, view: View) -> str | None:
    if ask.field in ("trait", "effect"):
        return f"d{value}"
    if ask.field == "row" and view.extra.check is not None:
        kind = a.Take if view.extra.check.phase == "choose" else a.Extend
        return row_label(kind(player="", row=value), view).capitalize()
    if ask.field == "scenario":
        return SCENARIOS[value].title if value in SCENARIOS else str(value)
    return None


def question(ask, action: a.Action, view: View) -> str:
    if ask.field == "skill" and isinstance(action, (a.SetCheck, a.SetComplexCheck)):
        return f"{view.seat_name(action.who)}'s skill level with the d{action.trait} trait (1 to 5): how many rows may be read?"
    if ask.field == "tn":
        return "Target number (TN): the result must reach it (7 is a fair challenge, 11 incredibly difficult, 13 near impossible)."
    return ask.question


def draft_check(view: View) -> a.SetCheck:
    """The check the Master's form and the questions of a check open at (Decision: a fair
    challenge for an ordinary character: a d8 trait, skill 2, TN 7), made by the first player's
    seat: the Master sets checks for the players, and plays alone only where nobody else sits."""
    master = view.extra.master
    who = next((seat.id for seat in view.seats if seat.id != master), master)
    return a.SetCheck(player=master, who=who, trait=8, skill=2, tn=7)


def initial(ask, action: a.Action, view: View):
    """A question of a check opens at `draft_check`'s answer (the form beside the table shows the
    same); None elsewhere."""
    if isinstance(action, (a.SetCheck, a.SetComplexCheck)):
        return getattr(draft_check(view), ask.field, None)
    return None


__all__ = ["card_in_view", "describe", "draft_check", "finished", "initial", "question", "stages", "table",
           "value_label", "view"]
