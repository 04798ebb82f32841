"""Long work (reading and replaying a long game) on a worker thread while the window stays
responsive: the UI thread only waits in an event loop, and a progress note comes up when the
work takes longer than a blink. The work must not touch widgets; its result or its exception
comes back to the caller as if it had been called directly."""

from __future__ import annotations

import gc
import threading

BLINK_MS = 300  # shorter work shows no note at all


def off_the_ui_thread(work, label: str, parent=None):
    """Runs `work()` on a worker thread; returns its result (or raises its exception)."""
    outcome: dict = {}
    finished = threading.Event()

    def run() -> None:
        try:
            outcome["value"] = work()
        except BaseException as problem:  # noqa: BLE001 - handed back to the caller as it was
            outcome["error"] = problem
        finally:
            finished.set()

    # No collection while the worker allocates: one started there would destroy any Qt object
    # in the garbage on the worker's thread (a segmentation fault; see ui/collector.py).
    collecting = gc.isenabled()
    gc.disable()
    try:
        _wait_for(run, label, parent, finished)
    finally:
        if collecting:
            gc.enable()
    if "error" in outcome:
        raise outcome["error"]
    return outcome.get("value")


def _wait_for(run, label: str, parent, finished: threading.Event) -> None:
    """Runs `run` on a worker thread; the UI thread waits in an event loop, a busy note shown
    when it takes longer than a blink."""
    from PySide6.QtCore import QEventLoop, Qt, QTimer
    from PySide6.QtWidgets import QProgressDialog

    worker = threading.Thread(target=run, name="actiondeck-open", daemon=False)
    worker.start()
    loop = QEventLoop()
    poll = QTimer()
    poll.setInterval(15)
    poll.timeout.connect(lambda: finished.is_set() and loop.quit())
    note = QProgressDialog(label, "", 0, 0, parent)  # no steps known: a busy bar
    note.setCancelButton(None)
    note.setWindowModality(Qt.WindowModality.ApplicationModal)
    note.setMinimumDuration(BLINK_MS)
    note.setAccessibleName(label)
    poll.start()
    if not finished.is_set():
        loop.exec()
    poll.stop()
    note.reset()
    note.deleteLater()
    worker.join()
