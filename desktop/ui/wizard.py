"""The new-game wizard: the rule system, the seats (who plays each: a person or the app), options.

The engine decides whether a setup can be played, asked through the model
(`desktop.model.new_game`): when it refuses, its sentence is shown on the page and everything
typed stays as it was. The wizard ends with `new_game()`: the game built from the choices, and
the ids of the seats the app plays.
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QLabel,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWizard,
    QWizardPage,
)

from desktop.model import new_game as opening
from desktop.model.new_game import Choices, NewGame, System
from desktop.ui.wizard_options import OptionsPage
from desktop.ui.wizard_seats import SeatsPage
from desktop.ui.wizard_widgets import problem_label, show_problem


class SystemPage(QWizardPage):
    def __init__(self, systems: list[System]) -> None:
        super().__init__()
        self.setTitle("What are you playing?")
        self.setSubTitle("Choose the rule system; its description is shown under the list.")
        # Start at once from here: a first game needs no choices (the wizard's other pages keep
        # their defaults), and a newcomer read two pages of them before the table.
        self.setFinalPage(True)
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
        self.quick = QLabel()
        self.quick.setWordWrap(True)
        self.quick.setAccessibleName("Starting at once")
        layout.addWidget(self.quick)
        self.problem = problem_label("Problem with this system")
        layout.addWidget(self.problem)
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
            seats = min(high, max(low, SeatsPage.START_SEATS))
            names = [f"Player {number}" for number in range(1, seats + 1)]
            # A seat with a part of its own is named here too: started at once, a table did not
            # know which of its three seats was the game master's.
            parts = "".join(f" {name}: {part}" for name, part in zip(names, opening.seat_roles(ruleset, names), strict=True)
                            if part)
            self.quick.setText(
                f"“Start the game” sets it up now: {seats} players at this screen and the rules "
                f"as written.{parts} “Next” lets you name the players, let the app play seats, and "
                f"change the options."
            )
        show_problem(self.problem, "")
        self.completeChanged.emit()

    def ruleset(self) -> System | None:
        item = self.list.currentItem()
        return None if item is None else opening.system(item.data(Qt.ItemDataRole.UserRole))

    def isComplete(self) -> bool:
        return self.list.currentItem() is not None


class NewGameWizard(QWizard):
    def __init__(self, parent=None, systems: list[System] | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New game \u2014 Action Deck")
        base = QFont(self.font())
        base.setPointSizeF(max(base.pointSizeF(), 11))  # as the main window's
        self.setFont(base)
        self.setWizardStyle(QWizard.WizardStyle.ModernStyle)
        self.setOption(QWizard.WizardOption.NoBackButtonOnStartPage, True)
        self.setOption(QWizard.WizardOption.HaveFinishButtonOnEarlyPages, True)
        self.setButtonText(QWizard.WizardButton.FinishButton, "&Start the game")
        self.seed = opening.new_seed()
        self.game = None  # the game the engine set up from `self.built_from`, once it accepted them
        self.built_from: Choices | None = None
        self.system_page = SystemPage(systems if systems is not None else opening.systems())
        self.seats_page = SeatsPage()
        self.options_page = OptionsPage()
        self.seats_page.setFinalPage(True)  # the options keep their defaults
        for page in (self.system_page, self.seats_page, self.options_page):
            self.addPage(page)
        # Back from the options, the seats page shows the parts as the options now give them.
        self.currentIdChanged.connect(lambda _id: self.currentPage() is self.seats_page and self.seats_page.show_roles())
        self.resize(760, 600)

    def ruleset(self) -> System:
        return self.system_page.ruleset()

    def accept(self) -> None:
        """"Start the game" from any page: the pages not reached keep their defaults (the seats
        page is set up for the system chosen, as Next would). The engine is asked first; its
        refusal is shown on the page, and the wizard stays open with everything as typed."""
        if self.currentPage() is self.system_page:
            self.seats_page.initializePage()
        if self.currentPage() is not self.options_page and not self.check(self.currentPage().problem):
            return
        super().accept()

    def default_options(self) -> dict[str, str]:
        return opening.default_options(self.ruleset())

    def seat_roles(self) -> list[str]:
        """The part of each seat on the seats page ("": none), by the options typed so far."""
        ruleset = self.ruleset()
        chosen = self.options_page.values() if self.options_page.built_for == ruleset.id else None
        return opening.seat_roles(ruleset, self.seats_page.names(), chosen)

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
            show_problem(problem, str(refusal))
            return False
        self.built_from = choices
        show_problem(problem, "")
        return True

    def new_game(self) -> NewGame | None:
        """The game set up on the last page (None until the options page accepted it)."""
        stale = self.game is None or self.built_from != self.choices()
        if stale and not self.check(self.options_page.problem):
            return None
        from desktop.ui import settings

        if self.seats_page.curtain_alone.isVisible():
            settings.put("curtain_when_alone", "on" if self.seats_page.curtain_alone.isChecked() else "")
        return NewGame.of(self.game, self.seats_page.app_levels(), phones=self.seats_page.phones.isChecked())
