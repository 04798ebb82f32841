"""Games on disk for the tests of the recent-games list, the storage's (tests/storage/test_recent.py)
and the model's (tests/model/test_library.py): a Twilight Imperium game a few steps in, its
autosave journal, and a file's age."""

from __future__ import annotations

import os
import time
from pathlib import Path

from desktop.engine import Game, GameSetup
from desktop.storage.journal import Journal

TI = "twilight-imperium"


def new_game(players=("Ann", "Bo", "Cy"), seed=7, steps=0) -> Game:
    game = Game.new(GameSetup(ruleset=TI, players=list(players), seed=seed))
    for _ in range(steps):
        game.apply(game.legal_actions()[0])
    return game


def aged(path: Path, hours: float) -> Path:
    """The file as if last written `hours` ago: the list is newest first by that time."""
    moment = time.time() - hours * 3600
    os.utime(path, (moment, moment))
    return path


def journal_of(game: Game, name: str = "", hours: float = 0) -> Path:
    """The game's autosave journal, closed, written `hours` ago."""
    journal = Journal.start(game, name)
    journal.close()
    return aged(journal.path, hours)
