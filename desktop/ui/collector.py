"""The garbage collector runs on the UI thread, and only there.

Python runs a collection in whichever thread happens to allocate past the collector's threshold.
When that is a worker (the thread that replays a long game while the window waits, the one that
warms up a system's odds, the one that writes a save) and the garbage holds a Qt object (a
closed game's session, its timers, a dialog), Qt's destructors run on that worker: a segmentation
fault, seen in one run of nine of the long-game reopening test. So the automatic collector stays
off, and a timer on the UI thread does its work: between two events, never inside a move, it
collects the oldest generation whose count is over the collector's own thresholds, as CPython
would have. The same pattern is pyqtgraph's GarbageCollector, for the same reason.
"""

from __future__ import annotations

import gc

from PySide6.QtCore import QObject, QTimer

CHECK_MS = 100  # often enough that garbage never piles up for long; a check costs a microsecond


class UiThreadCollector(QObject):
    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self._timer = QTimer(self)
        self._timer.setInterval(CHECK_MS)
        self._timer.timeout.connect(self.collect_due)

    def take_over(self) -> None:
        """The automatic collector off for good; this one's timer does its work from now on."""
        gc.disable()
        if not self._timer.isActive():
            self._timer.start()

    def stop(self) -> None:
        """Hands collecting back to Python (the tests' own collector between two tests)."""
        self._timer.stop()

    def running(self) -> bool:
        return self._timer.isActive()

    def collect_due(self) -> int:
        """Collects the oldest generation past its threshold (none when none is); returns which,
        or -1."""
        due = due_generation(gc.get_count(), gc.get_threshold())
        if due >= 0:
            gc.collect(due)
        return due


def due_generation(counts: tuple[int, int, int], thresholds: tuple[int, int, int]) -> int:
    """The generation CPython would collect at these counts: the oldest whose count is over its
    threshold, once the youngest is (its count is what triggers any collection at all)."""
    if thresholds[0] == 0 or counts[0] <= thresholds[0]:
        return -1
    if counts[2] > thresholds[2] and counts[1] > thresholds[1]:
        return 2
    if counts[1] > thresholds[1]:
        return 1
    return 0


def collect_on_the_ui_thread(app: QObject) -> UiThreadCollector:
    """The app's one collector (made on first use, a child of the application object), in charge
    from now on."""
    collector = app.findChild(UiThreadCollector)
    if collector is None:
        collector = UiThreadCollector(app)
    collector.take_over()
    return collector
