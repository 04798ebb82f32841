"""A script run in a fresh interpreter (offscreen Qt, an application made) that notes which
thread first imports icepool, pyqtgraph or numpy (`importers`): where the dice panel's odds are
loaded, and that no chart library ever is."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[4]
SPIED = (
    "import sys, threading, time\n"
    "importers = {}\n"
    "class Spy:\n"
    "    def find_spec(self, name, path=None, target=None):\n"
    "        if name in ('pyqtgraph', 'numpy', 'icepool'):\n"
    "            importers.setdefault(name, threading.current_thread().name)\n"
    "sys.meta_path.insert(0, Spy())\n"
    "from PySide6.QtWidgets import QApplication\n"
    "app = QApplication([])\n"
)


def run_spied(script: str) -> subprocess.CompletedProcess:
    """`script` after the spy and the application, from the project's folder."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.run([sys.executable, "-c", SPIED + script], cwd=ROOT, env=env, capture_output=True,
                          text=True, check=False, timeout=120)
