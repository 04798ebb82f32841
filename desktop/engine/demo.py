"""Demo games by system id, for `actiondeck --demo ID` and the smoke test."""

from __future__ import annotations

from desktop.engine.errors import SetupError
from desktop.engine.game import Game, GameSetup
from desktop.engine.registry import all_rulesets, get


def demo_game(ruleset_id: str) -> Game:
    ruleset = get(ruleset_id)
    demo = ruleset.demo()  # raises SetupError when the system has none
    setup = GameSetup(ruleset=ruleset_id, players=list(demo.players), seed=demo.seed, options=dict(demo.options))
    return Game.replay(setup, list(demo.actions))


def default_demo() -> str:
    """The system whose demo opens when none is named (the smoke test): the first that has one."""
    for ruleset in all_rulesets():
        try:
            ruleset.demo()
        except SetupError:
            continue
        return ruleset.id
    raise SetupError("No rule system has a demo game.")
