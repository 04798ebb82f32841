"""How the window asks a person at the table: a move's questions all in one dialog (`walk`, fed
by the model's conversation through desktop/model/answering.py), a choice, a confirmation, a
seat's counters. The window answers the seat looking's open questions with it
(desktop/ui/seat_questions.py: `open_walk`, `open_counts`); its tests answer the same dialogs as
a person does (tests/ui/at_the_screen.py).

The dialogs are imported when a first question is asked: their widget classes are not needed to
show the table, and loading them costs start-up time.
"""

from __future__ import annotations


class Asker:
    def __init__(self, parent):
        self.parent = parent

    def walk(self, title: str, prompt, preface: str = "") -> bool:
        """Asks all of an action's open questions in one dialog (after `preface`, a confirmation
        naming what is about to happen, when given); True when it is complete."""
        from desktop.ui.question_dialog import QuestionDialog

        dialog = QuestionDialog(title, prompt, self.parent, preface=preface)
        try:
            return dialog.run()
        finally:
            dialog.deleteLater()  # later: the key that closed it may still be on its way

    def open_walk(self, title: str, prompt, closed):
        """Shows a move's questions without waiting for them: the dialog opens (modal to the
        window) and each answer goes through `prompt` as it is given; `closed()` is called once
        it has closed, however. The dialog, or None when there was nothing to ask."""
        from desktop.ui.question_dialog import QuestionDialog

        dialog = QuestionDialog(title, prompt, self.parent)
        if not dialog.start():
            dialog.deleteLater()
            closed()
            return None
        return _opened(dialog, closed)

    def choose(self, title: str, options: list[str]) -> int | None:
        from PySide6.QtWidgets import QInputDialog

        text, ok = QInputDialog.getItem(self.parent, title, title, options, 0, False)
        return options.index(text) if ok else None

    def confirm(self, title: str, text: str) -> bool:
        """A yes-or-no question in the app's own question dialog, as every confirmation at the
        table is asked: Yes armed after a moment (a key pressed twice does not answer it),
        then Return, Enter or a click; No or Escape says no."""
        from desktop.ui.question_dialog import NO_QUESTIONS

        return self.walk(title, NO_QUESTIONS, preface=text)

    def counters(self, title: str, specs: list) -> dict[str, int] | None:
        from PySide6.QtWidgets import QDialog

        from desktop.ui.counters_dialog import CountersDialog

        dialog = CountersDialog(title, specs, self.parent)
        return dialog.values() if dialog.exec() == QDialog.DialogCode.Accepted else None

    def open_counts(self, asked, prompt, closed):
        """Shows a question of several counts together (kind "counts") without waiting: the
        counts dialog opens (modal to the window); OK answers it through `prompt` with every
        box's value; `closed()` is called once it has closed, however. The dialog."""
        from desktop.ui.counters_dialog import CountersDialog

        dialog = CountersDialog(asked.text, [option.value for option in asked.options], self.parent)
        dialog.accepted.connect(lambda: prompt.answer(dialog.values()))
        return _opened(dialog, closed)


def _opened(dialog, closed):
    """`dialog` opened without waiting (modal to the window); once it has closed, however,
    `closed()` is called and the dialog deleted. The dialog."""

    def finished(_result) -> None:
        dialog.deleteLater()  # later: the key that closed it may still be on its way
        closed()

    dialog.finished.connect(finished)
    dialog.open()
    return dialog
