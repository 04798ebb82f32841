"""Worlds That Remember played by the app against itself (engine/versus.py; docs/systems/
worlds-that-remember.md, "Playing with the app's seats"): the story's Conditions, the end and the
outcome.

**The end.** The rules' own: the Scene is over (after the turn of its 30th card, or with every
character out). The app's seats never need a session end of their own.

**The story.** At a real table the players say when the story gives a character a Condition or
lets them recover (bookkeeping each records for their own seat). Here a stand-in says it for the
app's seats, drawn from the seeded generator of the run, when the roller ends the turn of a roll:
a Catastrophe (Fate 1-3) gives the roller a Condition (one the supply still holds, drawn), a
Strong Success (17-19) lets them recover from one of theirs (drawn), and a character who ends a
turn able neither to play nor to force (a Ready Hand of Conditions only) recovers from one in
their Ready Hand (drawn), so that they draw again: at a real table the story would give them a
way on, and alone such a character ended its turns for ever. The Conditions then do what the
rules say (a d4 COST while Wounded is Ready, no Support while Shaken, ...), and the seats play
with them.

**The outcome.** The game is cooperative: no seat wins against another. A seat's score is what
its checks came to and what its help added, less what it cost: for each of its own rolls, one
point for a Clean Success or better and, per axis of the pool, one point when its highest die
lands in its top third on CONTROL, EFFECT or OPPORTUNITY, less one on DANGER and a half on COST
(the same sum as the bot's `worth`, counted on the dice as they landed); plus, for each Support it
gave, what its die added to the expected worth of that roll (exact odds); less 0.2 a point of
Fatigue it gained (forcing, Support, rebuilds, Conditions; a point that tips over the maximum into
an Exhausted counts as the Fatigue it stood for). The figures beside it: rolls, checks won (any
Success), Clean or better, Supports given, Fatigue gained, Conditions the story gave.
"""

from __future__ import annotations

import random

from desktop.engine.summary import Record
from desktop.engine.versus import Standing, TableStandIn, Versus
from desktop.rulesets.worlds_that_remember import actions as a
from desktop.rulesets.worlds_that_remember.bot import AXES, GOOD, worth
from desktop.rulesets.worlds_that_remember.checks import may_support
from desktop.rulesets.worlds_that_remember.legal import legal_actions
from desktop.rulesets.worlds_that_remember.reading import current_pool
from desktop.rulesets.worlds_that_remember.state import WTRState

MEASURE = ("worth of its rolls as they landed (Clean or better, axes high), plus what its Supports added, "
           "less 0.2 a point of Fatigue gained")
FATIGUE_WEIGHT = 0.2
CATASTROPHE, STRONG = "Catastrophe", "Strong Success"
SIZE_OF = {axis: size for size, axis in AXES.items()}
SUPPORT = "Support"


class Story(TableStandIn):
    """The Conditions the story gives and takes, drawn from a seeded generator (the module's list)."""

    def __init__(self, seed: int) -> None:
        self._random = random.Random(f"story/{seed}")

    def before(self, state: WTRState, action: a.Action) -> list[a.Action]:
        if isinstance(action, a.EndTurn) and not state.played_this_turn:
            legal = legal_actions(state, action.player)
            if stuck(legal):
                return self._recovery(state, legal)
        last = state.last_roll
        if not isinstance(action, a.EndTurn) or last is None or last.turn != state.turn or last.player != action.player:
            return []
        legal = legal_actions(state, action.player)
        if last.tier == CATASTROPHE:
            gains = [found for found in legal if isinstance(found, a.GainCondition)]
            return [self._random.choice(gains)] if gains else []
        if last.tier == STRONG:
            clears = [found for found in legal if isinstance(found, a.ClearCondition)]
            return [self._random.choice(clears)] if clears else []
        return []

    def _recovery(self, state: WTRState, legal: list[a.Action]) -> list[a.Action]:
        """A Condition of the Ready Hand cleared (drawn, from the seat's `legal` actions), so that
        the hand draws again."""
        clears = [found for found in legal if isinstance(found, a.ClearCondition)]
        ready = [found for found in clears if found.card in state.ready(found.player)]
        return [self._random.choice(ready or clears)] if clears else []


def stuck(legal: list[a.Action]) -> bool:
    """Whether a seat whose turn it is, with these `legal` actions, can neither play nor force a
    card (a Ready Hand of Conditions only, and nothing it may force): it can only end its turns,
    and a Scene played alone never reached its thirtieth card."""
    return not any(isinstance(found, (a.Play, a.Force)) for found in legal)


def landed_worth(last) -> float:
    """A roll's worth as its dice landed (the module's outcome)."""
    value = 1.0 if last.tier in ("Clean Success", STRONG) else 0.0
    for axis, face in last.axes.items():
        size = SIZE_OF[axis]
        if face > size - size // 3:
            value += GOOD[axis]
    return value


def _sizes(state: WTRState) -> tuple[int, ...]:
    return tuple(sorted(die.size for die in current_pool(state)))


def standing(game) -> Standing:
    """The module's outcome, read off the game replayed from its setup."""
    record = Record(game)
    seats = [seat.id for seat in record.state.seats]
    figures = {seat: dict.fromkeys(("rolls", "checks_won", "clean_or_better", "supports", "fatigue", "conditions"), 0)
               for seat in seats}
    scores = dict.fromkeys(seats, 0.0)
    first = record.first_state()
    fatigue = {seat: first.fatigue(seat) for seat in seats}
    pool: tuple[int, ...] | None = None
    for step in record.steps():
        action, state = step.action, step.state
        if isinstance(action, a.Roll) and state.last_roll is not None:
            last = state.last_roll
            figures[last.player]["rolls"] += 1
            figures[last.player]["checks_won"] += int(last.tier.endswith("Success"))
            figures[last.player]["clean_or_better"] += int(last.tier in ("Clean Success", STRONG))
            scores[last.player] += landed_worth(last)
        elif isinstance(action, a.Support) and state.roll is not None and pool is not None:
            figures[action.player]["supports"] += 1
            scores[action.player] += worth(_sizes(state)) - worth(pool)
        elif isinstance(action, a.GainCondition):
            figures[action.player]["conditions"] += 1
        for seat in seats:
            now = state.fatigue(seat)
            gained = now - fatigue[seat]
            if gained < 0 and not isinstance(action, (a.SetFatigue, a.NewScene)):
                gained += state.fatigue_max  # tipped over the maximum into an Exhausted
            figures[seat]["fatigue"] += max(gained, 0)
            fatigue[seat] = now
        pool = _sizes(state) if state.roll is not None else None
    for seat in seats:
        scores[seat] = round(scores[seat] - FATIGUE_WEIGHT * figures[seat]["fatigue"], 4)
    return Standing(measure=MEASURE, scores=scores, figures=figures)


class WorldsThatRememberVersus(Versus):
    length_word = "scenes"

    def table(self, seed: int) -> Story:
        return Story(seed)

    def standing(self, game) -> Standing:
        return standing(game)

    def answer_kind(self, state: WTRState, seat: str) -> str | None:
        roll = state.roll
        return SUPPORT if roll is not None and seat != roll.player and may_support(state, seat) else None

    def answers(self, action: a.Action) -> bool:
        return isinstance(action, a.Support)


VERSUS = WorldsThatRememberVersus()
