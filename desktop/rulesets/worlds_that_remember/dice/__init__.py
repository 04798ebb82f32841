"""Worlds That Remember's dice, without Qt: the Fate d20 and the Aspect dice (`rolls`), rolls with
the game's generator, and the exact odds of a pool before it is rolled (`odds`: icepool, imported
on the first computation only).

The rules roll through `roll(pool, state)`, so a roll is part of the game's deterministic history;
the dice dock (`desktop/ui/systems/worlds_that_remember/dice_panel.py`) shows `pool_odds(pool)`.
"""

from desktop.rulesets.worlds_that_remember.dice.odds import (
    BANDS,
    PoolOdds,
    band_faces,
    band_of,
    highest_of,
    pool_odds,
)
from desktop.rulesets.worlds_that_remember.dice.rolls import (
    APPROACHES,
    AXES,
    DUSK_DIE,
    FATE_TIERS,
    SIZES,
    SUPPORT_SIZE,
    TIER_NAMES,
    Die,
    Pool,
    Rolled,
    check_size,
    fate_tier,
    roll,
    support_die,
    tag_die,
    tier_faces,
)

__all__ = [
    "APPROACHES", "AXES", "BANDS", "DUSK_DIE", "FATE_TIERS", "SIZES", "SUPPORT_SIZE", "TIER_NAMES",
    "Die", "Pool", "PoolOdds", "Rolled", "band_faces", "band_of", "check_size", "fate_tier",
    "highest_of", "pool_odds", "roll", "support_die", "tag_die", "tier_faces",
]
