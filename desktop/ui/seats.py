"""The seats: each one's public counters and marks, the button to take the screen (or to
respond out of turn), and whether the app plays it. Everything shown comes from the table."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QCheckBox, QGroupBox, QLabel, QPushButton, QVBoxLayout, QWidget

from desktop.ui.widgets import discard_widgets


class SeatsPanel(QWidget):
    lookRequested = Signal(str)  # a seat asks to see its hand (behind the curtain)
    editRequested = Signal(str)  # a seat's public counters are to be changed
    appToggled = Signal(str, bool)  # a seat is now played by the app (or by a person)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(6, 6, 6, 6)
        self._boxes: list[QWidget] = []
        self.buttons: dict[str, QPushButton] = {}
        self.app_boxes: dict[str, QCheckBox] = {}

    def show_table(self, view, table, responders: dict[str, str], app_seats) -> None:
        discard_widgets(self._layout, self._boxes)
        self._boxes = []
        self.buttons = {}
        self.app_boxes = {}
        for number, seat in enumerate(view.seats, start=1):
            sid = seat.id
            marks = list(table.marks.get(sid, []))
            if view.viewer == sid:
                marks.append("looking")
            if sid in app_seats:
                marks.append("app")
            box = QGroupBox(seat.name + (f"  ({', '.join(marks)})" if marks else ""))
            box.setObjectName(f"seat-{sid}")
            font = QFont(box.font())
            font.setBold("turn" in marks)
            box.setFont(font)
            counters = table.counters_of(sid)
            lines = [table.status[sid]] if sid in table.status else []
            shown = {line.split(":")[0] for line in lines}
            lines += [f"{c.label}: {c.value}" for c in counters if not c.flag and c.label not in shown]
            flags = [c.label for c in counters if c.flag and c.value]
            if flags:
                lines.append(", ".join(flags))
            info = QLabel("\n".join(lines))
            info.setFont(QFont(self.font()))
            inner = QVBoxLayout(box)
            inner.addWidget(info)
            playing = sid in app_seats
            if sid in responders and view.viewer != sid and not playing:
                button = QPushButton(f"Respond: {responders[sid]}")
                button.setToolTip(f"Cover the table and pass the screen to {seat.name} to answer out of turn")
                button.setAccessibleName(f"{seat.name} responds: {responders[sid]}")
            else:
                button = QPushButton("Show my hand" if view.viewer != sid else "Hand shown")
                button.setToolTip(f"Cover the table and pass the screen to {seat.name}")
                button.setAccessibleName(f"Show {seat.name}'s hand")
            button.setEnabled(view.viewer != sid and not playing)
            if number <= 8:
                button.setShortcut(f"Alt+{number}")
            button.clicked.connect(lambda _=False, s=sid: self.lookRequested.emit(s))
            inner.addWidget(button)
            if any(c.editable for c in counters):
                edit = QPushButton("Change counts\u2026")
                edit.setToolTip(", ".join(c.label for c in counters if c.editable))
                edit.setAccessibleName(f"Change {seat.name}'s counts")
                edit.clicked.connect(lambda _=False, s=sid: self.editRequested.emit(s))
                inner.addWidget(edit)
            app = QCheckBox("Played by the app")
            app.setChecked(playing)
            app.setAccessibleName(f"{seat.name} is played by the app")
            app.toggled.connect(lambda on, s=sid: self.appToggled.emit(s, on))
            inner.addWidget(app)
            self.app_boxes[sid] = app
            self._layout.addWidget(box)
            self._boxes.append(box)
            self.buttons[sid] = button
        spacer = QWidget()
        self._layout.addWidget(spacer, 1)
        self._boxes.append(spacer)
