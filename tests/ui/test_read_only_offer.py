"""The offer of a read-only copy (a game open in another window) is asked as every confirmation
of the app is (issue 26, leftovers): in the app's question dialog, its Yes armed after a moment,
so a key still held from the start screen's Open does not answer it. Yes (Return, Enter, a
click) opens the copy; No (Escape, a click) opens nothing. Through the real QuestionDialog."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QMessageBox
from table_helpers import started_game

from desktop.app import open_session
from desktop.storage import write_save
from desktop.ui.question_dialog import QuestionDialog

Yes, No = QDialogButtonBox.StandardButton.Yes, QDialogButtonBox.StandardButton.No


class Person:
    """Waits for the question dialog, reads it, and answers it with `answer(dialog)`; with
    `wait_for_arming`, Return is pressed until its Yes is armed (it must answer nothing), and
    the answer comes after. Any other box is read and closed (the test then fails on it)."""

    def __init__(self, answer, wait_for_arming: bool = True):
        self.answer, self.wait = answer, wait_for_arming
        self.read: list[str] = []
        self.early_keys = 0
        self._timer = QTimer()
        self._timer.setInterval(10)
        self._timer.timeout.connect(self._look)
        self._timer.start()

    def _look(self) -> None:
        dialog = QApplication.activeModalWidget()
        if isinstance(dialog, QMessageBox) and dialog.isVisible():  # not the app's question dialog
            self.read.append(f"a message box: {dialog.text()}")
            dialog.reject()
            return
        if not isinstance(dialog, QuestionDialog) or not dialog.isVisible() or dialog.buttons is None:
            return
        if not self.read:
            self.read.append(dialog.question.text())
        if self.wait and not dialog.buttons.button(Yes).isEnabled():
            # A key still held from the start screen: Return before the Yes is armed answers nothing.
            QTest.keyClick(dialog, Qt.Key.Key_Return)
            self.early_keys += 1
            return
        self._timer.stop()
        self.answer(dialog)

    def stop(self) -> None:
        self._timer.stop()


@pytest.fixture
def held(tmp_path):
    """A save another window has open: this process's first session holds its lock."""
    save = tmp_path / "friday.json"
    write_save(started_game(), save)
    first = open_session(save)
    yield save
    first.close()


def key(which):
    return lambda dialog: QTest.keyClick(dialog, which)


def click(button):
    return lambda dialog: dialog.buttons.button(button).click()


@pytest.mark.parametrize("answer", [key(Qt.Key.Key_Return), key(Qt.Key.Key_Enter), click(Yes)],
                         ids=["Return", "Enter", "click Yes"])
def test_yes_opens_a_read_only_copy(qtbot, held, answer):
    person = Person(answer)
    try:
        copy = open_session(held)
    finally:
        person.stop()
    assert person.read and person.read[0].startswith("friday.json is open in another Action Deck window")
    assert "Open a read-only copy here instead?" in person.read[0]
    assert person.early_keys > 0  # Return was pressed before the Yes was armed: it did not answer
    assert copy is not None and copy.read_only and copy.journal is None
    copy.close()


@pytest.mark.parametrize("answer", [key(Qt.Key.Key_Escape), click(No)], ids=["Escape", "click No"])
def test_no_opens_nothing(qtbot, held, answer):
    person = Person(answer, wait_for_arming=False)
    try:
        assert open_session(held) is None
    finally:
        person.stop()
    assert person.read and person.read[0].startswith("friday.json is open in another Action Deck window")
    assert "Open a read-only copy here instead?" in person.read[0]
