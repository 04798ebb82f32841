"""The new-game wizard: the rule system, the seats (who plays each: a person or the app), options.

The engine decides whether a setup can be played, asked through the model
(`desktop.model.new_game`): when it refuses, its sentence is shown on the page and everything
typed stays as it was. The wizard ends with `new_game()`: the game built from the choices, and
the ids of the seats the app plays.
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QFont, QPalette
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
    QWizard,
    QWizardPage,
)

from desktop.model import new_game as opening
from desktop.model.new_game import NAME_LIMIT, TEXT_LIMIT, Choices, NewGame, Option, System
from desktop.ui import palette as theme

PERSON, APP = "A person", "The app"


def _focus_later(widget: QWidget) -> None:
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


def _show_problem(label: QLabel, sentence: str) -> None:
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


class SystemPage(QWizardPage):
    def __init__(self, systems: list[System]) -> None:
        super().__init__()
        self.setTitle("What are you playing?")
        self.setSubTitle("Choose the rule system; its description is shown under the list.")
        self.list = QListWidget()
        self.list.setAccessibleName("Rule systems")
        for ruleset in systems:
            item = QListWidgetItem(ruleset.title)
            item.setData(Qt.ItemDataRole.UserRole, ruleset.id)
            self.list.addItem(item)
        self.about = QLabel()
        self.about.setWordWrap(True)
        self.about.setAccessibleName("About this system")
        self.about.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.list.setStyleSheet("QListView::item { padding: 6px 4px; }")
        rows = max(3, min(6, len(systems)))
        self.list.setMaximumHeight(rows * (self.list.fontMetrics().height() + 12) + 2 * self.list.frameWidth())
        layout = QVBoxLayout(self)
        layout.addWidget(self.list)
        layout.addSpacing(8)
        layout.addWidget(self.about, 1)
        self.list.currentRowChanged.connect(self._chosen)
        self.list.itemDoubleClicked.connect(lambda _item: self.wizard().next())
        if systems:
            self.list.setCurrentRow(0)

    def _chosen(self, _row: int) -> None:
        ruleset = self.ruleset()
        if ruleset is not None:
            low, high = ruleset.players
            self.about.setText(
                f"<p><b>{escape(ruleset.title)}</b></p><p>{escape(ruleset.description)}</p>"
                f"<p>For {low} to {high} players.</p>"
            )
        self.completeChanged.emit()

    def ruleset(self) -> System | None:
        item = self.list.currentItem()
        return None if item is None else opening.system(item.data(Qt.ItemDataRole.UserRole))

    def isComplete(self) -> bool:
        return self.list.currentItem() is not None


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


class _SeatRow:
    def __init__(self, page: SeatsPage) -> None:
        self.name = QLineEdit()
        self.name.setMaxLength(NAME_LIMIT)
        self.name.setClearButtonEnabled(True)
        self.player = SteadyCombo()
        self.player.addItems([PERSON, APP])
        self.player.setToolTip("Who plays this seat: a person at the table, or the app")
        self.player.currentIndexChanged.connect(lambda _index: page.people_changed())
        self.remove = QPushButton("Remove")
        self.remove.clicked.connect(lambda: page.remove_seat(self))
        self.label = QLabel()
        self.label.setBuddy(self.name)

    def number(self, number: int) -> None:
        self.label.setText(f"Seat &{number}" if number < 10 else f"Seat {number}")
        self.name.setPlaceholderText(f"Player {number}")
        self.name.setAccessibleName(f"Seat {number}: player's name")
        self.player.setAccessibleName(f"Seat {number}: played by")
        self.remove.setAccessibleName(f"Remove seat {number}")
        self.remove.setToolTip(f"Remove seat {number}")

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
        layout = QVBoxLayout(self)
        layout.addWidget(scroll, 1)
        layout.addLayout(below)
        layout.addWidget(self.alone_note)
        layout.addWidget(self.curtain_alone)
        layout.addWidget(self.problem)
        self.people_changed()

    def initializePage(self) -> None:
        ruleset = self.wizard().ruleset()
        self.range = ruleset.players
        low, high = self.range
        wanted = min(high, max(low, len(self.rows) or self.START_SEATS))
        while len(self.rows) < wanted:
            self._new_row()
        while len(self.rows) > wanted:
            self._drop(self.rows[-1])
        self._relayout()
        if self.rows:  # after QWizard has placed its own focus
            _focus_later(self.rows[0].name)

    def cleanupPage(self) -> None:
        """Going back keeps every name and choice (QWizard would reset registered fields)."""

    def _new_row(self) -> _SeatRow:
        row = _SeatRow(self)
        self.rows.append(row)
        row.name.textEdited.connect(lambda _text: _show_problem(self.problem, ""))
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
        for widget in row.widgets():
            self.grid.removeWidget(widget)
            widget.deleteLater()

    def _relayout(self) -> None:
        low, high = self.range
        previous: QWidget | None = None
        for number, row in enumerate(self.rows, start=1):
            row.number(number)
            for column, widget in enumerate(row.widgets()):
                self.grid.addWidget(widget, number - 1, column)
            row.remove.setEnabled(len(self.rows) > low)
            for widget in (row.name, row.player, row.remove):
                if previous is not None:
                    QWidget.setTabOrder(previous, widget)
                previous = widget
        if previous is not None:
            QWidget.setTabOrder(previous, self.add)
        self.add.setEnabled(len(self.rows) < high)
        self.people_changed()
        self.count.setText(
            f"{len(self.rows)} seats; this system is played by {low} to {high} players."
        )

    def people_changed(self) -> None:
        alone = len(self.rows) - len(self.app_rows()) == 1 and len(self.rows) > 1
        self.alone_note.setVisible(alone)
        self.curtain_alone.setVisible(alone)

    def names(self) -> list[str]:
        return [row.name.text().strip() or row.name.placeholderText() for row in self.rows]

    def app_rows(self) -> list[int]:
        return [index for index, row in enumerate(self.rows) if row.player.currentText() == APP]

    def validatePage(self) -> bool:
        return self.wizard().check(self.problem, options=self.wizard().default_options())


class OptionsPage(QWizardPage):
    def __init__(self) -> None:
        super().__init__()
        self.setTitle("Options")
        self.setSubTitle("Each option starts at its default: change only what your table plays differently.")
        self.built_for: str | None = None
        self.controls: dict[str, QComboBox | QLineEdit] = {}
        self.body = QWidget()
        self.form = QFormLayout(self.body)
        self.form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setWidget(self.body)
        self.problem = problem_label("Problem with the options")
        # A deck file of the player's own (a transcribed deck, a deck from the deck builder):
        # read as its system reads deck files; empty means the system's own cards.
        self.deck_path = QLineEdit()
        self.deck_path.setPlaceholderText("the system's own cards")
        self.deck_path.setAccessibleName("Deck file")
        self.deck_path.textEdited.connect(lambda _text: _show_problem(self.problem, ""))
        choose = QPushButton("Choose\u2026")
        choose.setAccessibleName("Choose a deck file")
        choose.clicked.connect(self._choose_deck)
        deck_row = QHBoxLayout()
        self.deck_label = QLabel("Deck file (optional):")
        deck_row.addWidget(self.deck_label)
        deck_row.addWidget(self.deck_path, 1)
        deck_row.addWidget(choose)
        layout = QVBoxLayout(self)
        layout.addWidget(scroll, 1)
        layout.addLayout(deck_row)
        layout.addWidget(self.problem)

    def initializePage(self) -> None:
        ruleset = self.wizard().ruleset()
        if ruleset.id != self.built_for:  # the same system again keeps what was typed
            self._build(opening.new_game_options(ruleset))
            self.built_for = ruleset.id
            _show_problem(self.problem, "")
            # Named as the system names its file (an encounter is no deck).
            self.deck_label.setText(f"{ruleset.deck_file} (optional):")
            self.deck_path.setAccessibleName(ruleset.deck_file)
        for control in self.controls.values():
            if isinstance(control, SeatNames):  # the seats may have been renamed meanwhile
                control.set_names(self.wizard().seats_page.names())
        first = next(iter(self.controls.values()), None)
        if first is not None:
            _focus_later(first)

    def cleanupPage(self) -> None:
        """Going back keeps every value."""

    def _build(self, options: tuple[Option, ...]) -> None:
        while self.form.rowCount():
            self.form.removeRow(0)
        self.controls = {}
        if not options:
            self.form.addRow(QLabel("This system has no options."))
            return
        for option in options:
            if option.names:
                control = SeatNames(single=option.names == "seat", empty=option.empty)
                control.set_names(self.wizard().seats_page.names())
                control.setText(option.default)
            elif option.choices:
                control = SteadyCombo()
                control.addItems(option.choices)
                if option.default in option.choices:
                    control.setCurrentText(option.default)
            else:
                control = QLineEdit(option.default)
                control.setMaxLength(TEXT_LIMIT)
                control.textEdited.connect(lambda _text: _show_problem(self.problem, ""))
            control.setAccessibleName(option.label)
            control.setAccessibleDescription(option.help)
            control.setToolTip(option.help)
            field = QWidget()
            column = QVBoxLayout(field)
            column.setContentsMargins(0, 0, 0, 6)
            column.setSpacing(2)
            column.addWidget(control)
            column.addWidget(help_label(option.help, self.font()))
            label = QLabel(f"{option.label}:")
            label.setBuddy(control)
            label.setToolTip(option.help)
            self.form.addRow(label, field)
            self.controls[option.key] = control

    def _choose_deck(self) -> None:
        from PySide6.QtWidgets import QFileDialog

        noun = self.wizard().ruleset().deck_file
        chosen, _ = QFileDialog.getOpenFileName(self, noun, "", f"{noun}s (*.json);;All files (*)")
        if chosen:
            self.deck_path.setText(chosen)
            _show_problem(self.problem, "")

    def values(self) -> dict[str, str]:
        return {
            key: control.currentText() if isinstance(control, QComboBox) else control.text().strip()
            for key, control in self.controls.items()
        }

    def validatePage(self) -> bool:
        return self.wizard().check(self.problem, options=self.values())


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


class NewGameWizard(QWizard):
    def __init__(self, parent=None, systems: list[System] | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New game \u2014 Action Deck")
        base = QFont(self.font())
        base.setPointSizeF(max(base.pointSizeF(), 11))  # as the main window's
        self.setFont(base)
        self.setWizardStyle(QWizard.WizardStyle.ModernStyle)
        self.setOption(QWizard.WizardOption.NoBackButtonOnStartPage, True)
        self.setButtonText(QWizard.WizardButton.FinishButton, "&Start the game")
        self.seed = opening.new_seed()
        self.game = None  # the game the engine set up from `self.built_from`, once it accepted them
        self.built_from: Choices | None = None
        self.system_page = SystemPage(systems if systems is not None else opening.systems())
        self.seats_page = SeatsPage()
        self.options_page = OptionsPage()
        for page in (self.system_page, self.seats_page, self.options_page):
            self.addPage(page)
        self.resize(760, 600)

    def ruleset(self) -> System:
        return self.system_page.ruleset()

    def default_options(self) -> dict[str, str]:
        return opening.default_options(self.ruleset())

    def choices(self, options: dict[str, str] | None = None) -> Choices:
        """What the pages hold now (`options` in place of the options page's)."""
        ruleset = self.ruleset()
        chosen = self.options_page.values() if self.options_page.built_for == ruleset.id else None
        return Choices(
            system=ruleset.id,
            players=tuple(self.seats_page.names()),
            seed=self.seed,
            options=dict(options if options is not None else chosen or self.default_options()),
            deck_file=self.options_page.deck_path.text().strip(),
        )

    def check(self, problem: QLabel, options: dict[str, str] | None = None) -> bool:
        """Asks the model to set the game up; shows the engine's refusal on `problem` and says
        whether the setup can be played. Nothing typed is touched either way."""
        choices = self.choices(options)
        try:
            self.game = opening.build(choices)
        except opening.Refused as refusal:
            self.game, self.built_from = None, None
            _show_problem(problem, str(refusal))
            return False
        self.built_from = choices
        _show_problem(problem, "")
        return True

    def new_game(self) -> NewGame | None:
        """The game set up on the last page (None until the options page accepted it)."""
        stale = self.game is None or self.built_from != self.choices()
        if stale and not self.check(self.options_page.problem):
            return None
        from desktop.ui import settings

        if self.seats_page.curtain_alone.isVisible():
            settings.put("curtain_when_alone", "on" if self.seats_page.curtain_alone.isChecked() else "")
        return NewGame.of(self.game, self.seats_page.app_rows())
