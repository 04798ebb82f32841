"""Price of Power played by the app against itself (engine/versus.py; docs/systems/price-of-power.md,
"The app's seats"): the board's events, the end and the outcome.

**The board.** The app keeps the cards, not the board: at a real table each player declares what
happened to them on it, and battles are declared from it. Here a stand-in declares it, drawn from
the seeded generator of the run:

- in Phase 2, before a seat's Turn, one time in six a battle: the seat whose Turn it is attacks
  another drawn at random (war is declared on that player one time in two, its army inside its
  Realm is attacked one time in two; at sea one time in four);
- in Phase 3, once a round, before the first move: for each player, one time in four a cost it
  cannot pay, one time in ten its Ruler discarded (died on the board), one time in five something
  a card's own words name; and one time in three rebels rise against a player drawn at random (its
  army inside its Realm is attacked, and a battle against a non-player realm).

Each event opens the Reaction window of the player it happened to, and each battle its Play
Battle Actions steps, which the seats answer as at a real table.

**The end.** The round: Phase 5's hand limit met (`finished`), the end the rules state for the
cards. One round a game (its setup draw included).

**The outcome.** The cards' part of the round's scoring: a seat's score is what its cards did, one
point for each of its cards and Display actions that took effect (a card played for its Action, a
Display card placed, a Display action used, a Battle Action, a Reaction, a Counterespionage that
prevented a play, a character appointed), less two for each Covert Action aimed at it that took
effect. A Covert Action countered took no effect. The seats with the best score win the round
(a tie shares it). The figures beside it: the plays prevented, the power and Ducats at the end.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from desktop.engine import registry
from desktop.engine.game import Game
from desktop.engine.versus import Standing, TableStandIn, Versus
from desktop.rulesets.price_of_power import actions as a
from desktop.rulesets.price_of_power.cards import POWERS
from desktop.rulesets.price_of_power.core import card_def
from desktop.rulesets.price_of_power.state import PoPState

MEASURE = "cards and Display actions that took effect, less twice the Covert Actions that took effect against the seat"
HURT = 2  # what a Covert Action that took effect against a seat costs it
TURN_TYPES = (a.Play, a.Use, a.Basic, a.TakeEvent, a.PassPhase, a.Fabricate)


class Board(TableStandIn):
    """The events of a board nobody keeps, drawn from a seeded generator (the module's list)."""

    def __init__(self, seed: int) -> None:
        self._random = random.Random(f"board/{seed}")
        self._done: set[tuple] = set()  # the turns and phases whose events were drawn

    def chance(self, odds: float) -> bool:
        return self._random.random() < odds

    def before(self, state: PoPState, action: a.Action) -> list[a.Action]:
        if state.busy() or state.battle is not None:
            return []
        seats = state.seat_ids()
        if state.phase == "action" and isinstance(action, TURN_TYPES) and action.player == state.active:
            return self._once(("turn", state.round, state.turns), lambda: self.turn(state.active, seats))
        if state.phase == "peace":
            return self._once(("peace", state.round), lambda: self.peace(seats))
        return []

    def _once(self, key: tuple, draw) -> list[a.Action]:
        if key in self._done:
            return []
        self._done.add(key)
        return draw()

    def turn(self, active: str, seats: list[str]) -> list[a.Action]:
        if not self.chance(1 / 6):
            return []
        defender = self._random.choice([seat for seat in seats if seat != active])
        events = []
        if self.chance(0.5):
            events.append(a.Declare(player=defender, event="war-declared"))
        sea = self.chance(0.25)
        if not sea and self.chance(0.5):
            events.append(a.Declare(player=defender, event="army-attacked"))
        return [*events, a.DeclareBattle(player=active, attacker=active, defender=defender, sea=sea)]

    def peace(self, seats: list[str]) -> list[a.Action]:
        events: list[a.Action] = []
        for seat in seats:
            if self.chance(0.25):
                events.append(a.Declare(player=seat, event="cannot-pay"))
            if self.chance(0.1):
                events.append(a.Declare(player=seat, event="ruler-discarded"))
            if self.chance(0.2):
                events.append(a.Declare(player=seat, event="other"))
        if self.chance(1 / 3):
            seat = self._random.choice(seats)
            events += [a.Declare(player=seat, event="army-attacked"),
                       a.DeclareBattle(player=seat, attacker=None, defender=seat)]
        return events


@dataclass
class Settled:
    """A Counterespionage that settles as it is played (the option counter_chain off)."""

    player: str
    form: str = "counter"
    target: str | None = None


def _ability(state: PoPState, action: a.Play | a.Use):
    definition = card_def(state, action.card)
    if isinstance(action, a.Play):
        return definition.play
    return next(found for found in definition.actions if found.name == action.action)


def _counters(state: PoPState, action: a.Play | a.Use) -> bool:
    return _ability(state, action).counters


def _took_effect(state: PoPState, action: a.Play | a.Use) -> bool:
    """Whether a Play or Use took effect as it was applied (a covert one waits for its answers)."""
    ability = _ability(state, action)
    return not (ability.covert or ability.counters)


def standing(game) -> Standing:
    """The module's outcome, read by replaying the game's actions from its start."""
    return counted(Game.new(game.setup).state, game.actions)


def counted(state: PoPState, actions) -> Standing:
    """The outcome of `actions` played from `state` (changed as they are applied): a Covert
    Action took effect when it left the waiting plays unprevented (the plays leave from the top,
    taking effect and prevented in turn: each Counterespionage that takes effect prevents the play
    beneath it)."""
    ruleset = registry.get(state.ruleset)
    seats = state.seat_ids()
    figures = {seat: dict.fromkeys(("took_effect", "hurt_by", "prevented", "appointed"), 0) for seat in seats}
    for action in actions:
        waiting: list = list(state.covert)
        if isinstance(action, (a.Play, a.Use)) and _counters(state, action) and not state.counter_chain:
            waiting.append(Settled(action.player))  # it cannot be countered: it settles at once
        ruleset.apply(state, action)
        if isinstance(action, (a.Play, a.Use)) and _took_effect(state, action):
            figures[action.player]["took_effect"] += 1
        elif isinstance(action, a.Appoint):
            figures[action.player]["appointed"] += 1
            figures[action.player]["took_effect"] += 1
        kept = 0
        while kept < min(len(waiting), len(state.covert)) and waiting[kept] is state.covert[kept]:
            kept += 1
        for index, play in enumerate(reversed(waiting[kept:])):
            if index % 2 == 0:
                figures[play.player]["took_effect"] += int(play.form != "basic")
                if play.target in figures:
                    figures[play.target]["hurt_by"] += 1
            else:
                figures[play.player]["prevented"] += 1
    for seat in seats:
        figures[seat]["power"] = sum(state.counters[seat][power] for power in POWERS)
        figures[seat]["ducats"] = state.counters[seat]["ducats"]
    scores = {seat: float(found["took_effect"] - HURT * found["hurt_by"]) for seat, found in figures.items()}
    return Standing(measure=MEASURE, scores=scores, figures=figures)


class PriceOfPowerVersus(Versus):
    def table(self, seed: int) -> Board:
        return Board(seed)

    def standing(self, game) -> Standing:
        return standing(game)

    def answering(self, stage) -> bool:
        return stage.kind in ("respond", "answer")

    def answer_kind(self, state: PoPState, seat: str) -> str | None:
        if state.owed:
            return None
        if state.covert:
            top = state.covert[-1]
            if top.form == "counter":
                mine = len(state.covert) > 1 and state.covert[-2].player == seat
                return "Counterespionage (of its own play)" if mine else "Counterespionage (of a counter)"
            aimed = "it" if top.target == seat else "another" if top.target is not None else "nobody"
            return f"Counterespionage (aimed at {aimed})"
        if state.trigger is not None:
            return f"Reaction ({state.trigger.event})" if state.trigger.opener == seat else None
        battle = state.battle
        if battle is not None and battle.step != "between" and battle.seat_of(battle.step) == seat:
            return "Battle Actions"
        return None

    def answers(self, action: a.Action) -> bool:
        return isinstance(action, (a.Play, a.Use, a.Appoint))


VERSUS = PriceOfPowerVersus()
