"""Seats played by the app. A bot sees what its seat may see and chooses among legal actions."""

from desktop.bots.random_bot import RandomBot
from desktop.engine.levels import RANDOM, STANDARD


def bot_for(ruleset, level: str = STANDARD, seed: int | None = None):
    """The bot of a seat the app plays at `level`: the system's own (`Ruleset.bot`), or the
    random floor where it has none for that level, and always for "random"."""
    found = None if level == RANDOM else ruleset.bot(seed, level)
    return found or RandomBot(seed)


__all__ = ["RandomBot", "bot_for"]
