"""Save files, the autosave journal and where they live. No Qt here."""

from desktop.storage.errors import SaveError
from desktop.storage.savefile import load_save, read_save, save_bytes, write_save

__all__ = ["SaveError", "load_save", "read_save", "save_bytes", "write_save"]
