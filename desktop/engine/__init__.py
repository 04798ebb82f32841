"""The rules engine: pure Python, no Qt. Cards, zones, state, actions, history, views, replay."""

from desktop.engine.actions import Action
from desktop.engine.errors import RuleError, SetupError
from desktop.engine.game import Game, GameSetup, Outcome
from desktop.engine.state import GameState, LogEntry, Seat, Zone

__all__ = [
    "Action", "Game", "GameSetup", "GameState", "LogEntry", "Outcome", "RuleError", "Seat",
    "SetupError", "Zone",
]
