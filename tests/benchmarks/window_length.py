"""Whether an action costs more late in a long game, the moment of the game left aside.

`bench_window.py`'s table compares action 50 with action 3,000 of one game: two moments of it,
whose tables differ (in Price of Power's random game a battle is under way at every late point,
and most moves then pass the screen). Here one moment is measured twice: the game at action
3,000 in a window, and beside it the same state with only the last `KEPT` actions behind it (as
many as the engine keeps to undo, so that both can undo alike), in a window of its own. Each
action is submitted to both, in turns that alternate which goes first, and the two states are
checked equal after it; what differs between the two is only the length of the game behind them:
the log, the journal, the list of actions, the undo stack. The figure is the median of the
per-action ratios (long over short): 1.0 is a cost that does not grow with the game's length.
"""

from __future__ import annotations

import statistics

from window_timing import close, going_on, lift, settle, timed_both, window_for

from desktop.engine.game import Game

KEPT = Game.UNDO_LIMIT


def short_twin(game: Game, kept: int = KEPT) -> Game:
    """`game`'s state with only its last `kept` actions (and their log) behind it, and the same
    undo window. Its actions do not rebuild its state from its setup: it is for measuring only."""
    twin = Game(game.setup, game.ruleset, game.state.restored(game.state.snapshot()))
    twin.actions = list(game.actions[-kept:])
    twin.log = list(game.log[-kept:])
    twin._before = list(game._before)
    twin.undo_floor = len(twin.actions) - len(twin._before)
    return twin


def measure_length(games: dict, actions: int, most_seats: dict) -> list[dict]:
    """For each system at its most seats (`most_seats`: system -> seats), `actions` actions from
    the moment its game in `games` stands at, timed in the long game and in its short twin."""
    from desktop.model.opening import session_for

    results = []
    for system, seats in most_seats.items():
        game, chooser = games[(system, seats)]
        twin = short_twin(game)
        behind = (len(game.actions), len(twin.actions))
        sessions = {"long": session_for(game, "bench"), "short": session_for(twin, "bench")}  # each its journal
        windows = {name: (session, window_for(session)) for name, session in sessions.items()}
        for session, window in windows.values():
            # A game's summary is worked out by replaying it from its setup, which the short twin
            # cannot do: neither window works one out at a scene's end (both alike).
            session.changed.disconnect(window.summary._changed)
            lift(window)
        got: dict[str, list[float]] = {"long": [], "short": [], "long CPU": [], "short CPU": [], "ratio": [], "CPU ratio": []}
        diverged = 0
        for step in range(actions):
            action = chooser.choice(going_on(game))
            order = ("long", "short") if step % 2 == 0 else ("short", "long")
            took = {}
            for name in order:
                session, window = windows[name]
                settle()
                took[name] = timed_both(lambda session=session, action=action: session.submit(action))
                lift(window)
            if game.state != twin.state:
                diverged += 1
                break
            for name in ("long", "short"):
                got[name].append(took[name][0])
                got[f"{name} CPU"].append(took[name][1])
            got["ratio"].append(took["long"][0] / took["short"][0])
            got["CPU ratio"].append(took["long"][1] / took["short"][1])
        for _, window in windows.values():
            close(window)
        results.append({"system": system, "seats": seats, "behind": behind,
                        "samples": got, "diverged": diverged})
    return results


def print_length(rows: list[dict]) -> None:
    print(f"\n## The length of the game alone: one moment, with its whole game behind it and with its last {KEPT} actions\n")
    print("| system | seats | actions behind | action, long game | action, short | long / short | UI-thread CPU, long / short |")
    print("|---|---|---|---|---|---|---|")
    for row in rows:
        got = row["samples"]
        if not got["ratio"]:
            print(f"| {row['system']} | {row['seats']} | n/a (the two games went apart) | | | | |")
            continue
        print(f"| {row['system']} | {row['seats']} | {row['behind'][0]:,} and {row['behind'][1]:,} | "
              f"{statistics.median(got['long']):.1f} | {statistics.median(got['short']):.1f} | "
              f"{statistics.median(got['ratio']):.2f} | {statistics.median(got['CPU ratio']):.2f} |")
    print("\n(medians of the actions, in ms; each ratio is the median of the per-action ratios)")
