"""Engine figures: replay of a 10,000-action game, legal_actions, and one autosave (journal line)."""

from __future__ import annotations

import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from desktop.engine import Game, GameSetup
from desktop.storage.journal import Journal

ACTIONS = 10_000


def random_game(length: int, seed: int = 1) -> Game:
    chooser = random.Random(seed)
    game = Game.new(GameSetup(ruleset="twilight-imperium", players=["Ann", "Bo", "Cy", "Di"], seed=seed))
    while len(game.actions) < length:
        legal = game.legal_actions()
        game.apply(chooser.choice(legal))
    return game


def main() -> None:
    game = random_game(ACTIONS)
    setup, actions = game.setup, list(game.actions)
    replays = []
    for _ in range(5):
        start = time.perf_counter()
        replayed = Game.replay(setup, actions)
        replays.append(time.perf_counter() - start)
    assert replayed.state == game.state
    print(f"replay of {ACTIONS} actions: median {statistics.median(replays) * 1000:.0f} ms (budget 500 ms)")

    samples = []
    probe = Game.new(setup)
    for action in actions[:2000]:
        start = time.perf_counter()
        probe.legal_actions()
        samples.append(time.perf_counter() - start)
        probe.apply(action)
    print(
        f"legal_actions: median {statistics.median(samples) * 1e3:.3f} ms, "
        f"p95 {sorted(samples)[int(len(samples) * 0.95)] * 1e3:.3f} ms (budget 1 ms typical)"
    )

    with tempfile.TemporaryDirectory() as folder:
        journal = Journal.start(Game.new(setup), folder=Path(folder))
        writes = []
        for action in actions[:1000]:
            start = time.perf_counter()
            journal.record(action)
            writes.append(time.perf_counter() - start)
        journal.close()
    print(
        f"autosave of one action (journal line + fsync): median {statistics.median(writes) * 1e3:.3f} ms, "
        f"max {max(writes) * 1e3:.2f} ms (budget 5 ms)"
    )

    applies = []
    session_game = Game.new(setup)
    for action in actions[:2000]:
        start = time.perf_counter()
        session_game.apply(action)  # with the undo snapshot, as the GUI applies actions
        applies.append(time.perf_counter() - start)
    print(f"apply with undo snapshot: median {statistics.median(applies) * 1e3:.3f} ms")


if __name__ == "__main__":
    main()
