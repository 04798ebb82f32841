"""Lanes: a small system that exists only in the tests, to drive the table's track (a grid of
rows sharing `ZoneSpec.track`) through the real window without any shipped system.

Each seat has runners (two by default); each runner has a hand of move cards and a lane of ten
columns. A move card lies in its own column (Dash 1, Strike 4, Guard 6, Rest 9; a Leap in the
column its player chooses); a runner plans two different moves, in turn order (the seat to act
plans all its runners, then the next seat). A planned card may be nudged one column along its
lane. "Advance" moves the current column on. The lanes and the current column are public; the
hands are their owner's.

Not registered on import: `LANES` is registered by the tests that use it, and unregistered after.
"""

from __future__ import annotations

from typing import ClassVar

from desktop.engine.actions import Action
from desktop.engine.errors import RuleError, SetupError
from desktop.engine.mechanics import mark
from desktop.engine.presentation import (
    Face,
    FaceField,
    Stage,
    Table,
    TrackMark,
    View,
    ZoneSpec,
    title_parts,
)
from desktop.engine.prompts import Ask
from desktop.engine.ruleset import Demo, Outcome, RulesetBase
from desktop.engine.state import GameState, Seat, Zone, move_card
from desktop.engine.views import base_view

COLUMNS = 10
MOVES = {"dash": ("Dash", 1, "red"), "strike": ("Strike", 4, "red"), "guard": ("Guard", 6, "blue"),
         "rest": ("Rest", 9, "green"), "leap": ("Leap", -1, "purple")}  # -1: the player chooses


class Plan(Action, frozen=True, tag="plan"):
    card: str
    column: int = -1
    title: ClassVar[str] = "Plan a move"
    asks: ClassVar[tuple[Ask, ...]] = (Ask(field="card", kind="card", question="Which move?"),
                                       Ask(field="column", kind="choice", question="In which column?"))


class Nudge(Action, frozen=True, tag="nudge"):
    card: str
    column: int
    title: ClassVar[str] = "Nudge a planned move"
    asks: ClassVar[tuple[Ask, ...]] = (Ask(field="card", kind="card", question="Which move?"),
                                       Ask(field="column", kind="choice", question="To which column?"))


class Advance(Action, frozen=True, tag="advance"):
    title: ClassVar[str] = "Advance"


LanesAction = Plan | Nudge | Advance


class LanesState(GameState, kw_only=True):
    runners: list[list[str]]  # [runner id, name, seat]
    active: int = 0  # the seat planning now
    current: int = -1  # the column now (-1: planning)


def hand(runner: str) -> str:
    return f"moves:{runner}"


def lane(runner: str) -> str:
    return f"lane:{runner}"


def runner_of(state: LanesState, card: str) -> list[str]:
    for entry in state.runners:
        if card in state.zones[hand(entry[0])].cards or card in state.zones[lane(entry[0])].cards:
            return entry
    raise RuleError("That is not a move card at this table.")


def planners(state: LanesState) -> str | None:
    seats = state.seat_ids()
    return seats[state.active] if state.current < 0 and state.active < len(seats) else None


def check_plan(state: LanesState, act: Plan) -> int:
    runner, name, seat = runner_of(state, act.card)
    if seat != act.player:
        raise RuleError(f"{name}'s moves are played by {state.seat_name(seat)}.")
    if planners(state) != act.player:
        raise RuleError(f"{state.seat_name(act.player)} does not plan now.")
    if act.card not in state.zones[hand(runner)].cards:
        raise RuleError(f"That move is already on {name}'s lane.")
    kind = state.cards[act.card]
    planned = state.zones[lane(runner)].cards
    if len(planned) >= 2:
        raise RuleError(f"{name} has planned two moves already.")
    if any(state.cards[other] == kind for other in planned):
        raise RuleError(f"{name} has a {MOVES[kind][0]} planned already: two different moves.")
    column = MOVES[kind][1]
    if column < 0:
        if not 0 <= act.column < COLUMNS:
            raise RuleError(f"A Leap goes in a column from 0 to {COLUMNS - 1}.")
        return act.column
    return column


def plan(state: LanesState, act: Plan, outcome: Outcome) -> None:
    column = check_plan(state, act)
    runner, name, seat = runner_of(state, act.card)
    move_card(state, act.card, hand(runner), lane(runner))
    mark(state, act.card, slot=column)
    outcome.say(f"{name} plans {MOVES[state.cards[act.card]][0]} in column {column}.")
    mine = [entry for entry in state.runners if entry[2] == seat]
    if all(len(state.zones[lane(entry[0])].cards) == 2 for entry in mine):
        state.active += 1
        if state.active >= len(state.seats):
            state.current = 0


def nudge(state: LanesState, act: Nudge, outcome: Outcome) -> None:
    runner, name, seat = runner_of(state, act.card)
    if seat != act.player:
        raise RuleError(f"{name}'s moves are played by {state.seat_name(seat)}.")
    if act.card not in state.zones[lane(runner)].cards:
        raise RuleError("Only a planned move is nudged.")
    now = state.card_states[act.card].slot
    if abs(act.column - now) != 1 or not 0 <= act.column < COLUMNS:
        raise RuleError(f"A move is nudged one column along its lane, to {now - 1} or {now + 1}.")
    mark(state, act.card, slot=act.column)
    outcome.say(f"{name}'s {MOVES[state.cards[act.card]][0]} moves to column {act.column}.")


