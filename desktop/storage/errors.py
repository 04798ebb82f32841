class SaveError(Exception):
    """A save or journal file cannot be read or written; str() is one plain sentence."""
