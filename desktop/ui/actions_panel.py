"""What can happen now: one button per offer (a kind of action of one seat, or of the table).

The choices an offer still needs (a card, a target, an order...) are asked after it is chosen.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Signal
from PySide6.QtWidgets import QGroupBox, QLabel, QVBoxLayout, QWidget

from desktop.ui.widgets import ElidingButton, discard_widgets, eliding_button


class ActionsPanel(QWidget):
    chosen = Signal(object)  # an Offer
    moreRequested = Signal()  # "Other actions...": what the buttons leave out (a ruleset's unlisted)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(6, 6, 6, 6)
        self._buttons_box = QGroupBox("What can happen now")
        self._buttons = QVBoxLayout(self._buttons_box)
        self._buttons.addStretch(1)  # the buttons stay at the top of the room the box keeps
        self._layout.addWidget(self._buttons_box)
        # Under the box, for a system with rarer moves than its buttons list (the Turn menu has
        # the same entry, with its key): found where a player looks for what to do.
        self.more = eliding_button("Other actions\u2026")
        self.more.setToolTip("Rarer actions the buttons leave out, with many possible values (Ctrl+Shift+A)")
        self.more.clicked.connect(self.moreRequested)
        self.more.hide()
        self._layout.addWidget(self.more)
        self._layout.addStretch(1)
        self.buttons: list[QWidget] = []
        self._texts: list[str] | None = None
        self._offers: list[object] = []
        self._spare: list[ElidingButton] = []  # hidden buttons, past the entries offered now
        self._floor = 0  # the most height the buttons have needed: the panel never gives it back

    def offer_more(self, on: bool) -> None:
        """Whether the game has moves the buttons leave out (the "Other actions..." button)."""
        self.more.setVisible(on)

    def show_offers(self, offers: list[tuple[str, object]]) -> None:
        """`offers`: (button text, Offer) pairs from the window. The buttons are kept and their
        texts changed in place: a changed number of entries shows or hides the last ones (a
        button made at every action cost more than the whole table's update). A button keeps
        the keyboard focus while its entry stays."""
        self._offers = [offer for _, offer in offers]
        texts = [text for text, _ in offers]
        if texts == self._texts:
            return
        self._texts = texts
        notes = [widget for widget in self.buttons if not isinstance(widget, ElidingButton)]
        if offers and notes or not offers and self._spare + self.buttons and not notes:
            discard_widgets(self._buttons, [*self.buttons, *self._spare])
            self.buttons, self._spare = [], []
        if not offers:
            if not self.buttons:
                note = QLabel("Nobody can act with the hands shown now. Use \u201cShow my hand\u201d to look.")
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
        for button in self._spare:
            button.hide()
        if moved:
            # Laid out now, not when the posted requests come: a button just shown has its
            # place (and can be pressed) at once, and none is squeezed into the old box first.
            self._keep_height()
            self._layout.activate()
            self._buttons.activate()

    def event(self, event) -> bool:
        handled = super().event(event)
        if event.type() == QEvent.Type.LayoutRequest:  # new buttons are counted once shown
            self._keep_height()
        return handled

    def _keep_height(self) -> None:
        """The box of buttons grows to show every button but does not shrink again when fewer
        are offered: otherwise the log below moved (and was laid out and repainted whole), and
        the buttons were squeezed into the old box and laid out again, at every action whose
        number of offers changed."""
        need = self._buttons_box.minimumSizeHint().height()
        if need > self._floor:
            self._floor = need
            self._buttons_box.setMinimumHeight(need)
