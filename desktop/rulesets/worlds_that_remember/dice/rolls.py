"""Fate and Aspect dice: the values a roll is made of, and the roll itself with the game's generator.

Every roll has one d20, the Fate die, read as one of six tiers (FATE_TIERS). Beside it, a pool of
Aspect dice: each die size is an axis (AXES: d4 COST, d6 CONTROL, d8 EFFECT, d10 DANGER,
d12 OPPORTUNITY), and on an axis only the highest die of that size counts.

Where the Aspect dice come from is the ruleset's business; `Die.source` names it in words for the
player ("tag Careful: Sneak", "support by Bo", "Dusk"). The helpers at the end word the usual
sources the same way everywhere.

A roll takes a generator state and returns the next one (`desktop.engine.rng`): the Fate die first,
then the Aspect dice in pool order, so the same state and pool always give the same result.
"""

from __future__ import annotations

import msgspec

from desktop.engine import rng

FATE_SIZE = 20
# (name, lowest face, highest face), in face order; together they cover 1..20 once.
FATE_TIERS: tuple[tuple[str, int, int], ...] = (
    ("Catastrophe", 1, 3),
    ("Failure", 4, 7),
    ("Costly Success", 8, 11),
    ("Clean Success", 12, 16),
    ("Strong Success", 17, 19),
    ("Twist", 20, 20),
)
TIER_NAMES: tuple[str, ...] = tuple(name for name, _low, _high in FATE_TIERS)
AXES: dict[int, str] = {4: "COST", 6: "CONTROL", 8: "EFFECT", 10: "DANGER", 12: "OPPORTUNITY"}
SIZES: tuple[int, ...] = tuple(AXES)
# The die a tag adds, by the tag's approach.
APPROACHES: dict[str, int] = {"Careful": 6, "Forceful": 8, "Risky": 10, "Opportunistic": 12}
SUPPORT_SIZE = 6  # support adds a d6 unless a relevant tag gives its own size


def check_size(size: object) -> int:
    """The size itself, or a ValueError sentence if it is not an Aspect die size."""
    if isinstance(size, bool) or not isinstance(size, int) or size not in AXES:
        raise ValueError(f"An Aspect die has 4, 6, 8, 10 or 12 sides, not {size!r}.")
    return size


class Die(msgspec.Struct, frozen=True):
    """One Aspect die; `source` says who or what added it."""

    size: int
    source: str = ""

    def __post_init__(self) -> None:
        check_size(self.size)

    @property
    def axis(self) -> str:
        return AXES[self.size]

    @property
    def name(self) -> str:
        """"d8 EFFECT"."""
        return f"d{self.size} {self.axis}"


class Pool(msgspec.Struct, frozen=True):
    """The Aspect dice of one roll, in the order they were added. The Fate d20 is always implied."""

    dice: list[Die] = msgspec.field(default_factory=list)

    def sizes(self) -> tuple[int, ...]:
        """The die sizes, sorted: what the odds depend on (a hashable key)."""
        return tuple(sorted(die.size for die in self.dice))

    def axes(self) -> list[str]:
        """The axes present, in die-size order."""
        present = {die.size for die in self.dice}
        return [AXES[size] for size in SIZES if size in present]

    def plus(self, *dice: Die) -> Pool:
        return Pool([*self.dice, *dice])


class Rolled(msgspec.Struct, frozen=True):
    """A rolled pool: the Fate face and its tier, every Aspect die with its face (in pool order),
    and per axis present the highest face of that axis's dice (the one that counts)."""

    fate: int
    tier: str
    dice: list[tuple[Die, int]]
    axes: dict[str, int]

    def counted(self) -> list[bool]:
        """Per die of `dice`: whether it is the one its axis reads (the first of equal highs)."""
        seen: set[str] = set()
        flags = []
        for die, value in self.dice:
            counts = die.axis not in seen and value == self.axes[die.axis]
            if counts:
                seen.add(die.axis)
            flags.append(counts)
        return flags


def fate_tier(value: int) -> str:
    """The tier of a Fate face, 1..20."""
    for name, low, high in FATE_TIERS:
        if low <= value <= high:
            return name
    raise ValueError(f"A Fate die shows 1 to {FATE_SIZE}, not {value!r}.")


def tier_faces(name: str) -> tuple[int, int]:
    for tier, low, high in FATE_TIERS:
        if tier == name:
            return low, high
    raise ValueError(f"No Fate tier is called {name!r}.")


def roll(pool: Pool, state: rng.State) -> tuple[rng.State, Rolled]:
    """Rolls the Fate die, then every Aspect die in pool order, with the game's generator."""
    state, fate = rng.below(state, FATE_SIZE)
    fate += 1
    faces: list[tuple[Die, int]] = []
    axes: dict[str, int] = {}
    for die in pool.dice:
        state, value = rng.below(state, check_size(die.size))
        value += 1
        faces.append((die, value))
        axes[die.axis] = max(axes.get(die.axis, 0), value)
    ordered = {AXES[size]: axes[AXES[size]] for size in SIZES if AXES[size] in axes}
    return state, Rolled(fate=fate, tier=fate_tier(fate), dice=faces, axes=ordered)


# ---- the usual sources, worded the same everywhere ----------------------------------------------


def tag_die(approach: str, tag: str) -> Die:
    """The die a tag adds, sized by its approach: tag_die("Careful", "Sneak") is a d6."""
    if approach not in APPROACHES:
        raise ValueError(
            f"A tag's approach is Careful, Forceful, Risky or Opportunistic, not {approach!r}."
        )
    return Die(APPROACHES[approach], f"tag {approach}: {tag}")


def support_die(helper: str, size: int = SUPPORT_SIZE) -> Die:
    return Die(size, f"support by {helper}")


DUSK_DIE = Die(4, "Dusk")  # at Dusk every roll gains a d4 COST
