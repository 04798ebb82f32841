"""Twilight Imperium played by the app against itself (engine/versus.py; docs/systems/
twilight-imperium.md, "The app's seats"): the board's events, the session's end and the outcome.

**The board.** The app keeps the cards, not the board: at a real table the players declare what
happened on it. Here a stand-in declares it, drawn from the seeded generator of the run: at the
start of each strategy phase, the phase's start and each player's choice of a strategy card; for
each tactical action (a seat ending its turn on the board), the system activated and the ships
moved, then a space combat against an opponent one time in two (Space Cannon hits three times in
ten, the combat round's start and end, hits on both sides, Sustain Damage and a ship destroyed
each one time in two, a retreat one time in five, the winner), and an invasion after a won combat
(six in ten) or of an empty planet (three in ten); when the strategy cards are returned; in the
agenda phase (when it is on) its start and two agendas (each revealed, the speaker's votes, a
player's votes, a player elected three times in ten). Every event opens its timing window, which
the seats answer as at a real table.

**The end.** The app's seats end the session at the end of round 6 (`policy.SESSION_ROUNDS`;
`--rounds` asks for another), in the status phase once every seat has drawn.

**The outcome.** The card game has no scoring of its own. A seat's score is what its cards did:
one point for each of its cards that took effect (resolved; a Sabotage counts by what it cancels,
not by itself), less two for each card that took effect against it (an offensive card aimed at
it: a ship destroyed, a planet exhausted, a card taken). The seats with the best score win the
session (a tie shares it).
"""

from __future__ import annotations

import random

from desktop.engine.versus import Standing, TableStandIn, Versus
from desktop.rulesets.twilight_imperium import actions as a
from desktop.rulesets.twilight_imperium.checks import card_def
from desktop.rulesets.twilight_imperium.policy import SESSION_ROUNDS
from desktop.rulesets.twilight_imperium.state import TIState

# The out-of-turn chance of a card resolving, by whom it is aimed at; a window's is its event.
SABOTAGE_CHANCES = {"it": "Sabotage (aimed at it)", "other": "Sabotage (aimed at another)", None: "Sabotage (aimed at nobody)"}
MEASURE = "cards that took effect, less twice the cards that took effect against the seat"
HURT = 2  # what a card that took effect against a seat costs it


class Board(TableStandIn):
    """The events of a board nobody keeps, drawn from a seeded generator (the module's list)."""

    def __init__(self, seed: int) -> None:
        self._random = random.Random(f"board/{seed}")

    def chance(self, odds: float) -> bool:
        return self._random.random() < odds

    def before(self, state: TIState, action: a.Action) -> list[a.Action]:
        events: list[tuple[str, str]] = []
        seats = state.seat_ids()
        if isinstance(action, a.SetInitiative) and state.phase == "strategy":
            events = [("strategy-phase-start", seats[0])] + [("strategy-card-chosen", seat) for seat in seats]
        elif isinstance(action, a.EndTurn) and state.active is not None:
            events = self.tactical(state.active, [seat for seat in seats if seat != state.active])
        elif isinstance(action, a.AdvancePhase) and state.phase == "status":
            events = [("strategy-cards-returned", seats[0])]
        elif isinstance(action, a.AdvancePhase) and state.phase == "agenda":
            events = [("agenda-phase-start", seats[0])]
            for _ in range(2):
                events += [("agenda-revealed", seats[0]), ("speaker-votes", seats[0]),
                           ("votes-cast", self._random.choice(seats))]
                if self.chance(0.3):
                    events.append(("player-elected", self._random.choice(seats)))
        return [a.Declare(player=seat, event=event) for event, seat in events]

    def tactical(self, active: str, others: list[str]) -> list[tuple[str, str]]:
        events = [("system-activated", active), ("ships-moved", active)]
        won = False
        if others and self.chance(0.5):
            defender = self._random.choice(others)
            if self.chance(0.3):
                events.append(("space-cannon-hits", active))
            events += [("combat-round-start", active), ("space-combat-hits", defender), ("space-combat-hits", active)]
            if self.chance(0.5):
                events.append(("sustain-damage", defender))
            if self.chance(0.5):
                events.append(("ship-destroyed", self._random.choice([active, defender])))
            events.append(("combat-round-end", active))
            if self.chance(0.2):
                events.append(("retreat-declared", defender))
            won = self.chance(0.5)
            events.append(("space-combat-won", active if won else defender))
            if won and self.chance(0.6):
                events += [("invasion-start", active), ("units-committed", active), ("ground-combat-rolls", active),
                           ("ground-combat-rolls", defender), ("planet-taken", active)]
        elif self.chance(0.3):
            events += [("invasion-start", active), ("units-committed", active), ("planet-gained", active)]
        return events


def standing(game) -> Standing:
    """The module's outcome, read off the actions of the game: a card played waits in the play
    area until its player resolves it (it took effect) or a Sabotage cancels it."""
    state: TIState = game.state
    seats = state.seat_ids()
    figures = {seat: dict.fromkeys(("took_effect", "hurt_by", "sabotaged", "sabotages", "discarded", "held"), 0)
               for seat in seats}
    waiting: a.Play | None = None
    for action in game.actions:
        if isinstance(action, a.Play):
            if card_def(state, action.card).is_sabotage:
                if waiting is not None:
                    figures[action.player]["sabotages"] += 1
                    figures[waiting.player]["sabotaged"] += 1
                waiting = None
            else:
                waiting = action
        elif isinstance(action, a.Resolve) and waiting is not None:
            figures[waiting.player]["took_effect"] += 1
            if card_def(state, waiting.card).offensive and waiting.target_player in figures:
                figures[waiting.target_player]["hurt_by"] += 1
            waiting = None
        elif isinstance(action, a.Discard):
            figures[action.player]["discarded"] += 1
    for seat in seats:
        figures[seat]["held"] = len(state.hand(seat))
    scores = {seat: float(found["took_effect"] - HURT * found["hurt_by"]) for seat, found in figures.items()}
    return Standing(measure=MEASURE, scores=scores, figures=figures)


class TwilightImperiumVersus(Versus):
    def time_to_end(self, state: TIState, length: int | None) -> bool:
        return state.round >= (length or SESSION_ROUNDS)

    def table(self, seed: int) -> Board:
        return Board(seed)

    def standing(self, game) -> Standing:
        return standing(game)

    def answer_kind(self, state: TIState, seat: str) -> str | None:
        if state.resolving is not None:
            aimed = state.resolving.target_player
            return SABOTAGE_CHANCES["it" if aimed == seat else "other" if aimed is not None else None]
        return state.window.event if state.window is not None else None

    def answers(self, action: a.Action) -> bool:
        return isinstance(action, a.Play)


VERSUS = TwilightImperiumVersus()
