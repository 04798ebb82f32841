"""Action Deck: a desktop table for games played with action cards."""

# The one place the version is written; pyproject.toml reads it from here. (Asking
# importlib.metadata instead costs ~30 ms at every start.)
__version__ = "0.1.0"
