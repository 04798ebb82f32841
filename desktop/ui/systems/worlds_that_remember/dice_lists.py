"""The dice panel's two lists that change as a game goes (dice_panel.py): the pool, a row per
die, and the buttons of the tags and help on offer. Both keep their widgets and change them in
place (a row made at every roll, with its fonts pinned, was most of a roll's time): a widget is
made only when a list is longer than ever, and the panel then pins its fonts."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from desktop.rulesets.worlds_that_remember.dice.rolls import Die
from desktop.ui.wrapped_label import WrappedLabel


def narrow(button: QPushButton) -> QPushButton:
    """A button that never widens the panel's column (its tooltip has the whole text)."""
    button.setMinimumHeight(34)
    button.setMinimumWidth(40)
    button.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
    return button


class PoolRow(QWidget):
    """One die of the pool: its words and, for a chosen die, its Remove button."""

    label: QLabel
    remove: QPushButton


class PoolBox(QGroupBox):
    """"The pool": one row per die, the Fate die first, and "Remove all added dice"."""

    removeRequested = Signal(int)  # the chosen die's index (0: the first after the Fate die)

    def __init__(self) -> None:
        super().__init__("The pool")
        layout = QVBoxLayout(self)
        self._rows = QVBoxLayout()
        self._rows.setSpacing(2)
        layout.addLayout(self._rows)
        self.clear_button = QPushButton("Remove all added dice")
        self.clear_button.setAccessibleName("Remove all added dice")
        layout.addWidget(self.clear_button)
        self._widgets: list[PoolRow] = []
        self._shown: list[tuple[str, bool]] = []  # (text, Remove shown) per row shown
        self.remove_buttons: list[QPushButton] = []  # the chosen dice's, in pool order

    def draw(self, wanted: list[tuple[str, bool]], chosen: int) -> bool:
        """Shows `wanted`, (text, Remove shown) a row, the Fate die first, of which the `chosen`
        rows after it are the chosen dice: only what differs changes (a row's text, its Remove
        button shown or hidden); rows past the pool are hidden. True when a row was made."""
        made = False
        while len(self._widgets) < len(wanted):
            self._widgets.append(self._new_row(len(self._widgets)))
            self._shown.append(("", False))
            made = True
        for position, row in enumerate(self._widgets):
            shown = wanted[position] if position < len(wanted) else None
            if shown is None:
                if not row.isHidden():
                    row.hide()
                continue
            if self._shown[position] != shown or row.isHidden():
                text, removable = shown
                row.label.setText(text)
                row.remove.setAccessibleName(f"Remove {text}")
                row.remove.setToolTip(f"Removes {text} from the pool")
                if row.remove.isHidden() == removable:  # each show or hide costs a layout pass
                    row.remove.setVisible(removable)
                if row.isHidden():
                    row.show()
        self._shown = [*wanted, *self._shown[len(wanted):]]
        self.remove_buttons = [row.remove for row in self._widgets[1: 1 + chosen]]
        return made

    def _new_row(self, position: int) -> PoolRow:
        """The row at `position` in the pool (0: the Fate die); its Remove button removes the
        chosen die shown there (position 1 is the first chosen die)."""
        row = PoolRow()
        layout = QHBoxLayout(row)
        layout.setContentsMargins(0, 0, 0, 0)
        row.label = WrappedLabel()
        row.label.setWordWrap(True)
        row.label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        layout.addWidget(row.label, 1)
        row.remove = QPushButton("Remove")
        row.remove.clicked.connect(lambda _=False, i=position - 1: self.removeRequested.emit(i))
        row.remove.hide()
        layout.addWidget(row.remove)
        self._rows.addWidget(row)
        return row


class TagButtons(QGroupBox):
    """"Add a tag or help": a button per tag or help on offer, (label, die)."""

    dieChosen = Signal(object)  # the Die of the button clicked

    def __init__(self) -> None:
        super().__init__("Add a tag or help")
        self._layout = QVBoxLayout(self)
        self.buttons: list[QPushButton] = []  # the buttons of the tags offered now
        self._spare: list[QPushButton] = []  # hidden, past them: shown again when needed
        self._offered: list[tuple[str, Die]] = []

    def draw(self, offered: list[tuple[str, Die]]) -> bool:
        """The buttons' texts changed in place; fewer tags hide the last buttons, more show them
        again. True when a button was made."""
        self._offered = offered
        buttons = self.buttons + self._spare
        made = False
        while len(buttons) < len(offered):
            index = len(buttons)
            button = narrow(QPushButton())
            button.clicked.connect(lambda _=False, i=index: self.dieChosen.emit(self._offered[i][1]))
            self._layout.addWidget(button)
            buttons.append(button)
            made = True
        for button, (label, die) in zip(buttons, offered):
            button.setText(f"{label} (d{die.size})")
            button.setAccessibleName(f"Add {label}: a d{die.size}, {die.axis}")
            button.setToolTip(f"Adds a d{die.size} ({die.axis}) for {label}")
            if button.isHidden():
                button.show()
        self.buttons, self._spare = buttons[: len(offered)], buttons[len(offered):]
        for button in self._spare:
            if not button.isHidden():
                button.hide()
        return made
