"""The Qt model layer: the one way the GUI changes a game."""

__all__ = ["GameSession"]


def __getattr__(name: str):
    # Lazy, so that importing the package does not load the engine before the window is painted.
    if name == "GameSession":
        from desktop.model.session import GameSession

        return GameSession
    raise AttributeError(name)
