"""What can happen now: one button per offer (a kind of action of one seat, or of the table).

The choices an offer still needs (a card, a target, an order...) are asked after it is chosen.
The buttons scroll inside their box: eighteen entries made the window taller than a laptop's
screen. `ActionsAndLog` shares the column with the log, which keeps six lines whatever the list.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QSize, Qt, Signal
from PySide6.QtWidgets import (
    QFrame,
    QGroupBox,
    QLabel,
    QPushButton,
    QScrollArea,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from desktop.ui.widgets import ElidingButton, discard_widgets, eliding_button


class ActionsPanel(QWidget):
    chosen = Signal(object)  # an Offer
    moreRequested = Signal()  # "Other actions...": what the buttons leave out (a ruleset's unlisted)
    summaryRequested = Signal()  # the game's summary, offered once it reached its end
    grew = Signal()  # the list needs more height than it ever did: its column gives it more if it can

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(6, 6, 6, 6)
        self._buttons_box = QGroupBox("What can happen now")
        box = QVBoxLayout(self._buttons_box)
        box.setContentsMargins(2, 2, 2, 2)
        self._list = QWidget()
        self._list.setObjectName("actions-list")
        self._buttons = QVBoxLayout(self._list)
        self._buttons.setContentsMargins(4, 2, 4, 2)
        self._buttons.addStretch(1)  # the buttons stay at the top of the room the box keeps
        self._scroll = _ButtonsScroll(self._list)
        box.addWidget(self._scroll)
        self._layout.addWidget(self._buttons_box)
        # Under the box, for a system with rarer moves than its buttons list (the Turn menu has
        # the same entry, with its key): found where a player looks for what to do.
        self.more = eliding_button("Other actions\u2026")
        self.more.setToolTip("Rarer actions the buttons leave out, with many possible values (Ctrl+Shift+A)")
        self.more.clicked.connect(self.moreRequested)
        self.more.hide()
        self._layout.addWidget(self.more)
        # Once the game stands at its end: its summary, where a player looks for what to do next.
        self.summary = eliding_button("Summary of the game\u2026")
        self.summary.setToolTip("Who did what, the cards played and what each counted, as everyone may see it")
        self.summary.clicked.connect(self.summaryRequested)
        self.summary.hide()
        self._layout.addWidget(self.summary)
        self._over: str | None = None  # the system's sentence for the end the game stands at
        self.buttons: list[QWidget] = []
        self._texts: list[str] | None = None
        self._offers: list[object] = []
        self._spare: list[ElidingButton] = []  # hidden buttons, past the entries offered now

    def offer_more(self, on: bool) -> None:
        """Whether the game has moves the buttons leave out (the "Other actions..." button)."""
        self.more.setVisible(on)

    def show_end(self, sentence: str | None) -> None:
        """The game stands at its end (`sentence`, the system's words) or goes on (None): the
        summary is offered, and a table where nobody can act says the game is over."""
        self._over = sentence
        self.summary.setVisible(sentence is not None)
        notes = [widget for widget in self.buttons if isinstance(widget, QLabel)]
        if notes:
            notes[0].setText(self._nobody_acts())

    def _nobody_acts(self) -> str:
        if self._over is not None:
            return f"{self._over} The game is over: its summary says who did what."
        return "Nobody can act with the hands shown now. Use \u201cShow my hand\u201d to look."

    def show_offers(self, offers: list[tuple[str, object]]) -> None:
        """`offers`: (button text, Offer) pairs from the window. The buttons are kept and their
        texts changed in place: a changed number of entries shows or hides the last ones (a
        button made at every action cost more than the whole table's update). A button keeps
        the keyboard focus while its entry stays, and only then (`_refocus`)."""
        self._offers = [offer for _, offer in offers]
        texts = [text for text, _ in offers]
        if texts == self._texts:
            return
        self._texts = texts
        focused = next((button for button in self.buttons if button.hasFocus()), None)
        was = focused.text() if isinstance(focused, ElidingButton) else None
        notes = [widget for widget in self.buttons if not isinstance(widget, ElidingButton)]
        if offers and notes or not offers and self._spare + self.buttons and not notes:
            discard_widgets(self._buttons, [*self.buttons, *self._spare])
            self.buttons, self._spare = [], []
        if not offers:
            if not self.buttons:
                note = QLabel(self._nobody_acts())
                note.setWordWrap(True)
                self._buttons.insertWidget(self._buttons.count() - 1, note)
                self.buttons = [note]
            return
        # Fewer entries hide the last buttons, more show them again: the buttons above never
        # move, and a button is made only when more are offered than ever before.
        buttons = self.buttons + self._spare
        while len(buttons) < len(texts):
            index = len(buttons)
            button = eliding_button()
            button.clicked.connect(lambda _=False, i=index: self.chosen.emit(self._offers[i]))
            self._buttons.insertWidget(self._buttons.count() - 1, button)
            buttons.append(button)
        for button, text in zip(buttons, texts):
            button.setText(text)
            button.setAccessibleName(text)
            if button.isHidden():
                button.show()
        moved = len(texts) != len(self.buttons)
        self.buttons, self._spare = buttons[: len(texts)], buttons[len(texts):]
        self._refocus(focused, was, texts)
        for button in self._spare:
            button.hide()
        if moved:
            # Laid out now, not when the posted requests come: a button just shown has its
            # place (and can be pressed) at once, and none is squeezed into the old box first.
            self._keep_height()
            self._layout.activate()
            self._buttons.activate()

    def _refocus(self, focused, was: str | None, texts: list[str]) -> None:
        """The keyboard focus follows its entry to its button, or leaves the list when the entry
        is gone. Left on its button, which now read another entry, the key that had just taken
        one move (Space, Return) took the next entry in its place: "Resolve" pressed twice let a
        rival's card resolve."""
        if focused is None or was is None:
            return
        if was in texts:
            self.buttons[texts.index(was)].setFocus(Qt.FocusReason.OtherFocusReason)
        else:
            focused.clearFocus()

    def event(self, event) -> bool:
        handled = super().event(event)
        if event.type() == QEvent.Type.LayoutRequest:  # new buttons are counted once shown
            self._keep_height()
        return handled

    def _needed(self) -> int:
        """The height the buttons take at the list's width (a long entry on two lines)."""
        width = self._scroll.viewport().width()
        if width > 20 and self._buttons.hasHeightForWidth():
            return self._buttons.totalHeightForWidth(width)
        return self._list.minimumSizeHint().height()

    def _keep_height(self) -> None:
        if self._scroll.keep(self._needed()):
            # The layouts above read the new height now, not when their posted requests come
            # (each layout keeps the size hints it last read of its widgets).
            self._buttons_box.updateGeometry()
            self.updateGeometry()
            self.grew.emit()

    def wanted_height(self) -> int:
        """The height that shows every button the panel has had to show (the most ever: the
        log below would otherwise move at every action whose number of offers changed)."""
        return self.sizeHint().height()


class _ButtonsScroll(QScrollArea):
    """The buttons' scroll area: it asks for the height of the most buttons it has had to show,
    and scrolls only where its column cannot give that much (the log keeps its six lines)."""

    def __init__(self, inner: QWidget):
        super().__init__()
        self.setWidget(inner)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Tab goes to the buttons, which scroll into sight
        self._floor = 0  # the most height the buttons have needed: the panel never gives it back

    def keep(self, needed: int) -> bool:
        """Counts `needed`; True when it is more than ever before."""
        if needed <= self._floor:
            return False
        self._floor = needed
        self.updateGeometry()
        return True

    def sizeHint(self) -> QSize:
        return QSize(super().sizeHint().width(), self._floor + 2 * self.frameWidth())

    def minimumSizeHint(self) -> QSize:
        # Three one-line buttons' room: the list scrolls in what is left when the screen is short.
        button = self.widget().layout().itemAt(0).widget() if self.widget().layout().count() > 1 else None
        one_line = QPushButton.sizeHint(button).height() if isinstance(button, QPushButton) else 0
        line = one_line or self.fontMetrics().height() + 16
        spacing = max(0, self.widget().layout().spacing())
        return QSize(80, min(self.sizeHint().height(), 3 * (line + spacing) + 4))


class ActionsAndLog(QSplitter):
    """The actions above, the log below, in one column: the actions get the height of every
    button they have had to show, as far as the column has room once the log has its six lines;
    the log has the rest. Dragging the handle is the reader's choice, kept until the list needs
    more room than it ever did."""

    def __init__(self, actions: ActionsPanel, log: QWidget):
        super().__init__(Qt.Orientation.Vertical)
        self.setObjectName("actions-and-log")
        self.actions, self.log = actions, log
        self.addWidget(actions)
        self.addWidget(log)
        self.setChildrenCollapsible(False)
        self.setStretchFactor(0, 0)
        self.setStretchFactor(1, 1)
        self._chosen: int | None = None  # the actions' height the reader dragged to
        actions.grew.connect(self._grew)
        self.splitterMoved.connect(self._moved)
        self._placing = False

    def _grew(self) -> None:
        self._chosen = None
        self._place()

    def _moved(self, _pos: int, _index: int) -> None:
        if not self._placing:
            self._chosen = self.sizes()[0]

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._place()

    def _log_least(self) -> int:
        return self.log.minimumSizeHint().expandedTo(self.log.minimumSize()).height()

    def sizeHint(self) -> QSize:
        """Every button the actions have had to show, and the log's six lines."""
        height = self.actions.wanted_height() + self.handleWidth() + self._log_least()
        return QSize(super().sizeHint().width(), height)

    def _place(self) -> None:
        room = self.height() - self.handleWidth()
        if room <= 0:
            return
        low = self.actions.minimumSizeHint().height()
        wanted = self._chosen if self._chosen is not None else self.actions.wanted_height()
        top = max(low, min(wanted, room - self._log_least()))
        if self.sizes()[0] != top:
            self._placing = True
            try:
                self.setSizes([top, room - top])
            finally:
                self._placing = False
