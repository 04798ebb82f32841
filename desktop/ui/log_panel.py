"""The game log at the side of the table.

Lines are appended, never rebuilt. Each seat reads its own private lines, so each reader
(every seat, and nobody while the curtain is up) has a page of its own: an editor holding that
reader's lines, kept laid out while another reader's page is shown. A hand-over shows the next
reader's page and appends what it has not read yet. (A single editor given each reader's
document in turn laid the document out afresh at every hand-over: Qt's plain text editor drops
every line's layout when it is given a document, and the lines in sight and the last page were
shaped again, 2 to 3 ms of each hand-over; before that, 400 lines were read again twice.) An
undo that took lines back starts the reader's page again from the latest `LINES`. A page
follows the newest line unless its reader has scrolled back to read, so what the app's seats
did and what was refused is seen as it happens.

`GameLog` is the panel: the page shown answers for it (its text, its scroll bar, its viewport),
as the one editor did.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QEvent
from PySide6.QtGui import QFontMetricsF, QTextDocument
from PySide6.QtWidgets import QPlainTextDocumentLayout, QPlainTextEdit, QStackedWidget, QWidget

REFUSED_MARK = "\u2717 "
_COVERED = object()  # the reader while the curtain is up: nobody
SHOWN_LINES = 6  # the least the log shows


class LogPage(QPlainTextEdit):
    """One reader's lines, where that reader left them (`mark`: how far the session's log was
    read; `following`: whether the newest line is kept in sight)."""

    def __init__(self, lines: int):
        super().__init__()
        self.setObjectName("log-page")
        self.setReadOnly(True)
        self.setAccessibleName("Game log")
        document = QTextDocument(self)
        document.setDocumentLayout(QPlainTextDocumentLayout(document))
        document.setMaximumBlockCount(lines)
        self.setDocument(document)
        self.mark = None  # where the lines shown end (LogReader.update's mark)
        # Sticky bottom: while the newest line is in sight, it stays in sight as lines come and
        # the panel changes size; once the reader scrolls back, the view stays where they read.
        # Only the reader's own scrolling (the wheel, the scroll bar, the keys) decides: the value
        # also changes on its way while the editor lays out lines appended, and reading that as
        # "scrolled back" left the log at its first lines for good.
        self.following = True
        self.keep_lines()
        bar = self.verticalScrollBar()
        bar.rangeChanged.connect(self._range_changed)
        bar.actionTriggered.connect(self._scrolled)

    def keep_lines(self) -> None:
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
            self.keep_lines()

    def _range_changed(self, _low: int, high: int) -> None:
        if self.following:
            self.verticalScrollBar().setValue(high)

    def _scrolled(self, _action: int) -> None:
        """The reader scrolled: back from the newest line, or down to it again. (The slider is
        where the action puts it; its value follows after this signal.)"""
        bar = self.verticalScrollBar()
        self.following = bar.sliderPosition() >= bar.maximum() - 2

    def append(self, lines: list[str]) -> None:
        if not lines:
            return
        following = self.following
        self.appendPlainText("\n".join(lines))  # one insertion, however many lines
        if following:
            self.following = True
            bar = self.verticalScrollBar()
            bar.setValue(bar.maximum())


class GameLog(QStackedWidget):
    # The lines kept on screen: a new reader gets the latest ones, and older ones leave as new
    # ones come, so a hand-over late in a long game costs what one early in it does. (The whole
    # story is in the save: `actiondeck replay`.)
    LINES = 400

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("log")
        self.setAccessibleName("Game log")
        self._reader: object = None  # whose page is shown (a seat, or None: nobody's)
        self._pages: dict = {}  # reader -> their page
        # Shown while the curtain is up: nobody reads behind it, so no reader's lines need be
        # shown there, and each reader's page stays as they left it.
        self._blank = self._page()
        self._pages[None] = self._page()
        self._show(self._pages[None])

    def __getattr__(self, name):
        # The page shown answers what an editor answers: its text, its scroll bar, its viewport.
        return getattr(self.currentWidget(), name)

    @property
    def page(self) -> LogPage:
        return self.currentWidget()

    def _page(self) -> LogPage:
        page = LogPage(self.LINES)
        self.addWidget(page)
        first = getattr(self, "_blank", None)
        if first is not None:
            # Tab reaches a reader's page where it reached the log: a page made later would
            # otherwise come last in the window's order, after every panel.
            QWidget.setTabOrder(first, page)
        return page

    def _show(self, page: LogPage) -> None:
        if self.currentWidget() is not page:
            self.setCurrentWidget(page)
        self.setFocusProxy(page)
        self.setMinimumHeight(page.minimumHeight())

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange and self.count():
            self.setMinimumHeight(self.page.minimumHeight())  # its pages keep six lines at the new font

    def _read_as(self, reader) -> None:
        """Shows `reader`'s page (made the first time they read)."""
        if reader == self._reader:
            return
        page = self._pages.get(reader)
        if page is None:
            page = self._pages[reader] = self._page()
        self._reader = reader
        self._show(page)
        if page.following:
            bar = page.verticalScrollBar()
            bar.setValue(bar.maximum())

    def following(self) -> bool:
        return self.page.following

    def show_from(self, session, covered: bool = False) -> None:
        """Adds the lines the session has since the last call (all of them after a restart).
        `covered`: the curtain is up, and the log shows an empty page until someone reads."""
        if covered:
            self._cover()
            return
        self._read_as(session.viewer)
        page = self.page
        lines, page.mark, restart = session.log.update(page.mark, most=self.LINES)
        if restart:
            page.clear()
            page.following = True  # a new reader starts at the newest line
            if not lines:
                lines = [session.log.opening()]  # a new game's log says what game it is
        page.append(lines)

    def _cover(self) -> None:
        """An empty page behind the curtain, each reader's page kept for them."""
        if self._reader is _COVERED:
            return
        self._blank.clear()  # what was said behind the curtain last time
        self._blank.following = True
        self._reader = _COVERED
        self._show(self._blank)

    def refused(self, sentence: str) -> None:
        self.page.append([REFUSED_MARK + sentence])

    def restart(self) -> None:
        """A new game: every reader's page goes."""
        for page in self._pages.values():
            self.removeWidget(page)
            page.deleteLater()
        self._pages = {None: self._page()}
        self._reader = None
        self._blank.clear()
        self._show(self._pages[None])
