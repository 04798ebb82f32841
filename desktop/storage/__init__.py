"""Save files, the autosave journal and where they live. No Qt here.

The names below are loaded when first asked for: reading where the player's files live (the
saved theme, at start) must not load the save machinery, msgspec and the engine before the
window's first paint.
"""

__all__ = ["SaveError", "load_save", "read_save", "save_bytes", "write_save"]


def __getattr__(name: str):
    if name == "SaveError":
        from desktop.storage.errors import SaveError

        return SaveError
    if name in ("load_save", "read_save", "save_bytes", "write_save"):
        from desktop.storage import savefile

        return getattr(savefile, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
