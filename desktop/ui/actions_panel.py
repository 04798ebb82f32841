"""What can happen now: one button per offer (a kind of action of one seat, or of the table).

The choices an offer still needs (a card, a target, an order...) are asked after it is chosen.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Signal
from PySide6.QtWidgets import QGroupBox, QLabel, QVBoxLayout, QWidget

from desktop.ui.widgets import ElidingButton, discard_widgets, eliding_button


class ActionsPanel(QWidget):
    chosen = Signal(object)  # an Offer

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(6, 6, 6, 6)
        self._buttons_box = QGroupBox("What can happen now")
        self._buttons = QVBoxLayout(self._buttons_box)
        self._layout.addWidget(self._buttons_box)
        self._layout.addStretch(1)
        self.buttons: list[QWidget] = []
        self._texts: list[str] | None = None
        self._offers: list[object] = []
        self._floor = 0  # the most height the buttons have needed: the panel never gives it back

    def show_offers(self, offers: list[tuple[str, object]]) -> None:
        """`offers`: (button text, Offer) pairs from the window. The buttons are kept and their
        texts changed in place: only a changed number of entries adds or removes buttons (a
        button made at every action cost more than the whole table's update). A button keeps
        the keyboard focus while its entry stays."""
        self._offers = [offer for _, offer in offers]
        texts = [text for text, _ in offers]
        if texts == self._texts:
            return
        self._texts = texts
        buttons = [widget for widget in self.buttons if isinstance(widget, ElidingButton)]
        notes = [widget for widget in self.buttons if not isinstance(widget, ElidingButton)]
        if offers and notes or not offers and buttons:
            discard_widgets(self._buttons, self.buttons)
            self.buttons, buttons = [], []
        if not offers:
            if not self.buttons:
                note = QLabel("Nobody can act with the hands shown now. Use \u201cShow my hand\u201d to look.")
                note.setWordWrap(True)
                self._buttons.addWidget(note)
                self.buttons = [note]
            return
        while len(buttons) < len(texts):
            index = len(buttons)
            button = eliding_button()
            button.clicked.connect(lambda _=False, i=index: self.chosen.emit(self._offers[i]))
            self._buttons.addWidget(button)
            buttons.append(button)
        if len(buttons) > len(texts):
            discard_widgets(self._buttons, buttons[len(texts):])
            buttons = buttons[: len(texts)]
        for button, text in zip(buttons, texts):
            button.setText(text)
            button.setAccessibleName(text)
        self.buttons = buttons

    def event(self, event) -> bool:
        handled = super().event(event)
        if event.type() == QEvent.Type.LayoutRequest:  # new buttons are counted once shown
            self._keep_height()
        return handled

    def _keep_height(self) -> None:
        """The panel grows to show every button but does not shrink again when fewer are
        offered: otherwise the log below moved (and was laid out and repainted whole) at every
        action whose number of offers changed."""
        need = self.minimumSizeHint().height()
        if need > self._floor:
            self._floor = need
            self.setMinimumHeight(need)
