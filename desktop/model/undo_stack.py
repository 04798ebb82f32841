"""The undo stack of a session: Qt's QUndoStack in step with the engine's undo window.

The engine holds the real history; the stack gives the window its Undo and Redo entries, their
texts, and their enabled state, and sends an undo or a redo through the session's
write-or-take-back path.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QUndoCommand, QUndoStack

from desktop.engine import Action, Game

if TYPE_CHECKING:
    from desktop.model.session import GameSession

UNDO_TEXT_LIMIT = 28  # the toolbar's undo text stays short and steady; the tooltip has it all


class ActionCommand(QUndoCommand):
    """One entry of the QUndoStack: its texts and its place. The engine holds the real history,
    and the session has done the work (the engine and the journal) before the stack moves
    (`SessionStack`), so the command itself does nothing."""

    def __init__(self, session: GameSession, action: Action, text: str, by_app: bool = False) -> None:
        short = text if len(text) <= UNDO_TEXT_LIMIT else text[: UNDO_TEXT_LIMIT - 1] + "\u2026"
        super().__init__(short)
        self.full_text = text
        self.action = action
        self.by_app = by_app  # a seat the app plays took it: undone with the person's move before it

    def redo(self) -> None:
        pass  # push() and a redo come after the session applied and journalled the action

    def undo(self) -> None:
        pass


class SessionStack(QUndoStack):
    """Undo and Redo go through the session's write-or-take-back path, as an action does: the
    journal line is written first, and only then do the game and the stack move. A line that
    cannot be written (a full disk) leaves all three where they were, says so through
    `refused`, and the journal goes on once the disk has room. (QUndoStack.undo would move its
    index even when the command failed.)"""

    def __init__(self, session: GameSession) -> None:
        super().__init__(session)
        self._session = session
        self.setUndoLimit(Game.UNDO_LIMIT)  # the engine keeps no more snapshots than that

    def canUndo(self) -> bool:  # noqa: N802 - Qt's name
        """Only what the engine can undo too (the Undo entry is disabled otherwise)."""
        return super().canUndo() and self._session.game.can_undo()

    def undo(self) -> None:
        """Takes back the seat looking's own last move, with the app's moves after it; another
        seat's move is refused in words (GameSession.undo_count, desktop/model/authority.py)."""
        if not super().canUndo():
            return
        if not self._session.game.can_undo():
            self._session._undo_one()  # says why: a card was seen since
            return
        changes = None
        for _ in range(self._session.undo_count()):
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
        for _ in range(self._session.redo_count()):
            command = self.command(self.index())
            if not self._session._redo_one(command.action, command.by_app):
                break
            super().redo()  # nothing left to move when the action revealed a card (cleared)
            if not self.canRedo():
                break
