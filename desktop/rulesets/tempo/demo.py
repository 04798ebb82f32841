"""Placeholder demo."""
from desktop.engine.ruleset import Demo


def demo() -> Demo:
    return Demo(players=["Ann", "Bo", "GM"], seed=1, actions=[])
