"""A process that ends while the odds' warm-up is still importing waits for it: a daemon thread
inside an import at shutdown aborted the installed app's smoke test."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_ending_during_the_warm_ups_exits_cleanly():
    script = (
        "from desktop.rulesets.worlds_that_remember.dice import odds\n"
        "odds.warm_up()\n"
        "print('ok')\n"  # and the interpreter ends at once, the import under way
    )
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True,
                            timeout=120, check=False)
    assert result.returncode == 0 and result.stdout.strip() == "ok", result.stderr[-2000:]
