"""Demo games by system id, for `actiondeck --demo ID` and the smoke test."""

from __future__ import annotations

import importlib

from desktop.engine.errors import SetupError
from desktop.engine.game import Game, GameSetup
from desktop.engine.registry import get

DEMOS = {"twilight-imperium": "desktop.rulesets.twilight_imperium.demo"}


def demo_game(ruleset_id: str) -> Game:
    ruleset = get(ruleset_id)
    if ruleset_id not in DEMOS:
        raise SetupError(f"There is no demo game for {ruleset.title} yet.")
    module = importlib.import_module(DEMOS[ruleset_id])
    setup = GameSetup(ruleset=ruleset_id, players=list(module.PLAYERS), seed=module.SEED)
    return Game.replay(setup, module.opening())
