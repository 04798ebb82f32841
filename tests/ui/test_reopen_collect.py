"""Opening one game after another in the same window, through File > Open (the window's
`openRequested`, handled by the app's own `reopen`), with the heap settled after each
(`app.settle_heap`: the collector's full pass, then what is left frozen out of its sight): the
app goes on, and the last game's objects are let go.

Issue 26 (item 25): two eight-seat Twilight Imperium saves opened alternately 16 times, 2-20
actions played and the curtain passed after each opening, crashed in the collector's pass. A few
rounds by default; `pytest -m soak` opens them 16 times with the settling falling mid-play too.
"""

from __future__ import annotations

import gc
import random

import pytest
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication

from tests.ui.reopening import answer_asked, eight_seat_saves, move

ROUNDS, SOAK_ROUNDS = 4, 16


def reopen_and_play(qtbot, monkeypatch, folder, rounds: int, seed: int) -> None:
    import desktop.app as app
    from desktop.ui.main_window import MainWindow

    rng = random.Random(seed)
    settled = {"count": 0}
    settle = app.settle_heap

    def counted() -> None:
        settled["count"] += 1
        settle()

    monkeypatch.setattr(app, "settle_heap", counted)
    monkeypatch.setattr(app, "SETTLE_AFTER_MS", 20)  # the settling falls among the moves
    collecting = {"now": False}

    def phase(name, _info) -> None:
        collecting["now"] = name == "start"

    gc.callbacks.append(phase)
    gone: dict[int, str] = {}  # opening number -> how its session's Qt objects went

    def watch(number: int, session) -> None:
        # A child of the session's QObject goes with it.
        QObject(session).destroyed.connect(
            lambda *_: gone.setdefault(number, "in a collection" if collecting["now"] else "at a quiet moment"))

    paths = eight_seat_saves(folder)
    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    window.openRequested.connect(lambda path: app.reopen(window, path))

    answering = QTimer(window)
    answering.timeout.connect(lambda: answer_asked(rng))
    answering.start(15)
    try:
        for number in range(rounds):
            before = settled["count"]
            window.openRequested.emit(str(paths[number % 2]))
            assert window.windowTitle().startswith(f"Evening {number % 2}")
            watch(number, window.session)
            for _ in range(rng.randrange(2, 21)):
                session = window.session
                legal = session.legal_actions()
                if not legal:
                    break
                move(window, legal, rng)
                QApplication.processEvents()
                if window.curtain.isVisible():
                    window.curtain.button.click()  # passing the screen to the seat it asks for
                    QApplication.processEvents()
            qtbot.waitUntil(lambda before=before: settled["count"] > before, timeout=10_000)

        def all_gone() -> bool:
            QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)  # the event loop's next turn
            return len(gone) == rounds - 1

        qtbot.waitUntil(all_gone, timeout=10_000)  # every game but the one open
    finally:
        answering.stop()
        gc.callbacks.remove(phase)
        gc.unfreeze()
    # The closed games' Qt objects went at a quiet moment of the event loop, never inside the
    # collector's pass (which ran their destructors on wrappers it was tearing down).
    assert set(gone.values()) == {"at a quiet moment"}, gone
    assert rounds - 1 not in gone  # the game open is left alone


def test_reopening_games_and_settling_the_heap_goes_on(qtbot, monkeypatch, tmp_path):
    reopen_and_play(qtbot, monkeypatch, tmp_path, ROUNDS, seed=1)


@pytest.mark.soak
@pytest.mark.parametrize("seed", range(1, 4))
def test_an_evening_of_reopened_games_goes_on(qtbot, monkeypatch, tmp_path, request, seed):
    if "soak" not in (request.config.getoption("markexpr") or ""):
        pytest.skip("a long run: pytest -m soak")
    reopen_and_play(qtbot, monkeypatch, tmp_path, SOAK_ROUNDS, seed)
