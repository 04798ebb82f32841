"""The start screen: the recent games to continue, demos apart, a new game, or a file to open.

A dialog that closes with `choice` set, so that the app decides what to do with it:
("open", path) for a save or an autosave, ("new", NewGame) from the wizard, ("demo", system id),
("learn", system id) for a system's first game (Learn to play), or None when the player closed it.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QStyledItemDelegate,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desktop.model.library import AUTOSAVE, RecentGame
from desktop.ui.game_files import OPEN_FILTER
from desktop.ui.naming import when
from desktop.ui.wizard import NewGameWizard
from desktop.ui.wizard_widgets import help_label

COLUMNS = ["Players", "Name", "System", "Last played", "Step"]
PATH_ROLE = Qt.ItemDataRole.UserRole
DEMO_COLUMNS = 3  # "Try a demo" buttons a row: five in one row were wider than a laptop's screen, two rows keep room for Learn to play


class _RoomyRows(QStyledItemDelegate):
    """Rows with room around their words. A style sheet did this, at 15-25 ms of the start
    screen: it puts the list under Qt's style-sheet style, built and applied at first show."""

    def sizeHint(self, option, index) -> QSize:
        return super().sizeHint(option, index) + QSize(14, 10)


class GameList(QTreeWidget):
    """Recent games, one a row; Enter or a double-click opens one."""

    def __init__(self, accessible: str, games: list[RecentGame], now: float | None = None) -> None:
        super().__init__()
        self.setAccessibleName(accessible)
        self.setColumnCount(len(COLUMNS))
        self.setHeaderLabels(COLUMNS)
        self.setRootIsDecorated(False)
        self.setUniformRowHeights(True)
        self.setAlternatingRowColors(True)
        self.setAllColumnsShowFocus(True)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        header = self.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self._rows = _RoomyRows(self)
        self.setItemDelegate(self._rows)
        self.headerItem().setTextAlignment(4, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        for game in games:
            self.addTopLevelItem(self._item(game, now))

    @staticmethod
    def _item(game: RecentGame, now: float | None) -> QTreeWidgetItem:
        players = ", ".join(game.seats)
        item = QTreeWidgetItem([players, game.name, game.title, when(game.last_played, now), str(game.step)])
        item.setData(0, PATH_ROLE, str(game.path))
        item.setTextAlignment(4, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        where = "Autosave" if game.kind == AUTOSAVE else "Saved game"
        if game.damaged_line:  # said before it is opened; the sentence of the replay follows then
            item.setText(4, f"{game.step} (damaged)")
            where = (f"Line {game.damaged_line} of this autosave is damaged: the game goes on from "
                     f"the actions before it, and the damaged file is kept.\n{where}")
        for column in range(len(COLUMNS)):
            item.setToolTip(column, f"{where}: {game.path}")
        item.setToolTip(0, f"{players}\n{where}: {game.path}")
        for column in range(len(COLUMNS)):
            item.setData(column, Qt.ItemDataRole.AccessibleTextRole, f"{COLUMNS[column]}: {item.text(column)}")
        return item

    def paths(self) -> list[Path]:
        return [Path(self.topLevelItem(row).data(0, PATH_ROLE)) for row in range(self.topLevelItemCount())]

    def selected_path(self) -> Path | None:
        items = self.selectedItems()
        return Path(items[0].data(0, PATH_ROLE)) if items else None


class StartDialog(QDialog):
    """See the module: `choice` says what the player chose."""

    def __init__(
        self,
        games: list[RecentGame],
        demos: list[tuple[str, str]],
        parent=None,
        now: float | None = None,
        make_wizard: Callable[[QWidget], NewGameWizard] = NewGameWizard,
        lessons=(),
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Action Deck")
        base = QFont(self.font())
        base.setPointSizeF(max(base.pointSizeF(), 11))  # as the main window's
        self.setFont(base)
        self.choice: tuple | None = None
        self.make_wizard = make_wizard
        real = [game for game in games if not game.demo]
        played_demos = [game for game in games if game.demo]

        # Plain text in a large bold font: a rich-text heading built Qt's HTML machinery for one
        # line, about 20 ms of the start screen.
        title = QLabel("Action Deck")
        title.setTextFormat(Qt.TextFormat.PlainText)
        heading = QFont(base)
        heading.setPointSizeF(base.pointSizeF() * 1.75)
        heading.setBold(True)
        title.setFont(heading)
        title.setAccessibleName("Action Deck")
        tagline = help_label("A table for games played with action cards, around one shared screen.", base)

        # Continue: the real games, newest first.
        self.games = GameList("Recent games", real, now)
        self.open_button = QPushButton("&Open")
        self.open_button.setAccessibleName("Open the selected game")
        self.open_button.setToolTip("Continue the selected game (Enter, or double-click it)")
        self.open_button.clicked.connect(self._open_selected)
        self.empty = QLabel(
            "No games yet. Start a new game, or try a demo to see how the table works."
        )
        self.empty.setWordWrap(True)
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        resume = QGroupBox("Continue a game")
        column = QVBoxLayout(resume)
        column.addWidget(self.games, 1)
        column.addWidget(self.empty)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(self.open_button)
        column.addLayout(row)
        self.games.setVisible(bool(real))
        self.empty.setVisible(not real)

        # Demo games: apart, small, with one "Try a demo" per system that has one.
        self.demo_games = GameList("Demo games", played_demos, now)
        self.demo_games.setFont(base)  # its rows measured in the dialog's font, not the default
        rows = max(1, min(3, len(played_demos)))
        row_height = self.demo_games.sizeHintForRow(0) if played_demos else 0
        frame = 2 * self.demo_games.frameWidth()
        self.demo_games.setFixedHeight(self.demo_games.header().sizeHint().height() + rows * row_height + frame)
        self.demo_games.setVisible(bool(played_demos))
        self.open_button.setVisible(bool(real or played_demos))
        self.demo_buttons: dict[str, QPushButton] = {}
        demo_box = QGroupBox("Demo games")
        demo_column = QVBoxLayout(demo_box)
        # How a demo differs from a lesson, said where both are seen: trials asked.
        self.demo_note = help_label("A game already under way, to look around the table: nothing is "
                                    "explained step by step there.", base)
        demo_column.addWidget(self.demo_note)
        demo_column.addWidget(self.demo_games)
        demo_grid = QGridLayout()
        if not demos:
            demo_grid.addWidget(help_label("No installed system has a demo game.", base), 0, 0)
        for place, (system_id, system_title) in enumerate(demos):
            button = QPushButton(f"Try a demo: {system_title}")
            button.setAccessibleName(f"Try a demo of {system_title}")
            button.setToolTip("A game already under way, to see how the table works; kept apart from your games")
            button.clicked.connect(lambda _checked=False, chosen=system_id: self._finish(("demo", chosen)))
            demo_grid.addWidget(button, *divmod(place, DEMO_COLUMNS))
            self.demo_buttons[system_id] = button
        demo_column.addLayout(demo_grid)

        # Learn to play: each system's first game, against the app (ui/start_lessons.py).
        from desktop.ui.start_lessons import LessonBox

        self.lessons = LessonBox(lessons, lambda system: self._finish(("learn", system)))
        self.lessons.setVisible(bool(lessons))
        self.lesson_buttons = self.lessons.buttons

        # Below: a new game, a file, or leave.
        self.new_button = QPushButton("&New game\u2026")
        self.new_button.setAccessibleName("New game")
        self.new_button.setToolTip("Choose a system, the players and the options")
        self.new_button.clicked.connect(self._new_game)
        self.file_button = QPushButton("Open a &file\u2026")
        self.file_button.setAccessibleName("Open a file")
        self.file_button.setToolTip("Open a saved game (.json) or an autosave (.jsonl)")
        self.file_button.clicked.connect(self._open_file)
        buttons = QDialogButtonBox()
        buttons.addButton(self.new_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.file_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.quit_button = buttons.addButton("&Quit", QDialogButtonBox.ButtonRole.RejectRole)
        self.quit_button.setAccessibleName("Quit")
        buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addWidget(title)
        layout.addWidget(tagline)
        if real or played_demos:
            layout.addWidget(resume, 1)
            layout.addWidget(self.lessons)
        else:  # a first start: nothing to continue, so learning comes first, saying what it is
            self.lessons.lead.show()
            layout.addWidget(self.lessons)
            layout.addWidget(resume)
            resume.hide()
            layout.addStretch(1)
        layout.addWidget(demo_box)
        layout.addWidget(buttons)

        for tree in (self.games, self.demo_games):
            tree.itemActivated.connect(lambda item, _column: self._finish(("open", Path(item.data(0, PATH_ROLE)))))
        self.games.itemSelectionChanged.connect(lambda: self._selected(self.games, self.demo_games))
        self.demo_games.itemSelectionChanged.connect(lambda: self._selected(self.demo_games, self.games))

        order = [self.games, self.open_button, *self.lesson_buttons.values(), self.demo_games, *self.demo_buttons.values(),
                 self.new_button, self.file_button, self.quit_button]
        for before, after in itertools.pairwise(order):
            QWidget.setTabOrder(before, after)

        if real:
            self.games.setCurrentItem(self.games.topLevelItem(0))
            self.open_button.setDefault(True)
            self.games.setFocus()
        else:
            self.new_button.setDefault(True)
            self.new_button.setFocus()
        self._selected(self.games, self.demo_games)
        # Tall enough for every entry's line of what it teaches (a command link shows it only
        # where it has the room), the rest to the lists.
        fits = 660  # a laptop's 720 pixels, less a title bar and a panel
        self.resize(940, min(fits, max(600 if real or played_demos else 460, self.sizeHint().height())))

    def _selected(self, chosen: QTreeWidget, other: QTreeWidget) -> None:
        """One game is selected at a time, in either list: the one Open opens."""
        if chosen.selectedItems():
            other.blockSignals(True)
            other.clearSelection()
            other.blockSignals(False)
        self.open_button.setEnabled(self.selected_path() is not None)

    def selected_path(self) -> Path | None:
        return self.games.selected_path() or self.demo_games.selected_path()

    def _open_selected(self) -> None:
        path = self.selected_path()
        if path is not None:
            self._finish(("open", path))

    def _new_game(self) -> None:
        wizard = self.make_wizard(self)
        if wizard.exec() == QDialog.DialogCode.Accepted:
            made = wizard.new_game()
            if made is not None:
                self._finish(("new", made))

    def choose_file(self) -> str:
        """The file picked in the system's dialog ("" when cancelled); tests replace it."""
        from desktop.model.library import saves_folder

        chosen, _ = QFileDialog.getOpenFileName(self, "Open a game", str(saves_folder()), OPEN_FILTER)
        return chosen

    def _open_file(self) -> None:
        chosen = self.choose_file()
        if chosen:
            self._finish(("open", Path(chosen)))

    def _finish(self, choice: tuple) -> None:
        if self.choice is not None:
            return  # Enter both activates a row and presses the default button: the first wins
        self.choice = choice
        self.accept()
