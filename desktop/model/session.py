"""The game session: the one way the GUI changes a game.

Widgets hand it actions; it asks the engine, journals what was accepted, keeps the QUndoStack in
step with the engine's undo window, and says what changed through signals. A refusal comes back as
the `refused` signal carrying the engine's sentence.

It also owns who is looking at the screen (`viewer`). When the seat that must act with hidden
cards changes, the viewer becomes None (nobody's hand is shown) and `curtainRequested` asks the
window to cover the table until that player confirms they alone are looking.
"""

from __future__ import annotations

import threading
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from desktop.engine import Action, Game, RuleError
from desktop.model.labels import action_label, touches_hidden_cards
from desktop.storage import SaveError, save_bytes
from desktop.storage.durable import write_atomic
from desktop.storage.journal import Journal


class _ActionCommand(QUndoCommand):
    """One undoable action on the QUndoStack; the engine holds the real history."""

    def __init__(self, session: GameSession, action: Action, text: str) -> None:
        super().__init__(text)
        self._session = session
        self._action = action
        self._applied = True  # push() calls redo() at once; the action is already applied

    def redo(self) -> None:
        if self._applied:
            self._applied = False
            return
        self._session._apply(self._action, from_redo=True)

    def undo(self) -> None:
        self._session._undo_one()


class GameSession(QObject):
    changed = Signal()  # the state, the viewer or the log changed: re-read view()
    refused = Signal(str)  # an action was refused; the sentence says which rule
    curtainRequested = Signal(str)  # this seat must look next: cover the table until confirmed
    saved = Signal(str)  # a save finished: the path
    saveFailed = Signal(str)

    def __init__(self, game: Game, journal: Journal | None = None, parent: QObject | None = None):
        super().__init__(parent)
        self.game = game
        self.journal = journal
        self.save_path: Path | None = None
        self.name = ""
        self.viewer: str | None = None
        self.pending_viewer: str | None = None
        self.undo_stack = QUndoStack(self)
        self.notices: list[str] = []  # refusals shown in the log, never part of the game

    # ---- reading ---------------------------------------------------------------------------

    def view(self) -> dict:
        return self.game.view(self.viewer)

    def log_lines(self) -> list[str]:
        return self.game.log_for(self.viewer)

    def offered_actions(self) -> list[tuple[str, Action]]:
        """The legal actions to show as buttons: card actions only for the seat looking."""
        offered = []
        for action in self.game.legal_actions():
            if action.type == "declare":
                continue  # offered by the event picker, not one button per event and seat
            if touches_hidden_cards(action) and action.player != self.viewer:
                continue  # listing them would tell everyone what that hand holds
            offered.append((action.player, action))
        # Revealing is rare: keep the moves of the game at the top of the list.
        return sorted(offered, key=lambda pair: pair[1].type == "reveal")

    def label(self, action: Action) -> str:
        return action_label(self.view(), action)

    # ---- changing --------------------------------------------------------------------------

    def submit(self, action: Action) -> bool:
        """Applies `action` if the rules allow it; otherwise emits `refused` with the reason."""
        try:
            self._apply(action, from_redo=False)
        except RuleError as refusal:
            self.notices.append(str(refusal))
            self.refused.emit(str(refusal))
            return False
        return True

    def move_action(self, card: str, target_zone: str) -> Action | None:
        """The action meant by the seat looking at its hand dragging `card` onto `target_zone`.

        None (and a `refused` signal) when no action could mean that.
        """
        player = self.viewer
        hand = self.game.state.zones.get(f"hand:{player}")
        if player is None or hand is None or card not in hand.cards:
            self._refuse("Only the player looking at their own hand can move its cards.")
            return None
        try:
            return self.game.ruleset.action_for_move(self.game.state, player, card, target_zone)
        except RuleError as refusal:
            self._refuse(str(refusal))
            return None

    def card_action(self, card: str) -> Action | None:
        """What pressing Enter on a card of the viewer's hand means: discarding it when a discard
        is owed, otherwise playing it (the engine still judges the play)."""
        if self.viewer is not None:
            for action in self.game.legal_actions(self.viewer):
                if action.type == "discard" and action.card == card:
                    return action
        return self.move_action(card, "play")

    def declare_action(self, seat: str, event: str) -> Action:
        return self.game.decode_action({"type": "declare", "player": seat, "event": event})

    def card_def(self, card: str):
        """The definition of a card the current viewer can see."""
        for zone in self.view()["zones"].values():
            if any(entry and entry["id"] == card for entry in zone["cards"]):
                return self.game.ruleset.card_def(self.game.state, card)
        raise KeyError(card)

    def move_choices(self, action: Action) -> list[Action]:
        """The legal completions of a dragged action (e.g. each target of an offensive card)."""
        if action.type != "play":
            return [action]
        return [
            legal
            for legal in self.game.legal_actions(action.player)
            if legal.type == "play" and legal.card == action.card
        ] or [action]

    def _refuse(self, sentence: str) -> bool:
        self.notices.append(sentence)
        self.refused.emit(sentence)
        return False

    def _apply(self, action: Action, from_redo: bool) -> None:
        outcome = self.game.apply(action)  # raises RuleError with the state untouched
        if self.journal is not None:
            self.journal.record(action)
        if outcome.reveals:
            self.undo_stack.clear()  # a seen card cannot be un-seen
        elif not from_redo:
            self.undo_stack.push(_ActionCommand(self, action, self._undo_text(outcome)))
        self._after_change()

    @staticmethod
    def _undo_text(outcome) -> str:
        public = [entry.text for entry in outcome.log if entry.seat is None]
        return public[0] if public else "action"

    def _undo_one(self) -> None:
        self.game.undo()
        if self.journal is not None:
            self.journal.record_undo()
        self._after_change()

    def _after_change(self) -> None:
        if not self.sync_viewer():
            self.changed.emit()

    def sync_viewer(self) -> bool:
        """Asks for the curtain if the seat that must look is not the one looking; True if so."""
        focus = self.game.ruleset.focus(self.game.state)
        if focus is None or focus == self.viewer or focus == self.pending_viewer:
            return False
        self.request_viewer(focus)
        return True

    # ---- who is looking --------------------------------------------------------------------

    def request_viewer(self, seat: str) -> None:
        """Hides every hand and asks for the screen to be passed to `seat`."""
        self.viewer = None
        self.pending_viewer = seat
        self.changed.emit()
        self.curtainRequested.emit(seat)

    def confirm_viewer(self) -> None:
        """The player asked for is alone at the screen: show their hand."""
        if self.pending_viewer is not None:
            self.viewer = self.pending_viewer
            self.pending_viewer = None
            self.changed.emit()

    def hide_hands(self) -> None:
        self.viewer = None
        self.pending_viewer = None
        self.changed.emit()

    # ---- saving ----------------------------------------------------------------------------

    def save(self, path: Path, wait: bool = False) -> None:
        """Writes a save file; the disk work runs off the UI thread unless `wait`."""
        data = save_bytes(self.game, self.name)
        path = Path(path)

        def work() -> None:
            try:
                write_atomic(path, data)
            except OSError as problem:
                self.saveFailed.emit(
                    str(SaveError(f"The game could not be saved to {path}: {problem.strerror or problem}."))
                )
                return
            self.save_path = path
            self.saved.emit(str(path))

        if wait:
            work()
        else:
            threading.Thread(target=work, name="actiondeck-save", daemon=False).start()

    def close(self) -> None:
        if self.journal is not None:
            self.journal.close()
