"""The new-game wizard's options page: the rule system's options, each with its help, built for
the system chosen."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
    QWizardPage,
)

from desktop.model import new_game as opening
from desktop.model.new_game import TEXT_LIMIT, Option
from desktop.ui.wizard_widgets import (
    SeatNames,
    SteadyCombo,
    focus_later,
    help_label,
    problem_label,
    show_problem,
)


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
        self.deck_path.textEdited.connect(lambda _text: show_problem(self.problem, ""))
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
            show_problem(self.problem, "")
            # Named as the system names its file (an encounter is no deck).
            self.deck_label.setText(f"{ruleset.deck_file} (optional):")
            self.deck_path.setAccessibleName(ruleset.deck_file)
        for control in self.controls.values():
            if isinstance(control, SeatNames):  # the seats may have been renamed meanwhile
                control.set_names(self.wizard().seats_page.names())
        first = next(iter(self.controls.values()), None)
        if first is not None:
            focus_later(first)

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
                control.textEdited.connect(lambda _text: show_problem(self.problem, ""))
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
            show_problem(self.problem, "")

    def values(self) -> dict[str, str]:
        return {
            key: control.currentText() if isinstance(control, QComboBox) else control.text().strip()
            for key, control in self.controls.items()
        }

    def validatePage(self) -> bool:
        return self.wizard().check(self.problem, options=self.values())
