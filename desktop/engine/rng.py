"""A seeded generator whose whole state is one integer kept in the game state.

SplitMix64 is used instead of `random.Random` because its state is a single int: snapshots for
undo stay tiny, the save needs no generator dump, and the sequence is identical on every Python.
"""

from __future__ import annotations

_MASK = (1 << 64) - 1


def seed_state(seed: int) -> int:
    return seed & _MASK


def next_u64(state: int) -> tuple[int, int]:
    """Returns (new_state, value)."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """A uniform integer in [0, n), without modulo bias."""
    if n <= 0:
        raise ValueError("n must be positive")
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        state, value = next_u64(state)
        if value < limit:
            return state, value % n


def shuffle(state: int, items: list) -> int:
    """Fisher-Yates in place; returns the new generator state."""
    for i in range(len(items) - 1, 0, -1):
        state, j = below(state, i + 1)
        items[i], items[j] = items[j], items[i]
    return state
