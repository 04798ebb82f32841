"""The app as the installer and a player start it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def start(*args: str, data: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", ACTIONDECK_DATA_DIR=str(data))
    return subprocess.run(
        [sys.executable, "-m", "desktop.cli", *args],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, check=False,
    )


def test_the_smoke_test_builds_the_demo_table_and_exits_0(tmp_path):
    done = start("--smoke-test", data=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "smoke test passed" in done.stdout
    assert not list(tmp_path.rglob("*.jsonl"))  # the installer's check leaves no autosave behind


def test_the_smoke_test_of_a_file_tests_that_file_and_leaves_it_as_it_was(tmp_path):
    """`--open FILE --smoke-test` builds the table of FILE (its game's name in the title), not
    the demo; the file is read, never written, and no autosave is left behind."""
    from desktop.engine import Game, GameSetup
    from desktop.storage import save_bytes

    game = Game.new(GameSetup(ruleset="tempo", players=["Ann", "Bo"], seed=5))
    save = tmp_path / "friday.json"
    save.write_bytes(save_bytes(game, name="Friday fight"))
    before = save.read_bytes()
    data = tmp_path / "data"

    done = start("--open", str(save), "--smoke-test", data=data)

    assert done.returncode == 0, done.stderr
    assert "smoke test passed" in done.stdout
    assert "Friday fight" in done.stdout and "Tempo" in done.stdout
    assert save.read_bytes() == before
    assert not list(data.rglob("*.jsonl"))


def test_the_smoke_test_of_a_missing_file_fails_with_one_sentence(tmp_path):
    done = start("--open", str(tmp_path / "missing.json"), "--smoke-test", data=tmp_path)

    assert done.returncode == 2
    assert "smoke test passed" not in done.stdout
    assert done.stderr.strip().splitlines()[-1].startswith("actiondeck: There is no file")  # Qt may warn first
    assert "Traceback" not in done.stderr


def refusals(monkeypatch) -> list[str]:
    """Records the message boxes the app would show instead of waiting for a click."""
    from PySide6.QtWidgets import QMessageBox

    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "critical", lambda parent, title, text: shown.append(text))
    return shown


def test_opening_a_damaged_save_is_refused_in_one_sentence(qapp, tmp_path, monkeypatch):
    from desktop.app import run_gui

    shown = refusals(monkeypatch)
    damaged = tmp_path / "cut.json"
    damaged.write_text('{"format": "actiondeck-save", "version": 1, "app_ver')

    assert run_gui(open_path=damaged) == 2
    assert shown == ["The file ends too early: it was cut off while being written or copied."]
    assert damaged.read_text().endswith('"app_ver')  # left as it was


def test_a_demo_of_an_unknown_system_is_refused(qapp, monkeypatch):
    from desktop.app import run_gui

    shown = refusals(monkeypatch)
    assert run_gui(demo="chess") == 2
    assert shown and shown[0].startswith("There is no rule system called 'chess'")


def test_the_windows_carry_the_app_icon_and_the_desktop_entry_id(qapp):
    from desktop.app import _application
    from desktop.shipped import APP_ID

    app = _application()
    assert not app.windowIcon().pixmap(64, 64).isNull()
    # Wayland and docks match the window to installer/linux/<id>.desktop by this name.
    assert app.desktopFileName() == APP_ID


def test_the_modules_the_app_imports_are_not_read_again_as_source(tmp_path):
    """PySide reads the whole source file of every module imported after it (looking for its
    `__feature__` switches, which the app never uses): the app tells it not to, so the modules
    between the first frame and the table are not each read from disk again at every start."""
    code = (
        "import linecache\n"
        "import desktop.app\n"
        "read = []\n"
        "original = linecache.updatecache\n"
        "linecache.updatecache = lambda name, *rest: read.append(name) or original(name, *rest)\n"
        "import desktop.engine, desktop.model.session, desktop.ui.main_window, desktop.ui.table.view\n"
        "print(len(read), read[:3])\n"
    )
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", ACTIONDECK_DATA_DIR=str(tmp_path))
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split(" ", 1)[0] == "0", done.stdout


def test_the_app_ends_once_its_window_closes_without_waiting_for_warm_ups_but_after_a_save(tmp_path):
    """The process ends with the window (Python's and Qt's teardown of every module and widget are
    skipped): a warm-up still importing modules ahead of time does not keep it running, a save
    still being written is finished first."""
    saved = tmp_path / "saved.txt"
    code = (
        "import sys, threading, time\n"
        "from desktop import cli\n"
        "from desktop.rulesets.worlds_that_remember.dice import odds\n"
        "stuck = threading.Event()\n"
        "odds._warm = stuck.wait  # an import that never ends\n"
        "odds.warm_up()\n"
        "def save():\n"
        "    time.sleep(0.3)  # a slow disk\n"
        f"    open({str(saved)!r}, 'w').write('the game')\n"
        "threading.Thread(target=save, name='actiondeck-save', daemon=False).start()\n"
        "sys.exit(cli.main(['--smoke-test']))\n"
    )
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", ACTIONDECK_DATA_DIR=str(tmp_path))
    try:
        done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                              timeout=60, check=False)
    except subprocess.TimeoutExpired:
        raise AssertionError("the app kept running after its window closed") from None
    assert done.returncode == 0, done.stderr
    assert "smoke test passed" in done.stdout
    assert saved.read_text() == "the game"


def test_settling_the_heap_leaves_full_collections_only_what_came_after():
    """What start-up made is out of the collector's sight: a full collection then walks only
    what play made since (the pause at a move that triggers one was 10-20 ms)."""
    import gc

    from desktop.app import settle_heap

    try:
        settle_heap()
        assert gc.get_freeze_count() > 1000
        assert len(gc.get_objects()) < gc.get_freeze_count() / 10
    finally:
        gc.unfreeze()


def test_after_settling_the_style_options_python_types_are_made(tmp_path):
    """The style options' Python types are made while the table is idle, not at the first
    hand-over (the focus ring's first move there made 78 enumerations, about 10 ms)."""
    probe = """
import enum
from desktop.app import _application, settle_heap
from PySide6 import QtWidgets
app = _application()
settle_heap()
made = []
make = enum.EnumType.__new__
enum.EnumType.__new__ = lambda *args, **kwargs: made.append(args[1]) or make(*args, **kwargs)
for name in dir(QtWidgets):
    if name.startswith("QStyleOption"):
        getattr(QtWidgets, name)
print("made:", made)
"""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", ACTIONDECK_DATA_DIR=str(tmp_path))
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120, check=False)
    assert "made: []" in done.stdout, done.stdout + done.stderr


def test_settling_again_after_another_game_lets_the_last_games_objects_go(qtbot):
    """Objects frozen at the first settling that a new game leaves unreachable in cycles (the
    last game's session) are collected when the heap is settled again."""
    import gc
    import weakref

    from desktop.app import settle_heap

    class Session:
        pass

    try:
        last = Session()
        last.itself = last  # a cycle: only the collector frees it
        gone = weakref.ref(last)
        settle_heap()  # frozen with everything else
        del last
        gc.collect()
        assert gone() is not None  # out of the collector's sight while frozen
        settle_heap()  # another game is open
        assert gone() is None
    finally:
        gc.unfreeze()


def test_the_collector_waits_out_the_start_and_works_on_the_ui_thread_once_the_table_has_been_up(tmp_path):
    """Start-up runs without the garbage collector (it walked the objects start-up was making
    again and again); a table left on for the rest of the game without it would never free a
    cycle, so it must be on again a moment after the table is up."""
    probe = """
import gc
from PySide6.QtCore import QEventLoop, QTimer
from PySide6.QtWidgets import QApplication

def play(self):
    print("at the table:", gc.isenabled(), flush=True)
    loop = QEventLoop()
    QTimer.singleShot(2500, loop.quit)
    loop.exec()
    from desktop.ui.collector import UiThreadCollector

    collector = QApplication.instance().findChild(UiThreadCollector)
    print("a moment later:", gc.isenabled(), collector is not None and collector.running(), flush=True)
    return 0

QApplication.exec = play
from desktop.cli import main
main(["--demo", "twilight-imperium"])
"""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", ACTIONDECK_DATA_DIR=str(tmp_path))
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120, check=False)
    assert "at the table: False" in done.stdout, done.stdout + done.stderr
    # On again, on the UI thread alone: the automatic collector stays off (it would run on a worker
    # thread too), the app's own collects between events.
    assert "a moment later: False True" in done.stdout, done.stdout + done.stderr
