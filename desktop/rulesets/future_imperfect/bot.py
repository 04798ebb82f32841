"""A seat played by the app: as a player it draws and takes the result with the best chance of
success (the odds' own model); as the Master it sets a fair check (the seat's trait and skill at
random, TN 7) for the next seat in turn, or draws from the oracle in a game of one. Where it plays
every seat (the only time it is offered the end), it ends the session once each player has made
three checks (three checks in a game of one: docs/systems/future-imperfect.md)."""

from __future__ import annotations

import random

from desktop.engine.actions import moves_on
from desktop.engine.levels import STANDARD
from desktop.rulesets.future_imperfect import actions as a
from desktop.rulesets.future_imperfect.cards import CF
from desktop.rulesets.future_imperfect.presentation import card_in_view

CHECKS_PER_PLAYER = 3  # a short session: the app ends it after this many checks for each player


class FIBot:
    def __init__(self, seed: int | None = None, level: str = STANDARD) -> None:
        self._random = random.Random(seed)  # its choices are recorded as actions: replays stay exact

    def choose(self, legal: list, view=None):
        ending = [act for act in legal if isinstance(act, a.EndSession)]
        legal = [act for act in legal if not isinstance(act, a.EndSession)]
        if ending and view is not None and self._session_done(view):
            return ending[0]
        if not legal:
            return None
        for kind in (a.DrawResolution, a.DrawExtension):
            found = [act for act in legal if isinstance(act, kind)]
            if found:
                return found[0]
        choices = [act for act in legal if isinstance(act, (a.Take, a.Extend))]
        if choices and view is not None:
            return max(choices, key=lambda act: self._worth(act, view))
        checks = [act for act in legal if isinstance(act, a.SetCheck)]
        if checks:
            others = [act for act in checks if act.who != act.player] or checks
            seats = list(dict.fromkeys(act.who for act in others))  # each other seat in turn
            who = seats[(view.extra.checks if view is not None else 0) % len(seats)]
            picked = self._random.choice([act for act in others if act.who == who])
            return a.SetCheck(player=picked.player, who=who, trait=picked.trait, skill=self._random.randint(1, 5), tn=7)
        onward = [act for act in legal if moves_on(act)]
        return self._random.choice(onward) if onward else None

    @staticmethod
    def _session_done(view) -> bool:
        """Between checks, once each player made CHECKS_PER_PLAYER (a check set is not called off)."""
        check = view.extra.check
        between = check is None or check.phase == "done"
        return between and view.extra.checks >= CHECKS_PER_PLAYER * max(1, len(view.seats) - 1)

    @staticmethod
    def _worth(act, view) -> tuple[int, int]:
        """(total it makes, whether it goes on): the largest, an exceptional result first on ties."""
        check = view.extra.check
        if isinstance(act, a.Take):
            value = card_in_view(view, check.cards[0]).cell(act.row, check.trait)
            return (value if value != CF else -1, int(check.exceptional and value >= check.trait))
        value = card_in_view(view, check.cards[-1]).cell(act.row, check.trait)
        return (check.totals[check.rows.index(act.row)], int(value >= check.trait))
