"""Editable rows of a label and an approach, as the deck builder (deck_builder.py) shows a
character's tags and its gear: one widget for both lists, since a tag and a piece of gear are
entered alike and only their title and limit differ."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QGroupBox,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from desktop.engine.text import NAME_LIMIT
from desktop.rulesets.worlds_that_remember.cards import APPROACH_NAMES
from desktop.rulesets.worlds_that_remember.dice.rolls import APPROACHES
from desktop.ui.widgets import discard_widgets


class TagRows(QGroupBox):
    """Editable rows of a label and an approach (the character's tags, or its gear)."""

    changed = Signal()

    def __init__(self, title: str, what: str, high: int):
        super().__init__(title)
        self.what = what
        self.high = high
        self.rows: list[tuple[QWidget, QLineEdit, QComboBox]] = []
        self._grid = QVBoxLayout(self)
        self._rows_box = QVBoxLayout()
        self._grid.addLayout(self._rows_box)
        self.add_button = QPushButton(f"Add {what}")
        self.add_button.setAccessibleName(f"Add {what}")
        self.add_button.clicked.connect(lambda: self.add_row("", APPROACH_NAMES[0], focus=True))
        self._grid.addWidget(self.add_button, 0, Qt.AlignmentFlag.AlignLeft)

    def add_row(self, label: str, approach: str, focus: bool = False) -> None:
        row = QWidget()
        layout = QHBoxLayout(row)
        layout.setContentsMargins(0, 0, 0, 0)
        edit = QLineEdit(label)
        edit.setMaxLength(NAME_LIMIT)
        edit.setPlaceholderText("Label, e.g. Wayfinder")
        edit.setAccessibleName(f"Label of {self.what} {len(self.rows) + 1}")
        edit.textChanged.connect(self.changed)
        combo = QComboBox()
        for name in APPROACH_NAMES:
            combo.addItem(f"{name} (d{APPROACHES[name]})", name)
        combo.setCurrentIndex(max(0, combo.findData(approach)))
        combo.setAccessibleName(f"Approach of {self.what} {len(self.rows) + 1}")
        combo.currentIndexChanged.connect(lambda _i: self.changed.emit())
        remove = QPushButton("Remove")
        remove.setAccessibleName(f"Remove {self.what} {len(self.rows) + 1}")
        remove.clicked.connect(lambda: self.remove_row(row))
        layout.addWidget(edit, 3)
        layout.addWidget(combo, 2)
        layout.addWidget(remove)
        self._rows_box.addWidget(row)
        self.rows.append((row, edit, combo))
        self.add_button.setEnabled(len(self.rows) < self.high)
        if focus:
            edit.setFocus()
        self.changed.emit()

    def remove_row(self, row: QWidget) -> None:
        self.rows = [entry for entry in self.rows if entry[0] is not row]
        discard_widgets(self._rows_box, [row])
        self.add_button.setEnabled(len(self.rows) < self.high)
        self.changed.emit()

    def set_tags(self, tags) -> None:
        discard_widgets(self._rows_box, [row for row, _edit, _combo in self.rows])
        self.rows = []
        for tag in tags:
            self.add_row(tag.label, tag.approach)
        self.add_button.setEnabled(len(self.rows) < self.high)
        self.changed.emit()

    def data(self) -> list[dict]:
        return [{"label": edit.text().strip(), "approach": combo.currentData()} for _row, edit, combo in self.rows]
