"""One small dialog that asks everything an action still needs, one question after another.

It walks a `desktop.engine.prompts.Prompt`: a choice (a card, a seat, an event...) is a list to
pick from with Enter or a double-click, a confirmation has Yes and No, an order can be rearranged,
a subset ticked, a number or a text typed. Each answer narrows what the rules still allow; the
dialog closes when the action is complete, or when the player cancels or says No.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

_VALUE = Qt.ItemDataRole.UserRole


class PromptDialog(QDialog):
    def __init__(self, title: str, prompt, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(title or "Action Deck")
        self.prompt = prompt
        self.setMinimumWidth(420)
        self._layout = QVBoxLayout(self)
        self.question = QLabel()
        self.question.setWordWrap(True)
        font = self.question.font()
        font.setPointSizeF(font.pointSizeF() * 1.25)
        self.question.setFont(font)
        self._layout.addWidget(self.question)
        self._body: QWidget | None = None
        self.buttons = QDialogButtonBox()
        self.buttons.accepted.connect(self._answered)
        self.buttons.rejected.connect(self.reject)
        self._layout.addWidget(self.buttons)
        self._current = None
        self._read = None

    def run(self) -> bool:
        """Asks every question; True when the action is complete."""
        if not self._show_next():
            return not self.prompt.cancelled
        return self.exec() == QDialog.DialogCode.Accepted and not self.prompt.cancelled

    # ---- one question ---------------------------------------------------------------------------

    def _show_next(self) -> bool:
        """Shows the next question; False when there is none left."""
        question = self.prompt.next()
        if question is None:
            return False
        self._current = question
        self.question.setText(question.text)
        if self._body is not None:
            self._layout.removeWidget(self._body)
            self._body.deleteLater()
        self._body, self._read = self._body_for(question)
        self._layout.insertWidget(1, self._body)
        self._body.setFocus()
        self.adjustSize()
        return True

    def _body_for(self, question):
        kind = question.ask.kind
        self.buttons.clear()
        if kind == "confirm":
            yes = self.buttons.addButton(QDialogButtonBox.StandardButton.Yes)
            self.buttons.addButton(QDialogButtonBox.StandardButton.No)
            # Yes is an accepting button (the box's `accepted` answers); No answers before closing.
            self.buttons.button(QDialogButtonBox.StandardButton.No).clicked.connect(self._said_no)
            yes.setDefault(True)
            holder = QLabel("")
            return holder, lambda: True
        self.buttons.addButton(QDialogButtonBox.StandardButton.Ok)
        self.buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setDefault(True)
        if kind in ("seat", "card", "choice", "order"):
            listing = QListWidget()
            listing.setAccessibleName(question.text)
            for option in question.options:
                item = QListWidgetItem(option.label)
                item.setData(_VALUE, option.value)
                listing.addItem(item)
            listing.setCurrentRow(0)
            if kind == "order":
                listing.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
                return listing, lambda: [listing.item(i).data(_VALUE) for i in range(listing.count())]
            listing.itemActivated.connect(lambda _item: self._answered())
            return listing, lambda: listing.currentItem().data(_VALUE)
        if kind == "subset":
            holder = QWidget()
            column = QVBoxLayout(holder)
            boxes = []
            for option in question.options:
                box = QCheckBox(option.label)
                box.setChecked(True)
                box.setAccessibleName(option.label)
                column.addWidget(box)
                boxes.append((option.value, box))
            return holder, lambda: [value for value, box in boxes if box.isChecked()]
        if kind == "number":
            spin = QSpinBox()
            spin.setRange(question.ask.low, question.ask.high)
            spin.setValue(question.initial or question.ask.low)
            spin.setAccessibleName(question.text)
            return spin, spin.value
        line = QLineEdit(question.initial or "")
        line.setMaxLength(question.ask.limit)
        line.setAccessibleName(question.text)
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(bool(line.text().strip()))  # a text the rules ask for is never empty
        line.textChanged.connect(lambda text: ok.setEnabled(bool(text.strip())))
        line.returnPressed.connect(lambda: ok.isEnabled() and self._answered())
        return line, lambda: line.text().strip()

    def _answered(self) -> None:
        self.prompt.answer(self._read())
        if not self._show_next():
            self.accept()

    def _said_no(self) -> None:
        self.prompt.answer(False)
        self.reject()
