"""The floor every system's bot stands on: a random legal action that moves the game on.

Policy: among the legal actions of its seat, leave aside bookkeeping (actions whose type sets
`aside`: revealing cards, declaring board events, correcting counts), and pick uniformly among
the rest; with nothing else, do nothing. It never reveals its own hand, because revealing is
bookkeeping, and it reads nothing but the legal actions of its own seat.
"""

from __future__ import annotations

import random

from desktop.engine.actions import Action, moves_on

__all__ = ["RandomBot", "moves_on"]


class RandomBot:
    def __init__(self, seed: int | None = None) -> None:
        # The bot's choices are recorded as actions, so replays stay exact without its seed.
        self._random = random.Random(seed)

    def choose(self, legal: list[Action], view=None) -> Action | None:
        onward = [action for action in legal if moves_on(action)]
        return self._random.choice(onward) if onward else None
