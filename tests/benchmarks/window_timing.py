"""How bench_window.py times the real window: the event processing that ends a sample, the bare
window every figure is compared with, the watchdog that finds stalls of the UI thread, and the
games and windows it measures. Qt only; nothing here asserts.

A sample ends when the window's paints are done: Qt posts the scene's update and then the paint
as events, so the loop processes events round after round until a round finds nothing to do
(`settle`). The reference is a bare QMainWindow of the same size with a central widget, made to
repaint (`repaint()`) and then settled in the same loop; before each reference sample the app's
own pending work is drained first, so that the reference never carries the app's leftovers.

The window keeps its own asker, the real question dialog, and no action measured opens it: the
actions are complete ones submitted to the session, the hand-overs go by the curtain's and the
note's buttons, a drag is let go in its own zone, and the app's seats answer their own questions.
A dialog open after a sample stops the run (`lift`): that sample would have timed a dialog.
"""

from __future__ import annotations

import faulthandler
import random
import re
import statistics
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import (
    QAbstractEventDispatcher,
    QCoreApplication,
    QEvent,
    QEventLoop,
    QObject,
    QPointF,
    Qt,
    QTimer,
)
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow

ROOT = Path(__file__).resolve().parents[2]
DESKTOP = str(ROOT / "desktop")
SIZE = (1600, 1000)  # a laptop's or a TV's window: every window measured has this size
NAMES = ["Ann", "Bo", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal"]


# ---- ending a sample -----------------------------------------------------------------------------


def settle(limit: int = 40) -> int:
    """Processes events until a round finds none ready (the scene's update, then the paint, then
    what they posted); returns the rounds it took. Timers not yet due are left for later."""
    dispatcher = QAbstractEventDispatcher.instance()
    for rounds in range(1, limit + 1):
        QCoreApplication.sendPostedEvents()
        if not dispatcher.processEvents(QEventLoop.ProcessEventsFlag.AllEvents):
            return rounds
    return limit


def timed(work) -> float:
    """Milliseconds from calling `work` until the window's paints are done."""
    return timed_both(work)[0]


def timed_both(work) -> tuple[float, float]:
    """`timed`, and the UI thread's own CPU time over the same span (ms): on a machine shared
    with other work the wall time waits for the processor too, the CPU time much less."""
    cpu = time.thread_time()
    started = time.perf_counter()
    work()
    settle()
    return (time.perf_counter() - started) * 1000, (time.thread_time() - cpu) * 1000


class Bare:
    """The reference: a bare QMainWindow of the same size with a central widget, repainting.
    Qt fills a window's whole background at each repaint (its central label draws its word over
    it); `whole` says whether a repaint was seen to reach every corner of it (checked once, on the
    window's pixels, before any sample)."""

    def __init__(self) -> None:
        self.window = QMainWindow()
        self.window.setCentralWidget(QLabel("bare"))
        self.window.resize(*SIZE)
        self.window.show()
        settle()
        self.whole = self._repaints_whole()

    def _repaints_whole(self) -> bool:
        """Whether `repaint()` paints every pixel of the window: its background's colour changed
        with updates off (nothing painted), then one repaint, and the corners and the middle read
        back from what the platform was given."""
        from PySide6.QtGui import QColor, QGuiApplication, QPalette

        window, screen = self.window, QGuiApplication.primaryScreen()
        width, height = SIZE
        spots = [(2, 2), (width - 3, 2), (2, height - 3), (width - 3, height - 3), (width // 2, height - 3)]
        kept = window.palette()
        marked = QPalette(kept)
        marked.setColor(QPalette.ColorRole.Window, QColor("#12ab34"))
        window.setUpdatesEnabled(False)
        window.setPalette(marked)
        window.setUpdatesEnabled(True)
        window.repaint()
        picture = screen.grabWindow(window.winId()).toImage()
        whole = all(picture.pixelColor(x, y).name() == "#12ab34" for x, y in spots)
        window.setPalette(kept)
        settle()
        return whole

    def sample(self) -> float:
        settle()  # the app's own pending work first: it is not the reference's
        return timed(self.window.repaint)

    def close(self) -> None:
        self.window.close()
        self.window.deleteLater()


# ---- figures -------------------------------------------------------------------------------------


def median(samples: list[float]) -> float:
    return statistics.median(samples) if samples else float("nan")


def p95(samples: list[float]) -> float:
    if not samples:
        return float("nan")
    ordered = sorted(samples)
    return ordered[max(0, round(len(ordered) * 0.95) - 1)]


# ---- games and windows ---------------------------------------------------------------------------


def new_game(system: str, seats: int, seed: int = 1):
    from desktop.engine import Game, GameSetup

    return Game.new(GameSetup(ruleset=system, players=NAMES[:seats], seed=seed))


def going_on(game) -> list:
    """The legal actions but the players' own end of the session: a long game must run on."""
    return [action for action in game.legal_actions() if not getattr(type(action), "ends", False)]


def advance(game, chooser: random.Random, length: int) -> None:
    """Plays random legal actions (any seat's) on the engine until the game holds `length`."""
    while len(game.actions) < length:
        legal = going_on(game)
        if not legal:
            raise RuntimeError(f"{game.setup.ruleset} has no legal action at {len(game.actions)}")
        game.apply(chooser.choice(legal))


def window_for(session):
    """The real main window for `session`, at SIZE, shown and painted. It keeps its own asker,
    the real question dialog: no action measured opens it (complete actions submitted, the
    curtain and the hand-over notes passed by their buttons, a drag let go in its own zone, the
    app's seats answering their own questions), and `lift` stops the run if one does."""
    from desktop.ui.main_window import MainWindow

    window = MainWindow(session)
    window.resize(*SIZE)
    window.show()
    settle()
    return window


def close(window) -> None:
    window.close()  # closes the session and its journal
    window.deleteLater()
    settle()


def lift(window) -> None:
    """Lifts the curtain and passes the hand-over notes until the table shows a seat's hand (or
    nobody needs to look). A question dialog open now means a sample timed a dialog, not the
    table: the run stops, naming it."""
    for _ in range(6):
        dialog = QApplication.activeModalWidget()
        if dialog is not None and dialog.isVisible():
            raise RuntimeError(f"a dialog opened during a measurement: {dialog.windowTitle()!r}")
        if window.curtain.isVisible():
            window.curtain.button.click()
        elif window.handover.isVisible():
            window.handover.button.click()
        else:
            return
        settle()


# ---- the mouse -----------------------------------------------------------------------------------


def mouse(view, kind: QEvent.Type, point: QPointF, buttons) -> None:
    button = Qt.MouseButton.LeftButton if kind != QEvent.Type.MouseMove else Qt.MouseButton.NoButton
    event = QMouseEvent(kind, point, view.viewport().mapToGlobal(point), button, buttons,
                        Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(view.viewport(), event)


def visible_point(view, card_item) -> QPointF | None:
    """A point of the view where a press reaches `card_item` (in a fan the next card covers most
    of it), or None."""
    rect = card_item.sceneBoundingRect()
    for step in range(1, 20):
        point = view.mapFromScene(rect.left() + rect.width() * step / 20, rect.center().y())
        under = [item for item in view.items(point)
                 if item.acceptedMouseButtons() & Qt.MouseButton.LeftButton or item is card_item]
        if under and under[0] is card_item:
            return QPointF(point)
    return None


def drag_path(start: QPointF, width: int, height: int, steps: int) -> list[QPointF]:
    """A hand's path over the table: from the card towards the middle, then round it, a few pixels
    a step as a mouse reports them."""
    centre = QPointF(width / 2, height / 2)
    points = [start + (centre - start) * (i / 12) for i in range(1, 13)]
    import math

    for i in range(max(0, steps - len(points))):
        angle = i / 40 * 2 * math.pi
        points.append(QPointF(centre.x() + width * 0.3 * math.sin(angle),
                              centre.y() - height * 0.25 * (1 - math.cos(angle))))
    return points[:steps]


def idle(seconds: float = 1.2) -> None:
    """Lets a new window do its deferred first work (a system's chart 200 ms after it shows, its
    warm-ups after a second) before the samples: that work is the watchdog's to find."""
    wait_for(lambda: False, seconds)


def wait_for(condition, seconds: float = 2.0) -> bool:
    """Processes events (animations, timers) until `condition()` or the time is up."""
    deadline = time.monotonic() + seconds
    while not condition() and time.monotonic() < deadline:
        settle()
        time.sleep(0.005)
    return condition()


# ---- the watchdog --------------------------------------------------------------------------------


@dataclass
class Stall:
    at_ms: float  # since the watchdog started
    gap_ms: float  # between two beats of the 10 ms timer
    actions: tuple[int, int]  # the game's action count before and after
    last: str  # the last action's type when it ended
    where: list[tuple[str, int]] = field(default_factory=list)  # the UI thread's places, by samples


class Watchdog(QObject):
    """A QTimer beats every 10 ms on the UI thread; every gap between beats over `threshold_ms`
    is a stall. A background thread looks every 5 ms and, while the beat is late, notes where
    the UI thread is (its innermost frame under desktop/, and its innermost frame)."""

    def __init__(self, label, threshold_ms: float = 100.0) -> None:
        super().__init__()
        self.label = label  # () -> (action count, last action's type)
        self.threshold = threshold_ms / 1000
        self.stalls: list[Stall] = []
        self.beats = 0
        # Every gap between two beats (the longest: the longest the UI thread was away from its
        # events), with the label's action count before and after it, in wall time and in the UI
        # thread's own CPU time (its work, whatever else the machine runs meanwhile).
        self.gaps: list[tuple[int, int, float, float]] = []
        self._timer = QTimer(self)
        self._timer.setTimerType(Qt.TimerType.PreciseTimer)
        self._timer.setInterval(10)
        self._timer.timeout.connect(self._beat)
        self._lock = threading.Lock()
        self._places: Counter = Counter()
        self._ui = threading.get_ident()
        self._running = False

    def start(self) -> None:
        self.started = self.last = time.perf_counter()
        self._cpu = time.thread_time()  # started on the UI thread: its own CPU time
        self._state = self.label()
        self._running = True
        self._thread = threading.Thread(target=self._look, name="bench-watchdog", daemon=True)
        self._thread.start()
        self._timer.start()

    def stop(self) -> None:
        self._timer.stop()
        self._running = False
        self._thread.join()

    def _beat(self) -> None:
        now = time.perf_counter()
        state = self.label()
        self.beats += 1
        with self._lock:
            cpu = time.thread_time()
            self.gaps.append((self._state[0], state[0], (now - self.last) * 1000, (cpu - self._cpu) * 1000))
            self._cpu = cpu
            if now - self.last > self.threshold:
                self.stalls.append(Stall((self.last - self.started) * 1000, (now - self.last) * 1000,
                                         (self._state[0], state[0]), state[1], self._places.most_common(3)))
            self._places = Counter()
            self.last = now
        self._state = state

    def _look(self) -> None:
        # The UI thread's stack is read with faulthandler, which walks the frames without making
        # Python objects of them: sys._current_frames() crashed Python 3.11 here (a frame of a
        # slot called from C++ taken apart while the UI thread ran on).
        with tempfile.TemporaryFile("w+") as dump:
            while self._running:
                time.sleep(0.005)
                # From 30 ms late on: a stall's samples then cover most of it (a beat that comes
                # in time after all forgets them).
                if time.perf_counter() - self.last <= 0.030:
                    continue
                dump.seek(0)
                dump.truncate()
                faulthandler.dump_traceback(dump, all_threads=True)
                dump.seek(0)
                place = where(stack_of(dump.read(), self._ui))
                with self._lock:
                    self._places[place] += 1


def stack_of(text: str, ident: int) -> list[tuple[str, int, str]]:
    """One thread's frames from a faulthandler dump, innermost first: (file, line, function)."""
    frames: list[tuple[str, int, str]] = []
    mine = False
    for line in text.splitlines():
        if line.startswith(("Thread 0x", "Current thread 0x")):
            mine = int(line.split("0x", 1)[1].split()[0], 16) == ident
        elif mine and line.startswith("  File "):
            match = re.match(r'  File "(.*)", line (\d+) in (.*)', line)
            if match:
                frames.append((match[1], int(match[2]), match[3]))
    return frames


def where(frames: list[tuple[str, int, str]]) -> str:
    """The innermost frame under desktop/ and the innermost frame, as short words."""
    if not frames:
        return "?"
    inner = frames[0]
    if inner[0].endswith(("bench_window.py", "window_timing.py")):
        # No Python code of the app is running: Qt's own C++ work under the event loop (layout,
        # style, paint, text), or the wait for the GIL another thread holds.
        return "Qt's own work in the event loop (C++), or waiting for the GIL"
    ours = next((frame for frame in frames if frame[0].startswith(DESKTOP)), None)
    words = []
    if ours is not None:
        words.append(f"{_short(ours[0])}:{ours[1]} {ours[2]}")
    if inner is not ours:
        words.append(f"> {_short(inner[0])} {inner[2]}")
    return " ".join(words)


def _short(filename: str) -> str:
    if filename.startswith(str(ROOT)):
        return filename[len(str(ROOT)) + 1:]
    marker = "site-packages/"
    return filename.split(marker, 1)[1] if marker in filename else filename
