"""A process that ends while the charts' and the odds' warm-ups are still importing waits for
them: a daemon thread inside an import at shutdown aborted the installed app's smoke test."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_ending_during_the_warm_ups_exits_cleanly():
    script = (
        "from desktop.ui import charts\n"
        "from desktop.rulesets.worlds_that_remember.dice import odds\n"
        "charts.warm_up(); odds.warm_up()\n"
        "print('ok')\n"  # and the interpreter ends at once, the imports under way
    )
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True,
                            timeout=120, check=False)
    assert result.returncode == 0 and result.stdout.strip() == "ok", result.stderr[-2000:]
