"""The garbage collector never runs on a worker thread (desktop/ui/collector.py, ui/busy.py): a
collection started by a worker's allocations destroyed a closed game's Qt objects there, a
segmentation fault in one run of nine of the long-game reopening test."""

from __future__ import annotations

import gc
import threading

import pytest

from desktop.ui.busy import off_the_ui_thread
from desktop.ui.collector import UiThreadCollector, due_generation


class Cycle:
    """Garbage only the collector frees (it refers to itself); says on which thread it went."""

    def __init__(self, seen: list):
        self.me = self
        self.seen = seen

    def __del__(self):
        self.seen.append(threading.current_thread().name)


@pytest.fixture
def collector_state():
    enabled, threshold = gc.isenabled(), gc.get_threshold()
    yield
    gc.set_threshold(*threshold)
    (gc.enable if enabled else gc.disable)()


def test_the_generation_due_is_the_one_cpython_would_collect():
    thresholds = (700, 10, 10)
    assert due_generation((10, 0, 0), thresholds) == -1
    assert due_generation((701, 3, 3), thresholds) == 0
    assert due_generation((701, 11, 3), thresholds) == 1
    assert due_generation((701, 11, 11), thresholds) == 2
    assert due_generation((5000, 11, 11), (0, 10, 10)) == -1  # a collector switched off stays off


def test_a_worker_that_allocates_never_collects_garbage_left_by_the_ui_thread(qapp, collector_state):
    seen: list[str] = []
    gc.collect()
    gc.enable()
    gc.set_threshold(50, 1, 1)  # the worker's allocations would start collections at once
    Cycle(seen)

    def allocate():
        return len([[index] for index in range(20_000)])

    assert off_the_ui_thread(allocate, "Reading") == 20_000
    assert seen == []  # no collection at all while the worker ran: none could start on its thread
    assert gc.isenabled()  # the collector is on again as it was
    gc.collect()
    assert seen == [threading.main_thread().name]


def test_the_apps_collector_frees_cycles_on_the_ui_thread_between_events(qtbot, collector_state):
    collector = UiThreadCollector()
    collector.take_over()
    try:
        assert not gc.isenabled()
        seen: list[str] = []
        gc.set_threshold(100, 10, 10)
        for _ in range(3):
            Cycle(seen)
        # Allocations past the threshold, kept alive while waiting: the count is allocations less
        # deallocations, so freeing them at once would take the count back under it.
        junk = [[index] for index in range(500)]
        qtbot.waitUntil(lambda: len(seen) == 3, timeout=5000)
        assert len(junk) == 500
        assert set(seen) == {threading.main_thread().name}
    finally:
        collector.deleteLater()
