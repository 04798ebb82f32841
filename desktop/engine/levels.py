"""The levels a seat played by the app plays at: each a policy a player picks by its words.

A system declares its levels (`RulesetBase.levels`), gentlest first, each with its id (kept in
save files and autosaves), its title (a word a player reads in the new-game wizard and beside the
seat) and one line saying how it plays. `Ruleset.bot(seed, level)` makes the bot of a level.
Every system has the standard level, the one a seat is given unless a level is chosen, and a
file written before levels existed reads as it. "random", the platform's floor (any legal move at
random), is always there too, for measuring the others against (`actiondeck versus`); it is not
offered to players unless a system lists it.
"""

from __future__ import annotations

import random
import re

import msgspec

LEARNING = "learning"
STANDARD = "standard"
RANDOM = "random"

LEVEL_ID = re.compile(r"[a-z][a-z0-9-]{0,39}")  # what a file may name: a short lower-case word


class Level(msgspec.Struct, frozen=True):
    id: str
    title: str
    description: str  # one line: how it plays


RANDOM_LEVEL = Level(
    RANDOM, "Random", "Takes any legal move at random: the floor the other levels are measured against.")

# A system without a gentler policy of its own: the learning level is the random floor.
PLATFORM_LEVELS = (
    Level(LEARNING, "Learning", "Takes any legal move at random: easy to beat while you learn the rules."),
    Level(STANDARD, "Standard", "Plays the system's own policy, as its rules page states it."),
)


def every_level(declared: tuple[Level, ...]) -> tuple[Level, ...]:
    """A system's levels and the random floor (once, where the system lists it already)."""
    if any(level.id == RANDOM for level in declared):
        return declared
    return (*declared, RANDOM_LEVEL)


def known_level(declared: tuple[Level, ...], level: str | None) -> str:
    """`level` where the system plays it, else the standard level: a file may name a level this
    version does not have (written by a later one), and the seat is still the app's."""
    if level is not None and any(found.id == level for found in every_level(declared)):
        return level
    return STANDARD


def well_formed(level: object) -> bool:
    """Whether a file's level reads as a level id at all (a short lower-case word)."""
    return isinstance(level, str) and LEVEL_ID.fullmatch(level) is not None


class LevelledPolicy:
    """What every system's app-seat policy starts from: its level, and its own random generator
    (its choices are recorded as actions, so a replay stays exact without its seed)."""

    def __init__(self, seed: int | None = None, level: str = STANDARD) -> None:
        self._random = random.Random(seed)
        self.level = level

    @property
    def standard(self) -> bool:
        """Whether it plays above the gentlest level."""
        return self.level != LEARNING
