import os

# Qt must never need a display in tests; set before anything imports Qt.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

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
def collector_as_in_the_app():
    """Whenever Qt is up, the tests collect garbage as the app does (desktop/ui/collector.py):
    Python's automatic collector off, the app's collector on the UI thread, and what is due
    collected on the main thread before and after each test. With Python's own on, any worker's
    allocations could start a collection on the worker and destroy Qt objects there."""
    _as_in_the_app()
    yield
    _as_in_the_app()


def _as_in_the_app() -> None:
    if "PySide6.QtWidgets" not in sys.modules:  # never imports Qt for a test that has none
        return
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    if app is None:
        return
    from desktop.ui.collector import collect_on_the_ui_thread

    collect_on_the_ui_thread(app).collect_due()


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
