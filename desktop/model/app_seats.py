"""The seats the app plays: who they are, their bots, and the pace of their moves.

`set` hands a seat to a bot at a level (or back to a person), in the autosave first, so a reopened
game keeps who the app plays and at which level (engine/levels.py). After every change `schedule`
starts a short pause, long enough for people to follow; then `step` has `app_moves.next_move` (no
Qt) work out which app seat moves and what its bot chooses, off the UI thread on a copy of the
game (model/app_thinking.py), and submits what comes back through the session's own path, as a
click does, if the game is still the one it was decided on; otherwise it decides again. The app
waits while the screen is being passed, asks a bot still loading again shortly, and tries a move
again once a full disk has room. A person hands their own seat to the app with `choose` (asked of
the seat itself when someone else ticks it: desktop/model/taking.py).
"""

from __future__ import annotations

import weakref

from PySide6.QtCore import QTimer

from desktop.bots import bot_for
from desktop.engine import Action, RuleError
from desktop.engine.changes import EVERYTHING
from desktop.engine.levels import STANDARD, known_level
from desktop.model.app_moves import bots_ready
from desktop.model.app_thinking import Decision, think
from desktop.storage import SaveError

BOT_PAUSE_MS = 700  # long enough for people to follow what the app's seats do
BOT_LOADING_MS = 50  # how soon a bot that was still loading (`Ruleset.bot`'s ready) is asked again
BOT_RETRY_MS = 1000  # how soon the app tries a move again after its line could not be autosaved


class AppSeats:
    def __init__(self, session) -> None:
        # Weakly: the session holds this part, and a cycle would leave the session (a QObject) to
        # the garbage collector, which may delete it at any moment, from any thread.
        self._session = weakref.proxy(session)
        self.bots: dict[str, object] = {}  # seat -> its bot (the system's, or RandomBot)
        self.level_of: dict[str, str] = {}  # seat -> the level its bot plays at
        self.pause_ms = BOT_PAUSE_MS
        self.moving = False  # a seat the app plays is taking the action being applied
        self._waits_for_room = False  # the app's last move could not be autosaved: it tries again
        self.thinking = False  # a decision is being made off the UI thread (one at a time)
        self._missed = False  # the pause ended while it was: a decision thrown away is made again at once
        self._stopped = False  # the session closed: a decision still in flight is dropped
        self.timer = QTimer(session)
        self.timer.setSingleShot(True)
        self.timer.timeout.connect(self.step)
        session.questionsChanged.connect(self.schedule)  # a question answered: the app may go on

    def set(self, seat: str, played_by_app: bool, seed: int | None = None, level: str | None = None) -> None:
        """Marks a seat as played by the app at `level` (or by a person again), in the autosave
        first: a reopened game keeps who the app plays and how. If that line cannot be written,
        nothing changes. No level, or one the system does not have (a file of a later version),
        is the standard level."""
        session = self._session
        level = known_level(session.ruleset.levels, level)
        if not self._journal(seat, level if played_by_app else None):
            return
        if played_by_app:
            self.bots[seat] = bot_for(session.ruleset, level, seed)
            self.level_of[seat] = level
            session.talks.seat_leaves(seat)  # the app answers nothing: it moves for the seat
            if seat in (session.viewer, session.pending_viewer):
                session.hide_hands()  # an app seat's hand is never shown
        else:
            self.bots.pop(seat, None)
            self.level_of.pop(seat, None)
        session.changed_everything()
        if not session.sync_viewer():
            self.schedule()

    def levels(self) -> dict[str, str]:
        """Who the app plays and at what level, as save files and autosaves keep it."""
        return {seat: self.level_of.get(seat, STANDARD) for seat in self.bots}

    def _journal(self, seat: str, level: str | None) -> bool:
        session = self._session
        if session.journal is None:
            return True
        try:
            session.journal.record_seat(seat, level)
        except SaveError as problem:
            session._refuse(not_written(problem, "who plays that seat did not change"))
            session.changed.emit(EVERYTHING)  # the seat's box shows it as it still is
            return False
        return True

    def schedule(self) -> None:
        session = self._session
        if session.copy_of is not None:
            return  # the app plays its seats in the window that has the game, not in a copy
        if self.bots and not session.curtain.waiting and not self.timer.isActive():
            self.timer.start(self.pause_ms)

    def stop(self) -> None:
        """The session closes: no more moves, and a decision still in flight is dropped."""
        self._stopped = True
        self.timer.stop()

    def step(self) -> None:
        session = self._session
        if self.thinking:
            self._missed = True  # the decision coming back decides again if it is out of date
            return
        if self._stopped or self._held_up():
            return
        if not bots_ready(self.bots.values()):
            self.timer.start(BOT_LOADING_MS)  # a bot still loading off the UI thread
            return
        self.thinking, self._missed = True, False
        think(session.game, self.bots, self._game_now(), self._decided)

    def _held_up(self) -> bool:
        session = self._session
        if session.curtain.waiting:
            return True  # the screen is being passed: wait for the person behind the curtain
        # The person at the screen is answering a question: a move of the app's now would change
        # the choices under them (or close the question). It goes on once answered. A phone's
        # question holds nothing up: its choices are kept to what is still legal.
        return session.viewer is not None and session.viewer not in self.bots and bool(session.screen_questions())

    def _game_now(self) -> tuple:
        """What a decision was made on: any move, undo, load or change of who plays a seat since
        changes it (the session's version counts every change)."""
        game = self._session.game
        return self._session._version, id(game), len(game.actions), game.state.step

    def _decided(self, decision: Decision) -> None:
        """On the UI thread: a decision came back. Used only on the game it was made on, the same
        bots playing the same seats and nothing holding the app up; otherwise made again."""
        self.thinking = False
        if self._stopped:
            return
        if decision.error is not None:
            raise decision.error
        same_bots = self.bots.keys() == decision.bots.keys() and all(
            self.bots[seat] is bot for seat, bot in decision.bots.items())
        if decision.made_on != self._game_now() or not same_bots:
            if self._missed and not self.timer.isActive():
                self.timer.start(0)  # the pause was over while it was being made: again at once
            else:
                self.schedule()  # after the pause the change started (or starts now)
            return
        if self._held_up():
            return  # what ends the wait (the curtain lifted, the question answered) schedules
        self.bots.update(decision.copies)  # the bots remember what they chose (app_thinking.py)
        if decision.turn is not None:
            self._move(decision.turn[1])

    def _move(self, action: Action) -> None:
        session = self._session
        index = len(session.game.actions)
        session.log.by_the_app(index)  # before submit: the log is read while it is applied
        self.moving = True
        try:
            taken = self._submit(action)
        finally:
            self.moving = False
        if not taken:
            session.log.forget_after(index)

    def _submit(self, action: Action) -> bool:
        """The app's move, submitted. When its line could not be autosaved for want of room (a
        full disk), the app tries again shortly, so that it goes on by itself once there is
        room; the log says so once, not at every try."""
        session = self._session
        try:
            session._apply(action, from_redo=False)
        except RuleError as refusal:
            waiting = session.journal is not None and session.journal.failed
            if not (waiting and self._waits_for_room):
                session._refuse(refusal)
            self._waits_for_room = waiting
            if waiting:
                self.timer.start(BOT_RETRY_MS)
            return False
        self._waits_for_room = False
        return True


def not_written(problem: Exception, so: str) -> str:
    """One sentence for a journal line that could not be written, and what that meant."""
    if isinstance(problem, SaveError):
        return f"{str(problem).rstrip('.')}, so {so} and nothing is lost; try again when the disk has room."
    return f"The game could not be autosaved ({problem}), so {so}."
