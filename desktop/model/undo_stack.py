"""The undo stack of a session, in step with the engine's undo window.

The engine holds the real history; the stack gives the window its Undo and Redo entries, their
texts, and their enabled state, and sends an undo or a redo through the session's
write-or-take-back path. A seat takes back only its own move (desktop/model/authority.py): the
stack says how many moves Undo and Redo take for the seat looking (`undo_count`, `redo_count`),
refusing in words, and what they would do, in words for their tooltips (`undo_says`).

It is plain Python, not Qt's QUndoStack: a session freed by the garbage collector (the app
collects on the UI thread, desktop/ui/collector.py) crashed the process in `QUndoStack::clear`,
the stack, the session's Qt child, deleting commands made in Python whose wrappers the same
collection was tearing down (seen in the test suite, with gdb).
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING

from desktop.engine import Action, Game
from desktop.model.authority import redo_span, undo_span

if TYPE_CHECKING:
    from desktop.model.session import GameSession

_LOOKING = object()  # undo asked at the shared screen: by the seat looking
UNDO_TEXT_LIMIT = 28  # the toolbar's undo text stays short and steady; the tooltip has it all
# Why Undo is off right after a move that showed cards (the engine keeps nothing before it). It
# names no card: whoever reads it may not be the seat that saw it.
NOT_AFTER_A_REVEAL = "Undo: not after a card is drawn or turned face up (a card seen cannot be unseen)"


class ActionCommand:
    """One entry of the stack: an action and its words, short (`text`, the toolbar's) and whole.
    The engine holds the real history, and the session has done the work (the engine and the
    journal) before the stack moves (`SessionStack`), so an entry does nothing itself."""

    __slots__ = ("_short", "action", "by_app", "full_text")

    def __init__(self, action: Action, text: str, by_app: bool = False) -> None:
        self._short = text if len(text) <= UNDO_TEXT_LIMIT else text[: UNDO_TEXT_LIMIT - 1] + "\u2026"
        self.full_text = text
        self.action = action
        self.by_app = by_app  # a seat the app plays took it: undone with the person's move before it

    def text(self) -> str:
        return self._short


class _Entries:
    """The entries and the place between what is done and what is undone, at most `limit` of
    them (the oldest goes), with QUndoStack's names for what the session and the window ask."""

    def __init__(self, limit: int) -> None:
        self._entries: list[ActionCommand] = []
        self._index = 0
        self._limit = limit

    def push(self, command: ActionCommand) -> None:
        """A new move: what was undone is dropped, `command` is the last done."""
        del self._entries[self._index:]
        self._entries.append(command)
        if len(self._entries) > self._limit:
            del self._entries[0]
        self._index = len(self._entries)

    def clear(self) -> None:
        self._entries.clear()
        self._index = 0

    def index(self) -> int:
        return self._index

    def count(self) -> int:
        return len(self._entries)

    def command(self, index: int) -> ActionCommand | None:
        return self._entries[index] if 0 <= index < len(self._entries) else None

    def canUndo(self) -> bool:  # noqa: N802 - the name the window has always read
        return self._index > 0

    def canRedo(self) -> bool:  # noqa: N802 - the name the window has always read
        return self._index < len(self._entries)

    def undo(self) -> None:
        if self._index > 0:
            self._index -= 1

    def redo(self) -> None:
        if self._index < len(self._entries):
            self._index += 1


class SessionStack(_Entries):
    """Undo and Redo go through the session's write-or-take-back path, as an action does: the
    journal line is written first, and only then do the game and the stack move. A line that
    cannot be written (a full disk) leaves all three where they were, says so through
    `refused`, and the journal goes on once the disk has room. (QUndoStack.undo would move its
    index even when the command failed.)"""

    def __init__(self, session: GameSession) -> None:
        super().__init__(Game.UNDO_LIMIT)  # the engine keeps no more snapshots than that
        # Weakly: the session holds this part, and a cycle would leave the session (a QObject) to
        # the garbage collector, which may delete it at any moment, from any thread.
        self._session = weakref.proxy(session)
        self._by = _LOOKING  # whose undo is asked: the seat looking, unless `undo_as` says

    def undo_as(self, seat: str | None) -> None:
        """Undo asked by `seat` (a front end of that seat's own, not the shared screen)."""
        self._by = seat
        try:
            self.undo()
        finally:
            self._by = _LOOKING

    def redo_as(self, seat: str | None) -> None:
        """Redo asked by `seat` (as `undo_as`)."""
        self._by = seat
        try:
            self.redo()
        finally:
            self._by = _LOOKING

    def _seat(self) -> str | None:
        return self._session.viewer if self._by is _LOOKING else self._by

    # ---- for the seat looking: a seat takes back only its own move --------------------------

    def _open_seat(self, seat: str) -> bool:
        """A seat with nothing hidden: whoever is at the screen answers for it (no curtain)."""
        return not self._session.has_secrets(seat)

    def _by_app(self, command) -> bool:
        return command.by_app or command.action.player in self._session.app_seats

    def _undo_span(self) -> tuple[int, str | None]:
        game = self._session.game
        within = min(self.index(), len(game.actions) - game.undo_floor)
        moves = ((self.command(i).action, self._by_app(self.command(i)))
                 for i in range(self.index() - 1, self.index() - 1 - within, -1))
        return undo_span(moves, self._seat(), self._open_seat)

    def _redo_span(self) -> tuple[int, str | None]:
        moves = [(self.command(i).action, self._by_app(self.command(i))) for i in range(self.index(), self.count())]
        return redo_span(moves, self._seat(), self._open_seat)

    def undo_count(self) -> int:
        """How many of the last actions Undo takes back for the seat looking: its own last move
        (or the table's own entry), with the app's moves after it. 0, and a refusal in words,
        when the last person's move is another seat's."""
        if self._session._copy_refuses():
            return 0
        count, seat = self._undo_span()
        if not count:
            self._session._refuse(self._only_yours("Undo takes back", "last", seat))
        return count

    def redo_count(self) -> int:
        """How many undone actions Redo brings back for the seat looking: its own move, with the
        app's moves that followed it; 0, and a refusal, when the next one is another seat's."""
        if self._session._copy_refuses():
            return 0
        count, seat = self._redo_span()
        if not count:
            self._session._refuse(self._only_yours("Redo brings back", "next", seat))
        return count

    def undo_says(self) -> str:
        """What Undo would do now for the seat looking, in words for its button's tooltip and its
        menu entry: the move it takes back (with the app's moves after it), or why it takes back
        nothing. The same answer as `undo_count`, refusing nothing."""
        if not self.canUndo():
            game = self._session.game
            return NOT_AFTER_A_REVEAL if game.actions and not game.can_undo() else "Nothing to undo"
        if self._session.read_only:
            return "Undo: nothing is played in a read-only copy"
        count, seat = self._undo_span()
        if count:
            return self._takes("Undo", self.command(self.index() - count), count - 1, "after")
        return self._cannot("Undo", "take back", "last", seat)

    def redo_says(self) -> str:
        """What Redo would do now for the seat looking, in words (as `undo_says`)."""
        if not self.canRedo():
            return "Nothing to redo"
        if self._session.read_only:
            return "Redo: nothing is played in a read-only copy"
        count, seat = self._redo_span()
        if count:
            return self._takes("Redo", self.command(self.index()), count - 1, "that followed")
        return self._cannot("Redo", "bring back", "next", seat)

    @staticmethod
    def _takes(verb: str, command, app_moves: int, where: str) -> str:
        text = f"{verb}: {command.full_text or command.text()}"
        if app_moves:
            text += f", with the app's {app_moves} move{'s' if app_moves > 1 else ''} {where} it"
        return text

    def _whose(self, seat: str, view) -> str:
        whose = view.seat_name(seat) + "'s"
        return whose + ", played by the app" if seat in self._session.app_seats else whose

    def _cannot(self, verb: str, what: str, which: str, seat: str | None) -> str:
        if seat is None:
            return f"Nothing to {verb.lower()}"
        whose = self._whose(seat, self._session.view())  # the view the window reads anyway (cached)
        if self._session.viewer is None:
            return f"{verb}: nobody is looking (the {which} move is {whose}): show your hand first"
        return f"{verb}: nothing of yours to {what} (the {which} move is {whose})"

    def _only_yours(self, verb: str, which: str, seat: str | None) -> str:
        if seat is None:
            return f"{verb.split()[0]}: there is nothing to take back."
        whose = self._whose(seat, self._session.game.view(None))
        if self._seat() is None:
            return (f"Nobody is looking: {verb[0].lower() + verb[1:]} only the move of the player looking, and the "
                    f"{which} one is {whose}. Show your hand first.")
        return f"{verb} only your own move: the {which} one is {whose}."

    # ---- moving ---------------------------------------------------------------------------------

    def canUndo(self) -> bool:  # noqa: N802 - Qt's name
        """Only what the engine can undo too (the Undo entry is disabled otherwise)."""
        return super().canUndo() and self._session.game.can_undo()

    def undo(self) -> None:
        """Takes back the seat looking's own last move, with the app's moves after it; another
        seat's move is refused in words (`undo_count`, desktop/model/authority.py)."""
        if not super().canUndo():
            return
        if not self._session.game.can_undo():
            self._session._undo_one()  # says why: a card was seen since
            return
        changes = None
        for _ in range(self.undo_count()):
            step = self._session._undo_one()
            if step is None:
                break
            super().undo()
            changes = step if changes is None else changes.union(step)
        if changes is not None:
            self._session._after_change(changes)

    def redo(self) -> None:
        """Brings back the seat looking's own move undone, with the app's moves that followed it."""
        if not self.canRedo():
            return
        for _ in range(self.redo_count()):
            command = self.command(self.index())
            if not self._session._redo_one(command.action, command.by_app):
                break
            if not self.canRedo():  # the action revealed a card: the stack was cleared
                break

    def taken(self, action: Action, reveals: bool, redone: bool, by_app: bool = False) -> None:
        """The session has applied and journalled `action`, and has not yet said what changed
        (the Undo and Redo texts are read then, from the stack as it is now): an action that
        revealed a card clears the stack (a seen card cannot be un-seen), a redo moves it on to
        the next command, a new action is pushed."""
        if reveals:
            self.clear()
        elif redone:
            super().redo()
        else:
            self.push(ActionCommand(action, self._session._undo_text(action), by_app=by_app))
