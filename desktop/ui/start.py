"""The start screen: continue the last game, start a new one, or open a save."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
)


class StartDialog(QDialog):
    """Closes with `choice` set to ("continue",), ("new", ruleset, names), ("open",) or None."""

    def __init__(self, rulesets: list[tuple[str, str]], last_game: str | None, parent=None):
        super().__init__(parent)
        self.setWindowTitle("Action Deck")
        self.choice: tuple | None = None
        layout = QVBoxLayout(self)
        title = QLabel("<h1>Action Deck</h1><p>A table for games played with action cards.</p>")
        layout.addWidget(title)
        if last_game:
            resume = QPushButton(f"Continue: {last_game}")
            resume.setDefault(True)
            resume.clicked.connect(lambda: self._finish(("continue",)))
            layout.addWidget(resume)
        new_box = QGroupBox("New game")
        form = QFormLayout(new_box)
        self.system = QComboBox()
        for ruleset_id, title_text in rulesets:
            self.system.addItem(title_text, ruleset_id)
        self.players = QLineEdit("Ann, Bo, Cy")
        self.players.setAccessibleName("Player names, separated by commas")
        self.problem = QLabel()
        self.problem.setStyleSheet("color: #b3261e;")
        start = QPushButton("Start the game")
        start.clicked.connect(self._new)
        form.addRow("System", self.system)
        form.addRow("Players (comma-separated)", self.players)
        form.addRow(self.problem)
        form.addRow(start)
        layout.addWidget(new_box)
        open_button = QPushButton("Open a saved game\u2026")
        open_button.clicked.connect(lambda: self._finish(("open",)))
        layout.addWidget(open_button)

    def _new(self) -> None:
        names = [name.strip() for name in self.players.text().split(",") if name.strip()]
        if len(names) < 2:
            self.problem.setText("Type at least two player names, separated by commas.")
            return
        self._finish(("new", self.system.currentData(), names))

    def _finish(self, choice: tuple) -> None:
        self.choice = choice
        self.accept()
