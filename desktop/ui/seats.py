"""The seats: each player's public counts and the button to take the screen (Respond)."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QGroupBox, QLabel, QPushButton, QVBoxLayout, QWidget

from desktop.ui.widgets import discard_widgets


class SeatsPanel(QWidget):
    lookRequested = Signal(str)  # a seat asks to see its hand (behind the curtain)
    editRequested = Signal(str)  # a seat's public counters are to be changed

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(6, 6, 6, 6)
        self._boxes: list[QWidget] = []
        self.buttons: dict[str, QPushButton] = {}

    def show_view(self, view: dict) -> None:
        discard_widgets(self._layout, self._boxes)
        self._boxes = []
        self.buttons = {}
        table = view.get("table", {})
        for number, seat in enumerate(view["seats"], start=1):
            sid = seat["id"]
            counters = view["counters"].get(sid, {})
            marks = []
            if table.get("active") == sid:
                marks.append("\u25b6 turn")
            if view["viewer"] == sid:
                marks.append("looking")
            if sid in table.get("passed", []):
                marks.append("passed")
            box = QGroupBox(f"{seat['name']}" + (f"  ({', '.join(marks)})" if marks else ""))
            box.setObjectName(f"seat-{sid}")
            font = QFont(box.font())
            font.setBold(table.get("active") == sid)
            box.setFont(font)
            lines = [f"Action cards: {view['zones'][f'hand:{sid}']['count']} (limit {counters.get('hand_limit', '?')})"]
            lines.append(f"Strategy tokens: {counters.get('strategy_tokens', 0)}")
            extras = [name for key, name in (("neural_motivator", "Neural Motivator"), ("yssaril", "Yssaril (Scheming)")) if counters.get(key)]
            if extras:
                lines.append(", ".join(extras))
            info = QLabel("\n".join(lines))
            info.setFont(QFont(self.font()))
            button = QPushButton("Show my hand" if view["viewer"] != sid else "Hand shown")
            button.setEnabled(view["viewer"] != sid)
            button.setToolTip(f"Cover the table and pass the screen to {seat['name']} (to play or respond out of turn)")
            if number <= 8:
                button.setShortcut(f"Alt+{number}")
            button.setAccessibleName(f"Show {seat['name']}'s hand")
            button.clicked.connect(lambda _=False, s=sid: self.lookRequested.emit(s))
            edit = QPushButton("Change counts\u2026")
            edit.setToolTip("Hand limit, strategy tokens, Neural Motivator, Yssaril")
            edit.setAccessibleName(f"Change {seat['name']}'s counts")
            edit.clicked.connect(lambda _=False, s=sid: self.editRequested.emit(s))
            inner = QVBoxLayout(box)
            inner.addWidget(info)
            inner.addWidget(button)
            inner.addWidget(edit)
            self._layout.addWidget(box)
            self._boxes.append(box)
            self.buttons[sid] = button
        spacer = QWidget()
        self._layout.addWidget(spacer, 1)
        self._boxes.append(spacer)
