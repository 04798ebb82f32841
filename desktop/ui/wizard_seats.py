"""The new-game wizard's seats page: a row per seat, its player's name and who plays it (a
person, or the app at one of the system's levels: desktop/model/new_game.py's `app_levels`), and
under a seat the system gives a part of its own, that part (`seat_roles`: "The Master: ...")."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QCheckBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
    QWizardPage,
)

from desktop.model.new_game import NAME_LIMIT, app_levels
from desktop.ui.wizard_widgets import (
    SteadyCombo,
    focus_later,
    help_label,
    problem_label,
    show_problem,
)

PERSON, APP = "A person", "The app"  # each app's choice reads "The app: <level>"


class _SeatRow:
    def __init__(self, page: SeatsPage) -> None:
        self.name = QLineEdit()
        self.name.setMaxLength(NAME_LIMIT)
        self.name.setClearButtonEnabled(True)
        self.player = SteadyCombo()
        self.player.addItem(PERSON, "")
        self.player.setToolTip("Who plays this seat: a person at the table, or the app at a level")
        self.player.currentIndexChanged.connect(lambda _index: page.people_changed())
        self.remove = QPushButton("Remove")
        self.remove.clicked.connect(lambda: page.remove_seat(self))
        self.label = QLabel()
        self.label.setBuddy(self.name)
        # The seat's part at the table, under its row (hidden for a seat like any other).
        self.role = help_label("", page.font())
        self.role.setForegroundRole(QPalette.ColorRole.WindowText)  # not muted: players need it
        self.role.hide()

    def number(self, number: int) -> None:
        self.label.setText(f"Seat &{number}" if number < 10 else f"Seat {number}")
        self.name.setPlaceholderText(f"Player {number}")
        self.name.setAccessibleName(f"Seat {number}: player's name")
        self.player.setAccessibleName(f"Seat {number}: played by")
        self.remove.setAccessibleName(f"Remove seat {number}")
        self.remove.setToolTip(f"Remove seat {number}")

    def offer(self, levels) -> None:
        """The app's choices at the system's `levels`; the level chosen is kept where the system
        has it too (another system chosen, then this one again), else a person plays the seat."""
        chosen = self.player.currentData()
        self.player.blockSignals(True)
        while self.player.count() > 1:
            self.player.removeItem(1)
        for level in levels:
            self.player.addItem(f"{APP}: {level.title}", level.id)
            self.player.setItemData(self.player.count() - 1, level.description, Qt.ItemDataRole.ToolTipRole)
        self.player.setCurrentIndex(max(0, self.player.findData(chosen)))
        self.player.blockSignals(False)

    def level(self) -> str:
        """The level the app plays this seat at ("": a person plays it)."""
        return self.player.currentData() or ""

    def show_role(self, role: str) -> None:
        self.role.setText(role)
        self.role.setVisible(bool(role))
        self.name.setAccessibleDescription(role)  # read with the name's field

    def widgets(self) -> list[QWidget]:
        return [self.label, self.name, self.player, self.remove]


class SeatsPage(QWizardPage):
    START_SEATS = 3

    def __init__(self) -> None:
        super().__init__()
        self.setTitle("Who is at the table?")
        self.setSubTitle(
            "One seat per player, in the order you sit. A seat left without a name is called "
            "\u201cPlayer 1\u201d, \u201cPlayer 2\u201d\u2026 The app can play a seat by itself."
        )
        self.rows: list[_SeatRow] = []
        self.range = (1, 1)
        self.levels: list = []  # the app's levels in the system chosen
        self.grid_box = QWidget()
        self.grid = QGridLayout(self.grid_box)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.grid.setColumnStretch(1, 1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        holder = QWidget()
        stack = QVBoxLayout(holder)
        stack.setContentsMargins(0, 0, 0, 0)
        stack.addWidget(self.grid_box)
        stack.addStretch(1)  # the seats stay together at the top
        scroll.setWidget(holder)
        self.add = QPushButton("&Add a seat")
        self.add.setAccessibleName("Add a seat")
        self.add.clicked.connect(self.add_seat)
        self.count = QLabel()
        self.problem = problem_label("Problem with the seats")
        below = QHBoxLayout()
        below.addWidget(self.add)
        below.addWidget(self.count, 1)
        # One person against the app: nobody to hide a hand from, so no curtain, unless wanted.
        self.alone_note = QLabel(
            "One person plays against the app: there is no one to hide a hand from, so the "
            "screen is not covered between turns."
        )
        self.alone_note.setWordWrap(True)
        from desktop.ui import settings

        self.curtain_alone = QCheckBox("Cover the screen between turns anyway")
        self.curtain_alone.setAccessibleName("Cover the screen between turns even with one person")
        self.curtain_alone.setChecked(settings.get("curtain_when_alone") == "on")
        # Each player's hand on their own phone (desktop/ui/phones_switch.py): no curtain for them.
        self.phones = QCheckBox("&Players use their phones")
        self.phones.setToolTip("The table shows a code for each seat: a player scans it and plays "
                               "their hand on their phone, on the same Wi-Fi as this computer")
        self.phones_note = help_label(
            "Each player sees their own cards on their own phone and plays from it, so nobody "
            "has to hide the screen. The table shows a code to scan for each seat; phones need "
            "the same Wi-Fi as this computer, and nothing to install.", self.font())
        self.phones_note.setContentsMargins(24, 0, 0, 0)  # under the box's words
        self.phones.setAccessibleDescription(self.phones_note.text())
        layout = QVBoxLayout(self)
        layout.addWidget(scroll, 1)
        layout.addLayout(below)
        layout.addWidget(self.alone_note)
        layout.addWidget(self.curtain_alone)
        layout.addWidget(self.phones)
        layout.addWidget(self.phones_note)
        layout.addWidget(self.problem)
        self.people_changed()

    def initializePage(self) -> None:
        ruleset = self.wizard().ruleset()
        self.range = ruleset.players
        self.levels = app_levels(ruleset)
        low, high = self.range
        wanted = min(high, max(low, len(self.rows) or self.START_SEATS))
        while len(self.rows) < wanted:
            self._new_row()
        while len(self.rows) > wanted:
            self._drop(self.rows[-1])
        for row in self.rows:
            row.offer(self.levels)
        self._relayout()
        if self.rows:  # after QWizard has placed its own focus
            focus_later(self.rows[0].name)

    def cleanupPage(self) -> None:
        """Going back keeps every name and choice (QWizard would reset registered fields)."""

    def _new_row(self) -> _SeatRow:
        row = _SeatRow(self)
        row.offer(self.levels)
        self.rows.append(row)
        row.name.textEdited.connect(lambda _text: show_problem(self.problem, ""))
        row.name.textEdited.connect(lambda _text: self.show_roles())  # a part may follow a name
        return row

    def add_seat(self) -> None:
        if len(self.rows) < self.range[1]:
            row = self._new_row()
            self._relayout()
            row.name.setFocus()

    def remove_seat(self, row: _SeatRow) -> None:
        if len(self.rows) > self.range[0] and row in self.rows:
            index = self.rows.index(row)
            self._drop(row)
            self._relayout()
            self.rows[min(index, len(self.rows) - 1)].name.setFocus()

    def _drop(self, row: _SeatRow) -> None:
        self.rows.remove(row)
        for widget in [*row.widgets(), row.role]:
            self.grid.removeWidget(widget)
            widget.deleteLater()

    def _relayout(self) -> None:
        low, high = self.range
        previous: QWidget | None = None
        for number, row in enumerate(self.rows, start=1):
            row.number(number)
            for column, widget in enumerate(row.widgets()):
                self.grid.addWidget(widget, 2 * (number - 1), column)
            self.grid.addWidget(row.role, 2 * number - 1, 1, 1, 3)
            row.remove.setEnabled(len(self.rows) > low)
            for widget in (row.name, row.player, row.remove):
                if previous is not None:
                    QWidget.setTabOrder(previous, widget)
                previous = widget
        if previous is not None:
            QWidget.setTabOrder(previous, self.add)
        self.add.setEnabled(len(self.rows) < high)
        self.people_changed()
        self.show_roles()
        self.count.setText(
            f"{len(self.rows)} seats; this system is played by {low} to {high} players."
        )

    def people_changed(self) -> None:
        alone = len(self.rows) - len(self.app_rows()) == 1 and len(self.rows) > 1
        self.alone_note.setVisible(alone)
        self.curtain_alone.setVisible(alone)

    def show_roles(self) -> None:
        """Under each seat the system gives a part of its own, that part, for the seats and the
        options as they stand (the part may follow a seat's place, its name or an option)."""
        if self.wizard() is None:
            return
        for row, role in zip(self.rows, self.wizard().seat_roles()):
            row.show_role(role)

    def names(self) -> list[str]:
        return [row.name.text().strip() or row.name.placeholderText() for row in self.rows]

    def app_rows(self) -> list[int]:
        return list(self.app_levels())

    def app_levels(self) -> dict[int, str]:
        """The rows the app plays (0 for the first), each with its level."""
        return {index: row.level() for index, row in enumerate(self.rows) if row.level()}

    def validatePage(self) -> bool:
        return self.wizard().check(self.problem, options=self.wizard().default_options())
