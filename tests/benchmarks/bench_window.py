"""What a player waits for, through the real window (offscreen, 1600 x 1000, autosave on).

    python tests/benchmarks/bench_window.py [--quick] [--only SECTION ...] [--systems ID ...] [--json PATH]
                                            [--watched N] [--watch-pause MS]

Sections (all by default):

- table:    per system, at 3 and 8 seats (6 for Worlds That Remember), at actions 50, 1,500 (the
            issue's late point) and 3,000 of one game (random legal actions from a seeded
            generator, played on the engine before the window is built): an action (`session.submit` to the painted frame), a
            hand-over (the curtain coming up for another seat, then its button clicked, each until
            painted), a drag step (a mouse move over the table while a card is dragged; the first
            move, which starts the drag and lights the legal zones, apart); an action and a
            hand-over also as the UI thread's own CPU time (on a machine shared with other work,
            the wall time waits for the processor too). Each figure in ms
            (median, p95) and as a ratio to a bare QMainWindow of the same size repainting in the
            same loop, sampled between the real samples after the app's own work was drained.
            Then the ratio of the later points' figures to the action-50 figures; an action is also
            counted apart by whether the screen passed with it, and the notes say which of the
            system's panels were up after the actions (two points of one game are two moments of
            it: in Price of Power's random game a battle is under way at every late point).
- profile:  cProfile of the slowest action and the slowest hand-over at action 3,000: the
            functions of desktop/ by cumulative time, per action.
- length:   each system at its most seats, its game at the table's last point: the same actions
            from the same moment, with the whole game behind it and with only its last 200 actions
            (window_length.py): whether an action costs more because the game is long.
- watchdog: each system's demo in a fresh process (so the first roll and the first chart, with
            the odds' warm-up, are in it), every seat played by the app at the standard level with
            no pause (`--watch-pause`: the app's own 700 ms, as people see it), 300 actions
            (`--watched`): every stall of the UI thread over 100 ms (a 10 ms QTimer's late
            beats), and where the UI thread was during it; the longest gap between two beats (the
            longest the UI thread was away from its events: what a person would feel) while the
            app's seats play and before their first move (the window's own first work), gaps over
            50 ms, the most UI-thread CPU time in one gap (its own work: on a shared machine the
            wall time also waits for a core), and how many of the app's decisions were made off
            the UI thread.
- open:     a saved game of 10,000 actions per system (8 seats, 6 for Worlds That Remember): the
            time to open it (`desktop.app.open_session`) and build and paint the window, then the
            same for the autosave that opening it started; "UI thread" is that wall time less the
            time the UI thread waited in its event loop for the worker reading and replaying the
            game (`desktop.ui.busy`), "UI thread CPU" the UI thread's own CPU time.
- start:    start to an interactive table (the `table-ready` milestone) for every system's demo and
            to the start screen shown, against a bare PySide6 window's first paint: fresh
            processes, interleaved, the median of the per-round ratios (bench_startup.py's way).

It measures, it asserts nothing. A sample ends when the window has processed every event that
was ready (the scene's update, then the paint; window_timing.settle). A new window is left idle
for 1.2 s before its samples, so that its deferred first work (a chart built 200 ms after it
shows, warm-ups after a second) is not counted as an action: the watchdog finds that work.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import math
import os
import pstats
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from dataclasses import asdict, dataclass, replace
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE))

from window_length import measure_length, print_length
from window_timing import (
    DESKTOP,
    SIZE,
    Bare,
    QEvent,
    Qt,
    Watchdog,
    _short,
    advance,
    close,
    drag_path,
    going_on,
    idle,
    lift,
    median,
    mouse,
    new_game,
    p95,
    settle,
    timed,
    timed_both,
    visible_point,
    wait_for,
    window_for,
)

# Every registered system, at 3 seats and at its most (8; Worlds That Remember and Price of Power
# take 6).
SYSTEMS = {"twilight-imperium": (3, 8), "future-imperfect": (3, 8), "worlds-that-remember": (3, 6),
           "price-of-power": (3, 6), "tempo": (3, 8)}
POINTS = (50, 1500, 3000)  # early, the late point (issue 27: action 1,500), and twice that
SECTIONS = ("table", "profile", "length", "watchdog", "open", "start")
STALL_MS = 100
OPEN_ACTIONS = 10_000
EXTRA = 2000  # actions played on, at most, to find a card to drag


@dataclass
class Counts:
    actions: int  # timed actions at each point
    handovers: int
    drag_steps: int
    profiled: int  # actions (and hand-overs) under cProfile
    opens: int  # runs of opening each 10,000-action game
    starts: int  # interleaved rounds of the start-up processes
    watched: int = 300  # app-played actions per system under the watchdog
    watch_pause_ms: int = 0  # the app's pause between its moves there (none: the hardest case)


QUICK = Counts(actions=8, handovers=3, drag_steps=25, profiled=3, opens=1, starts=3)
FULL = Counts(actions=40, handovers=15, drag_steps=120, profiled=20, opens=3, starts=7)


def settle_heap() -> None:
    from desktop.app import settle_heap as settle

    settle()


def application():
    """The app's own QApplication (Fusion style, its palette and font), as a player gets it."""
    from desktop.app import _application

    return _application()


