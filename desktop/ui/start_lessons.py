"""The start screen's "Learn to play": one entry per system that names a first game
(`model.learning.lessons`): a button with the system's title, and beside it one line of what it
teaches. Choosing one starts that practice at once: the person at the learner's seat, the app at
every other (`model.learning.lesson_game`, which the app calls with the dialog's choice).

A row a system, in one column: command links two to a row, each title over its line, took half
again the height, and the start screen must fit a 1280x720 laptop with its lists.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGridLayout, QGroupBox, QLabel, QPushButton


class LessonBox(QGroupBox):
    """The entries; `chosen(system id)` is called with the one a player picks. `buttons` and
    `teaching` (the line beside each) by system id."""

    def __init__(self, lessons, chosen: Callable[[str], None]) -> None:
        super().__init__("Learn to play")
        self.setToolTip("A short guided game against the app: each step says what to do and why")
        grid = QGridLayout(self)
        grid.setContentsMargins(8, 4, 8, 4)
        grid.setHorizontalSpacing(12)
        grid.setVerticalSpacing(4)
        grid.setColumnStretch(1, 1)
        self.buttons: dict[str, QPushButton] = {}
        self.teaching: dict[str, QLabel] = {}
        # Said on the screen, not only in a tooltip: new players took "New game" and read two
        # pages of setup before their first move.
        self.lead = QLabel("New to a game? Choose it here: a short game against the app, where each step "
                           "says what to do and why. No rules to read first.")
        self.lead.setWordWrap(True)
        self.lead.hide()  # shown on a first start (ui/start.py), where the screen has the room
        grid.addWidget(self.lead, 0, 0, 1, 2)
        for row, lesson in enumerate(lessons, start=1):
            button = QPushButton(lesson.title)
            button.setAccessibleName(f"Learn to play {lesson.title}")
            button.setAccessibleDescription(f"{lesson.lesson}: {lesson.teaches}")
            button.setToolTip(f"{lesson.lesson}: {lesson.teaches} You play against the app, step by step.")
            button.clicked.connect(lambda _checked=False, system=lesson.system: chosen(system))
            words = QLabel(lesson.teaches)
            words.setTextFormat(Qt.TextFormat.PlainText)
            words.setWordWrap(True)
            words.setBuddy(button)
            grid.addWidget(button, row, 0)
            grid.addWidget(words, row, 1)
            self.buttons[lesson.system] = button
            self.teaching[lesson.system] = words
