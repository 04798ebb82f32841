"""The exact odds of a check, over the cards still in the deck.

The model (docs/systems/future-imperfect.md, "The odds"):

- The resolution card is each card still in the deck, each as likely.
- A CF in its exact cell (skill row, trait column) is a critical failure.
- Otherwise the player is taken to choose the best cell for success: a success when any cell they
  may take reaches the TN (an exceptional cell only grows when extended). Else, with the
  exceptional rule on and exceptional cells among those they may take, they extend: the extension
  cards come from the cards left in the deck, each as likely, drawn without replacement, and the
  chain is followed to its end, however deep: no depth limit. When several exceptional cells were
  open, the player sees the first extension card and keeps the cell with the best chance of
  success from there (a sure success, or the chain with the best chance of going on to the TN).
  If a chain would outlast the deck it ends there (in play the discard pile would be shuffled in;
  the odds do not follow that: it matters only when the deck holds fewer cards than the chain).
- A complex check's victories come from the resolution card's effect cell: on a success,
  magnitude // threshold.

Exact: computed with `Fraction` when asked (`exact=True`), otherwise with floats from the same
counts. Fast: a single-cell chain depends only on the values the cards left hold in that cell and
on how far the total is from the TN, so its chance is remembered by (row, the values taken out,
the points still needed). tests/rulesets/test_future_imperfect.py checks it against a brute-force
count over the remaining cards; tests/benchmarks/bench_fi_odds.py times it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from fractions import Fraction

import msgspec

from desktop.rulesets.future_imperfect.cards import CF, DICE, Card


class Odds(msgspec.Struct, frozen=True, kw_only=True):
    cards: int  # how many cards the odds are taken over
    success: float | Fraction
    failure: float | Fraction  # a plain failure (not critical)
    critical: float | Fraction
    victories: list[tuple[int, float | Fraction]] = msgspec.field(default_factory=list)  # (count, chance)


class _Chains:
    """P(success) of a chain on one cell, remembered by what the pool lost and the points needed."""

    def __init__(self, pool: Sequence[Card], column: int, die: int, one):
        self.die, self.one = die, one
        self.rows = [Counter(card.cause[row][column] for card in pool) for row in range(5)]
        self.size = len(pool)
        self.memo: dict = {}

    def chance(self, row: int, need: int, removed: tuple[int, ...]):
        """P(the chain on `row` (0-based) adds at least `need`), the pool less `removed` values."""
        if need <= 0:
            return self.one
        key = (row, need, removed)
        found = self.memo.get(key)
        if found is not None:
            return found
        counts = self.rows[row].copy()
        counts.subtract(removed)
        left = self.size - len(removed)
        if left <= 0:
            return self.one * 0
        total = self.one * 0
        for value, count in counts.items():
            if count <= 0:
                continue
            if value >= self.die:  # exceptional: add it and go on
                total += count * self.chance(row, need - value, tuple(sorted((*removed, value))))
            elif value >= need:  # the chain ends here (a CF adds 0)
                total += count * self.one
        result = total / left
        self.memo[key] = result
        return result


def check_odds(pool: Sequence[Card], trait: int, skill: int, tn: int, exceptional: bool = True,
               effect: tuple[int, int] | None = None, threshold: int = 6, exact: bool = False) -> Odds | None:
    """The odds of a check whose resolution card is one of `pool` (the deck, as it stands).

    `effect`: (die, row) of a complex check. None when the pool is empty.
    """
    if not pool:
        return None
    one = Fraction(1) if exact else 1.0
    column, zero = DICE.index(trait), one * 0
    chains = _Chains(pool, column, trait, one)
    success = critical = zero
    victories: dict[int, object] = {}
    for index, card in enumerate(pool):
        cells = [card.cause[row][column] for row in range(skill)]
        if cells[skill - 1] == CF:
            critical += one
            continue
        chance = _best(pool, index, cells, tn, exceptional, chains, one)
        success += chance
        if effect is not None and chance:
            count = card.effect[effect[1] - 1][DICE.index(effect[0])] // threshold
            victories[count] = victories.get(count, zero) + chance
    n = len(pool)
    return Odds(
        cards=n, success=success / n, critical=critical / n, failure=(n - critical - success) / n if exact
        else max(0.0, 1.0 - success / n - critical / n),
        victories=[(count, victories[count] / n) for count in sorted(victories)] if effect is not None else [],
    )


def _best(pool: Sequence[Card], index: int, cells: list[int], tn: int, exceptional: bool, chains: _Chains, one):
    """P(success) with resolution card `pool[index]` whose trait column (rows 1..skill) is `cells`."""
    die = chains.die
    taken = [value for value in cells if value != CF]
    if max(taken) >= tn:
        return one
    if not exceptional:
        return one * 0
    open_rows = [row for row, value in enumerate(cells) if value != CF and value >= die]
    if not open_rows:
        return one * 0
    own = pool[index].cause
    column = DICE.index(die)
    if len(open_rows) == 1:
        row = open_rows[0]
        return chains.chance(row, tn - cells[row], (own[row][column],))
    # Several open: the first extension card is seen before one of them is kept.
    total = one * 0
    left = len(pool) - 1
    if left == 0:
        return total
    for other_index, other in enumerate(pool):
        if other_index == index:
            continue
        best = one * 0
        for row in open_rows:
            value = other.cause[row][column]
            need = tn - cells[row] - value
            if need <= 0:
                best = one
                break
            if value >= die:
                best = max(best, chains.chance(row, need, tuple(sorted((own[row][column], value)))))
        total += best
    return total / left


# ---- from what a seat sees ------------------------------------------------------------------------


def remaining(view) -> list[Card]:
    """The cards still in the deck, as anyone at the table can tell: every card of the deck but
    those face up on the table and in the discard pile (the deck's order stays unknown)."""
    from desktop.rulesets.future_imperfect.deck import deck_for

    seen = {int(entry.face[1:]) for zone in view.zones.values() for entry in zone.cards if entry is not None}
    return [card for card in deck_for(view.extra.deck_key) if card.impulse not in seen]


def view_odds(view, exact: bool = False) -> Odds | None:
    """The odds of the check waiting for its resolution card, or None when none waits."""
    check = view.extra.check
    if check is None or check.phase != "draw":
        return None
    effect = (check.effect, check.effect_row) if check.complex else None
    return check_odds(remaining(view), check.trait, check.skill, check.tn, check.exceptional, effect,
                      check.threshold, exact)
