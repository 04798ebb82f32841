"""The game's file, from the window: Game > Save, Save as and Open, and what the window says when a
save is done or fails.

Where the game is written and whether it may be is the model's (desktop/model/saving.py); here
are the file dialogs and the window's words.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

if TYPE_CHECKING:
    from desktop.model.session import GameSession

SAVE_FILTER = "Action Deck games (*.json)"
OPEN_FILTER = "Action Deck games and autosaves (*.json *.jsonl);;Saved games (*.json);;Autosaves (*.jsonl)"


class GameFiles(QObject):
    """The window's Save, Save as and Open. A QObject of the window's so that its slots are the
    window thread's: a save is written on another thread, and the `saved` or `saveFailed` it
    emits there is queued here."""

    def __init__(self, window):
        super().__init__(window)
        self._window = window

    def follow(self, session: GameSession) -> None:
        session.saved.connect(self._saved)
        session.saveFailed.connect(self._save_failed)

    def save(self, ask: bool = False) -> None:
        from PySide6.QtWidgets import QFileDialog

        from desktop.model.library import saves_folder

        window = self._window
        session = window.session
        path = session.save_path
        copy = session.read_only
        if ask or path is None or copy:
            caption = "Save a copy as a new game" if copy else "Save game"
            chosen, _ = QFileDialog.getSaveFileName(window, caption, str(saves_folder() / "game.json"), SAVE_FILTER)
            if not chosen:
                return
            path = Path(chosen)
        if copy:
            # A read-only copy becomes a game of its own: saved, then opened here for real.
            done = []
            session.saved.connect(done.append)
            session.save(path, wait=True)
            session.saved.disconnect(done.append)
            if done:
                window.openRequested.emit(str(path))
            return
        session.save(path)

    def open(self) -> None:
        from PySide6.QtWidgets import QFileDialog

        from desktop.model.library import saves_folder

        window = self._window
        # A save file or an autosave journal: the app opens either (app.open_session).
        chosen, _ = QFileDialog.getOpenFileName(window, "Open game", str(saves_folder()), OPEN_FILTER)
        if chosen and window.session is not None and window.session.holds(Path(chosen)):
            window.tell("This game is already open here.")  # never a copy of itself
        elif chosen:
            window.openRequested.emit(chosen)

    def _saved(self, path: str) -> None:
        """A save finished. A game first saved with no name of its own took its file's name:
        the title says it now."""
        self._window.statusBar().showMessage(f"Saved to {path}", 6000)
        self._window.show_title()

    def _save_failed(self, sentence: str) -> None:
        from PySide6.QtWidgets import QMessageBox

        self._window.statusBar().showMessage(sentence, 10000)
        QMessageBox.warning(self._window, "Not saved", sentence)
