"""Start to first painted window: Action Deck's smoke test against a bare PySide6 window.

Both are started as fresh processes that build a window, render one frame and exit; the figure is
the wall time of the whole process, median of several runs, measured in the same run.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RUNS = 7

BARE = """
import sys, time
started = time.perf_counter()
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow
app = QApplication([])
window = QMainWindow()
window.setCentralWidget(QLabel("bare"))
window.show()
app.processEvents()
print("first-paint", (time.perf_counter() - started) * 1000, file=sys.stderr, flush=True)
"""


def milestones(command: list[str], env: dict) -> dict[str, float]:
    """Wall time from launching the process to each milestone line it prints on stderr."""
    start = time.perf_counter()
    process = subprocess.Popen(command, env=env, cwd=ROOT, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, text=True)
    seen = {}
    for line in process.stderr:
        word = line.split(" ", 1)[0]
        if word in ("first-paint", "table-ready"):
            seen[word] = time.perf_counter() - start
    process.wait()
    seen["exit"] = time.perf_counter() - start
    return seen


def main() -> None:
    with tempfile.TemporaryDirectory() as data:
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen", ACTIONDECK_DATA_DIR=data,
                   PYTHONPATH=str(ROOT), ACTIONDECK_STARTUP_PROBE="1")
        # An installed app starts from compiled bytecode (pip and the bundles compile it): a
        # machine that forbids writing .pyc files would otherwise time the compiler.
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        milestones([sys.executable, "-m", "desktop.cli", "--demo", "twilight-imperium"], env)  # warm
        bare, app = [], []
        for _ in range(RUNS):
            bare.append(milestones([sys.executable, "-c", BARE], env))
            app.append(milestones([sys.executable, "-m", "desktop.cli", "--demo", "twilight-imperium"], env))
        check = subprocess.run(
            [sys.executable, "-c", "import sys, desktop.app, desktop.ui.main_window; print('icepool' in sys.modules)"],
            env=env, cwd=ROOT, capture_output=True, check=False, text=True,
        )
    bare_paint = statistics.median(run["first-paint"] for run in bare)
    app_paint = statistics.median(run["first-paint"] for run in app)
    app_ready = statistics.median(run["table-ready"] for run in app)
    print(f"bare PySide6 window, first paint: median {bare_paint * 1000:.0f} ms")
    print(f"actiondeck --demo, first paint:   median {app_paint * 1000:.0f} ms "
          f"(ratio {app_paint / bare_paint:.2f}x, budget 1.5x)")
    print(f"actiondeck --demo, table filled:  median {app_ready * 1000:.0f} ms "
          f"(ratio {app_ready / bare_paint:.2f}x, budget 1.5x)")
    print(f"icepool imported at start: {check.stdout.strip()}")


if __name__ == "__main__":
    main()
