"""Demo games by system id, for `actiondeck --demo ID` and the smoke test."""

from __future__ import annotations

from desktop.engine.game import Game, GameSetup
from desktop.engine.registry import get


def demo_game(ruleset_id: str) -> Game:
    ruleset = get(ruleset_id)
    demo = ruleset.demo()  # raises SetupError when the system has none
    setup = GameSetup(ruleset=ruleset_id, players=list(demo.players), seed=demo.seed, options=dict(demo.options))
    return Game.replay(setup, list(demo.actions))
