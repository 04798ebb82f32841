"""The start screen's "Learn to play": one entry per system that names a first game
(`model.learning.lessons`), its title and one line of what it teaches. Choosing one starts that
practice at once: the person at the learner's seat, the app at every other
(`model.learning.lesson_game`, which the app calls with the dialog's choice)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QCommandLinkButton, QGridLayout, QGroupBox

LESSON_COLUMNS = 2  # entries a row: five in one row were wider than a laptop's screen


class LessonBox(QGroupBox):
    """The entries; `chosen(system id)` is called with the one a player picks."""

    def __init__(self, lessons, chosen: Callable[[str], None]) -> None:
        super().__init__("Learn to play")
        self.setToolTip("A short guided game against the app: each step says what to do and why")
        grid = QGridLayout(self)
        grid.setContentsMargins(6, 4, 6, 4)
        grid.setSpacing(4)
        self.buttons: dict[str, QCommandLinkButton] = {}
        for place, lesson in enumerate(lessons):
            button = QCommandLinkButton(lesson.title, lesson.teaches)
            button.setAccessibleName(f"Learn to play {lesson.title}")
            button.setAccessibleDescription(f"{lesson.lesson}: {lesson.teaches}")
            button.setToolTip(f"{lesson.lesson}: {lesson.teaches} You play against the app, step by step.")
            button.clicked.connect(lambda _checked=False, system=lesson.system: chosen(system))
            grid.addWidget(button, *divmod(place, LESSON_COLUMNS))
            self.buttons[lesson.system] = button
