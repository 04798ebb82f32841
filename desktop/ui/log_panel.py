"""The game log at the side of the table.

Lines are appended, never rebuilt, except when the seat looking changes (each seat reads its own
private lines) or an undo took lines back; then only the latest `LINES` are read again. It follows the newest line unless the reader has
scrolled back to read, so what the app's seats did and what was refused is seen as it happens.
"""

from __future__ import annotations

from PySide6.QtWidgets import QPlainTextEdit

REFUSED_MARK = "\u2717 "


class GameLog(QPlainTextEdit):
    # The lines kept on screen: a new reader gets the latest ones, and older ones leave as new
    # ones come, so a hand-over late in a long game costs what one early in it does. (The whole
    # story is in the save: `actiondeck replay`.)
    LINES = 400

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setMaximumBlockCount(self.LINES)
        self.setObjectName("log")
        self.setReadOnly(True)
        self.setAccessibleName("Game log")
        self._mark = None  # where the lines shown end (LogReader.update's mark)
        # Six lines at least, whatever a system's panels take beside it: the log is how a table
        # follows what the app's seats did and what was refused.
        self.setMinimumHeight(self.fontMetrics().lineSpacing() * 6 + 2 * self.frameWidth() + 8)
        # Sticky bottom: while the newest line is in sight, it stays in sight as lines come and
        # the panel changes size; once the reader scrolls back, the view stays where they read.
        self._following = True
        bar = self.verticalScrollBar()
        bar.rangeChanged.connect(self._range_changed)
        bar.valueChanged.connect(self._scrolled)

    def _range_changed(self, _low: int, high: int) -> None:
        if self._following:
            self.verticalScrollBar().setValue(high)

    def _scrolled(self, value: int) -> None:
        self._following = value >= self.verticalScrollBar().maximum() - 2

    def restart(self) -> None:
        self.clear()
        self._mark = None
        self._following = True

    def following(self) -> bool:
        return self._following

    def show_from(self, session) -> None:
        """Adds the lines the session has since the last call (all of them after a restart)."""
        lines, self._mark, restart = session.log.update(self._mark, most=self.LINES)
        if restart:
            self.clear()
            self._following = True  # a new reader starts at the newest line
            if not lines:
                lines = [session.log.opening()]  # a new game's log says what game it is
        self._append(lines)

    def refused(self, sentence: str) -> None:
        self._append([REFUSED_MARK + sentence])

    def _append(self, lines: list[str]) -> None:
        if not lines:
            return
        following = self._following
        self.appendPlainText("\n".join(lines))  # one insertion, however many lines
        if following:
            self._following = True
            bar = self.verticalScrollBar()
            bar.setValue(bar.maximum())
