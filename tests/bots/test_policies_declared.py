"""Each system's app-seat policies are declared once (`RulesetBase.policies`: level -> the class
that plays it), and the platform makes them: every declared level gives a bot whose choice the
rules take, a level not declared is the random floor (None), and nothing is imported before a
seat is handed to the app."""

from __future__ import annotations

import pytest

from desktop.engine import Game, GameSetup, registry
from desktop.engine.levels import RANDOM, STANDARD, every_level

# The shipped systems: the tests' own toy is registered by importing it, so a run that collects
# a toy module first would list it here, and find it gone once that module's fixture is done.
SYSTEMS = [system for system in registry.ids() if not system.startswith("toy")]


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_declared_policy_makes_a_bot_whose_choice_the_rules_take(system):
    ruleset = registry.get(system)
    assert STANDARD in ruleset.policies, "the standard level is the system's own policy"
    for level in ruleset.policies:
        game = Game.new(GameSetup(ruleset=system, players=["Ann", "Bo", "Cy"], seed=7))
        assert level in {found.id for found in every_level(ruleset.levels)}, f"{level} is not a level of {system}"
        bot = ruleset.bot(seed=1, level=level)
        assert bot is not None and getattr(bot, "level", level) == level
        seat = next(seat for seat in game.state.seat_ids() if game.legal_actions(seat))
        if getattr(bot, "ready", None) is not None and not bot.ready():
            continue  # its odds still loading: asked again later, as the window does
        choice = bot.choose(game.legal_actions(seat), game.view(seat))
        if choice is not None:
            game.apply(choice)  # a refusal raises: the rules take what the bot chose


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_level_without_a_policy_is_the_random_floor(system):
    ruleset = registry.get(system)
    assert ruleset.bot(seed=1, level=RANDOM) is None
    for level in every_level(ruleset.levels):
        if level.id not in ruleset.policies:
            assert ruleset.bot(seed=1, level=level.id) is None
