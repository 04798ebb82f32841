"""Where Action Deck keeps a player's games: the user data directory, never the install folder.

ACTIONDECK_DATA_DIR overrides it (tests, portable installs).
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "ActionDeck"


def data_dir() -> Path:
    override = os.environ.get("ACTIONDECK_DATA_DIR")
    path = Path(override) if override else Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def saves_dir() -> Path:
    path = data_dir() / "saves"
    path.mkdir(parents=True, exist_ok=True)
    return path


def autosave_dir() -> Path:
    path = data_dir() / "autosave"
    path.mkdir(parents=True, exist_ok=True)
    return path