def say(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


# ---- the table: an action, a hand-over, a drag step ---------------------------------------------


def measure_table(counts: Counts, bare: Bare, games: dict) -> list[dict]:
    results = []
    for system, seat_counts in SYSTEMS.items():
        for seats in seat_counts:
            chooser = random.Random(seats)
            game = new_game(system, seats, seed=1)
            for point in POINTS:
                advance(game, chooser, point)
                started = time.perf_counter()
                samples, notes = measure_at(game, chooser, counts, bare)
                results.append({"system": system, "seats": seats, "at": point, "samples": samples, "notes": notes})
                say(f"  {system} {seats} seats at {point}: {time.perf_counter() - started:.1f} s "
                    f"(action median {median(samples['action']):.1f} ms) {'; '.join(notes)}")
            games[(system, seats)] = (game, chooser)
    return results


def games_at_the_end(games: dict) -> dict:
    """Each system's game at its most seats from the table section, or one played to its last
    point now (the table section not run)."""
    for system, seat_counts in SYSTEMS.items():
        seats = max(seat_counts)
        if (system, seats) not in games:
            chooser = random.Random(seats)
            game = new_game(system, seats, seed=1)
            advance(game, chooser, POINTS[-1])
            games[(system, seats)] = (game, chooser)
    return games


def measure_at(game, chooser, counts: Counts, bare: Bare) -> tuple[dict[str, list[float]], list[str]]:
    from desktop.model.opening import session_for

    session = session_for(game, "bench")  # a real autosave journal
    window = window_for(session)
    lift(window)
    idle()
    settle_heap()  # as the app does once its table has been up a moment
    got: dict[str, list[float]] = defaultdict(list)
    notes: list[str] = []
    refused = curtains = 0
    panels: Counter = Counter()  # a system's panels up after each action: the moment of the game
    for _ in range(counts.actions):
        action = chooser.choice(going_on(game))
        settle()
        took, cpu = timed_both(lambda action=action: session.submit(action))
        got["action"].append(took)
        got["action, UI-thread CPU"].append(cpu)
        got["bare"].append(bare.sample())
        refused += game.actions[-1] is not action
        passes = window.curtain.isVisible() or window.handover.isVisible()
        curtains += passes
        # Apart too: the share of moves that pass the screen changes with the moment of the game
        # (more late in Price of Power), and it would move the late median with it.
        got["action, screen passes" if passes else "action, screen stays"].append(took)
        panels.update(system_panels(window))
        lift(window)
    if refused:
        notes.append(f"{refused} actions refused")
    if curtains:
        notes.append(f"{curtains} of {counts.actions} actions brought the curtain or a hand-over note")
    if panels:
        # Two points of one game can be two moments of it (a battle under way at one, not at the
        # other): the panels that were up say which, beside the figures they change.
        notes.append("panels up after the actions: " + ", ".join(
            f"{title} {count} of {counts.actions}" for title, count in sorted(panels.items())))

    secret = [seat for seat in game.state.seat_ids() if session.has_secrets(seat)]
    for turn in range(counts.handovers):
        others = [seat for seat in secret if seat != session.viewer]
        if not others:
            notes.append("no hand-over: no seat holds a hidden hand, the screen never passes")
            break
        seat = others[turn % len(others)]
        settle()
        up, up_cpu = timed_both(lambda seat=seat: session.request_viewer(seat))
        got["bare"].append(bare.sample())
        if not window.curtain.isVisible():
            notes.append(f"the curtain did not come up for {seat}")
            break
        settle()
        down, down_cpu = timed_both(window.curtain.button.click)
        got["bare"].append(bare.sample())
        got["curtain up"].append(up)
        got["curtain lifted"].append(down)
        got["hand-over"].append(up + down)
        got["hand-over, UI-thread CPU"].append(up_cpu + down_cpu)
        lift(window)

    window = drag(window, session, counts, bare, got, notes, chooser)
    close(window)
    return dict(got), notes


def system_panels(window) -> list[str]:
    """The titles of the system's own docks shown now (the window's players and actions left out)."""
    from PySide6.QtWidgets import QDockWidget

    own = {"players-dock", "actions-dock"}
    return [dock.windowTitle() for dock in window.findChildren(QDockWidget)
            if dock.isVisible() and dock.objectName() not in own]


def can_drag(game, seat: str) -> bool:
    """Whether `seat`, looking, may drag a card now (a zone it may drag from holds one)."""
    view = game.view(seat)
    return any(spec.drag_from and view.zones[spec.zone].count for spec in game.ruleset.table(view).zones)


def drag_seat(game) -> str | None:
    return next((seat for seat in game.state.seat_ids() if can_drag(game, seat)), None)


def draggable(window, session):
    """A card the seat looking may drag and a point where a press reaches it (the screen passed,
    untimed, to a seat that has one), or None."""
    seat = session.viewer
    if seat is None or not can_drag(session.game, seat):
        seat = drag_seat(session.game)
        if seat is None:
            return None, None
        session.request_viewer(seat)
        settle()
        lift(window)
    for zone in [window.own_zone(), *window.table_view.zones.values()]:
        for card in reversed(zone.cards if zone is not None else []):
            if card.draggable and card.isVisible():
                point = visible_point(window.table_view, card)
                if point is not None:
                    return card, point
    return None, None


def drag(window, session, counts, bare, got, notes, chooser):
    """The drag steps; where no seat has a card to drag yet (hands empty), the game is played on
    (on the engine, untimed) until one has, and the window built again there. Returns the window."""
    card, start = draggable(window, session)
    if card is None:
        from desktop.model.opening import session_for

        game, was = session.game, len(session.game.actions)
        close(window)
        while drag_seat(game) is None and len(game.actions) < was + EXTRA:
            advance(game, chooser, len(game.actions) + 1)
        session = session_for(game, "bench")
        window = window_for(session)
        lift(window)
        idle()
        card, start = draggable(window, session)
        if card is None:
            notes.append(f"no drag: no seat had a card it may drag, up to action {len(game.actions):,}")
            return window
        notes.append(f"drag measured at action {len(game.actions):,} (no card to drag before)")
    view = window.table_view
    settle()
    mouse(view, QEvent.Type.MouseButtonPress, start, Qt.MouseButton.LeftButton)
    settle()
    path = drag_path(start, view.viewport().width(), view.viewport().height(), counts.drag_steps + 1)
    first, rest = path[0], path[1:]
    got["drag start"].append(timed(lambda: mouse(view, QEvent.Type.MouseMove, first, Qt.MouseButton.LeftButton)))
    got["bare"].append(bare.sample())
    steps = []
    for point in rest:
        settle()
        steps.append(timed(lambda point=point: mouse(view, QEvent.Type.MouseMove, point, Qt.MouseButton.LeftButton)))
        got["bare"].append(bare.sample())
    if card.dragging:
        got["drag step"] = steps
    else:
        notes.append("the drag did not start: its steps are left out")
        got.pop("drag start")
    mouse(view, QEvent.Type.MouseButtonRelease, start, Qt.MouseButton.NoButton)  # back in its own zone
    wait_for(lambda: card.scene() is None or card.pos() == card.home)  # the glide home
    return window


# ---- cProfile of the slowest paths --------------------------------------------------------------


def measure_profile(counts: Counts, table: list[dict], games: dict) -> list[dict]:
    from desktop.model.opening import session_for

    late = [row for row in table if row["at"] == POINTS[-1]]
    profiles = []
    for what in ("action", "hand-over"):
        rows = [row for row in late if row["samples"].get(what)]
        if not rows:
            continue
        worst = max(rows, key=lambda row: median(row["samples"][what]))
        game, chooser = games[(worst["system"], worst["seats"])]
        session = session_for(game, "bench profile")
        window = window_for(session)
        lift(window)
        idle()
        profile = cProfile.Profile()
        secret = [seat for seat in game.state.seat_ids() if session.has_secrets(seat)]
        done = 0
        for turn in range(counts.profiled):
            settle()
            if what == "action":
                action = chooser.choice(going_on(game))
                profile.enable()
                session.submit(action)
                settle()
                profile.disable()
            else:
                others = [seat for seat in secret if seat != session.viewer]
                profile.enable()
                session.request_viewer(others[turn % len(others)])
                settle()
                window.curtain.button.click()
                settle()
                profile.disable()
            done += 1
            lift(window)
        close(window)
        profiles.append({"what": what, "system": worst["system"], "seats": worst["seats"], "at": worst["at"],
                         "count": done, "top": top_functions(profile, done)})
    return profiles


def top_functions(profile: cProfile.Profile, count: int, limit: int = 22) -> dict[str, list]:
    stats = pstats.Stats(profile)
    ours, everything = [], []
    for (filename, line, name), (_, calls, own, cumulative, _) in stats.stats.items():
        place = f"{_short(filename)}:{line} {name}" if filename != "~" else name
        entry = [round(cumulative * 1000 / count, 2), round(own * 1000 / count, 2), round(calls / count, 1), place]
        everything.append(entry)
        if filename.startswith(DESKTOP):
            ours.append(entry)
    ours.sort(reverse=True)
    everything.sort(key=lambda entry: entry[1], reverse=True)
    return {"desktop_cumulative": ours[:limit], "all_own_time": everything[:12]}


# ---- the watchdog: 300 app-played actions per system ---------------------------------------------


class Decisions:
    """Counts the app seats' decisions (`next_move` as model/app_thinking.py calls it) by the
    thread they were made on, and times the slowest: the watchdog's figures mean something only
    while the decisions are made off the UI thread."""

    def __init__(self) -> None:
        import importlib
        import threading

        try:
            thinking = importlib.import_module("desktop.model.app_thinking")
        except ModuleNotFoundError:  # a tree from before the worker: the UI thread decided
            thinking = importlib.import_module("desktop.model.app_seats")
        self.off = self.on = 0
        self.slowest_ms = 0.0
        ui, real = threading.get_ident(), thinking.next_move

        def counted(*args):
            started = time.perf_counter()
            try:
                return real(*args)
            finally:
                self.slowest_ms = max(self.slowest_ms, (time.perf_counter() - started) * 1000)
                if threading.get_ident() == ui:
                    self.on += 1
                else:
                    self.off += 1

        thinking.next_move = counted

    def __str__(self) -> str:
        return f"{self.off} of {self.off + self.on} (the slowest {self.slowest_ms:.1f} ms)"


def away(gaps: list[tuple[int, int, float, float]], first: int) -> dict:
    """The UI thread's longest time away from its events (a gap between two beats) while the
    app's seats played (from the gap their first move ended on) and before (the window's own
    first work), and how many gaps of their play a person might notice (over 50 ms); the longest
    also in the UI thread's own CPU time (its own work: on a machine other work shares, the wall
    time waits for a core too, and for the GIL while another thread of the app runs Python)."""
    playing = [(wall, cpu) for _, after, wall, cpu in gaps if after > first]
    before = [wall for _, after, wall, _ in gaps if after == first]
    return {"slowest_ms": round(max((wall for wall, _ in playing), default=0.0), 1),
            "slowest_cpu_ms": round(max((cpu for _, cpu in playing), default=0.0), 1),
            "gaps_over_50": sum(wall > 50 for wall, _ in playing),
            "slowest_before_ms": round(max(before, default=0.0), 1)}


def watch_one(system: str, actions: int, pause_ms: int = 0) -> dict:
    """In a fresh process: the system's demo, every seat the app's, no pause, the watchdog on."""
    from PySide6.QtCore import QCoreApplication, QEventLoop, QTimer

    application()
    decided_off_ui = Decisions()
    from desktop.engine.demo import demo_game
    from desktop.model.opening import session_for

    session = session_for(demo_game(system), "watchdog")
    game = session.game

    def label():
        return len(game.actions), type(game.actions[-1]).__name__ if game.actions else "-"

    window = window_for(session)
    # The collector as the app has it: the heap settled SETTLE_AFTER_MS after the table is up,
    # then collected on the UI thread alone (desktop/ui/collector.py), never on a worker.
    from desktop.app import SETTLE_AFTER_MS, settle_heap

    QTimer.singleShot(SETTLE_AFTER_MS, settle_heap)
    dog = Watchdog(label, STALL_MS)
    dog.start()  # the system's first chart and warm-ups come after the window's first paint
    first = len(game.actions)
    # The seats are handed to the app one by one, each its own event as a person's ticks are (all
    # at once in one event was a stall of the benchmark's own making), before the app plays.
    session.bot_pause_ms = 60_000
    for number, seat in enumerate(game.state.seat_ids()):
        session.set_app_seat(seat, True, seed=number)
        QCoreApplication.processEvents()
    session.bot_pause_ms = pause_ms
    session._bot_timer.start(pause_ms)
    loop = QEventLoop()
    progress = {"count": first, "at": time.monotonic(), "end": f"{actions} actions"}
    deadline = time.monotonic() + 300

    def check():
        now = time.monotonic()
        if len(game.actions) != progress["count"]:
            progress["count"], progress["at"] = len(game.actions), now
        if len(game.actions) - first >= actions:
            loop.quit()
        elif now - progress["at"] > 5:
            progress["end"] = "no action for 5 s (the game ended or the app's seats stopped)"
            loop.quit()
        elif now > deadline:
            progress["end"] = "out of time"
            loop.quit()

    checker = QTimer()
    checker.timeout.connect(check)
    checker.start(20)
    started = time.perf_counter()
    loop.exec()
    seconds = time.perf_counter() - started
    checker.stop()
    dog.stop()
    from PySide6.QtWidgets import QDockWidget

    from desktop.ui.charts import BarChart

    plots = sum(chart.isVisible() and bool(chart.values()) for chart in window.findChildren(BarChart))

    docks = [dock.windowTitle() for dock in window.findChildren(QDockWidget) if dock.isVisible()]
    played = len(game.actions) - first
    close(window)
    return {"system": system, "played": played, "seconds": round(seconds, 2), "end": progress["end"],
            "beats": dog.beats, **away(dog.gaps, first), "first": first, "pause_ms": pause_ms,
            "decided_off_ui": str(decided_off_ui), "icepool": "icepool" in sys.modules, "plots": plots, "docks": docks,
            "stalls": [asdict(stall) for stall in dog.stalls]}


def measure_watchdog(counts: Counts, env: dict) -> list[dict]:
    results = []
    for system in SYSTEMS:
        command = [sys.executable, str(Path(__file__).resolve()), "--watch", system, "--watched", str(counts.watched),
                   "--watch-pause", str(counts.watch_pause_ms)]
        done = subprocess.run(command, env=env, cwd=ROOT, capture_output=True, text=True, check=False)
        lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
        if done.returncode != 0 or not lines:
            say(f"  watchdog {system} failed:\n{done.stderr[-3000:]}")
            continue
        result = json.loads(lines[-1])
        results.append(result)
        say(f"  watchdog {system}: {result['played']} actions in {result['seconds']} s, "
            f"{len(result['stalls'])} stalls over {STALL_MS} ms, the longest gap while the app played "
            f"{result['slowest_ms']} ms ({result['slowest_cpu_ms']} ms of UI-thread CPU at most; before "
            f"{result['slowest_before_ms']} ms)")
    return results


# ---- opening a 10,000-action game ----------------------------------------------------------------


class Waits:
    """Counts the time the UI thread spends waiting in `desktop.ui.busy`'s event loop for the
    worker that reads and replays the game: wall time less these waits is the UI thread's own."""

    def __init__(self) -> None:
        self.seconds = 0.0

    def __enter__(self):
        import PySide6.QtCore as core

        waits, real = self, core.QEventLoop

        class TimedLoop(real):
            def exec(self, *args):
                started = time.perf_counter()
                try:
                    return super().exec(*args)
                finally:
                    waits.seconds += time.perf_counter() - started

        self._real, core.QEventLoop = real, TimedLoop
        return self

    def __exit__(self, *_exc) -> None:
        import PySide6.QtCore as core

        core.QEventLoop = self._real


def measure_open(counts: Counts) -> list[dict]:
    from desktop.app import open_session
    from desktop.storage import recent, write_save
    from desktop.storage.paths import saves_dir

    results = []
    for system, seat_counts in SYSTEMS.items():
        seats = max(seat_counts)
        game = new_game(system, seats, seed=2)
        advance(game, random.Random(2), OPEN_ACTIONS)
        path = saves_dir() / f"bench-{system}.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        write_save(game, path, f"bench {system}")
        del game
        got = defaultdict(list)
        for _ in range(counts.opens):
            settle()
            started = time.perf_counter()
            recent.open_game(path)  # the file read and the replay alone
            got["read and replay"].append((time.perf_counter() - started) * 1000)
            source = path
            for kind in ("save", "autosave"):  # then the autosave that opening the save started
                settle()
                cpu = time.thread_time()
                started = time.perf_counter()
                with Waits() as waits:
                    session = open_session(source)
                opened = time.perf_counter()
                window = window_for(session)
                painted = time.perf_counter()
                cpu = time.thread_time() - cpu
                got[f"{kind}: open_session"].append((opened - started) * 1000)
                got[f"{kind}: window built and painted"].append((painted - opened) * 1000)
                got[f"{kind}: total"].append((painted - started) * 1000)
                # What the player's window could not do meanwhile: the wall time less the waits
                # in the event loop (where it handles its events) for the worker.
                got[f"{kind}: UI thread"].append((painted - started - waits.seconds) * 1000)
                got[f"{kind}: UI thread CPU"].append(cpu * 1000)
                source = session.journal.path
                close(window)
        results.append({"system": system, "seats": seats, "samples": dict(got), "path": str(path)})
        say(f"  opening {system}: total {median(got['save: total']):.0f} ms, "
            f"UI thread {median(got['save: UI thread']):.0f} ms")
    worst = max(results, key=lambda row: median(row["samples"]["save: total"]))
    profile = cProfile.Profile()
    settle()
    profile.enable()
    window = window_for(open_session(Path(worst["path"])))
    profile.disable()
    close(window)
    worst["profile"] = top_functions(profile, 1)
    return results


# ---- start to an interactive table ---------------------------------------------------------------

# The start screen's dialog shown and painted is its "table-ready": QDialog.exec is replaced by a
# show, one round of events and the milestone, and answers "closed", so the app then exits.
START_SCREEN = """
import sys, time
started = time.perf_counter()
from PySide6.QtWidgets import QApplication, QDialog

def shown(self):
    self.show()
    QApplication.processEvents()
    print("table-ready", round((time.perf_counter() - started) * 1000), file=sys.stderr, flush=True)
    return 0

QDialog.exec = shown
from desktop.cli import main
sys.exit(main([]))
"""


def measure_start(counts: Counts, env: dict) -> dict:
    from bench_startup import BARE, milestones

    env = dict(env, ACTIONDECK_STARTUP_PROBE="1")
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # an installed app starts from compiled bytecode
    commands = {"bare PySide6 window": [sys.executable, "-c", BARE],
                "start screen": [sys.executable, "-c", START_SCREEN]}
    for system in SYSTEMS:
        commands[f"--demo {system}"] = [sys.executable, "-m", "desktop.cli", "--demo", system]
    for command in commands.values():
        milestones(command, env)  # warm: bytecode compiled, files in the page cache
    runs = defaultdict(list)
    for _ in range(counts.starts):
        for name, command in commands.items():
            runs[name].append(milestones(command, env))
    bare = [run["first-paint"] for run in runs.pop("bare PySide6 window")]
    result = {"bare first paint ms": [round(value * 1000, 1) for value in bare], "apps": {}}
    for name, seen in runs.items():
        ready = [run.get("table-ready", float("nan")) for run in seen]
        result["apps"][name] = {
            "first paint ms": [round(run.get("first-paint", float("nan")) * 1000, 1) for run in seen],
            "ready ms": [round(value * 1000, 1) for value in ready],
            "ratio": round(statistics.median(app / reference for app, reference in zip(ready, bare)), 2),
        }
    return result


# ---- printing ------------------------------------------------------------------------------------

WHATS = ("action", "action, UI-thread CPU", "action, screen stays", "action, screen passes", "hand-over",
         "hand-over, UI-thread CPU", "curtain up", "curtain lifted", "drag start", "drag step")


def print_table(table: list[dict], bare_whole: bool | None = None) -> None:
    print("\n## The table: what a player waits for (ms; x = ratio to the bare window's repaint median)\n")
    if bare_whole is not None:
        print(f"(the bare window's repaint {'reached' if bare_whole else 'did NOT reach'} every corner of its "
              f"{SIZE[0]}x{SIZE[1]}: checked on its pixels)\n")
    print(f"| system | seats | at | bare repaint | {' | '.join(WHATS)} |")
    print("|---|---|---|---|" + "---|" * len(WHATS))
    for row in table:
        reference = median(row["samples"]["bare"])
        cells = []
        for what in WHATS:
            samples = row["samples"].get(what)
            cells.append(f"{median(samples):.1f} / {p95(samples):.1f} ({median(samples) / reference:.0f}x)"
                         if samples else "n/a")
        print(f"| {row['system']} | {row['seats']} | {row['at']:,} | {reference:.2f} | {' | '.join(cells)} |")
    print("\n(each cell: median / p95 ms (median as a multiple of the bare repaint))")
    later = ", ".join(f"{point:,}" for point in POINTS[1:])
    print(f"\n## At action {later} against action {POINTS[0]} (ratio of medians; of p95 in brackets)\n")
    print("| system | seats | at | " + " | ".join(WHATS) + " |")
    print("|---|---|---|" + "---|" * len(WHATS))
    rows = {(row["system"], row["seats"], row["at"]): row for row in table}
    for (system, seats, at), late in rows.items():
        early = rows.get((system, seats, POINTS[0]))
        if at == POINTS[0] or early is None:
            continue
        cells = []
        for what in WHATS:
            a, b = early["samples"].get(what), late["samples"].get(what)
            cells.append(f"{median(b) / median(a):.2f} ({p95(b) / p95(a):.2f})" if a and b else "n/a")
        print(f"| {system} | {seats} | {at:,} | {' | '.join(cells)} |")
    notes = [f"{row['system']} {row['seats']} at {row['at']}: {note}" for row in table for note in row["notes"]]
    if notes:
        print("\nNotes: " + "; ".join(notes) + ".")


def print_profiles(profiles: list[dict]) -> None:
    for profile in profiles:
        print_top(f"one {profile['what']}, {profile['system']} at {profile['seats']} seats, action "
                  f"{profile['at']:,} ({profile['count']} samples)", profile["what"], profile["top"])


def print_top(title: str, per: str, top: dict) -> None:
    print(f"\n## Where the time goes: {title} (cProfile, ms per {per})\n")
    print("| cumulative | own | calls | function (desktop/) |")
    print("|---|---|---|---|")
    for cumulative, own, calls, place in top["desktop_cumulative"]:
        print(f"| {cumulative:.2f} | {own:.2f} | {calls:g} | {place} |")
    print("\nMost own time, anywhere: " + "; ".join(
        f"{place} {own:.2f} ms" for _, own, _, place in top["all_own_time"][:8]))


def print_watchdog(watched: list[dict]) -> None:
    pause = f"a pause of {watched[0]['pause_ms']} ms between moves" if watched and watched[0]["pause_ms"] else "no pause"
    print(f"\n## Watchdog: app-played actions per system (demo, {pause}), stalls over {STALL_MS} ms\n")
    for result in watched:
        print(f"- {result['system']}: {result['played']} actions in {result['seconds']} s ({result['end']}); "
              f"icepool loaded: {result['icepool']}, charts showing bars at the end: {result['plots']}; "
              f"docks: {', '.join(result['docks']) or 'none'}; {len(result['stalls'])} stalls; the UI thread's "
              f"longest time away from its events while the app's seats played {result['slowest_ms']:.0f} ms "
              f"(its own CPU time in the longest by CPU: {result['slowest_cpu_ms']:.0f} ms; {result['gaps_over_50']} "
              f"gaps over 50 ms), before their first move {result['slowest_before_ms']:.0f} ms; "
              f"decisions made off the UI thread: {result['decided_off_ui']}")
        for stall in result["stalls"]:
            places = "; ".join(f"{place} ({count})" for place, count in stall["where"]) or "not sampled"
            when = " before the app's first move" if stall["actions"][1] == result["first"] else ""
            print(f"  - {stall['gap_ms']:.0f} ms at {stall['at_ms'] / 1000:.2f} s{when}, actions "
                  f"{stall['actions'][0]}->{stall['actions'][1]} (last {stall['last']}): {places}")


def print_open(opened: list[dict]) -> None:
    print(f"\n## Opening a saved game of {OPEN_ACTIONS:,} actions (UI thread, ms, median)\n")
    kinds = list(opened[0]["samples"]) if opened else []
    print("| system | seats | " + " | ".join(kinds) + " |")
    print("|---|---|" + "---|" * len(kinds))
    for row in opened:
        print(f"| {row['system']} | {row['seats']} | "
              + " | ".join(f"{median(row['samples'][kind]):.0f}" for kind in kinds) + " |")
    for row in opened:
        if "profile" in row:
            print_top(f"opening the save of {row['system']} and building its window", "opening", row["profile"])


def print_start(start: dict) -> None:
    bare = statistics.median(start["bare first paint ms"])
    print(f"\n## Start to an interactive table against a bare PySide6 window (first paint median {bare:.0f} ms)\n")
    print("| started | first paint ms | interactive ms | ratio (median of rounds) |")
    print("|---|---|---|---|")
    for name, run in start["apps"].items():
        first = [value for value in run["first paint ms"] if not math.isnan(value)]
        print(f"| {name} | {statistics.median(first):.0f} | " if first else f"| {name} | - | ", end="")
        print(f"{statistics.median(run['ready ms']):.0f} | {run['ratio']:.2f}x |")


# ---- the run -------------------------------------------------------------------------------------


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer samples: under ~3 minutes")
    parser.add_argument("--only", nargs="+", choices=SECTIONS, default=list(SECTIONS))
    parser.add_argument("--json", type=Path, help="also write every sample to this file")
    parser.add_argument("--systems", nargs="+", choices=list(SYSTEMS), help="only these systems (default: all)")
    parser.add_argument("--watch", help=argparse.SUPPRESS)  # the watchdog's own process
    parser.add_argument("--watched", type=int, default=FULL.watched, help="app-played actions per system under the watchdog")
    parser.add_argument("--watch-pause", type=int, default=0, metavar="MS",
                        help="the app's pause between moves under the watchdog (default none; the app's own is 700)")
    args = parser.parse_args()
    if args.watch:
        print(json.dumps(watch_one(args.watch, args.watched, args.watch_pause)), flush=True)
        return
    counts = replace(QUICK if args.quick else FULL, watched=args.watched, watch_pause_ms=args.watch_pause)
    for system in set(SYSTEMS) - set(args.systems or SYSTEMS):
        del SYSTEMS[system]
    began = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="bench-window-") as data:
        os.environ["ACTIONDECK_DATA_DIR"] = data  # the autosaves and saves go here
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        report: dict = {"quick": args.quick}
        if "start" in args.only:
            say("start to an interactive table...")
            report["start"] = measure_start(counts, env)
        if "watchdog" in args.only:
            say("watchdog...")
            report["watchdog"] = measure_watchdog(counts, env)
        application()
        bare = Bare()
        games: dict = {}
        if "table" in args.only or "profile" in args.only:
            say("the table...")
            report["table"] = measure_table(counts, bare, games)
        if "profile" in args.only:
            say("profiles...")
            report["profile"] = measure_profile(counts, report["table"], games)
        if "length" in args.only:
            say("the length of the game alone...")
            report["length"] = measure_length(games_at_the_end(games), counts.actions,
                                              {system: max(seats) for system, seats in SYSTEMS.items()})
        games.clear()
        if "open" in args.only:
            say("opening 10,000 actions...")
            report["open"] = measure_open(counts)
        report["bare whole"] = bare.whole
        bare.close()
    if "table" in report:
        print_table(report["table"], report.get("bare whole"))
    if "profile" in report:
        print_profiles(report["profile"])
    if "length" in report:
        print_length(report["length"])
    if "watchdog" in report:
        print_watchdog(report["watchdog"])
    if "open" in report:
        print_open(report["open"])
    if "start" in report:
        print_start(report["start"])
    print(f"\n({'quick' if args.quick else 'full'} run, {time.perf_counter() - began:.0f} s)")
    if args.json:
        args.json.write_text(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
