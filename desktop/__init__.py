"""Action Deck: a desktop table for games played with action cards."""

from importlib.metadata import PackageNotFoundError, version as _version

try:
    __version__ = _version("actiondeck")
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0.1.0"
