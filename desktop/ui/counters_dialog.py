"""A seat's public counts set by a player: one spin box each, in the range the
ruleset gives."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFormLayout, QSpinBox, QWidget


class CountersDialog(QDialog):
    """One spin box per editable counter of a seat, in the range the ruleset gives."""

    def __init__(self, title: str, specs: list, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(title)  # "Bo: counts", the model's question
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
