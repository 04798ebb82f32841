"""The app's seats decide off the UI thread (issue 29: no stall from an app seat).

A decision is `app_moves.next_move`: the seats' legal actions, their views, a practice's step and
the bots' `choose`. Each is under a millisecond in the systems' own policies, but a legal list,
a view or a policy may grow, and anything that long on the UI thread freezes the window. So a
decision works on a copy of the game made from a snapshot of its state (msgpack bytes, taken on
the UI thread in microseconds), on a thread of its own; what it decided comes back to the UI
thread through a queued signal, where `AppSeats` submits it only if the game is still the one it
was decided on (model/app_seats.py).

What the worker must not touch, it never sees: not the session, not the live state (the copy is
its own), never a widget. The rulesets' module-level caches are read from both threads; they are
dictionaries and `functools` caches, safe under the GIL (at worst a value is worked out twice).

A bot remembers (its random generator, what it saw): it is copied (`copy.deepcopy`) the first
time a decision reads it, and the copy replaces it only when the decision is used. A decision
thrown away (a person moved meanwhile) leaves every bot as it was, so a seeded bot chooses on
each state exactly what it would have chosen had it decided there at once. A bot that cannot be
copied decides as itself (its memory then also keeps what a thrown-away decision saw).

The thread: one for the process, started with the first decision, named "actiondeck-app-seat",
making the decisions handed to it one at a time. A thread started for each decision cost the UI
thread a wait of its own: `Thread.start` waits until the new thread runs, which on a busy machine
took 100 to 300 ms (the watchdog caught it). The command line waits for "actiondeck-" threads
before the process ends (desktop/cli.py): this one's `join` waits for the decisions handed to it
(milliseconds: a decision must not run into the interpreter's teardown), then leaves it waiting
for the next, a daemon, which holds no process open.

The garbage collector is off while a decision is in flight: a collection started by the worker's
allocations would destroy any Qt object in the garbage on the worker (desktop/ui/collector.py,
which keeps it off for good in the app; the tests run Python's own).
"""

from __future__ import annotations

import copy
import gc
import queue
import threading
import weakref
from dataclasses import dataclass, field

import shiboken6
from PySide6.QtCore import QCoreApplication, QObject, Signal, Slot

from desktop.engine import Action, Game
from desktop.model.app_moves import next_move

THREAD_NAME = "actiondeck-app-seat"


@dataclass
class Decision:
    """What a decision was made on, and what it decided (filled in on the worker)."""

    deliver: weakref.WeakMethod  # where it goes on the UI thread (nowhere once its owner is gone)
    made_on: object  # the owner's mark of the game it was asked on
    bots: dict  # seat -> the bot as it was when asked
    turn: tuple[str, Action] | None = None
    copies: dict = field(default_factory=dict)  # seat -> the copy of its bot the decision used
    error: BaseException | None = None  # what went wrong, raised again on the UI thread


class _Courier(QObject):
    """Lives on the UI thread as long as the application: a signal emitted on the worker is
    queued to it, and it hands the decision to its owner there."""

    arrived = Signal(object)

    def __init__(self, parent: QObject | None) -> None:
        super().__init__(parent)
        self.in_flight = 0
        self.collecting = False  # whether Python's collector was on before the first decision
        self.arrived.connect(self._arrive)

    def sent(self) -> None:
        if not self.in_flight:
            self.collecting = gc.isenabled()
            gc.disable()
        self.in_flight += 1

    @Slot(object)
    def _arrive(self, decision: Decision) -> None:
        self.in_flight -= 1
        if not self.in_flight and self.collecting:
            gc.enable()
        deliver = decision.deliver()
        if deliver is not None:
            deliver(decision)


_courier: _Courier | None = None


def _the_courier() -> _Courier:
    global _courier
    if _courier is None or not shiboken6.isValid(_courier):  # made again with a new application
        _courier = _Courier(QCoreApplication.instance())
    return _courier


def think(game: Game, bots: dict, made_on: object, deliver) -> None:
    """Decides what the seats `bots` play do next on `game` as it is now, off the UI thread;
    `deliver(decision)` (a bound method, held weakly) is called on the UI thread with it."""
    courier = _the_courier()
    decision = Decision(weakref.WeakMethod(deliver), made_on, dict(bots))
    work = (game.setup, game.ruleset, type(game.state), game.state.snapshot())
    courier.sent()
    _the_worker().hand(lambda: _decide(work, decision, courier))


def in_flight() -> int:
    """How many decisions were handed off and have not come back to the UI thread yet."""
    return 0 if _courier is None else _courier.in_flight


class _Worker(threading.Thread):
    """The thread decisions are made on, one after the other."""

    def __init__(self) -> None:
        super().__init__(name=THREAD_NAME, daemon=True)
        self._jobs: queue.SimpleQueue = queue.SimpleQueue()
        self._lock = threading.Lock()
        self._handed = 0
        self._done = threading.Event()
        self._done.set()

    def hand(self, job) -> None:
        with self._lock:
            self._handed += 1
            self._done.clear()
        self._jobs.put(job)

    def run(self) -> None:
        while True:
            self._jobs.get()()
            with self._lock:
                self._handed -= 1
                if not self._handed:
                    self._done.set()

    def join(self, timeout: float | None = None) -> None:
        """Waits until the decisions handed to it are made; the thread itself waits on for the
        next (the command line's wait at exit: desktop/cli.py)."""
        self._done.wait(timeout)


_worker: _Worker | None = None


def _the_worker() -> _Worker:
    global _worker
    if _worker is None or not _worker.is_alive():
        _worker = _Worker()
        _worker.start()
    return _worker


def _decide(work, decision: Decision, courier: _Courier) -> None:
    setup, ruleset, state_type, snapshot = work
    try:
        game = Game(setup, ruleset, state_type.restored(snapshot))
        copies = _Copies(decision.bots)
        decision.turn = next_move(game, game.stages(), copies)
        decision.copies = copies.made
    except BaseException as problem:  # noqa: BLE001 - raised again on the UI thread, where it shows
        decision.error = problem
    try:
        courier.arrived.emit(decision)
    except RuntimeError:  # the application has gone meanwhile: nobody is waiting for it
        pass


class _Copies:
    """The bots as `next_move` reads them: each copied the first time it is read."""

    def __init__(self, bots: dict) -> None:
        self._bots = bots
        self.made: dict = {}

    def __contains__(self, seat) -> bool:
        return seat in self._bots

    def __iter__(self):
        return iter(self._bots)

    def __len__(self) -> int:
        return len(self._bots)

    def __getitem__(self, seat):
        if seat not in self.made:
            self.made[seat] = _copied(self._bots[seat])
        return self.made[seat]

    def get(self, seat, default=None):
        return self[seat] if seat in self._bots else default


def _copied(bot):
    try:
        return copy.deepcopy(bot)
    except (TypeError, copy.Error, RecursionError):  # holds a lock, a file: it decides as itself
        return bot
