"""The Qt model layer: the one way the GUI changes a game."""

from desktop.model.session import GameSession

__all__ = ["GameSession"]
