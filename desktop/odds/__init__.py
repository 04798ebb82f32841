"""Dice and their odds, without Qt: Fate and Aspect dice, rolls with the game's generator, and the
exact odds of a pool before it is rolled (icepool, imported on the first computation only).

Systems roll through `roll(pool, state)` inside their rules, so a roll is part of the game's
deterministic history; the UI's odds panel (`desktop/ui/odds_panel.py`) shows `pool_odds(pool)`.
"""

from desktop.odds.dice import (
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
from desktop.odds.exact import BANDS, PoolOdds, band_faces, band_of, highest_of, pool_odds

__all__ = [
    "APPROACHES", "AXES", "BANDS", "DUSK_DIE", "FATE_TIERS", "SIZES", "SUPPORT_SIZE", "TIER_NAMES",
    "Die", "Pool", "PoolOdds", "Rolled", "band_faces", "band_of", "check_size", "fate_tier",
    "highest_of", "pool_odds", "roll", "support_die", "tag_die", "tier_faces",
]
