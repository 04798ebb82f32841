"""What can happen now: one button per legal action, and the picker for board events."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from desktop.ui.widgets import discard_widgets


class ActionsPanel(QWidget):
    chosen = Signal(object)  # an Action (or the string "set_initiative" for the order dialog)
    declareRequested = Signal(str, str)  # event kind, seat it happens to

    def __init__(self, events: dict[str, tuple[str, str]], parent: QWidget | None = None):
        super().__init__(parent)
        self._events = events
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(6, 6, 6, 6)
        self._buttons_box = QGroupBox("What can happen now")
        self._buttons = QVBoxLayout(self._buttons_box)
        self._layout.addWidget(self._buttons_box)
        event_box = QGroupBox("A board event happens")
        form = QFormLayout(event_box)
        self.event_combo = QComboBox()
        self.event_combo.setAccessibleName("Event")
        self.seat_combo = QComboBox()
        self.seat_combo.setAccessibleName("It happens to")
        self.declare_button = QPushButton("Declare (opens a timing window)")
        self.declare_button.setShortcut("Ctrl+E")
        self.declare_button.clicked.connect(self._declare)
        form.addRow("Event", self.event_combo)
        form.addRow("Happens to", self.seat_combo)
        form.addRow(self.declare_button)
        self._layout.addWidget(event_box)
        self._layout.addStretch(1)
        self.buttons: list[QPushButton] = []

    def show_actions(self, view: dict, offered: list[tuple[str, str, object]]) -> None:
        """`offered`: (seat name, label, action) triples from the session."""
        discard_widgets(self._buttons, self.buttons)
        self.buttons = []
        if not offered:
            note = QLabel("Nobody can act with the hands shown now. Use \u201cShow my hand\u201d to look.")
            note.setWordWrap(True)
            self._buttons.addWidget(note)
            self.buttons.append(note)
        for name, label, action in offered:
            button = QPushButton(f"{name}: {label}")
            button.setAccessibleName(f"{name}: {label}")
            button.clicked.connect(lambda _=False, a=action: self.chosen.emit(a))
            self._buttons.addWidget(button)
            self.buttons.append(button)
        phase = view.get("table", {}).get("phase")
        current = self.event_combo.currentData()
        self.event_combo.clear()
        for kind, (event_phase, label) in self._events.items():
            if event_phase == phase:
                self.event_combo.addItem(label, kind)
        index = self.event_combo.findData(current)
        self.event_combo.setCurrentIndex(max(index, 0))
        seat = self.seat_combo.currentData()
        self.seat_combo.clear()
        for entry in view["seats"]:
            self.seat_combo.addItem(entry["name"], entry["id"])
        self.seat_combo.setCurrentIndex(max(self.seat_combo.findData(seat), 0))
        self.declare_button.setEnabled(self.event_combo.count() > 0)

    def _declare(self) -> None:
        if self.event_combo.currentData() and self.seat_combo.currentData():
            self.declareRequested.emit(self.event_combo.currentData(), self.seat_combo.currentData())
