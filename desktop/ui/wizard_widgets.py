"""The small widgets and labels the new-game wizard's pages share: the refusal label, the muted
help under a control, a list a passing mouse wheel leaves alone, and the option that names
players."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QFont, QPalette
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QWidget,
)

from desktop.ui import palette as theme


def focus_later(widget: QWidget) -> None:
    """Focus once the wizard has shown the page (it takes the focus itself first); the widget
    may be gone by then if the page was rebuilt."""
    import shiboken6

    QTimer.singleShot(0, lambda: shiboken6.isValid(widget) and widget.setFocus())


def problem_label(accessible: str = "Problem") -> QLabel:
    """A label for the engine's refusal: red in both themes, wrapped, empty until needed."""
    label = QLabel()
    label.setWordWrap(True)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    label.setAccessibleName(accessible)
    colours = label.palette()
    colours.setColor(QPalette.ColorRole.WindowText, theme.color("refusal_text"))
    label.setPalette(colours)
    bold = QFont()
    bold.setBold(True)  # only the weight: the size follows the dialog's font
    label.setFont(bold)
    label.hide()
    return label


def show_problem(label: QLabel, sentence: str) -> None:
    label.setText(sentence)
    label.setVisible(bool(sentence))


def help_label(text: str, base: QFont) -> QLabel:
    """Explaining text under a control: muted, a little smaller than `base` (the dialog's font)."""
    label = QLabel(text)
    label.setWordWrap(True)
    label.setForegroundRole(QPalette.ColorRole.PlaceholderText)
    small = QFont()
    small.setPointSizeF(base.pointSizeF() * 0.9)
    label.setFont(small)
    return label


class SteadyCombo(QComboBox):
    """A list to choose from that a mouse wheel passing over it leaves alone: the wheel scrolls
    the page instead, unless the list was clicked or tabbed to first. (Scrolling the Options page
    once changed whichever setting passed under the pointer.)"""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)  # a wheel does not give it the focus

    def wheelEvent(self, event) -> None:  # noqa: N802 - Qt's name
        if self.hasFocus():
            super().wheelEvent(event)
        else:
            event.ignore()  # on to the page's scroll area


class SeatNames(QWidget):
    """An option that names players: a box per player to tick (or, for one player, a list with
    the empty value first, named as the system means it: "nobody", or the seat the rules pick)
    instead of names typed with commas. Reads and writes the same text."""

    def __init__(self, single: bool, empty: str = "nobody") -> None:
        super().__init__()
        self.single = single
        self.empty = empty  # the list's first entry, read and written as the empty text
        self._row = QHBoxLayout(self)
        self._row.setContentsMargins(0, 0, 0, 0)
        self._boxes: list[QCheckBox] = []
        self._list = SteadyCombo() if single else None
        if self._list is not None:
            self._row.addWidget(self._list, 1)
        self._names: list[str] = []

    def set_names(self, names: list[str]) -> None:
        if names == self._names:
            return
        chosen = self.text()
        self._names = list(names)
        if self._list is not None:
            self._list.clear()
            self._list.addItems([self.empty, *names])
            self._list.setAccessibleName(self.accessibleName())
        else:
            for box in self._boxes:
                self._row.removeWidget(box)
                box.deleteLater()
            self._boxes = []
            for name in names:
                box = QCheckBox(name)
                box.setAccessibleName(f"{self.accessibleName()}: {name}")
                self._row.addWidget(box)
                self._boxes.append(box)
            self._row.addStretch(1)
        self.setText(chosen)

    def text(self) -> str:
        if self._list is not None:
            # By place, not by words: a player may be called what the first entry says.
            return self._list.currentText() if self._list.currentIndex() > 0 else ""
        return ",".join(box.text() for box in self._boxes if box.isChecked())

    def setText(self, text: str) -> None:  # noqa: N802 - as QLineEdit's, which it stands for
        wanted = [part.strip() for part in text.split(",") if part.strip()]
        if self._list is not None:
            chosen = wanted[0] if wanted and wanted[0] in self._names else None
            self._list.setCurrentIndex(0 if chosen is None else 1 + self._names.index(chosen))
            return
        for box in self._boxes:
            box.setChecked(box.text() in wanted)

    def setAccessibleName(self, name: str) -> None:  # noqa: N802 - Qt's name
        super().setAccessibleName(name)
        if self._list is not None:
            self._list.setAccessibleName(name)
        for box in self._boxes:
            box.setAccessibleName(f"{name}: {box.text()}")
