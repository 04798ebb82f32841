"""What the reopening test (tests/ui/test_reopen_collect.py) and its long run
(tests/benchmarks/reopen_collect.py) share: two eight-seat Twilight Imperium evenings saved 30
moves in, and a move made at the table as a player makes it. Both draw from one random source in
the same order, so a seed replays the same evening."""

from __future__ import annotations

import random
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractButton, QApplication

from desktop.engine import Game, GameSetup
from desktop.storage import save_bytes

NAMES = ["Ann", "Bo", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]


def eight_seat_saves(folder: Path) -> list[Path]:
    """Two saves, "Evening 0" and "Evening 1", each 30 random moves into an eight-seat game."""
    made = []
    for number, seed in enumerate((11, 12)):
        game = Game.new(GameSetup(ruleset="twilight-imperium", players=NAMES, seed=seed))
        rng = random.Random(seed)
        for _ in range(30):
            legal = game.legal_actions()
            if not legal:
                break
            game.apply(rng.choice(legal))
        path = folder / f"evening-{number}.json"
        path.write_bytes(save_bytes(game, name=f"Evening {number}"))
        made.append(path)
    return made


def answer_asked(rng: random.Random) -> None:
    """A question a click asked, in the app's real dialog: its default taken (Return), or declined
    (Escape); nothing when none is open."""
    dialog = QApplication.activeModalWidget()
    if dialog is not None:
        QTest.keyClick(dialog, Qt.Key.Key_Return if rng.random() < 0.7 else Qt.Key.Key_Escape)


def move(window, legal: list, rng: random.Random) -> None:
    """One of the `legal` moves: half the time a click on a button under "What can happen now", as
    a player does (its questions answered by `answer_asked`), else one submitted to the session."""
    offered = [button for button in window.actions.findChildren(QAbstractButton)
               if button.isVisible() and button.isEnabled()]
    if offered and rng.random() < 0.5:
        rng.choice(offered).click()
    else:
        window.session.submit(rng.choice(legal))
