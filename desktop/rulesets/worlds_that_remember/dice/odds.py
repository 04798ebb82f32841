"""The exact odds of a pool, before it is rolled.

`pool_odds(pool)` gives exact fractions (they sum to exactly 1):

* `fate`: the chance of each Fate tier. The d20 is rolled alone, so these never depend on the
  Aspect dice: Catastrophe 3/20, Failure 4/20, Costly Success 4/20, Clean Success 5/20,
  Strong Success 3/20, Twist 1/20.
* `axes`: per axis present, the chance of each value of the axis's highest die (only the highest
  die of a size counts; two d8s read as the higher of the two).
* `bands`: the same, told in three words a player can take in across a table. A die's faces are
  split into thirds: **low** is the lowest third of its faces, **high** the highest third, and
  **mid** everything between (the middle gets the odd faces, so low and high are always the same
  size). On a d4: low 1, mid 2-3, high 4; d6: 1-2, 3-4, 5-6; d8: 1-2, 3-6, 7-8; d10: 1-3, 4-7,
  8-10; d12: 1-4, 5-8, 9-12. `band_faces(size)` gives these ranges for the UI to print.

Why bands and not a single "average": whether the highest die lands in its top third is the
question at the table ("will EFFECT come up high?"); more dice of a size push its axis up, and the
bands show by how much.

The axes are independent (each reads only its own dice), so the odds are computed per axis: the
highest of k dice of one size, with icepool. icepool is imported on the first computation, never
when this module is imported. Results are cached on the sorted die sizes: asking again for the same
pool (in any order, from any source) costs a dictionary look-up. The cached values are shared:
read them, do not change them.
"""

from __future__ import annotations

import functools
import threading
from collections import Counter
from fractions import Fraction

import msgspec

from desktop.rulesets.worlds_that_remember.dice.rolls import (
    AXES,
    FATE_SIZE,
    FATE_TIERS,
    SIZES,
    Pool,
    check_size,
)

BANDS: tuple[str, ...] = ("low", "mid", "high")


class PoolOdds(msgspec.Struct, frozen=True):
    """Exact odds of one pool. Every inner dict sums to exactly 1."""

    fate: dict[str, Fraction]
    axes: dict[str, dict[int, Fraction]]  # axis -> {value of its highest die: chance}
    bands: dict[str, dict[str, Fraction]]  # axis -> {"low" | "mid" | "high": chance}
    dice: dict[str, int]  # axis -> how many dice of its size are in the pool

    def percent(self, axis: str, band: str) -> float:
        return float(self.bands[axis][band]) * 100


def band_faces(size: int) -> dict[str, tuple[int, int]]:
    """The faces of each band on one die size: {"low": (1, 2), "mid": (3, 6), "high": (7, 8)}."""
    third = check_size(size) // 3
    return {"low": (1, third), "mid": (third + 1, size - third), "high": (size - third + 1, size)}


def band_of(size: int, value: int) -> str:
    for band, (low, high) in band_faces(size).items():
        if low <= value <= high:
            return band
    raise ValueError(f"A d{size} shows 1 to {size}, not {value!r}.")


@functools.lru_cache(maxsize=1)
def fate_odds() -> dict[str, Fraction]:
    return {name: Fraction(high - low + 1, FATE_SIZE) for name, low, high in FATE_TIERS}


@functools.lru_cache(maxsize=256)
def highest_of(size: int, count: int) -> dict[int, Fraction]:
    """The distribution of the highest of `count` dice of `size` sides (icepool)."""
    import icepool

    check_size(size)
    if count < 1:
        raise ValueError(f"The highest of {count} dice means nothing: roll at least one.")
    die = icepool.d(size).highest(count)
    return {int(face): Fraction(chance) for face, chance in zip(die.outcomes(), die.probabilities())}


def pool_odds(pool: Pool) -> PoolOdds:
    """The exact odds of `pool` (see the module's docstring)."""
    return _odds(pool.sizes())


@functools.lru_cache(maxsize=512)
def _odds(sizes: tuple[int, ...]) -> PoolOdds:
    counts = Counter(check_size(size) for size in sizes)
    axes: dict[str, dict[int, Fraction]] = {}
    bands: dict[str, dict[str, Fraction]] = {}
    for size in SIZES:
        if not counts[size]:
            continue
        axis = AXES[size]
        axes[axis] = highest_of(size, counts[size])
        bands[axis] = {band: Fraction(0) for band in BANDS}
        for face, chance in axes[axis].items():
            bands[axis][band_of(size, face)] += chance
    return PoolOdds(
        fate=fate_odds(),
        axes=axes,
        bands=bands,
        dice={AXES[size]: counts[size] for size in SIZES if counts[size]},
    )


_warming = None
_warmed = threading.Event()


def ready() -> bool:
    """Whether the warm-up is done: odds are then a millisecond away (a window asks this before
    working out odds on its UI thread; before, it shows that they are coming)."""
    return _warmed.is_set()


def wait_warm(timeout: float | None = None) -> bool:
    """Waits for the warm-up to be done (started by `warm_up`); whether it is."""
    return _warmed.wait(timeout)


def warm_up() -> None:
    """Imports icepool in the background (a game with dice has started) and works out the
    highest of one to four dice of each size there: icepool loads parts of itself on first use,
    which held the window past 100 ms at the first roll; the first odds now cost a millisecond."""
    global _warming
    if _warming is None:
        # Not a daemon: a process ending meanwhile waits for it (a daemon thread inside an
        # import at shutdown aborts the interpreter).
        _warming = threading.Thread(target=_warm, name="odds-warm-up", daemon=False)
        _warming.start()


def _warm() -> None:
    try:
        import icepool  # noqa: F401

        for size in (4, 6, 8, 10, 12):
            for count in range(1, 5):
                highest_of(size, count)
        fate_odds()
    finally:
        _warmed.set()  # a failed import fails again, visibly, where the odds are asked for


def clear_cache() -> None:
    """Forgets every computed pool (the benchmark's cold runs)."""
    _odds.cache_clear()
    highest_of.cache_clear()
    fate_odds.cache_clear()
