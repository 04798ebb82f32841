"""What can happen now: one button per offer (a kind of action of one seat, or of the table).

The choices an offer still needs (a card, a target, an order...) are asked after it is chosen.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QGroupBox, QLabel, QVBoxLayout, QWidget

from desktop.ui.widgets import discard_widgets, eliding_button


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

    def show_offers(self, offers: list[tuple[str, object]]) -> None:
        """`offers`: (button text, Offer) pairs from the window. The same entries as before keep
        their buttons (and the keyboard focus on them); only their offers are renewed."""
        self._offers = [offer for _, offer in offers]
        texts = [text for text, _ in offers]
        if texts == self._texts:
            return
        self._texts = texts
        discard_widgets(self._buttons, self.buttons)
        self.buttons = []
        if not offers:
            note = QLabel("Nobody can act with the hands shown now. Use \u201cShow my hand\u201d to look.")
            note.setWordWrap(True)
            self._buttons.addWidget(note)
            self.buttons.append(note)
        for index, text in enumerate(texts):
            button = eliding_button(text)
            button.clicked.connect(lambda _=False, i=index: self.chosen.emit(self._offers[i]))
            self._buttons.addWidget(button)
            self.buttons.append(button)
