import os

# Qt must never need a display in tests; set before anything imports Qt.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import gc
import sys

import pytest


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path, monkeypatch):
    """Every test gets its own user data folder: nothing touches the real one."""
    folder = tmp_path / "userdata"
    monkeypatch.setenv("ACTIONDECK_DATA_DIR", str(folder))
    return folder


@pytest.fixture(scope="session", autouse=True)
def dice_odds_warmed_before_any_test():
    """The dice odds' warm-up (a thread that imports icepool and works out the common odds: tens
    of thousands of allocations) done once, before any test has a Qt object. The suite keeps
    Python's automatic collector on (the app has it off: desktop/ui/collector.py), and the
    warm-up's allocations started collections on its own thread, which could destroy a test's Qt
    objects there; a timer left registered by one crashed a later test (a segmentation fault in
    Qt's timers, two runs in three of the curtain tests run together)."""
    from desktop.rulesets.worlds_that_remember.dice import odds

    odds.warm_up()
    assert odds.wait_warm(timeout=120), "the dice odds' warm-up did not end"


@pytest.fixture(autouse=True)
def automatic_collector_between_tests():
    """A test that settles the heap as the app does hands the collector to the app's UI-thread
    collector (desktop/ui/collector.py) for good; the suite keeps Python's own between tests, as
    every other test was written against, so one test's settling does not change the next's."""
    yield
    if "desktop.ui.collector" in sys.modules:  # never imports Qt for a test that has none
        from PySide6.QtWidgets import QApplication

        from desktop.ui.collector import UiThreadCollector

        app = QApplication.instance()
        for collector in app.findChildren(UiThreadCollector) if app is not None else ():
            collector.stop()
        gc.enable()


@pytest.fixture(scope="module")
def toy_ruleset():
    """The toy duel (tests/rulesets/toy), registered while the module of tests asking for it runs."""
    from desktop.engine import registry
    from tests.rulesets.toy import TOY

    registry.register(TOY)
    yield TOY
    registry.unregister(TOY.id)


@pytest.fixture
def cli(capsys):
    """Runs `actiondeck ARGS` in this process (no Qt); returns (exit status, stdout, stderr)."""
    from desktop.cli import main

    def run(*args) -> tuple[int, str, str]:
        status = main([str(arg) for arg in args])
        out, err = capsys.readouterr()
        return status, out, err

    return run
