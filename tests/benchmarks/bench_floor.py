"""The floor under an action's update: what the window costs when the game changes nothing it
shows, against a real action and a bare window's repaint, each system at its most seats.

Three updates, interleaved with each other and with the bare reference, 40 of each:
- **nothing named**: `changed` with an empty change-set (every listener runs, reads nothing);
- **everything read again**: `changed_everything`, as when a seat is handed to the app (the
  views, the legal list, the offers, every zone refilled and laid out, the seats and the
  panels), though nothing in the game changed;
- **an action**: a random legal action whose screen stays (the benchmark's usual kind), which
  reads and repaints only what its change-set names.

The first line is the fixed cost of any update (every listener of `changed`, one frame); what
an action costs above it is what it changes on screen: the pictures made again, the words
fitted again, Qt's layout and paint of what moved.

    python tests/benchmarks/bench_floor.py [--systems tempo future-imperfect]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parents[1]), str(HERE)]

from bench_window import SYSTEMS  # noqa: E402
from window_timing import (  # noqa: E402
    Bare,
    advance,
    close,
    going_on,
    idle,
    lift,
    median,
    new_game,
    p95,
    settle,
    timed,
    window_for,
)

MOST_SEATS = {system: max(counts) for system, counts in SYSTEMS.items()}
AT, SAMPLES = 50, 40


def measure(system: str, seats: int, bare: Bare) -> dict[str, list[float]]:
    from desktop.engine.changes import ChangeSet
    from desktop.model.opening import session_for

    chooser = random.Random(seats)
    game = new_game(system, seats)
    advance(game, chooser, AT)
    session = session_for(game, "bench")
    window = window_for(session)
    lift(window)
    idle()
    found: dict[str, list[float]] = {"nothing named": [], "everything read again": [], "an action": [], "bare": []}
    while len(found["an action"]) < SAMPLES:
        found["nothing named"].append(timed(lambda: session.changed.emit(ChangeSet())))
        found["everything read again"].append(timed(session.changed_everything))
        action = chooser.choice(going_on(game))
        settle()
        took = timed(lambda action=action: session.submit(action))
        if not (window.curtain.isVisible() or window.handover.isVisible()):
            found["an action"].append(took)
        lift(window)
        found["bare"].append(bare.sample())
    close(window)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--systems", nargs="*", default=list(MOST_SEATS))
    systems = parser.parse_args().systems
    from desktop.app import _application

    _application()
    with tempfile.TemporaryDirectory(prefix="bench-floor-") as data:
        os.environ["ACTIONDECK_DATA_DIR"] = data  # the autosaves go here
        bare = Bare()
        print("| system | seats | nothing named | everything read again | an action, the screen staying | bare repaint |")
        print("|---|---|---|---|---|---|")
        for system in systems:
            found = measure(system, MOST_SEATS[system], bare)
            cells = [f"{median(found[kind]):.2f} / {p95(found[kind]):.2f}" for kind in
                     ("nothing named", "everything read again", "an action")]
            print(f"| {system} | {MOST_SEATS[system]} | {' | '.join(cells)} | {median(found['bare']):.2f} |", flush=True)
        bare.close()
    print(f"\n(each cell: median / p95 ms, {SAMPLES} samples, at action {AT})")


if __name__ == "__main__":
    main()
