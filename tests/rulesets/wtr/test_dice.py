"""Fate and Aspect dice: sizes, tiers, and rolls with the game's generator."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from desktop.engine import rng
from desktop.rulesets.worlds_that_remember.dice import (
    AXES,
    DUSK_DIE,
    FATE_TIERS,
    Die,
    Pool,
    Rolled,
    fate_tier,
    roll,
    support_die,
    tag_die,
)

ROOT = Path(__file__).resolve().parents[3]
SIZES = [4, 6, 8, 10, 12]
# The tiers as the rules state them, written out independently of the module.
RULES = {
    "Catastrophe": range(1, 4), "Failure": range(4, 8), "Costly Success": range(8, 12),
    "Clean Success": range(12, 17), "Strong Success": range(17, 20), "Twist": range(20, 21),
}


def test_the_axes_are_named_by_die_size():
    assert AXES == {4: "COST", 6: "CONTROL", 8: "EFFECT", 10: "DANGER", 12: "OPPORTUNITY"}
    assert [Die(size).name for size in SIZES] == [
        "d4 COST", "d6 CONTROL", "d8 EFFECT", "d10 DANGER", "d12 OPPORTUNITY",
    ]


@pytest.mark.parametrize("size", [0, 1, 2, 3, 5, 7, 20, 100, -4, True, 8.0, "8", None])
def test_other_sizes_are_refused_in_one_sentence(size):
    with pytest.raises(ValueError, match=r"^An Aspect die has 4, 6, 8, 10 or 12 sides, not .*\.$"):
        Die(size)


def test_a_bad_size_in_decoded_data_is_refused_too():
    with pytest.raises(msgspec.ValidationError, match="4, 6, 8, 10 or 12 sides"):
        msgspec.json.decode(b'{"dice": [{"size": 8}, {"size": 9}]}', type=Pool)


def test_every_fate_face_has_the_tier_the_rules_give_it():
    for value in range(1, 21):
        [expected] = [name for name, faces in RULES.items() if value in faces]
        assert fate_tier(value) == expected
    assert [(name, low, high) for name, low, high in FATE_TIERS] == [
        (name, faces[0], faces[-1]) for name, faces in RULES.items()
    ]


@pytest.mark.parametrize("value", [0, 21, -1])
def test_a_fate_face_outside_1_to_20_is_refused(value):
    with pytest.raises(ValueError, match="1 to 20"):
        fate_tier(value)


def test_the_usual_sources_are_worded_the_same_everywhere():
    assert tag_die("Careful", "Sneak") == Die(6, "tag Careful: Sneak")
    assert [tag_die(a, "x").size for a in ("Careful", "Forceful", "Risky", "Opportunistic")] == [
        6, 8, 10, 12,
    ]
    assert support_die("Bo") == Die(6, "support by Bo")
    assert support_die("Bo", 10) == Die(10, "support by Bo")
    assert DUSK_DIE == Die(4, "Dusk")
    with pytest.raises(ValueError, match="approach"):
        tag_die("Sneaky", "x")


pools = st.lists(st.builds(Die, st.sampled_from(SIZES), st.sampled_from(["", "tag", "Dusk"])),
                 max_size=12).map(Pool)
states = st.one_of(st.integers(0, 2**64 - 1),
                   st.integers(2**128, 2**129 - 1).map(rng.seed_state))


@settings(max_examples=200, deadline=None)
@given(pools, states)
def test_a_roll_is_deterministic_in_range_and_reads_the_highest_die_per_axis(pool, state):
    after, rolled = roll(pool, state)
    assert roll(pool, state) == (after, rolled)
    assert 1 <= rolled.fate <= 20 and rolled.tier == fate_tier(rolled.fate)
    assert [die for die, _ in rolled.dice] == pool.dice
    for die, value in rolled.dice:
        assert 1 <= value <= die.size
    expected = {}
    for die, value in rolled.dice:
        expected[AXES[die.size]] = max(expected.get(AXES[die.size], 0), value)
    assert rolled.axes == expected
    assert list(rolled.axes) == pool.axes()  # in die-size order
    flags = rolled.counted()
    for axis, value in rolled.axes.items():
        read = [v for (d, v), f in zip(rolled.dice, flags) if f and d.axis == axis]
        assert read == [value]  # exactly one die per axis is the one read


@settings(max_examples=100, deadline=None)
@given(pools, states)
def test_the_fate_die_is_rolled_first_then_the_dice_in_pool_order(pool, state):
    expected = []
    current = state
    for size in [20] + [die.size for die in pool.dice]:
        current, value = rng.below(current, size)
        expected.append(value + 1)
    after, rolled = roll(pool, state)
    assert after == current
    assert [rolled.fate] + [value for _, value in rolled.dice] == expected


def test_a_seed_gives_the_same_roll_on_every_run():
    pool = Pool([Die(8, "tag Forceful: Smash"), Die(8), DUSK_DIE, Die(12)])
    _, first = roll(pool, 7)
    done = subprocess.run(
        [sys.executable, "-c", (
            "from desktop.rulesets.worlds_that_remember.dice import *\n"
            "print(roll(Pool([Die(8, 'tag Forceful: Smash'), Die(8), DUSK_DIE, Die(12)]), 7)[1])"
        )],
        cwd=ROOT, capture_output=True, text=True, check=True,
    )
    assert done.stdout.strip() == repr(first)


def test_a_rolled_result_survives_a_save():
    _, rolled = roll(Pool([Die(6, "support by Bo"), Die(10)]), rng.seed_state(2**128 + 5))
    assert msgspec.json.decode(msgspec.json.encode(rolled), type=Rolled) == rolled


def test_an_empty_pool_rolls_fate_alone():
    after, rolled = roll(Pool(), 1)
    assert rolled.dice == [] and rolled.axes == {}
    assert after == rng.below(1, 20)[0]
