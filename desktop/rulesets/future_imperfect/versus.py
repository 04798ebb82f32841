"""Future Imperfect played by the app against itself (engine/versus.py; docs/systems/
future-imperfect.md, "The app's seats"): the session's end and the outcome.

**The end.** The rulebook states none: the players end the session. Here the app's seats end it
once the Master has set `length` checks for each character (`--length`; 4 by default), its NPC's
included, between checks (a contest under way is finished first).

**The outcome.** The game has no winner: the players are on one side. Each seat is measured by
the checks its character made (the Master's by its NPC's checks): a point for each success, a
point for each full 4 by which a success beats its TN (the bumps rule's own measure, counted
whether the option is on or not), less a point for each critical failure, divided by the checks
it made (0 for a seat that made none). The seats with the best score do best. A Master's level
shows twice: in its NPC's checks, and in the checks it sets for the others (a learning Master's
easier TN raises theirs). There are no out-of-turn chances in the system to count.
"""

from __future__ import annotations

from desktop.engine.game import Game
from desktop.engine.versus import Standing, Versus
from desktop.rulesets.future_imperfect.resolving import BUMP
from desktop.rulesets.future_imperfect.state import FIState

CHECKS_A_CHARACTER = 4  # the session the app's seats play when no length is asked for
MEASURE = ("per check made: 1 a success, +1 a full 4 above the TN, -1 a critical failure "
           "(the Master's by its NPC's checks)")


def results(game) -> list[tuple[str, int, object]]:
    """(who, tn, result) of each check resolved in the game, in order, read by replaying it."""
    state: FIState = Game.new(game.setup).state
    found = []
    seen: set[int] = set()
    for action in game.actions:
        game.ruleset.apply(state, action)
        check = state.check
        if check is not None and check.result is not None and state.checks not in seen:
            seen.add(state.checks)
            found.append((check.who, check.tn, check.result))
    return found


def standing(game) -> Standing:
    seats = game.state.seat_ids()
    figures = {seat: dict.fromkeys(("checks", "successes", "bumps", "critical"), 0) for seat in seats}
    for who, tn, result in results(game):
        counted = figures[who]
        counted["checks"] += 1
        if result.outcome == "success":
            counted["successes"] += 1
            counted["bumps"] += (result.total - tn) // BUMP
        counted["critical"] += result.outcome == "critical"
    scores = {
        seat: (found["successes"] + found["bumps"] - found["critical"]) / found["checks"] if found["checks"] else 0.0
        for seat, found in figures.items()
    }
    return Standing(measure=MEASURE, scores=scores, figures=figures)


class FutureImperfectVersus(Versus):
    length_word = "checks a character"

    def time_to_end(self, state: FIState, length: int | None) -> bool:
        return state.idle() and state.checks >= (length or CHECKS_A_CHARACTER) * len(state.seats)

    def standing(self, game) -> Standing:
        return standing(game)


VERSUS = FutureImperfectVersus()
