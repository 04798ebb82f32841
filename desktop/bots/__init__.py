"""Seats played by the app. A bot sees what its seat may see and chooses among legal actions."""

from desktop.bots.random_bot import RandomBot

__all__ = ["RandomBot"]
