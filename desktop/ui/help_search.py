"""The Help window's search: a text found across every rules page (any case), every hit of the
page shown lit and the current one more, Enter or F3 to the next hit and Shift+F3 to the one
before, page after page. Mixed into `HelpWindow` (desktop/ui/help_window.py), whose pages,
reader, search field and count it uses."""

from __future__ import annotations

from PySide6.QtGui import QTextCharFormat, QTextCursor
from PySide6.QtWidgets import QTextEdit

from desktop.ui import palette

HIT, CURRENT, HIT_INK = palette.SEARCH_HIT, palette.SEARCH_CURRENT, palette.SEARCH_INK
MOST_HITS = 5000  # enough for any word of the pages; a search never grows without end


class SearchAcrossPages:
    """`find`, `next_hit`, `previous_hit` for the Help window (`hits`: (page, start, end) of every
    hit; `hit`: the one moved to)."""

    hits: list[tuple[str, int, int]]  # set by the window before any search
    hit: int

    def find(self, text: str) -> None:
        """Every hit of `text` (any case) in every page, then the first on or after what is shown."""
        text = text.strip()
        self.hits, self.hit = [], -1
        if len(text) >= 2:  # one letter would light half of every page
            for key in self._pages:
                document = self._document(key)
                cursor = document.find(text, 0)
                while not cursor.isNull() and len(self.hits) < MOST_HITS:
                    self.hits.append((key, cursor.selectionStart(), cursor.selectionEnd()))
                    cursor = document.find(text, cursor)
        if not self.hits:
            self.found.setText("No hits" if len(text) >= 2 else "")
            self._light_hits()
            return
        keys = list(self._pages)
        if self.page not in keys:  # from "What can I do now?": the first hit of the first page
            self.go_to_hit(0)
            return
        here = keys.index(self.page)
        top = self.reader.cursorForPosition(self.reader.viewport().rect().topLeft()).position()

        def onward(index: int) -> tuple[int, int]:  # pages after this one, this one's above last
            key, start, _ = self.hits[index]
            pages_on = (keys.index(key) - here) % len(keys)
            return (len(keys) if pages_on == 0 and start < top else pages_on, start)

        self.go_to_hit(min(range(len(self.hits)), key=onward))

    def next_hit(self) -> None:
        self.move_hit(1)

    def previous_hit(self) -> None:
        self.move_hit(-1)

    def move_hit(self, step: int) -> None:
        if not self.hits:
            self.find(self.search.text())
            return
        self.go_to_hit((self.hit + step) % len(self.hits))

    def go_to_hit(self, index: int) -> None:
        """The page of hit `index`, that hit selected and in view; the count says where it is."""
        self.hit = index
        key, start, end = self.hits[index]
        if key != self.page:
            self.show_page(key)
        else:
            self._light_hits()
        cursor = QTextCursor(self.reader.document())
        cursor.setPosition(start)
        cursor.setPosition(end, QTextCursor.MoveMode.KeepAnchor)
        self.reader.setTextCursor(cursor)
        self.reader.ensureCursorVisible()
        # A hit read with some text above it, not on the bottom line where ensureCursorVisible leaves it.
        place, height = self.reader.cursorRect(cursor).top(), self.reader.viewport().height()
        if not height // 6 <= place <= height * 2 // 3:
            bar = self.reader.verticalScrollBar()
            bar.setValue(bar.value() + place - height // 3)
        on_page = sum(1 for hit in self.hits if hit[0] == key)
        self.found.setText(f"{index + 1} of {len(self.hits)} ({on_page} on {self._pages[key].title})")

    def _light_hits(self) -> None:
        """Every hit of the page shown lit, the current one more."""
        marks = []
        for index, (key, start, end) in enumerate(self.hits):
            if key != self.page:
                continue
            mark = QTextEdit.ExtraSelection()
            look = QTextCharFormat()
            look.setBackground(CURRENT if index == self.hit else HIT)
            look.setForeground(HIT_INK)
            mark.format = look
            cursor = QTextCursor(self.reader.document())
            cursor.setPosition(start)
            cursor.setPosition(end, QTextCursor.MoveMode.KeepAnchor)
            mark.cursor = cursor
            marks.append(mark)
        self.reader.setExtraSelections(marks)

