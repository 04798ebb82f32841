"""The phone server is small modules, each one job, none past 400 lines, and the parts that need
no Qt import none (docs/phones.md)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import desktop.phones

FOLDER = Path(desktop.phones.__file__).parent
ROOT = FOLDER.parents[1]


def test_no_module_of_the_phone_server_is_over_400_lines():
    long = {path.name: n for path in FOLDER.glob("*.py") if (n := len(path.read_text(encoding="utf-8").splitlines())) > 400}
    assert not long


def test_the_protocol_the_feed_the_pairing_the_desk_and_the_network_need_no_qt():
    code = ("import sys\n"
            "import desktop.phones.protocol, desktop.phones.seat_feed, desktop.phones.pairing, "
            "desktop.phones.desk, desktop.phones.wire\n"
            "assert not [m for m in sys.modules if m.startswith(('PySide6', 'shiboken6'))]\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
