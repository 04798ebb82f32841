"""Reopening games again and again through File > Open, with the collector's settling in between
(issue 26, item 25: a segmentation fault in `settle_heap`'s `gc.collect()`).

    QT_QPA_PLATFORM=offscreen python tests/benchmarks/reopen_collect.py [ROUNDS] [SEED] [SETTLE_MS]

Two eight-seat Twilight Imperium saves are opened alternately through the window's
`openRequested` signal, as File > Open does, inside the app's own `run_gui` (its `reopen` and its
settling timers). After each opening 2-20 moves are made, half of them by clicking a button under
"What can happen now" (its questions answered with Return, or declined with Escape, in the app's
real dialog), half through the session, and the curtain is passed by its button whenever it comes
up. Each step is a timer: the app's event loop runs between steps, as at a table. The settling
delay is shortened (SETTLE_MS, 30 by default) so that it falls among the moves too.

faulthandler is on: a crash prints where each thread was. Each round prints its moves, the
curtains passed, the settlings so far, the objects frozen, the sessions whose Qt objects were
destroyed inside a collection (the hazard) and those still alive; then "survived N rounds".
"""

from __future__ import annotations

import faulthandler
import gc
import os
import random
import sys
import tempfile
import time
import weakref
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
faulthandler.enable()

def main(rounds: int = 16, seed: int = 1, settle_ms: int = 30) -> int:
    folder = Path(tempfile.mkdtemp(prefix="reopen-"))
    os.environ.setdefault("ACTIONDECK_DATA_DIR", str(folder / "data"))
    from tests.ui.reopening import answer_asked, eight_seat_saves
    from tests.ui.reopening import move as make_a_move

    paths = eight_seat_saves(folder)
    gc.disable()  # as `actiondeck` starts the app (desktop/cli.py)
    from PySide6.QtCore import SIGNAL, QTimer
    from PySide6.QtWidgets import QApplication

    import desktop.app as app
    from desktop.model import session as sessions
    from desktop.ui.main_window import MainWindow

    app.SETTLE_AFTER_MS = settle_ms
    counts = {"settled": 0, "curtains": 0, "moves": 0, "round": 0, "left": 0}
    collecting = {"now": False}
    gc.callbacks.append(lambda phase, info: collecting.__setitem__("now", phase == "start"))
    made: list = []  # (weak reference to each session, how its Qt object went: None while it lives)
    settle = app.settle_heap

    took: list[float] = []

    def counted_settle() -> None:
        counts["settled"] += 1
        began = time.perf_counter()
        settle()
        took.append((time.perf_counter() - began) * 1000)

    app.settle_heap = counted_settle
    start = sessions.GameSession.__init__

    def watched(self, *args, **kwargs) -> None:
        start(self, *args, **kwargs)
        entry = [weakref.ref(self), None]
        made.append(entry)
        # The bot timer is a child: it goes with the session's QObject, and says when.
        self._bot_timer.destroyed.connect(
            lambda *_: entry.__setitem__(1, "in a collection" if collecting["now"] else "at a quiet moment"))

    sessions.GameSession.__init__ = watched
    rng = random.Random(seed)

    def window() -> MainWindow:
        return next(w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow))

    answering = QTimer()
    answering.timeout.connect(lambda: answer_asked(rng))

    def later(step) -> None:
        QTimer.singleShot(rng.randrange(0, 2 * settle_ms), step)

    def begin() -> None:
        win = window()
        if win.receivers(SIGNAL("openRequested(QString)")) == 0:  # run_gui has not reached app.exec()
            QTimer.singleShot(10, begin)
            return
        answering.start(15)
        later(open_next)

    def open_next() -> None:
        win = window()
        if counts["round"] == rounds:
            answering.stop()
            win.close()
            QApplication.quit()
            return
        win.openRequested.emit(str(paths[counts["round"] % 2]))
        counts["round"] += 1
        counts["left"] = rng.randrange(2, 21)
        later(move)

    def move() -> None:
        win = window()
        if win.curtain.isVisible():
            counts["curtains"] += 1
            win.curtain.button.click()  # the screen passed to the seat it asks for
            later(move)
            return
        session = win.session
        legal = session.legal_actions()
        if counts["left"] == 0 or not legal:
            report()
            later(open_next)
            return
        make_a_move(win, legal, rng)
        counts["left"] -= 1
        counts["moves"] += 1
        later(move)

    def report() -> None:
        hazards = sum(1 for _, how in made if how == "in a collection")
        alive = sum(1 for ref, _ in made if ref() is not None)
        print(f"round {counts['round']}: {counts['moves']} moves, {counts['curtains']} curtains passed, "
              f"{counts['settled']} settlings, {gc.get_freeze_count()} objects frozen, "
              f"{hazards} sessions destroyed in a collection, {alive} of {len(made)} sessions alive", flush=True)

    QTimer.singleShot(0, begin)
    app.run_gui(open_path=paths[1])
    print(f"survived {counts['round']} rounds; settling took {min(took):.1f}-{max(took):.1f} ms "
          f"(median {sorted(took)[len(took) // 2]:.1f} ms over {len(took)})")
    return 0


if __name__ == "__main__":
    arguments = [int(value) for value in sys.argv[1:4]]
    sys.exit(main(*arguments))
