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

import msgspec
from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
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
    APPROACH_NAMES,
    SYSTEM,
    ActionDef,
    Character,
    actions,
    characters,
    conditions,
)
from desktop.rulesets.worlds_that_remember.dice.rolls import APPROACHES, AXES
from desktop.ui import palette
from desktop.ui.widgets import discard_widgets

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


class _TagRows(QGroupBox):
    """Editable rows of a label and an approach (the character's tags, or its gear)."""

    changed = Signal()

    def __init__(self, title: str, what: str, high: int):
        super().__init__(title)
        self.what = what
        self.high = high
        self.rows: list[tuple[QWidget, QLineEdit, QComboBox]] = []
        self._grid = QVBoxLayout(self)
        self._rows_box = QVBoxLayout()
        self._grid.addLayout(self._rows_box)
        self.add_button = QPushButton(f"Add {what}")
        self.add_button.setAccessibleName(f"Add {what}")
        self.add_button.clicked.connect(lambda: self.add_row("", APPROACH_NAMES[0], focus=True))
        self._grid.addWidget(self.add_button, 0, Qt.AlignmentFlag.AlignLeft)

    def add_row(self, label: str, approach: str, focus: bool = False) -> None:
        row = QWidget()
        layout = QHBoxLayout(row)
        layout.setContentsMargins(0, 0, 0, 0)
        edit = QLineEdit(label)
        edit.setMaxLength(NAME_LIMIT)
        edit.setPlaceholderText("Label, e.g. Wayfinder")
        edit.setAccessibleName(f"Label of {self.what} {len(self.rows) + 1}")
        edit.textChanged.connect(self.changed)
        combo = QComboBox()
        for name in APPROACH_NAMES:
            combo.addItem(f"{name} (d{APPROACHES[name]})", name)
        combo.setCurrentIndex(max(0, combo.findData(approach)))
        combo.setAccessibleName(f"Approach of {self.what} {len(self.rows) + 1}")
        combo.currentIndexChanged.connect(lambda _i: self.changed.emit())
        remove = QPushButton("Remove")
        remove.setAccessibleName(f"Remove {self.what} {len(self.rows) + 1}")
        remove.clicked.connect(lambda: self.remove_row(row))
        layout.addWidget(edit, 3)
        layout.addWidget(combo, 2)
        layout.addWidget(remove)
        self._rows_box.addWidget(row)
        self.rows.append((row, edit, combo))
        self.add_button.setEnabled(len(self.rows) < self.high)
        if focus:
            edit.setFocus()
        self.changed.emit()

    def remove_row(self, row: QWidget) -> None:
        self.rows = [entry for entry in self.rows if entry[0] is not row]
        discard_widgets(self._rows_box, [row])
        self.add_button.setEnabled(len(self.rows) < self.high)
        self.changed.emit()

    def set_tags(self, tags) -> None:
        discard_widgets(self._rows_box, [row for row, _edit, _combo in self.rows])
        self.rows = []
        for tag in tags:
            self.add_row(tag.label, tag.approach)
        self.add_button.setEnabled(len(self.rows) < self.high)
        self.changed.emit()

    def data(self) -> list[dict]:
        return [{"label": edit.text().strip(), "approach": combo.currentData()} for _row, edit, combo in self.rows]


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
        self.tags = _TagRows("Tags (1 to 6): each adds a die sized by its approach", "a tag", decks.TAGS_MAX)
        self.gear = _TagRows("Gear (0 to 4)", "gear", decks.GEAR_MAX)
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

        screen = self.screen().availableGeometry()
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
