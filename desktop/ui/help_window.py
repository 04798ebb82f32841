"""The Help window: each system's rules as the app plays them, and "What can I do now?".

The pages are the Markdown files the app ships (desktop/ui/help_pages.py), rendered as they are;
the list on the left holds "What can I do now?", then every page with its sections. The search
field finds its words across every page: each hit of the page shown is lit, the current one
more, and Enter or F3 moves to the next (Shift+Enter, Shift+F3: the one before), page after page.
A link between pages opens that page at its section; a web address opens in the browser; any
other link opens nothing and says so. The text is the app's size (it follows the table's, which
grows with the screen), larger or smaller with Ctrl++ and Ctrl+-. Non-modal: it stays open beside
the table, one per window, and is raised again when asked for.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, QUrl, Signal
from PySide6.QtGui import (
    QDesktopServices,
    QKeySequence,
    QShortcut,
    QTextCursor,
    QTextDocument,
)
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSplitter,
    QTextBrowser,
    QToolButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desktop.ui import help_pages, what_now
from desktop.ui.help_search import SearchAcrossPages
from desktop.ui.screens import room_of

NOW = ""  # the list's key of "What can I do now?" (a page's key is its system's id)


class HelpWindow(SearchAcrossPages, QWidget):
    """The rules and "What can I do now?" beside the table. `session_of()` gives the game the
    window shows now (the Help window never holds a session of its own)."""

    shown = Signal(str, str)  # the page and the section shown (tests and the status bar read it)

    def __init__(self, parent: QWidget, session_of) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName("help-window")
        self.setWindowTitle("Rules \u2014 Action Deck")
        self._session_of = session_of
        self._pages = {page.id: page for page in help_pages.pages()}
        self._documents: dict[str, QTextDocument] = {}
        self.page = None  # the key of the page shown (NOW, or a system's id)
        self.hits: list[tuple[str, int, int]] = []  # (page, start, end) of every hit of the search
        self.hit = -1  # the hit moved to
        self._points = self.font().pointSizeF()
        self._build()
        self._keys()
        screen = room_of(parent)
        self.resize(min(1100, round(screen.width() * 0.7)), round(screen.height() * 0.8))

    # ---- building ------------------------------------------------------------------------------

    def _build(self) -> None:
        self.search = QLineEdit()
        self.search.setObjectName("help-search")
        self.search.setPlaceholderText("Find in the rules (Enter or F3: next)")
        self.search.setClearButtonEnabled(True)
        self.search.setAccessibleName("Find in the rules")
        self.search.textChanged.connect(lambda text: self.find(text))
        self.search.returnPressed.connect(self.next_hit)
        self.previous_button, self.next_button = QToolButton(), QToolButton()
        for button, text, tip, step in ((self.previous_button, "\u25b2", "Previous hit (Shift+F3)", -1),
                                        (self.next_button, "\u25bc", "Next hit (F3)", 1)):
            button.setText(text)
            button.setToolTip(tip)
            button.setAccessibleName(tip)
            button.clicked.connect(lambda _=False, s=step: self.move_hit(s))
        self.found = QLabel()
        self.found.setObjectName("help-found")
        bar = QHBoxLayout()
        bar.addWidget(self.search, 1)
        bar.addWidget(self.previous_button)
        bar.addWidget(self.next_button)
        bar.addWidget(self.found)

        self.contents = QTreeWidget()
        self.contents.setObjectName("help-contents")
        self.contents.setHeaderHidden(True)
        self.contents.setAccessibleName("Pages and their sections")
        self.contents.currentItemChanged.connect(self._item_chosen)
        now = QTreeWidgetItem([what_now.TITLE])
        now.setData(0, Qt.ItemDataRole.UserRole, (NOW, None))
        self.contents.addTopLevelItem(now)
        for page in self._pages.values():
            item = QTreeWidgetItem([page.title])
            item.setData(0, Qt.ItemDataRole.UserRole, (page.id, None))
            text = self._read(page)
            for level, heading in help_pages.headings(text):
                if level == 2:
                    child = QTreeWidgetItem([heading])
                    child.setToolTip(0, heading)  # a long heading is cut short in the list
                    child.setData(0, Qt.ItemDataRole.UserRole, (page.id, heading))
                    item.addChild(child)
            self.contents.addTopLevelItem(item)

        self.reader = QTextBrowser()
        self.reader.setObjectName("help-reader")
        self.reader.setOpenLinks(False)  # every link is judged here (`_link`), none followed blindly
        self.reader.anchorClicked.connect(self._link)
        # Every page wraps to the reader's width (code blocks too, `wrap_code`); a table's last
        # border may stand one pixel past it, which alone brought a sideways scroll bar.
        self.reader.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.note = QLabel()
        self.note.setObjectName("help-note")
        self.note.setWordWrap(True)
        self.note.hide()
        right = QWidget()
        column = QVBoxLayout(right)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.reader, 1)
        column.addWidget(self.note)
        split = QSplitter()
        split.addWidget(self.contents)
        split.addWidget(right)
        split.setStretchFactor(1, 1)
        split.setSizes([280, 820])
        layout = QVBoxLayout(self)
        layout.addLayout(bar)
        layout.addWidget(split, 1)
        self.setTabOrder(self.search, self.contents)
        self.setTabOrder(self.contents, self.reader)

    def _keys(self) -> None:
        for keys, slot in (
            (("F3",), self.next_hit), (("Shift+F3", "Shift+Return", "Shift+Enter"), self.previous_hit),
            ((QKeySequence.StandardKey.Find,), self._to_search),
            ((QKeySequence.StandardKey.ZoomIn, "Ctrl+="), lambda: self.zoom(1)),
            ((QKeySequence.StandardKey.ZoomOut,), lambda: self.zoom(-1)),
            ((QKeySequence.StandardKey.Close, "Escape"), self._escape),
            # The main window's Help keys work here too: the game's rules, and what can be done now.
            ((QKeySequence.StandardKey.HelpContents,), lambda: self.show_page(self._system() or NOW)),
            (("Shift+F1",), lambda: self.show_page(NOW)),
        ):
            for key in keys:
                QShortcut(QKeySequence(key), self, slot, context=Qt.ShortcutContext.WindowShortcut)

    def _system(self) -> str | None:
        session = self._session_of()
        return session.ruleset.id if session is not None and session.ruleset.id in self._pages else None

    def _read(self, page) -> str:
        try:
            return page.path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as problem:  # a damaged install: said on the page
            return f"# {page.title}\n\nThis page could not be read ({problem.__class__.__name__}); reinstall Action Deck."

    def _document(self, key: str) -> QTextDocument:
        """The rendered page of `key` (made once; "What can I do now?" is read again each time)."""
        document = self._documents.get(key)
        if document is None:
            document = QTextDocument(self)
            document.setMarkdown(self._read(self._pages[key]))
            wrap_code(document)
            self._documents[key] = document
        return document

    # ---- showing -------------------------------------------------------------------------------

    def open(self, key: str | None = None, section: str | None = None) -> None:
        """Shows the window (raised, focused) at the page `key` (a system's id; None: the page
        shown last, or the first) and its `section` (a heading, by its words or its anchor).
        Opened the first time over the middle of the table; then where the player put it."""
        if key is None:
            key = self.page if self.page is not None else next(iter(self._pages), NOW)
        if self.page is None:
            self.move(self.parentWidget().geometry().center() - self.rect().center())
        self.show()
        self.raise_()
        self.activateWindow()
        if not self.show_page(key, section):  # a system without a page: the first there is
            self.show_page(next(iter(self._pages), NOW))

    def show_page(self, key: str, section: str | None = None) -> bool:
        """The page `key` at its `section` (the top when None or not found); False when there is
        no such page (the one shown stays)."""
        if key != NOW and key not in self._pages:
            return False
        if key == NOW:
            document = QTextDocument(self)
            session = self._session_of()
            document.setHtml(what_now.page(session) if session is not None else "")
            old = self._documents.get(NOW)
            self._documents[NOW] = document
        else:
            document, old = self._document(key), None
        self._fit_font(document)
        if self.reader.document() is not document:
            self.reader.setDocument(document)
        if old is not None:
            old.deleteLater()
        self.page = key
        self._select(key, section)
        block = self._heading_block(document, section) if section else None
        self._scroll_to(block.position() if block is not None else 0)
        self._light_hits()
        self.shown.emit(key, block.text() if block is not None else "")
        return True

    def session_changed(self) -> None:
        """The game moved, or who looks: "What can I do now?", when shown, is read again (behind
        the curtain it then says nothing of the hand that was shown)."""
        if self.page == NOW and self.isVisible():
            self.show_page(NOW)

    def _fit_font(self, document: QTextDocument) -> None:
        font = self.font()
        font.setPointSizeF(self._points)
        if document.defaultFont() != font:
            document.setDefaultFont(font)

    def zoom(self, step: int) -> None:
        """The text a point larger or smaller (from 8 to 48 points), on every page."""
        self._points = min(48.0, max(8.0, self._points + step))
        self._fit_font(self.reader.document())

    def _heading_block(self, document: QTextDocument, section: str):
        block = document.begin()
        while block.isValid():
            if block.blockFormat().headingLevel() and help_pages.names(block.text(), section):
                return block
            block = block.next()
        return None

    def _scroll_to(self, position: int) -> None:
        """The text at `position` at the top of the reader, the cursor there (keys read on from it)."""
        document = self.reader.document()
        cursor = QTextCursor(document)
        cursor.setPosition(position)
        self.reader.setTextCursor(cursor)
        top = document.documentLayout().blockBoundingRect(document.findBlock(position)).top()
        self.reader.verticalScrollBar().setValue(round(top))

    def _select(self, key: str, section: str | None) -> None:
        """The list shows where the reader is, without choosing it again."""
        self.contents.blockSignals(True)
        try:
            for index in range(self.contents.topLevelItemCount()):
                item = self.contents.topLevelItem(index)
                if item.data(0, Qt.ItemDataRole.UserRole)[0] != key:
                    continue
                chosen = item
                for child_index in range(item.childCount()):
                    child = item.child(child_index)
                    if section and help_pages.names(child.text(0), section):
                        chosen = child
                item.setExpanded(True)
                self.contents.setCurrentItem(chosen)
        finally:
            self.contents.blockSignals(False)

    def _item_chosen(self, item, _previous) -> None:
        if item is not None:
            key, section = item.data(0, Qt.ItemDataRole.UserRole)
            self.show_page(key, section)

    def heading_in_view(self) -> str:
        """The first heading at or below the top of the reader (what a player sees first)."""
        document = self.reader.document()
        top = self.reader.verticalScrollBar().value()
        layout = document.documentLayout()
        block = document.begin()
        while block.isValid():
            if block.blockFormat().headingLevel() and layout.blockBoundingRect(block).bottom() > top:
                return block.text()
            block = block.next()
        return ""

    # ---- links ---------------------------------------------------------------------------------

    def _link(self, url: QUrl) -> None:
        """A link of a page: another page (`<id>.md`, `<id>.md#a-section`) or a section of this
        one (`#a-section`) opens there; a web address opens in the browser; nothing else opens."""
        self.note.hide()
        scheme = url.scheme().lower()
        if scheme in ("http", "https"):
            QDesktopServices.openUrl(url)
            return
        path, fragment = url.path(), url.fragment() or None
        if not scheme and not path and fragment:
            self.show_page(self.page, fragment)
            return
        if not scheme and path.endswith(".md") and self.show_page(path.rsplit("/", 1)[-1][:-3], fragment):
            return
        self.note.setText(f"\u201c{url.toString()}\u201d is not a page of this help: nothing was opened.")
        self.note.show()

    def _to_search(self) -> None:
        self.search.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.search.selectAll()

    def _escape(self) -> None:
        """Escape clears a search being typed, else closes the window (the table is behind it)."""
        if self.search.hasFocus() and self.search.text():
            self.search.clear()
        else:
            self.close()


def wrap_code(document: QTextDocument) -> None:
    """Code blocks wrap like the text (a long command or a line of a file's example would
    otherwise widen the page past the reader, behind a sideways scroll bar)."""
    block = document.begin()
    while block.isValid():
        look = block.blockFormat()
        if look.nonBreakableLines():
            look.setNonBreakableLines(False)
            QTextCursor(block).setBlockFormat(look)
        block = block.next()
