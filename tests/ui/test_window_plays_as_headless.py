"""The window is one front end of the model's conversation, the headless one another: a whole game
of every system played through the model alone (tests/model/headless.py), then the same moves
made through the real window, each seat at the screen behind the curtain, each entry's button
clicked and each question answered in the real question dialog (its list, number or text
field, then Return, Enter or a click on its default button). Both journals are the same."""

from __future__ import annotations

import random

import pytest
import shiboken6
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QCheckBox, QLineEdit, QListWidget, QSpinBox

from desktop.engine import Game, GameSetup
from desktop.model import GameSession
from desktop.storage.journal import Journal
from desktop.ui.main_window import MainWindow
from desktop.ui.question_dialog import QuestionDialog
from tests.model.headless import wanted_value
from tests.model.test_headless_games import PLAYERS, headless_game, shipped

_VALUE = Qt.ItemDataRole.UserRole


class Person:
    """Whoever is at the screen, answering the real dialog whenever one is open: each question
    with the value the move being made holds, by Return, Enter or a click (drawn)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.target = None
        self.answered: set[int] = set()
        self.questions = 0
        self._timer = QTimer()
        self._timer.setInterval(5)
        self._timer.timeout.connect(self._look)
        self._timer.start()

    def stop(self) -> None:
        self._timer.stop()

    def _look(self) -> None:
        found = armed_question(self.answered) if self.target is not None else None
        if found is None:
            return
        dialog, asked, default = found
        self.answered.add(asked.id)
        self.questions += 1
        if not asked.preface:
            fill(dialog, asked, wanted_value(asked, self.target))
        send(dialog, default, self.rng.choice(("return", "enter", "click")))


def armed_question(answered: set[int]):
    """The question the real dialog shows now, when it is one not `answered` yet and armed (a
    preface's Yes is enabled after a moment: a reader waits for it): the dialog, the model's
    question and the dialog's default button; None otherwise."""
    dialog = QApplication.activeModalWidget()
    if not isinstance(dialog, QuestionDialog) or not shiboken6.isValid(dialog) or not dialog.isVisible() \
            or dialog.buttons is None:
        return None
    asked = dialog.prompt.next()  # what the dialog shows now, read to know what to answer
    if asked is None or asked.id in answered:
        return None
    default = next((button for button in dialog.buttons.buttons() if button.isDefault()), None)
    if default is None or not default.isEnabled():
        return None
    return dialog, asked, default


def send(dialog, default, way: str) -> None:
    """Answers what the dialog holds as a person does: "click" on its default button, "return",
    or "enter" (the keypad's)."""
    if way == "click":
        QTest.mouseClick(default, Qt.MouseButton.LeftButton)
    else:
        modifier = Qt.KeyboardModifier.KeypadModifier if way == "enter" else Qt.KeyboardModifier.NoModifier
        QTest.keyClick(QApplication.focusWidget() or dialog, Qt.Key.Key_Return if way == "return"
                       else Qt.Key.Key_Enter, modifier)


def fill(dialog: QuestionDialog, asked, value) -> None:
    """Puts `value` in the question's own field, as a person would."""
    listing = dialog.body if isinstance(dialog.body, QListWidget) else dialog.body.findChild(QListWidget)
    if asked.kind in ("seat", "card", "choice"):
        row = next(row for row in range(listing.count()) if listing.item(row).data(_VALUE) == value)
        listing.setCurrentRow(row)
    elif asked.kind == "order":
        for place, wanted in enumerate(value):
            row = next(row for row in range(listing.count()) if listing.item(row).data(_VALUE) == wanted)
            listing.insertItem(place, listing.takeItem(row))
    elif asked.kind == "subset":
        labels = {option.label: option.value for option in asked.options}
        for box in dialog.body.findChildren(QCheckBox):
            box.setChecked(labels[box.text()] in value)
    elif asked.kind == "number":
        dialog.body.setValue(value) if isinstance(dialog.body, QSpinBox) else None
    elif asked.kind == "text":
        line = dialog.body if isinstance(dialog.body, QLineEdit) else dialog.findChild(QLineEdit)
        line.setText(value)


def look_as(qtbot, window, session, seat: str) -> None:
    """`seat` takes the screen: a news note passed on, the curtain lifted, or its own "Show my
    hand" clicked and the curtain lifted by it."""
    for _ in range(4):
        if window.handover.isVisible():
            qtbot.mouseClick(window.handover.button, Qt.MouseButton.LeftButton)
        if window.curtain.isVisible():
            qtbot.mouseClick(window.curtain.button, Qt.MouseButton.LeftButton)
        if session.viewer == seat:
            return
        qtbot.mouseClick(window.seats.buttons[seat], Qt.MouseButton.LeftButton)
    raise AssertionError(f"{seat} could not take the screen")


def entry_button(window, offer_seat, kind):
    for offer, button in zip(window.actions._offers, window.actions.buttons):
        if offer.seat == offer_seat and offer.kind == kind:
            return button
    raise AssertionError(f"no entry {offer_seat}: {kind} among {[b.text() for b in window.actions.buttons]}")


def journal_lines(journal: Journal) -> list[str]:
    return journal.path.read_text(encoding="utf-8").splitlines()


@pytest.mark.parametrize("system", shipped())
def test_the_window_makes_the_headless_games_moves_into_the_same_journal(qtbot, tmp_path, system):
    for folder in ("headless", "window"):
        (tmp_path / folder).mkdir()
    headless, front, _ = headless_game(system, tmp_path / "headless")
    game = Game.new(GameSetup(ruleset=system, players=PLAYERS, seed=1))
    session = GameSession(game, Journal.start(game, folder=tmp_path / "window"))
    session.hide_hands()
    window = MainWindow(session)  # its own asker: the real question dialog
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window)
    person = Person(seed=len(system))
    try:
        for number, move in enumerate(front.moves):
            look_as(qtbot, window, session, move.seat)
            person.target = move.action
            made = len(session.game.actions)
            qtbot.mouseClick(entry_button(window, move.offer_seat, move.kind), Qt.MouseButton.LeftButton)
            qtbot.waitUntil(lambda made=made: len(session.game.actions) > made, timeout=5000)
            assert session.game.actions[-1] == move.action, f"move {number} of {move.seat}"
    finally:
        person.stop()
    assert session.game.actions == headless.game.actions
    assert journal_lines(session.journal) == journal_lines(headless.journal)
    assert person.questions, "no question was answered in the dialog"
