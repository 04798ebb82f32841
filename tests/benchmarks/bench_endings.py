"""Do games reach their end? 200 games per system and mode, played headless to the end the system
states (`Ruleset.finished`): the app on every seat ("app"), and a stand-in person on one seat with
the app on the others ("person"). The app's seats move through the session's own `next_move`
(tests/engine/game_ends.py says how the stand-in person plays).

    python tests/benchmarks/bench_endings.py                    # 200 games per system and mode
    python tests/benchmarks/bench_endings.py --games 20 --systems tempo,price-of-power

Prints per system and mode: games ended, stalls (nobody may move although the game is not over,
or a move of the app refused), games still going at the cap, actions to the end (median, max),
the median time per game; then the first stalls, with what the table waited for.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.engine.game_ends import CAP, MODES, SYSTEMS, play  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--systems", default=",".join(SYSTEMS))
    parser.add_argument("--cap", type=int, default=CAP, help="actions after which a game counts as not ended")
    args = parser.parse_args()
    header = f"{'system':22} {'mode':7} {'ended':>9} {'stalls':>6} {'capped':>6} {'actions median':>14} {'max':>6} {'ms/game':>8}"
    print(header)
    print("-" * len(header))
    shown: list = []
    bad = 0
    for system in args.systems.split(","):
        for mode in MODES:
            endings = [play(system, mode, seed, args.cap) for seed in range(args.games)]
            ended = [ending for ending in endings if ending.ended is not None]
            stalls = [ending for ending in endings if ending.stalled is not None]
            capped = [ending for ending in endings if ending.capped]
            lengths = [ending.actions for ending in ended] or [0]
            seconds = statistics.median(ending.seconds for ending in endings)
            print(f"{system:22} {mode:7} {len(ended):>4}/{len(endings):<4} {len(stalls):>6} {len(capped):>6} "
                  f"{statistics.median(lengths):>14.0f} {max(lengths):>6} {seconds * 1000:>8.1f}", flush=True)
            shown += stalls[:3]
            bad += len(stalls) + len(capped)
    for ending in shown:
        print(f"stall: {ending.system} {ending.mode} seed {ending.seed}, {ending.seats} seats, after "
              f"{ending.actions} actions: {ending.stalled}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
