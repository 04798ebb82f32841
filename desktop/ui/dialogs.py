"""Small questions the table answers: an order of players, a choice, a confirmation.

They go through a `Prompter` so tests can answer them without a modal loop.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QListWidget,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)


class OrderDialog(QDialog):
    """Drag (or move with the buttons) the players into initiative order."""

    def __init__(self, names: list[tuple[str, str]], parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle("Initiative order")
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
        layout.addWidget(QLabel("Lowest initiative first (the order of the strategy cards taken):"))
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
    """One spin box per public counter of a seat (flags are 0 or 1)."""

    FLAGS = frozenset({"neural_motivator", "yssaril"})

    def __init__(self, name: str, values: dict[str, int], parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(f"{name}: counts")
        form = QFormLayout(self)
        self.boxes: dict[str, QSpinBox] = {}
        for key, value in values.items():
            box = QSpinBox()
            box.setRange(0, 1 if key in self.FLAGS else 30)
            box.setValue(value)
            label = key.replace("_", " ").capitalize() + (" (1 = yes)" if key in self.FLAGS else "")
            box.setAccessibleName(label)
            form.addRow(label, box)
            self.boxes[key] = box
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def values(self) -> dict[str, int]:
        return {key: box.value() for key, box in self.boxes.items()}


class Prompter:
    def __init__(self, parent: QWidget):
        self.parent = parent

    def order(self, names: list[tuple[str, str]]) -> list[str] | None:
        dialog = OrderDialog(names, self.parent)
        return dialog.order() if dialog.exec() == QDialog.DialogCode.Accepted else None

    def counters(self, name: str, values: dict[str, int]) -> dict[str, int] | None:
        dialog = CountersDialog(name, values, self.parent)
        return dialog.values() if dialog.exec() == QDialog.DialogCode.Accepted else None

    def choose(self, title: str, options: list[str]) -> int | None:
        text, ok = QInputDialog.getItem(self.parent, title, title, options, 0, False)
        return options.index(text) if ok else None

    def confirm(self, title: str, text: str) -> bool:
        answer = QMessageBox.question(self.parent, title, text)
        return answer == QMessageBox.StandardButton.Yes
