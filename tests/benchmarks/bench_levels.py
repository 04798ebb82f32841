"""The app seats' levels, measured: per system, several hundred games of each level against random
play and against the level below, every seat the app's (`desktop/model/versus.py`, the path of
`actiondeck versus`), on the outcome the system states (`Ruleset.versus`: its scoring, or a stated
measure), with 95% intervals.

    python tests/benchmarks/bench_levels.py                      # 300 games a pairing
    python tests/benchmarks/bench_levels.py --games 40 --json figures.json

A pairing seats one level (the focal seat) against `seats - 1` seats of the other, the focal seat
moving one seat on each game (so no level keeps the first seat). Per pairing it prints:

- the focal seat's **win rate** (a tie shares the win), with a Wilson 95% interval, against the
  rate of an even game (1 / seats);
- its **score less the others' mean** on the system's measure, with a normal 95% interval, and the
  two levels' mean scores;
- refused moves and games that did not reach their end (both must be 0), actions a game, seconds a
  game, and the slowest decision of a bot at each level (the watchdog's budget is 100 ms a stall);

then, per level, each kind of out-of-turn chance taken against those it could take.

A system plugs in by declaring its levels (`Ruleset.levels`) and its `Ruleset.versus` (the end of a
session the players end, the table's own moves, the outcome): nothing here names one. The systems
measured are those in SYSTEMS (`--systems` picks some).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from desktop.engine import registry  # noqa: E402
from desktop.engine.levels import RANDOM  # noqa: E402
from desktop.model import versus  # noqa: E402

SYSTEMS = {"twilight-imperium": 4, "worlds-that-remember": 4, "future-imperfect": 3, "price-of-power": 4, "tempo": 3}  # system -> seats a game; each system joins with its own Versus
Z = 1.96


def wilson(successes: float, n: int) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95%)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    centre = (p + Z * Z / (2 * n)) / (1 + Z * Z / n)
    half = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n)) / (1 + Z * Z / n)
    return (centre - half, centre + half)


def normal(values: list[float]) -> tuple[float, float, float]:
    """The mean and its normal 95% interval."""
    mean = statistics.fmean(values)
    half = Z * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else float("inf")
    return mean, mean - half, mean + half


class Timed:
    """A bot whose decisions are timed, per level: the wall time, and the thread's own CPU time (on
    a busy machine the wall time also holds the moments another process had the core)."""

    def __init__(self, bot, times: list[tuple[float, float]]) -> None:
        self.bot, self.times = bot, times
        if hasattr(bot, "ready"):
            self.ready = bot.ready

    def choose(self, legal, view=None):
        started, cpu = time.perf_counter(), time.thread_time()
        try:
            return self.bot.choose(legal, view)
        finally:
            self.times.append((time.perf_counter() - started, time.thread_time() - cpu))


@dataclass
class Match:
    system: str
    focal: str
    other: str
    seats: int
    wins: float = 0.0
    games: int = 0
    differences: list[float] = field(default_factory=list)
    focal_scores: list[float] = field(default_factory=list)
    other_scores: list[float] = field(default_factory=list)
    refused: int = 0
    not_ended: int = 0
    actions: list[int] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)
    measure: str = ""
    # level -> kind -> [taken, possible]
    answers: dict[str, dict[str, list[int]]] = field(default_factory=lambda: defaultdict(lambda: defaultdict(lambda: [0, 0])))

    def add(self, game: versus.VersusGame, focal_seat: str) -> None:
        self.games += 1
        self.refused += game.refused
        self.not_ended += int(not game.reached_end)
        self.actions.append(game.actions)
        for level, kinds in game.answers.items():
            for kind, (taken, possible) in kinds.items():
                self.answers[level][kind][0] += taken
                self.answers[level][kind][1] += possible
        standing = game.standing
        if standing is None:
            return
        self.measure = standing.measure
        winners = standing.winners
        self.wins += 1 / len(winners) if focal_seat in winners else 0.0
        others = [score for seat, score in standing.scores.items() if seat != focal_seat]
        self.differences.append(standing.scores[focal_seat] - statistics.fmean(others))
        self.focal_scores.append(standing.scores[focal_seat])
        self.other_scores += others


def play_match(system: str, focal: str, other: str, seats: int, games: int, first_seed: int,
               times: dict[str, list[tuple[float, float]]]) -> Match:
    match = Match(system, focal, other, seats)
    made = versus.bot_for

    def timed_bot(ruleset, level, seed):
        return Timed(made(ruleset, level, seed), times.setdefault(level, []))

    versus.bot_for = timed_bot
    try:
        for number in range(games):
            place = number % seats
            levels = [other] * seats
            levels[place] = focal
            started = time.perf_counter()
            game = versus.play(system, levels, first_seed + number)
            match.seconds.append(time.perf_counter() - started)
            match.add(game, game.seats[place].seat)
    finally:
        versus.bot_for = made
    return match


def pairings(system: str) -> list[tuple[str, str]]:
    """Each level against random play, then against the level below it."""
    ladder = [level.id for level in registry.get(system).levels if level.id != RANDOM]
    found = [(level, RANDOM) for level in ladder]
    found += [(ladder[index], ladder[index - 1]) for index in range(1, len(ladder))]
    return found


def report(match: Match) -> dict:
    low, high = wilson(match.wins, match.games)
    found = {
        "system": match.system, "focal": match.focal, "other": match.other, "seats": match.seats,
        "games": match.games, "refused": match.refused, "not_ended": match.not_ended,
        "actions_median": statistics.median(match.actions), "seconds_a_game": statistics.fmean(match.seconds),
        "measure": match.measure,
    }
    if match.differences:
        mean, below, above = normal(match.differences)
        found.update(
            win_rate=match.wins / match.games, win_low=low, win_high=high, even=1 / match.seats,
            difference=mean, difference_low=below, difference_high=above,
            focal_mean=statistics.fmean(match.focal_scores), other_mean=statistics.fmean(match.other_scores),
        )
    found["answers"] = {level: dict(kinds) for level, kinds in match.answers.items()}
    return found


def print_match(found: dict) -> None:
    line = f"{found['system']:18} {found['focal']:>9} vs {found['other']:9} {found['games']:>5}"
    if "win_rate" in found:
        line += (f"  win {found['win_rate']:.3f} [{found['win_low']:.3f}, {found['win_high']:.3f}] (even {found['even']:.2f})"
                 f"  score-others {found['difference']:+.2f} [{found['difference_low']:+.2f}, {found['difference_high']:+.2f}]"
                 f"  means {found['focal_mean']:.2f} / {found['other_mean']:.2f}")
    line += (f"  refused {found['refused']} not ended {found['not_ended']}"
             f"  actions {found['actions_median']:.0f}  {found['seconds_a_game']:.2f} s/game")
    print(line, flush=True)


def print_answers(matches: list[dict]) -> None:
    """Per system and level: each kind of out-of-turn chance taken / possible, over every game."""
    totals: dict[tuple[str, str], dict[str, list[int]]] = defaultdict(lambda: defaultdict(lambda: [0, 0]))
    for found in matches:
        for level, kinds in found["answers"].items():
            for kind, (taken, possible) in kinds.items():
                totals[(found["system"], level)][kind][0] += taken
                totals[(found["system"], level)][kind][1] += possible
    print("\nout-of-turn chances taken / possible (a chance: a seat could answer with a card, not only pass)")
    for (system, level), kinds in sorted(totals.items()):
        taken = sum(pair[0] for pair in kinds.values())
        possible = sum(pair[1] for pair in kinds.values())
        detail = ", ".join(f"{kind} {pair[0]}/{pair[1]}" for kind, pair in sorted(kinds.items()))
        print(f"{system:18} {level:9} all {taken}/{possible}: {detail}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="games a pairing")
    parser.add_argument("--systems", default=",".join(SYSTEMS))
    parser.add_argument("--seed", type=int, default=29_000)
    parser.add_argument("--json", type=Path, help="write every figure to this file")
    args = parser.parse_args()
    matches, times = [], {}
    for system in args.systems.split(","):
        for index, (focal, other) in enumerate(pairings(system)):
            match = play_match(system, focal, other, SYSTEMS[system], args.games, args.seed + 100_000 * index, times)
            found = report(match)
            print_match(found)
            matches.append(found)
    print_answers(matches)
    print("\ndecisions (ms, wall / thread CPU):")
    for level, spent in sorted(times.items()):
        wall, cpu = sorted(pair[0] for pair in spent), sorted(pair[1] for pair in spent)
        print(f"  {level:9} {len(spent):>9,}  median {statistics.median(wall) * 1000:.3f} / {statistics.median(cpu) * 1000:.3f}"
              f"  p99 {wall[int(len(wall) * 0.99)] * 1000:.3f} / {cpu[int(len(cpu) * 0.99)] * 1000:.3f}"
              f"  max {wall[-1] * 1000:.2f} / {cpu[-1] * 1000:.2f}")
    if args.json:
        args.json.write_text(json.dumps({"matches": matches}, indent=1))
    bad = sum(found["refused"] + found["not_ended"] for found in matches)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
