"""The Worlds That Remember deck builder: a character (name, tags, gear) and 12 to 20 cards chosen
from the starter set and the Conditions, imported from and exported to deck files, and a new game
started with it.

Every rule of a deck is the ruleset's (`desktop/rulesets/worlds_that_remember/decks.py`): the
builder shows `decks.problems` as they are, one sentence each, and writes files with
`decks.export_text` and reads them with `decks.read_text`. It adds one guard of its own, which
the rules imply: the copies spin boxes never let the deck go past 20 cards.

A refused import leaves the deck being built as it was; a refused export or game changes nothing.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desktop.engine.text import NAME_LIMIT, shown
from desktop.rulesets.worlds_that_remember import decks
from desktop.rulesets.worlds_that_remember.cards import (
    SYSTEM,
    ActionDef,
    Character,
    actions,
    characters,
    conditions,
)
from desktop.rulesets.worlds_that_remember.dice.rolls import APPROACHES, AXES
from desktop.ui import palette
from desktop.ui.screens import room_of
from desktop.ui.systems.worlds_that_remember.new_game_dialog import NewGameDialog
from desktop.ui.systems.worlds_that_remember.tag_rows import TagRows

FILE_FILTER = "Worlds That Remember decks (*.json);;All files (*)"
EMPTY = "An empty deck"


def decks_dir() -> Path:
    from desktop.model.files import folder

    return folder("decks")


def card_summary(found) -> str:
    """What a card adds, in a few words: "Sneak · Careful d6", "+ d6 CONTROL", "keeps"; for a
    Condition its effects."""
    if isinstance(found, ActionDef):
        parts = [f"{tag.label} \u00b7 {tag.approach} d{APPROACHES[tag.approach]}" for tag in found.tags]
        parts += [f"+ d{size} {AXES[size]}" for size in found.dice]
        if found.keeps:
            parts.append("keeps")
        return ", ".join(parts)
    return " ".join(found.effects())


class DeckBuilder(QDialog):
    """Build a deck; `gameReady(Game)` when the player starts a new game with it."""

    gameReady = Signal(object)

    def __init__(self, parent=None, session=None, start: Character | None = None):
        super().__init__(parent)
        self.session = session
        self.setWindowTitle("Worlds That Remember: deck builder")
        self.setObjectName("wtr-deck-builder")
        self._filling = False
        self.copies: dict[str, QSpinBox] = {}

        # ---- where to start from, the character ----
        self.start_from = QComboBox()
        self.start_from.setAccessibleName("Start from")
        for found in characters():
            self.start_from.addItem(f"{found.name}'s deck (ready-made)", found.name)
        self.start_from.addItem(EMPTY, "")
        self.use_button = QPushButton("Start again from it")
        self.use_button.setAccessibleName("Start again from the chosen deck")
        self.use_button.setToolTip("Replaces the character and the cards with the chosen deck")
        self.use_button.clicked.connect(self._start_again)
        self.name_edit = QLineEdit()
        self.name_edit.setMaxLength(NAME_LIMIT)
        self.name_edit.setAccessibleName("Character's name")
        self.name_edit.textChanged.connect(self._update)
        self.tags = TagRows("Tags (1 to 6): each adds a die sized by its approach", "a tag", decks.TAGS_MAX)
        self.gear = TagRows("Gear (0 to 4)", "gear", decks.GEAR_MAX)
        for rows in (self.tags, self.gear):
            rows.changed.connect(self._update)
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        start_row = QHBoxLayout()
        start_row.addWidget(self.start_from, 1)
        start_row.addWidget(self.use_button)
        form = QFormLayout()
        form.addRow("Start from", start_row)
        form.addRow("Character", self.name_edit)
        left_layout.addLayout(form)
        left_layout.addWidget(self.tags)
        left_layout.addWidget(self.gear)
        left_layout.addStretch(1)

        # ---- the cards ----
        self.table = QTableWidget(0, 4)
        self.table.setObjectName("wtr-deck-cards")
        self.table.setAccessibleName("Cards of the starter set and Conditions, with the copies in the deck")
        self.table.setHorizontalHeaderLabels(["Card", "Kind", "What it adds", "Copies"])
        self.table.verticalHeader().hide()
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.ResizeToContents)
        for found in [*actions(), *conditions()]:
            self._add_card_row(found)
        # Rows fit their wrapped text at the width the columns finally get.
        header.sectionResized.connect(lambda *_args: self.table.resizeRowsToContents())
        self.count_label = QLabel()
        self.count_label.setObjectName("wtr-deck-count")
        self.count_label.setAccessibleName("Cards in the deck")
        bold = QFont(self.font())
        bold.setBold(True)
        bold.setPointSizeF(bold.pointSizeF() * 1.15)
        self.count_label.setFont(bold)
        rules = QLabel(
            f"A deck holds {decks.DECK_MIN} to {decks.DECK_MAX} cards, Conditions included, with at least one "
            "Action card. A Condition in a deck triggers when it is drawn, as in play."
        )
        rules.setWordWrap(True)
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addWidget(self.count_label)
        right_layout.addWidget(rules)
        right_layout.addWidget(self.table, 1)

        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(left)
        split.addWidget(right)
        split.setStretchFactor(0, 2)
        split.setStretchFactor(1, 3)

        # ---- what is wrong, what happened, the buttons ----
        self.problems_label = QLabel()
        self.problems_label.setObjectName("wtr-deck-problems")
        self.problems_label.setAccessibleName("What the deck still needs")
        self.problems_label.setWordWrap(True)
        self.problems_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.message = QLabel()
        self.message.setObjectName("wtr-deck-message")
        self.message.setAccessibleName("What happened")
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.import_button = QPushButton("&Import a deck file\u2026")
        self.import_button.clicked.connect(self.import_deck)
        self.export_button = QPushButton("&Export the deck\u2026")
        self.export_button.clicked.connect(self.export_deck)
        self.play_button = QPushButton("&New game with this deck\u2026")
        self.play_button.clicked.connect(self.new_game)
        close = QPushButton("Close")
        close.clicked.connect(self.reject)
        for button in (self.import_button, self.export_button, self.play_button, close):
            button.setAccessibleName(button.text().replace("&", "").rstrip("\u2026"))
        buttons = QHBoxLayout()
        for button in (self.import_button, self.export_button, self.play_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        buttons.addWidget(close)

        layout = QVBoxLayout(self)
        layout.addWidget(split, 1)
        layout.addWidget(self.problems_label)
        layout.addWidget(self.message)
        layout.addLayout(buttons)

        screen = room_of(self)
        self.resize(min(1200, round(screen.width() * 0.9)), min(820, round(screen.height() * 0.9)))
        self.load(start or characters()[0])

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self.table.resizeRowsToContents()

    def _add_card_row(self, found) -> None:
        row = self.table.rowCount()
        self.table.insertRow(row)
        is_action = isinstance(found, ActionDef)
        name = QTableWidgetItem(found.name)
        name.setToolTip(found.text)
        kind = QTableWidgetItem("Action" if is_action else "Condition")
        what = QTableWidgetItem(card_summary(found))
        what.setToolTip(f"{found.text}\n{card_summary(found)}")
        for column, item in enumerate((name, kind, what)):
            self.table.setItem(row, column, item)
        spin = QSpinBox()
        spin.setRange(0, decks.DECK_MAX)
        spin.setAccessibleName(f"Copies of {found.name}")
        spin.valueChanged.connect(self._update)
        self.table.setCellWidget(row, 3, spin)
        self.copies[found.id] = spin

    # ---- the deck -------------------------------------------------------------------------

    def load(self, character: Character) -> None:
        """Shows `character` and its cards (replacing what was being built)."""
        self._filling = True
        try:
            self.name_edit.setText(character.name)
            self.tags.set_tags(character.tags)
            self.gear.set_tags(character.gear)
            wanted = {entry.card: entry.copies for entry in character.cards}
            for card, spin in self.copies.items():
                spin.setMaximum(decks.DECK_MAX)
                spin.setValue(wanted.get(card, 0))
        finally:
            self._filling = False
        self._update()

    def _start_again(self) -> None:
        chosen = self.start_from.currentData()
        if chosen:
            self.load(next(found for found in characters() if found.name == chosen))
        else:
            self.load(Character(name="", tags=[], cards=[]))
        self._say(f"Started again from {self.start_from.currentText()}.")

    def data(self) -> dict:
        """The deck as a deck file's object (what `decks.problems` checks)."""
        return {
            "system": SYSTEM,
            "name": self.name_edit.text().strip(),
            "tags": self.tags.data(),
            "gear": self.gear.data(),
            "cards": [{"card": card, "copies": spin.value()} for card, spin in self.copies.items() if spin.value()],
        }

    def total(self) -> int:
        return sum(spin.value() for spin in self.copies.values())

    def problems(self) -> list[str]:
        return decks.problems(self.data())

    def character(self) -> Character | None:
        """The deck, if it is playable."""
        try:
            return decks.load(self.data())
        except decks.DeckError:
            return None

    def _update(self, *_args) -> None:
        if self._filling:
            return
        total = self.total()
        # No spin box takes the deck past the most a deck holds.
        room = max(0, decks.DECK_MAX - total)
        for spin in self.copies.values():
            spin.blockSignals(True)
            spin.setMaximum(spin.value() + room)
            spin.blockSignals(False)
        conditions_in = sum(spin.value() for card, spin in self.copies.items() if card in _condition_ids())
        text = (f"{total} card{'s' if total != 1 else ''} in the deck: {total - conditions_in} Action, "
                f"{conditions_in} Condition{'s' if conditions_in != 1 else ''}")
        if total >= decks.DECK_MAX:
            text += " (the most a deck holds: lower a card's copies to add another)"
        self.count_label.setText(text + ".")
        found = self.problems()
        ok = not found
        if ok:
            self.problems_label.setText("The deck is ready: export it, or start a new game with it.")
            self.problems_label.setStyleSheet("")
        else:
            self.problems_label.setText("\n".join(found))
            self.problems_label.setStyleSheet(f"color: {palette.css('refusal_text')};")
        why = "" if ok else found[0]
        for button in (self.export_button, self.play_button):
            button.setEnabled(ok)
            button.setToolTip(why)

    def _say(self, text: str, refused: bool = False) -> None:
        self.message.setText(text)
        self.message.setStyleSheet(f"color: {palette.css('refusal_text')};" if refused else "")

    # ---- files ---------------------------------------------------------------------------------

    def import_deck(self) -> bool:
        chosen, _ = QFileDialog.getOpenFileName(self, "Import a deck file", str(decks_dir()), FILE_FILTER)
        if not chosen:
            return False
        return self.import_path(Path(chosen))

    def import_path(self, path: Path) -> bool:
        """Reads a deck file into the builder, or says in one sentence why not (keeping the deck
        being built as it was)."""
        from desktop.model import files

        try:
            raw = files.read_limited(path, decks.FILE_CHARS, "a Worlds That Remember deck file")
            character = decks.read_text(raw)
        except (files.Refused, decks.DeckError) as problem:
            self._say(f"Not imported: {problem} The deck being built is unchanged.", refused=True)
            return False
        self.load(character)
        self._say(f"Imported {character.name}'s deck from {shown(path.name, 80)}.")
        return True

    def export_deck(self) -> bool:
        character = self.character()
        if character is None:
            self._say(f"Not exported: {self.problems()[0]}", refused=True)
            return False
        slug = "".join(ch if ch.isalnum() else "-" for ch in character.name.lower()).strip("-") or "deck"
        chosen, _ = QFileDialog.getSaveFileName(
            self, "Export the deck", str(decks_dir() / f"{slug}.json"), FILE_FILTER
        )
        if not chosen:
            return False
        return self.export_path(Path(chosen))

    def export_path(self, path: Path) -> bool:
        from desktop.model.files import write_whole

        character = self.character()
        if character is None:
            self._say(f"Not exported: {self.problems()[0]}", refused=True)
            return False
        try:
            write_whole(path, decks.export_text(character))
        except OSError as problem:
            self._say(f"The deck could not be written to {shown(path, 120)}: {problem.strerror or problem}.", refused=True)
            return False
        self._say(
            f"Exported {character.name}'s deck ({character.size()} cards) to {shown(path, 120)}. "
            f"On the command line: actiondeck new {SYSTEM} --deck \u201c{path.name}\u201d."
        )
        return True

    # ---- a new game ------------------------------------------------------------------------------

    def new_game(self) -> bool:
        character = self.character()
        if character is None:
            self._say(f"No game started: {self.problems()[0]}", refused=True)
            return False
        dialog = NewGameDialog(character, self._current_game(), self)
        if dialog.exec() != QDialog.DialogCode.Accepted or dialog.game is None:
            return False
        self.gameReady.emit(dialog.game)
        self.accept()
        return True

    def _current_game(self):
        session = self.session
        if session is None or session.ruleset.id != SYSTEM:
            return None
        return session.game


def _condition_ids() -> set[str]:
    return {found.id for found in conditions()}


