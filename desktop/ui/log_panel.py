"""The game log at the side of the table.

Lines are appended, never rebuilt, except when the seat looking changes (each seat reads its own
private lines) or an undo took lines back. It follows the newest line unless the reader has
scrolled back to read, so what the app's seats did and what was refused is seen as it happens.
"""

from __future__ import annotations

from PySide6.QtWidgets import QPlainTextEdit

APP_MARK = "[app] "  # a move made by a seat the app plays
REFUSED_MARK = "\u2717 "


class GameLog(QPlainTextEdit):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("log")
        self.setReadOnly(True)
        self.setAccessibleName("Game log")
        self._mark = None  # where the lines shown end (session.log_update's mark)

    def restart(self) -> None:
        self.clear()
        self._mark = None

    def show_from(self, session) -> None:
        """Adds the lines the session has since the last call (all of them after a restart)."""
        lines, self._mark, restart = session.log_update(self._mark)
        if restart:
            self.clear()
        self._append(lines, follow=restart)

    def refused(self, sentence: str) -> None:
        self._append([REFUSED_MARK + sentence])

    def _append(self, lines: list[str], follow: bool = False) -> None:
        if not lines:
            return
        bar = self.verticalScrollBar()
        follow = follow or bar.value() >= bar.maximum() - 2  # not when the reader scrolled back
        for line in lines:
            self.appendPlainText(line)
        if follow:
            bar.setValue(bar.maximum())
