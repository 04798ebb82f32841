"""The exact odds of a 12-die pool: cold (a fresh process) and warm (the cache answering).

Cold runs start a fresh interpreter each time, so nothing is cached and icepool is not loaded; each
reports the time of `pool_odds` with the import of icepool included (the first odds a player asks
for in a session) and excluded (icepool imported first, as once the panel has been shown). Warm is
the same pool asked again in one process, and a new pool of cached axes (another order and
sources of the same sizes). Budget (cold, the computation): under 20 ms.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

RUNS = 9
SIZES = (4, 6, 6, 8, 8, 8, 10, 10, 12, 12, 12, 12)  # 12 dice, every axis, several per axis

COLD = f"""
import time, sys
from desktop.rulesets.worlds_that_remember.dice import Die, Pool
pool = Pool([Die(size) for size in {SIZES!r}])
preload = sys.argv[1] == "excluded"
if preload:
    import icepool
assert ("icepool" in sys.modules) == preload
from desktop.rulesets.worlds_that_remember.dice import pool_odds
start = time.perf_counter()
odds = pool_odds(pool)
print((time.perf_counter() - start) * 1000)
"""


def cold(mode: str) -> list[float]:
    times = []
    for _ in range(RUNS):
        done = subprocess.run([sys.executable, "-c", COLD, mode], cwd=ROOT, capture_output=True,
                              text=True, check=True)
        times.append(float(done.stdout))
    return times


def main() -> None:
    from desktop.rulesets.worlds_that_remember.dice import Die, Pool, pool_odds
    from desktop.rulesets.worlds_that_remember.dice.odds import clear_cache

    subprocess.run([sys.executable, "-c", "import icepool, desktop.rulesets.worlds_that_remember.dice"], cwd=ROOT, check=True)
    included, excluded = cold("included"), cold("excluded")
    print(f"pool of {len(SIZES)} dice, cold, icepool import included: "
          f"median {statistics.median(included):.1f} ms (min {min(included):.1f})")
    print(f"pool of {len(SIZES)} dice, cold, icepool import excluded: "
          f"median {statistics.median(excluded):.1f} ms (min {min(excluded):.1f}) (budget 20 ms)")

    pool = Pool([Die(size) for size in SIZES])
    clear_cache()
    pool_odds(pool)
    warm = []
    for _ in range(1000):
        start = time.perf_counter()
        pool_odds(pool)
        warm.append(time.perf_counter() - start)
    print(f"same pool again (warm): median {statistics.median(warm) * 1e6:.1f} \u00b5s")

    reordered = Pool([Die(size, f"source {index}") for index, size in enumerate(reversed(SIZES))])
    start = time.perf_counter()
    pool_odds(reordered)
    print(f"same sizes, other order and sources: {(time.perf_counter() - start) * 1e6:.1f} \u00b5s")

    clear_cache()
    pool_odds(Pool([Die(8)]))  # icepool loaded and warmed up, nothing of this pool cached
    start = time.perf_counter()
    pool_odds(pool)
    print(f"new pool in a warm process (no cached axis): {(time.perf_counter() - start) * 1000:.2f} ms")


if __name__ == "__main__":
    main()
