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


def test_the_apps_collector_collects_what_is_due_on_the_ui_thread_between_events(qtbot, monkeypatch):
    """Its timer, on the UI thread, collects the generation CPython's thresholds name, and only
    once one is due. The collector module's `gc` is a stand-in here: a real full collection in
    the middle of the test run would also collect other tests' leftovers, which proves nothing."""
    from desktop.ui import collector as module

    class Collector:
        counts = (10, 0, 0)
        enabled = True
        collected: list[tuple[int, str]] = []

        def get_count(self):
            return self.counts

        def get_threshold(self):
            return (700, 10, 10)

        def disable(self):
            self.enabled = False

        def collect(self, generation):
            self.collected.append((generation, threading.current_thread().name))
            self.counts = (0, 0, 0)

    fake = Collector()
    monkeypatch.setattr(module, "gc", fake)
    collector = UiThreadCollector()
    try:
        collector.take_over()
        assert not fake.enabled and collector.running()
        assert collector.collect_due() == -1 and fake.collected == []  # nothing due, nothing collected
        fake.counts = (701, 11, 3)
        qtbot.waitUntil(lambda: fake.collected != [], timeout=5000)
        assert fake.collected == [(1, threading.main_thread().name)]
    finally:
        collector.deleteLater()
