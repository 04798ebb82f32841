"""The table's questions, asked in small dialogs. Tests answer them with a stand-in.

The dialogs are imported when a first question is asked: their widget classes are not needed to
show the table, and loading them costs start-up time.
"""

from __future__ import annotations


class Prompter:
    def __init__(self, parent):
        self.parent = parent

    def walk(self, title: str, prompt, preface: str = "") -> bool:
        """Asks all of an action's open questions in one dialog (after `preface`, a confirmation
        naming what is about to happen, when given); True when it is complete."""
        from desktop.ui.prompt_dialog import PromptDialog

        dialog = PromptDialog(title, prompt, self.parent, preface=preface)
        try:
            return dialog.run()
        finally:
            dialog.deleteLater()  # later: the key that closed it may still be on its way

    def order(self, question: str, names: list[tuple[str, str]]) -> list[str] | None:
        from PySide6.QtWidgets import QDialog

        from desktop.ui.dialogs import OrderDialog

        dialog = OrderDialog(question, names, self.parent)
        return dialog.order() if dialog.exec() == QDialog.DialogCode.Accepted else None

    def subset(self, question: str, options: list[tuple[object, str]]) -> list | None:
        from PySide6.QtWidgets import QDialog

        from desktop.ui.dialogs import SubsetDialog

        dialog = SubsetDialog(question, options, self.parent)
        return dialog.chosen() if dialog.exec() == QDialog.DialogCode.Accepted else None

    def counters(self, name: str, specs: list) -> dict[str, int] | None:
        from PySide6.QtWidgets import QDialog

        from desktop.ui.dialogs import CountersDialog

        dialog = CountersDialog(name, specs, self.parent)
        return dialog.values() if dialog.exec() == QDialog.DialogCode.Accepted else None

    def number(self, question: str, low: int, high: int, initial: int) -> int | None:
        from PySide6.QtWidgets import QInputDialog

        value, ok = QInputDialog.getInt(self.parent, "Action Deck", question, initial, low, high)
        return value if ok else None

    def text(self, question: str, initial: str, limit: int) -> str | None:
        from PySide6.QtWidgets import QInputDialog

        value, ok = QInputDialog.getText(self.parent, "Action Deck", question, text=initial)
        return value[:limit] if ok else None

    def choose(self, title: str, options: list[str]) -> int | None:
        from PySide6.QtWidgets import QInputDialog

        text, ok = QInputDialog.getItem(self.parent, title, title, options, 0, False)
        return options.index(text) if ok else None

    def confirm(self, title: str, text: str) -> bool:
        from PySide6.QtWidgets import QMessageBox

        answer = QMessageBox.question(self.parent, title, text)
        return answer == QMessageBox.StandardButton.Yes
