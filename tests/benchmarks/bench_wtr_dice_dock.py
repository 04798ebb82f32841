"""Worlds That Remember's dice dock during play (offscreen, 1280 x 720): 120 actions of the demo
played by the system's bot through the real window. Figures: an action's update (submit to the
window's events done), the dock's share of it (its refresh) and its show/hide changes.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from PySide6.QtWidgets import QApplication  # noqa: E402

ACTIONS = 120


def figures(samples: list[float]) -> str:
    ordered = sorted(samples)
    p95 = ordered[max(0, round(len(ordered) * 0.95) - 1)]
    over = sum(sample > 100 for sample in ordered)
    return (f"median {statistics.median(ordered):.1f} ms, p95 {p95:.1f} ms, max {ordered[-1]:.1f} ms, "
            f"{over} over 100 ms ({len(ordered)} samples)")


def main() -> None:
    app = QApplication.instance() or QApplication([])
    from desktop.engine.demo import demo_game
    from desktop.model.session import GameSession
    from desktop.rulesets.worlds_that_remember.dice import odds
    from desktop.ui.main_window import MainWindow
    from desktop.ui.systems.worlds_that_remember.extension import Extension

    session = GameSession(demo_game("worlds-that-remember"))
    window = MainWindow(session)
    window.resize(1280, 720)
    window.show()
    app.processEvents()
    extension = window.host.findChild(Extension)
    deadline = time.monotonic() + 60
    while not odds.ready() and time.monotonic() < deadline:
        app.processEvents()  # icepool on its own thread
        time.sleep(0.01)
    refreshes: list[float] = []
    refresh = Extension.refresh

    def timed(self, *args):
        start = time.perf_counter()
        refresh(self, *args)
        refreshes.append((time.perf_counter() - start) * 1000)

    session.changed.disconnect(extension.refresh)
    Extension.refresh = timed
    session.changed.connect(extension.refresh)
    changes = []
    show = Extension._show
    Extension._show = lambda self, wanted: (changes.append(wanted) if wanted != self.shown else None, show(self, wanted))

    bot = session.ruleset.bot(7)
    actions: list[float] = []
    for _ in range(ACTIONS):
        for note in (window.curtain, window.handover):
            if note.isVisible():
                note.button.click()
                app.processEvents()
        for stage in session.game.stages():
            choice = bot.choose(session.game.legal_actions(stage.seat), session.game.view(stage.seat))
            if choice is not None:
                break
        start = time.perf_counter()
        session.submit(choice)
        app.processEvents()
        actions.append((time.perf_counter() - start) * 1000)
    print(f"an action, through the window: {figures(actions)}")
    print(f"the dice dock's refresh:       {figures(refreshes)}")
    print(f"dock shown or hidden {len(changes)} times in {ACTIONS} actions")


if __name__ == "__main__":
    main()
