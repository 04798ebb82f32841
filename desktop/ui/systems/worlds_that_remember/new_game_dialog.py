"""The deck builder's "New game with this deck" (deck_builder.py): who plays, and which of them
plays the deck; the game is built through the model's opening, as the new-game wizard builds
one. A dialog of its own: it asks about the table, not about the deck."""

from __future__ import annotations

import msgspec
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
)

from desktop.rulesets.worlds_that_remember.cards import SYSTEM, Character, characters
from desktop.ui import palette


class NewGameDialog(QDialog):
    """Who plays: the players' names and which of them plays the deck; the other seats play the
    ready-made characters, as in a new game. Options are those of the game now open (if it is a
    Worlds That Remember game), else the defaults."""

    def __init__(self, character: Character, current=None, parent=None):
        super().__init__(parent)
        self.character = character
        self.game = None
        self.setWindowTitle(f"New game with {character.name}'s deck")
        self.options = {}
        names: list[str] = []
        if current is not None:
            self.options = {key: value for key, value in current.setup.options.items() if key != "characters"}
            names = [seat.name for seat in current.state.seats]
        self.players = QLineEdit(", ".join(names))
        self.players.setPlaceholderText("Names separated by commas, e.g. Ann, Bo")
        self.players.setAccessibleName("Players, separated by commas")
        self.players.textChanged.connect(self._names_changed)
        self.who = QComboBox()
        self.who.setAccessibleName(f"Who plays {character.name}")
        self.problem = QLabel()
        self.problem.setWordWrap(True)
        self.problem.setAccessibleName("Problem")
        self.problem.setStyleSheet(f"color: {palette.css('refusal_text')};")
        ready = " and ".join(found.name for found in characters())
        note = QLabel(
            f"The other players play the ready-made characters ({ready}), in turn. "
            + (f"Options as in the game now open: {_options_text(self.options)}." if self.options
               else "Options: the defaults.")
            + " The game is autosaved like any new game."
        )
        note.setWordWrap(True)
        form = QFormLayout()
        form.addRow("Players", self.players)
        form.addRow(f"Who plays {character.name}", self.who)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.start_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.start_button.setText("Start the game")
        buttons.accepted.connect(self.start)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(note)
        layout.addWidget(self.problem)
        layout.addWidget(buttons)
        self._names_changed()

    def names(self) -> list[str]:
        return [name.strip() for name in self.players.text().split(",") if name.strip()]

    def _names_changed(self, *_args) -> None:
        keep = self.who.currentIndex()
        self.who.clear()
        for name in self.names():
            self.who.addItem(name)
        self.who.setCurrentIndex(min(max(keep, 0), self.who.count() - 1))

    def decks(self) -> list[dict]:
        """One whole deck per seat up to the deck's player: the ready-made character a seat gets
        by default before it (the ruleset's own alternation), then this deck."""
        ready = characters()
        seat = max(0, self.who.currentIndex())
        found = [msgspec.to_builtins(ready[number % len(ready)]) for number in range(seat)]
        return found + [msgspec.to_builtins(self.character)]

    def start(self) -> None:
        from desktop.model import new_game as opening

        choices = opening.Choices(system=SYSTEM, players=tuple(self.names()), seed=opening.new_seed(),
                                  options=dict(self.options), deck=self.decks())
        try:
            self.game = opening.build(choices)
        except opening.Refused as problem:
            self.problem.setText(str(problem))
            return
        self.accept()


def _options_text(options: dict[str, str]) -> str:
    return ", ".join(f"{key} {value}" for key, value in sorted(options.items()))