def advance(state: LanesState, act: Advance, outcome: Outcome) -> None:
    if state.current < 0:
        raise RuleError("The count starts once every runner has planned.")
    state.current = (state.current + 1) % COLUMNS
    outcome.say(f"Column {state.current}.")


def legal(state: LanesState, player: str | None = None) -> list[Action]:
    found: list[Action] = []
    for runner, _, seat in state.runners:
        if player not in (None, seat):
            continue
        if planners(state) == seat:
            for card in state.zones[hand(runner)].cards:
                kind = state.cards[card]
                for column in (range(COLUMNS) if MOVES[kind][1] < 0 else [-1]):
                    act = Plan(player=seat, card=card, column=column)
                    try:
                        check_plan(state, act)
                    except RuleError:
                        continue
                    found.append(act)
        for card in state.zones[lane(runner)].cards:
            now = state.card_states[card].slot
            found += [Nudge(player=seat, card=card, column=c) for c in (now - 1, now + 1) if 0 <= c < COLUMNS]
    if state.current >= 0:
        found += [Advance(player=seat) for seat in state.seat_ids() if player in (None, seat)]
    return found


class Lanes(RulesetBase):
    id = "lanes-test"
    title = "Lanes (tests)"
    description = "Runners plan moves on lanes of ten columns: a test of the table's track."
    players = (1, 4)
    action_type = LanesAction
    handlers = {Plan: plan, Nudge: nudge, Advance: advance}
    legal = staticmethod(legal)

    def setup(self, players, options, seed, deck=None) -> LanesState:
        if deck is not None:
            raise SetupError("Lanes has no deck files.")
        per_seat = int(options.get("runners", "2"))
        seats = [Seat(name.lower(), name) for name in players]
        cards, zones, runners = {}, {}, []
        for seat in seats:
            for index in range(per_seat):
                runner = f"{seat.id}{index + 1}"
                runners.append([runner, f"{seat.name} {index + 1}", seat.id])
                zones[hand(runner)] = Zone(id=hand(runner), label=f"{seat.name} {index + 1}'s moves",
                                           visibility="owner", owner=seat.id)
                zones[lane(runner)] = Zone(id=lane(runner), label=f"{seat.name} {index + 1}'s lane",
                                           visibility="public", owner=seat.id)
                for kind in MOVES:
                    card = f"{runner}-{kind}"
                    cards[card] = kind
                    zones[hand(runner)].cards.append(card)
        return LanesState(ruleset=self.id, seats=seats, cards=cards, zones=zones,
                          counters={}, runners=runners)

    def stages(self, state: LanesState) -> list[Stage]:
        seat = planners(state)
        if seat is not None:
            return [Stage(seat=seat, kind="plan", label="plan two moves for each runner")]
        return [Stage(seat=s, kind="table", label="advance", private=False) for s in state.seat_ids()]

    def view(self, state: LanesState, viewer: str | None) -> View:
        def face(kind: str) -> Face:
            name, column, tone = MOVES[kind]
            where = f"column {column}" if column >= 0 else "the column you choose"
            return Face(title=name, tone=tone, kind="Move", fields=[FaceField(text=f"Lies in {where}.")])

        extra = {"current": state.current, "active": state.active, "runners": state.runners}
        return base_view(state, viewer, face, extra)

    def table(self, view: View) -> Table:
        specs = []
        for runner, name, seat in view.extra["runners"]:
            line, held = view.zones[lane(runner)], view.zones[hand(runner)]
            specs.append(ZoneSpec(zone=line.id, role="track", seat=seat, slots=COLUMNS, track="lanes",
                                  drag_from=view.viewer == seat,
                                  parts=title_parts(name, f" \u00b7 {line.count} planned", f" \u00b7 {held.count} in hand")))
            specs.append(ZoneSpec(zone=held.id, role="hand", seat=seat, layout="fan", drag_from=view.viewer == seat,
                                  parts=title_parts("moves", f": {held.count}", owner=f"{name}'s ")))
        current = view.extra["current"]
        acting = [lane(r) for r, _, _ in view.extra["runners"] if current >= 0 and current % 2 == 0]
        marks = TrackMark(track="lanes", current=current, note="runners moving" if current >= 0 else "",
                           acting=acting)
        return Table(headline="Planning" if current < 0 else f"Column {current}", zones=specs, tracks=[marks])

    def drops(self, state: LanesState, seat: str, card: str, from_zone: str, to_zone: str) -> list[Action]:
        runner, name, _ = runner_of(state, card)
        if to_zone != lane(runner):
            raise RuleError(f"{name}'s moves go onto {name}'s own lane.")
        kind = Plan if from_zone == hand(runner) else Nudge
        found = [act for act in legal(state, seat) if isinstance(act, kind) and act.card == card]
        if not found and kind is Plan:
            check_plan(state, Plan(player=seat, card=card, column=0))  # raises the rule's sentence
        if not found:
            raise RuleError("That move cannot go there now.")
        return found

    def demo(self) -> Demo:
        return Demo(players=["Ann", "Bo"], seed=1, actions=[])


LANES = Lanes()
