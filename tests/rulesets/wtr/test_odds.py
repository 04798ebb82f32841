"""The exact odds against an independent count of every outcome (never icepool again).

Every multiset of up to 4 Aspect dice is checked against an enumeration of the whole pool at once
(every face of every die, itertools.product), which also shows the axes are independent. Every
multiset of 5 to 8 dice (1,161 pools) is checked axis by axis: an axis reads only its own dice,
so its count is an enumeration of those dice alone, by itertools.product while that stays under
300,000 outcomes, and above that (six or more d8s, d10s or d12s) by tallying the outcomes one die
at a time (each tally entry is a count of face sequences; nothing is sampled or approximated).
"""

from __future__ import annotations

import functools
import itertools
import subprocess
import sys
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from desktop.rulesets.worlds_that_remember.dice import Die, Pool, band_faces, pool_odds
from desktop.rulesets.worlds_that_remember.dice.odds import clear_cache, highest_of

ROOT = Path(__file__).resolve().parents[3]
SIZES = (4, 6, 8, 10, 12)
AXIS = {4: "COST", 6: "CONTROL", 8: "EFFECT", 10: "DANGER", 12: "OPPORTUNITY"}
# The bands as the module's docstring states them, written out here by hand.
BANDS = {
    4: {"low": range(1, 2), "mid": range(2, 4), "high": range(4, 5)},
    6: {"low": range(1, 3), "mid": range(3, 5), "high": range(5, 7)},
    8: {"low": range(1, 3), "mid": range(3, 7), "high": range(7, 9)},
    10: {"low": range(1, 4), "mid": range(4, 8), "high": range(8, 11)},
    12: {"low": range(1, 5), "mid": range(5, 9), "high": range(9, 13)},
}
FATE = {"Catastrophe": 3, "Failure": 4, "Costly Success": 4, "Clean Success": 5,
        "Strong Success": 3, "Twist": 1}
PRODUCT_LIMIT = 300_000


def band(size: int, value: int) -> str:
    [name] = [name for name, faces in BANDS[size].items() if value in faces]
    return name


@functools.cache
def counted_max(size: int, count: int) -> dict[int, int]:
    """How many of the size**count face sequences have each highest face."""
    if size**count <= PRODUCT_LIMIT:
        return dict(Counter(max(faces) for faces in itertools.product(range(1, size + 1), repeat=count)))
    tally = {0: 1}  # before any die: one (empty) sequence
    for _ in range(count):
        after: Counter = Counter()
        for high, ways in tally.items():
            for face in range(1, size + 1):
                after[max(high, face)] += ways
        tally = dict(after)
    return tally


def expected_axis(size: int, count: int) -> tuple[dict[int, Fraction], dict[str, Fraction]]:
    ways = counted_max(size, count)
    total = size**count
    assert sum(ways.values()) == total
    values = {value: Fraction(n, total) for value, n in sorted(ways.items())}
    bands = {name: Fraction(0) for name in ("low", "mid", "high")}
    for value, chance in values.items():
        bands[band(size, value)] += chance
    return values, bands


def multisets(low: int, high: int):
    for count in range(low, high + 1):
        yield from itertools.combinations_with_replacement(SIZES, count)


def check_axes_by_enumeration(sizes: tuple[int, ...]) -> None:
    odds = pool_odds(Pool([Die(size) for size in sizes]))
    present = [size for size in SIZES if size in sizes]
    assert list(odds.axes) == [AXIS[size] for size in present]
    for size in present:
        values, bands = expected_axis(size, sizes.count(size))
        assert odds.axes[AXIS[size]] == values
        assert odds.bands[AXIS[size]] == bands
        assert odds.dice[AXIS[size]] == sizes.count(size)


def test_the_fate_tiers_have_the_odds_of_counting_1_to_20():
    odds = pool_odds(Pool([Die(8)]))
    counted = Counter()
    for face in range(1, 21):
        counted[next(name for name, (low, high) in zip(
            FATE, [(1, 3), (4, 7), (8, 11), (12, 16), (17, 19), (20, 20)]) if low <= face <= high)] += 1
    assert dict(counted) == FATE
    assert odds.fate == {name: Fraction(n, 20) for name, n in FATE.items()}
    assert list(odds.fate) == list(FATE)
    assert sum(odds.fate.values()) == 1
    assert pool_odds(Pool()).fate == odds.fate == pool_odds(Pool([Die(12)] * 5)).fate


def test_every_pool_of_up_to_4_dice_against_the_whole_pool_enumerated():
    for sizes in multisets(0, 4):
        joint_axes: dict[str, Counter] = {}
        total = 0
        for faces in itertools.product(*(range(1, size + 1) for size in sizes)):
            total += 1
            highest: dict[str, int] = {}
            for size, face in zip(sizes, faces):
                highest[AXIS[size]] = max(highest.get(AXIS[size], 0), face)
            for axis, value in highest.items():
                joint_axes.setdefault(axis, Counter())[value] += 1
        odds = pool_odds(Pool([Die(size) for size in sizes]))
        assert odds.axes == {
            axis: {value: Fraction(n, total) for value, n in counts.items()}
            for axis, counts in joint_axes.items()
        }, sizes
        for axis, values in odds.axes.items():
            assert sum(values.values()) == 1
            assert sum(odds.bands[axis].values()) == 1
        check_axes_by_enumeration(sizes)


def test_every_pool_of_5_to_8_dice_axis_by_axis():
    pools = list(multisets(5, 8))
    assert len(pools) == 126 + 210 + 330 + 495
    for sizes in pools:
        check_axes_by_enumeration(sizes)


def test_the_bands_split_each_die_into_thirds_as_documented():
    for size, bands in BANDS.items():
        assert band_faces(size) == {name: (faces[0], faces[-1]) for name, faces in bands.items()}
        low, mid, high = (len(faces) for faces in bands.values())
        assert low == high == size // 3 and low + mid + high == size


@settings(max_examples=150, deadline=None)
@given(st.lists(st.builds(Die, st.sampled_from(SIZES), st.text(max_size=8)), max_size=8))
def test_order_and_sources_do_not_change_the_odds(dice):
    shuffled = Pool(list(reversed(dice)))
    assert pool_odds(Pool(dice)) == pool_odds(shuffled)
    check_axes_by_enumeration(tuple(sorted(die.size for die in dice)))


def test_a_second_call_is_answered_from_the_cache():
    clear_cache()
    first = pool_odds(Pool([Die(8), Die(4), Die(8)]))
    assert pool_odds(Pool([Die(8, "tag"), Die(8), Die(4, "Dusk")])) is first


def test_highest_of_refuses_nonsense():
    with pytest.raises(ValueError, match="at least one"):
        highest_of(8, 0)
    with pytest.raises(ValueError, match="4, 6, 8, 10 or 12 sides"):
        highest_of(7, 2)


def test_importing_the_odds_does_not_import_icepool_until_odds_are_asked_for():
    code = (
        "import sys\n"
        "from desktop.rulesets.worlds_that_remember import dice\n"
        "assert 'icepool' not in sys.modules\n"
        "dice.roll(dice.Pool([dice.Die(8)]), 3)\n"
        "assert 'icepool' not in sys.modules\n"
        "dice.pool_odds(dice.Pool([dice.Die(8)]))\n"
        "assert 'icepool' in sys.modules\n"
        "print('ok')\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0, done.stderr
