"""Future Imperfect odds: every check (trait d4-d12, skill 1-5, TN 1-60, simple and with an effect)
over the full shipped deck and over decks with cards drawn out, timed one computation at a time
from an empty memory (as the odds panel computes them after each change). Budget: 20 ms."""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from desktop.rulesets.future_imperfect.cards import DICE
from desktop.rulesets.future_imperfect.deck import builtin_deck
from desktop.rulesets.future_imperfect.odds import check_odds

BUDGET_MS = 20.0


def timed(pool, trait, skill, tn, effect, exact=False) -> float:
    start = time.perf_counter()
    check_odds(pool, trait, skill, tn, True, effect, 6, exact)
    return (time.perf_counter() - start) * 1000


def main() -> None:
    _, deck = builtin_deck()
    picker = random.Random(1)
    pools = {"full deck (54)": list(deck), "40 left": picker.sample(deck, 40), "12 left": picker.sample(deck, 12)}
    worst = (0.0, None)
    for name, pool in pools.items():
        samples = []
        for trait in DICE:
            for skill in range(1, 6):
                for tn in range(1, 61):
                    for effect in (None, (10, 3)):
                        ms = timed(pool, trait, skill, tn, effect)
                        samples.append(ms)
                        if ms > worst[0]:
                            worst = (ms, (name, trait, skill, tn, effect))
        samples.sort()
        print(f"{name}: {len(samples)} checks, median {statistics.median(samples):.2f} ms, "
              f"p95 {samples[int(len(samples) * 0.95)]:.2f} ms, max {samples[-1]:.2f} ms (budget {BUDGET_MS:.0f} ms)")
    print(f"slowest: {worst[0]:.2f} ms for {worst[1]}")
    exact = [timed(list(deck), trait, 5, tn, (10, 3), exact=True) for trait in DICE for tn in (8, 16, 24)]
    print(f"exact fractions, full deck, skill 5: max {max(exact):.2f} ms")


if __name__ == "__main__":
    main()
