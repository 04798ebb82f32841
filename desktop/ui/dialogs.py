"""Small questions the table answers: an order, a choice, a number, a text, a confirmation.

They go through a `Prompter` so tests can answer them without a modal loop. Each question is
asked in the ruleset's own words; nothing here knows an action.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)


class OrderDialog(QDialog):
    """Drag (or move with the buttons) the entries into order."""

    def __init__(self, question: str, names: list[tuple[str, str]], parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(question)
        self.list = QListWidget()
        self.list.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
        for seat, name in names:
            self.list.addItem(name)
            self.list.item(self.list.count() - 1).setData(256, seat)
        self.list.setCurrentRow(0)
        up, down = QPushButton("Move up"), QPushButton("Move down")
        up.setShortcut("Alt+Up")
        down.setShortcut("Alt+Down")
        up.clicked.connect(lambda: self._move(-1))
        down.clicked.connect(lambda: self._move(1))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        row = QHBoxLayout()
        row.addWidget(up)
        row.addWidget(down)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(question + ":"))
        layout.addWidget(self.list)
        layout.addLayout(row)
        layout.addWidget(buttons)

    def _move(self, step: int) -> None:
        row = self.list.currentRow()
        target = row + step
        if 0 <= target < self.list.count():
            item = self.list.takeItem(row)
            self.list.insertItem(target, item)
            self.list.setCurrentRow(target)

    def order(self) -> list[str]:
        return [self.list.item(i).data(256) for i in range(self.list.count())]


class CountersDialog(QDialog):
    """One spin box per editable counter of a seat, in the range the ruleset gives."""

    def __init__(self, name: str, specs: list, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(f"{name}: counts")
        form = QFormLayout(self)
        self.boxes: dict[str, QSpinBox] = {}
        for spec in specs:
            box = QSpinBox()
            box.setRange(spec.low, spec.high)
            box.setValue(spec.value)
            key = spec.key
            label = spec.label + (" (1 = yes)" if spec.flag else "")
            box.setAccessibleName(label)
            form.addRow(label, box)
            self.boxes[key] = box
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def values(self) -> dict[str, int]:
        return {key: box.value() for key, box in self.boxes.items()}


class SubsetDialog(QDialog):
    """Tick the entries that apply (all ticked at first)."""

    def __init__(self, question: str, options: list[tuple[object, str]], parent: QWidget | None = None):
        from PySide6.QtWidgets import QCheckBox

        super().__init__(parent)
        self.setWindowTitle("Action Deck")
        layout = QVBoxLayout(self)
        label = QLabel(question)
        label.setWordWrap(True)
        layout.addWidget(label)
        self.boxes: list[tuple[object, QCheckBox]] = []
        for value, text in options:
            box = QCheckBox(text)
            box.setChecked(True)
            box.setAccessibleName(text)
            layout.addWidget(box)
            self.boxes.append((value, box))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def chosen(self) -> list:
        return [value for value, box in self.boxes if box.isChecked()]
