"""The Qt model layer: the one way the GUI changes a game."""

__all__ = ["GameSession"]


def __getattr__(name: str):
    # Lazy, so that widgets can import desktop.model.labels before the engine is loaded.
    if name == "GameSession":
        from desktop.model.session import GameSession

        return GameSession
    raise AttributeError(name)
