"""The table's speed (offscreen): one action's update at 8 seats, the same with 1,000 cards on
the table, and one step of a drag among 1,000 cards. Figures: median and p95 in milliseconds.

An action's update is the time from handing the action to the session until the window has
redrawn: the engine, the journal-free session, the change-set, the table refill and one paint.
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

from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication

from desktop.engine import Game, GameSetup
from desktop.model.session import GameSession
from desktop.rulesets.twilight_imperium import actions as a
from desktop.rulesets.twilight_imperium.cards import builtin_deck
from desktop.ui.main_window import MainWindow

PLAYERS = ["Ann", "Bo", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal"]


def figures(samples: list[float]) -> str:
    ordered = sorted(samples)
    p95 = ordered[max(0, round(len(ordered) * 0.95) - 1)]
    return f"median {statistics.median(ordered):.2f} ms, p95 {p95:.2f} ms ({len(ordered)} samples)"


def window_for(game: Game, app) -> tuple[GameSession, MainWindow]:
    session = GameSession(game)
    window = MainWindow(session)
    window.resize(1600, 1000)
    window.show()
    app.processEvents()
    window.curtain.button.click()
    app.processEvents()
    return session, window


def timed_actions(session, window, app, actions) -> list[float]:
    samples = []
    for action in actions:
        started = time.perf_counter()
        session.submit(action)
        app.processEvents()  # the paint of what changed
        samples.append((time.perf_counter() - started) * 1000)
    app.processEvents()
    return samples


def window_round(seats: list[str]) -> list:
    """A board event declared by Ann, then every seat passes: the table, banner and log change,
    the screen stays with Ann."""
    return [a.Declare(player="ann", event="combat-round-start")] + [a.Pass(player=s) for s in seats]


def big_deck() -> list[dict]:
    import msgspec

    _, defs = builtin_deck()
    records = []
    for card in list(defs.values())[:50]:
        record = msgspec.to_builtins(card)
        record["copies"] = 20
        records.append(record)
    return records  # 50 x 20 = 1,000 cards


def spread(game: Game, per_hand: int, in_play: int) -> None:
    """Deals the deck out for the measurement: every hand, the play area and a face-up discard."""
    state = game.state
    deck = state.zones["deck"].cards
    for seat in state.seat_ids():
        for _ in range(per_hand):
            state.zones[f"hand:{seat}"].cards.append(deck.pop())
        state.counters[seat]["hand_limit"] = 30
    for _ in range(in_play):
        state.zones["play"].cards.append(deck.pop())
    state.zones["discard"].cards.extend(deck[:len(deck) // 2])
    del deck[:len(deck) // 2]


def main() -> None:
    app = QApplication.instance() or QApplication([])
    seats = [p.lower() for p in PLAYERS]

    game = Game.new(GameSetup(ruleset="twilight-imperium", players=PLAYERS, seed=1))
    game.apply(a.SetInitiative(player="ann", order=seats))
    session, window = window_for(game, app)
    samples = []
    for _ in range(12):
        samples += timed_actions(session, window, app, window_round(seats))
    print(f"one action's update, 8 seats, 80 cards: {figures(samples)}")

    game = Game.new(GameSetup(ruleset="twilight-imperium", players=PLAYERS, seed=1, deck=big_deck()))
    game.apply(a.SetInitiative(player="ann", order=seats))
    spread(game, per_hand=25, in_play=150)
    session, window = window_for(game, app)
    items = len(window.table_view.scene().items())
    samples = []
    for _ in range(6):
        samples += timed_actions(session, window, app, window_round(seats))
    print(f"one action's update, 8 seats, 1,000 cards ({items} scene items): {figures(samples)}")

    view = window.table_view
    card = window.zone("hand:ann").cards[-1]  # the top card of the fan: nothing covers it
    start = view.mapFromScene(card.sceneBoundingRect().center())
    press = QMouseEvent(QEvent.Type.MouseButtonPress, QPointF(start), view.viewport().mapToGlobal(QPointF(start)),
                        Qt.MouseButton.LeftButton, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(view.viewport(), press)
    samples = []
    for step in range(1, 240):
        point = QPointF(start.x() + (step % 60) * 4, start.y() - step)
        move = QMouseEvent(QEvent.Type.MouseMove, point, view.viewport().mapToGlobal(point), Qt.MouseButton.NoButton,
                           Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
        started = time.perf_counter()
        QApplication.sendEvent(view.viewport(), move)
        app.processEvents()  # the scene's update of the regions the card left and entered
        app.processEvents()  # and their paint
        samples.append((time.perf_counter() - started) * 1000)
    moved = card.dragging and card.pos() != card.home
    print(f"one drag step among 1,000 cards (move and repaint): {figures(samples[5:])}, dragging: {moved}")
    started = time.perf_counter()
    view.viewport().repaint()
    print(f"full repaint of the 1,000-card table: {(time.perf_counter() - started) * 1000:.2f} ms")


if __name__ == "__main__":
    main()
