"""The game log at the side of the table.

Lines are appended, never rebuilt. Each seat reads its own private lines, so each reader
(every seat, and nobody while the curtain is up) has a document of its own, kept aside while
another reads: a hand-over puts the next reader's document back and appends what it has not
read yet, where it used to read 400 lines again twice (curtain up, curtain lifted). An undo
that took lines back starts the reader's document again from the latest `LINES`. It follows
the newest line unless the reader has scrolled back to read, so what the app's seats did and
what was refused is seen as it happens.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QEvent
from PySide6.QtGui import QFontMetricsF, QTextDocument
from PySide6.QtWidgets import QPlainTextDocumentLayout, QPlainTextEdit

REFUSED_MARK = "\u2717 "
_COVERED = object()  # the reader while the curtain is up: nobody
SHOWN_LINES = 6  # the least the log shows


class GameLog(QPlainTextEdit):
    # The lines kept on screen: a new reader gets the latest ones, and older ones leave as new
    # ones come, so a hand-over late in a long game costs what one early in it does. (The whole
    # story is in the save: `actiondeck replay`.)
    LINES = 400

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("log")
        self.setReadOnly(True)
        self.setAccessibleName("Game log")
        self._mark = None  # where the lines shown end (LogReader.update's mark)
        self._reader: object = None  # whose document is shown (a seat, or None: nobody's)
        self._kept: dict = {}  # reader -> (document, mark, following) while another reads
        # The editor's own first document is deleted by the editor when another is set: each
        # reader's document is the log's, kept or dropped here.
        self.setDocument(self._new_document())
        # Shown while the curtain is up: nobody reads behind it, so no reader's lines need be
        # laid out there (putting in a document of 400 lines lays them all out again, about a
        # millisecond, and the next reader's document is put in as the curtain lifts anyway).
        self._blank = self._new_document()
        self._keep_lines()
        # Sticky bottom: while the newest line is in sight, it stays in sight as lines come and
        # the panel changes size; once the reader scrolls back, the view stays where they read.
        # Only the reader's own scrolling (the wheel, the scroll bar, the keys) decides: the value
        # also changes on its way while the editor lays out lines appended or a document put
        # back, and reading that as "scrolled back" left the log at its first lines for good.
        self._following = True
        self._swapping = False  # a reader's document being put in: its range settles once, after
        bar = self.verticalScrollBar()
        bar.rangeChanged.connect(self._range_changed)
        bar.actionTriggered.connect(self._scrolled)

    def _keep_lines(self) -> None:
        """Six whole lines at least, whatever a system's panels take beside it: the log is how a
        table follows what the app's seats did and what was refused. The document's margin is
        above the first line and below the last, and the editor scrolls to the bottom only as
        far as its last lines fit with a pixel to spare (with one pixel less it showed five)."""
        # A line is laid out at the font's fractional spacing (18.45 px on an X screen, where 18
        # left the sixth line half hidden): a whole pixel more than that for each.
        line = math.ceil(QFontMetricsF(self.font()).lineSpacing()) + 1
        margin = round(self.document().documentMargin())
        self.setMinimumHeight(line * SHOWN_LINES + 2 * margin + 4 + 2 * self.frameWidth())

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self._keep_lines()

    def _range_changed(self, _low: int, high: int) -> None:
        if self._following and not self._swapping:
            self.verticalScrollBar().setValue(high)

    def _scrolled(self, _action: int) -> None:
        """The reader scrolled: back from the newest line, or down to it again. (The slider is
        where the action puts it; its value follows after this signal.)"""
        bar = self.verticalScrollBar()
        self._following = bar.sliderPosition() >= bar.maximum() - 2

    def restart(self) -> None:
        """A new game: every reader's document goes."""
        for document, _mark, _following in self._kept.values():
            document.deleteLater()
        self._kept = {}
        self.clear()
        self._mark = None
        self._following = True

    def _new_document(self) -> QTextDocument:
        document = QTextDocument(self)
        document.setDocumentLayout(QPlainTextDocumentLayout(document))
        document.setMaximumBlockCount(self.LINES)
        return document

    def _read_as(self, reader) -> None:
        """Shows `reader`'s document, keeping the one shown aside for its reader."""
        if reader == self._reader:
            return
        if self._reader is not _COVERED:
            self._kept[self._reader] = (self.document(), self._mark, self._following)
        document, mark, following = self._kept.pop(reader, (None, None, True))
        if document is None:
            document = self._new_document()
        if document.defaultFont() != self.font():  # the font may have changed while it was aside
            document.setDefaultFont(self.font())  # (set again, it lays every line out again)
        # The range changes several times as the editor lays the document out again: following
        # each change was eight scrolls of 0.1 ms a hand-over; the newest line is put in sight
        # once, below.
        self._swapping = True
        try:
            self.setDocument(document)
        finally:
            self._swapping = False
        self._reader, self._mark, self._following = reader, mark, following
        if following:
            bar = self.verticalScrollBar()
            bar.setValue(bar.maximum())

    def following(self) -> bool:
        return self._following

    def show_from(self, session, covered: bool = False) -> None:
        """Adds the lines the session has since the last call (all of them after a restart).
        `covered`: the curtain is up, and the log shows an empty page until someone reads."""
        if covered:
            self._cover()
            return
        self._read_as(session.viewer)
        lines, self._mark, restart = session.log.update(self._mark, most=self.LINES)
        if restart:
            self.clear()
            self._following = True  # a new reader starts at the newest line
            if not lines:
                lines = [session.log.opening()]  # a new game's log says what game it is
        self._append(lines)

    def _cover(self) -> None:
        """An empty page behind the curtain, the reader's document kept aside for them."""
        if self._reader is _COVERED:
            return
        self._kept[self._reader] = (self.document(), self._mark, self._following)
        self._blank.clear()  # what was said behind the curtain last time
        self._swapping = True
        try:
            self.setDocument(self._blank)
        finally:
            self._swapping = False
        self._reader, self._mark, self._following = _COVERED, None, True

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
