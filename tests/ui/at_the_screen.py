"""A person at the screen for tests of the real window: the window keeps its own asker, and every
dialog it opens (the question dialog, the counts dialog) is answered as it shows, with the
keyboard and the mouse, as a person would. No stand-in asker.

`person_at(qtbot, window)` seats one at a window for the length of a test (`window.person`).
Left alone, the person answers each question as the dialog opens it, with Return. A test that
wants other answers names them (`picks`): the person puts each in the question's own field (a
row chosen in the list, boxes ticked, a number or words typed, No clicked) before Return, and
notes each question it answered (`answers`: what the field held as the dialog showed it, what was
given, how)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import shiboken6
from PySide6.QtCore import QEventLoop, Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QDialogButtonBox,
    QLineEdit,
    QListWidget,
    QSpinBox,
)

from desktop.model import GameSession
from desktop.ui.counters_dialog import CountersDialog
from desktop.ui.main_window import MainWindow
from desktop.ui.question_dialog import QuestionDialog

_VALUE = Qt.ItemDataRole.UserRole


def real_window(qtbot, game, journal=None):
    """The window with its own asker (the real dialogs) on `game`, the curtain lifted by its seat."""
    session = GameSession(game, journal)
    window = MainWindow(session)
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window)
    if window.curtain.isVisible():
        window.curtain.button.click()
    QApplication.processEvents()
    return session, window




LEAVE = "<leave>"  # a pick: the question is left with Escape (the move is not made)
NO = False  # a pick for a Yes/No question: No is clicked
LISTS = ("seat", "card", "choice")


@dataclass
class Answered:
    """One question the person answered: the model's record (`asked`), what its field held as
    the dialog showed it (`shown`: the chosen row's value, the ticked options' values, the
    number, the words, for a Yes/No question whether Return says Yes), what the person left in it (`given`), whether
    the person changed the field (`touched`) and how it was answered: "return", "no" (a click
    on No) or "escape"."""

    asked: Any
    shown: Any
    given: Any
    touched: bool
    key: str

    @property
    def as_opened(self) -> bool:
        """Left as the dialog opened it, and Return pressed."""
        return not self.touched and self.key == "return"


def person_at(qtbot, window, person: AtTheScreen | None = None) -> AtTheScreen:
    """Seats `person` (a new one unless given) at `window` for the length of the test, as
    `window.person`. It leaves with the test: a window outliving it (a cycle the collector has
    not reached) kept its person answering the next test's dialogs."""
    person = person or AtTheScreen()
    window.person = person
    window.destroyed.connect(person._timer.stop)
    qtbot.addWidget(window, before_close_func=lambda shown: person._timer.stop())
    return person


class AtTheScreen:
    """Answers the dialogs that open, every few milliseconds looking for one:

    - a question of the question dialog: what `picks` names for it, put into its field, then
      Return; a question it names nothing for is left as the dialog opened it, and Return;
    - the counts dialog: `counts` (a box's accessible name -> the text typed over it); Return.

    `picks` maps a question's text (whole, or a part of it; "*" names any list question) to the
    answer: for a list (a seat, a card, a choice) the words of the option to choose (its whole
    label, else the first label holding them) or the option's value; for ticked boxes (a
    subset) the words of the options left ticked, every other box unticked; for an order the
    labels in order; a number; the words typed for a text; `NO` for a Yes/No question; `LEAVE`
    for any question (Escape). `picks` may also be a function of the model's question record,
    returning the answer or None (as the dialog opens it). `words` are typed for a text
    question `picks` does not name; `leave` (a question's text) is answered with Escape.

    `questions` holds each question's text and options' words, `answers` each question
    answered (`Answered`), `dialogs` each counts dialog's title, in order."""

    PATIENCE = 1000  # looks at one open dialog (some seconds) before giving up on it

    def __init__(self, picks: dict[str, Any] | Callable[[Any], Any] | None = None,
                 counts: dict[str, str] | None = None, words: str = "", leave: str = "") -> None:
        self.picks, self.counts, self.words, self.leave = picks or {}, counts or {}, words, leave
        self.questions: list[tuple[str, list[str]]] = []
        self.answers: list[Answered] = []
        self.dialogs: list[str] = []
        self.counted: list[list[str]] = []  # each counts dialog's counts (their keys), in order
        self._answered: set[int] = set()  # the question dialog's questions answered (their ids)
        self._shown: dict[int, tuple[Any, bool]] = {}  # a question on screen: its field as shown, typed into
        self._kept: list = []
        self._closed: list = []  # the counts dialogs answered (each closes with its answer)
        self.stuck: list[str] = []  # dialogs left unanswered (closed after `PATIENCE` looks)
        self._idle = 0
        self._timer = QTimer()
        self._timer.setInterval(5)
        self._timer.timeout.connect(self._look)
        self._timer.start()

    @property
    def asked(self) -> list[str]:
        """The texts of the questions answered, in order."""
        return [text for text, _ in self.questions]

    def answer_to(self, text: str) -> Answered:
        """The last question answered whose text holds `text`."""
        found = [answer for answer in self.answers if text in answer.asked.text]
        assert found, f"no question holding {text!r} among {self.asked}"
        return found[-1]

    def stop(self, patience_ms: int = 5000) -> None:
        """Once the dialogs open now are answered and closed (the window's question dialog does
        not hold the click that opened it: it is answered as events go on), stops looking."""
        from PySide6.QtCore import QDeadlineTimer

        deadline = QDeadlineTimer(patience_ms)
        while QApplication.activeModalWidget() is not None and not deadline.hasExpired():
            QApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 20)
        self._timer.stop()

    def _look(self) -> None:
        dialog = QApplication.activeModalWidget()
        if dialog is None or not shiboken6.isValid(dialog) or not dialog.isVisible() \
                or any(dialog is done for done in self._closed):
            self._idle = 0
            return
        self._idle += 1
        if self._idle > self.PATIENCE:  # a dialog it cannot answer: closed, so a test fails, never hangs
            self.stuck.append(dialog.windowTitle())
            dialog.reject()
            return
        if isinstance(dialog, QuestionDialog):
            self._question(dialog)
        elif isinstance(dialog, CountersDialog):
            self._closed.append(dialog)
            self._idle = 0
            self.dialogs.append(dialog.windowTitle())
            self.counted.append(list(dialog.boxes))
            box = None
            for name, text in self.counts.items():
                box = next(found for found in dialog.findChildren(QSpinBox) if found.accessibleName() == name)
                box.selectAll()
                QTest.keyClicks(box, text)
            QTest.keyClick(box or dialog, Qt.Key.Key_Return)

    def _wanted(self, asked) -> Any:
        """What `picks` names for `asked` (None: nothing, the question is left as it opens)."""
        if callable(self.picks):
            return self.picks(asked)
        if asked.text in self.picks:
            return self.picks[asked.text]
        for part, value in self.picks.items():
            if part != "*" and part in asked.text:
                return value
        return self.picks.get("*") if _kind(asked) in LISTS else None

    def _question(self, dialog: QuestionDialog) -> None:
        asked = dialog.prompt.next()
        # The conversation's questions carry an id; a prompt of the model's own (whose counts?)
        # asks one question object until it is answered.
        key = getattr(asked, "id", id(asked))
        if asked is None or key in self._answered or dialog.buttons is None:
            return
        kind = _kind(asked)
        if asked.text == self.leave:
            wanted = LEAVE
        else:
            wanted = self._wanted(asked)
            if kind == "text" and wanted is None and self.words:
                wanted = self.words
        if key not in self._shown:  # first seen: what the dialog opened it with
            self._shown[key] = (field_value(dialog, asked), False)
            self._kept.append(asked)  # its id() stays its own while it is remembered
            if kind == "text" and isinstance(wanted, str) and wanted != LEAVE:  # typed first: OK waits for words
                line = dialog.body if isinstance(dialog.body, QLineEdit) else dialog.findChild(QLineEdit)
                line.selectAll()
                QTest.keyClicks(line, wanted)
                self._shown[key] = (self._shown[key][0], True)
        default = next((button for button in dialog.buttons.buttons() if button.isDefault()), None)
        if default is None or not default.isEnabled():
            return  # a preface's Yes is armed a moment later
        self._answered.add(key)
        self._idle = 0
        labels = [option.label for option in asked.options]
        self.questions.append((asked.text, labels))
        shown, touched = self._shown.pop(key)
        if isinstance(wanted, str) and wanted == LEAVE:
            self.answers.append(Answered(asked, shown, field_value(dialog, asked), touched, "escape"))
            QTest.keyClick(dialog.focusWidget() or dialog, Qt.Key.Key_Escape)
            return
        if kind == "confirm" and wanted is NO:
            self.answers.append(Answered(asked, shown, False, True, "no"))
            QTest.mouseClick(dialog.buttons.button(QDialogButtonBox.StandardButton.No), Qt.MouseButton.LeftButton)
            return
        if wanted is not None and kind != "text":
            touched = _put(dialog, asked, wanted) or touched
        self.answers.append(Answered(asked, shown, field_value(dialog, asked), touched, "return"))
        QTest.keyClick(dialog.focusWidget() or dialog, Qt.Key.Key_Return)  # in its field, as typed


def _kind(asked) -> str:
    return "confirm" if getattr(asked, "preface", False) else asked.ask.kind


def _listing(dialog: QuestionDialog) -> QListWidget:
    return dialog.body if isinstance(dialog.body, QListWidget) else dialog.body.findChild(QListWidget)


def field_value(dialog: QuestionDialog, asked) -> Any:
    """What the question's field holds now, as the model's value (for a Yes/No question, whether
    Yes is the button Return presses)."""
    kind = _kind(asked)
    if kind == "confirm":
        default = next((button for button in dialog.buttons.buttons() if button.isDefault()), None)
        return default is not None and dialog.buttons.standardButton(default) == QDialogButtonBox.StandardButton.Yes
    if kind in LISTS:
        item = _listing(dialog).currentItem()
        return None if item is None else item.data(_VALUE)
    if kind == "order":
        listing = _listing(dialog)
        return [listing.item(row).data(_VALUE) for row in range(listing.count())]
    if kind == "subset":
        boxes = dialog.body.findChildren(QCheckBox)
        return [option.value for option, box in zip(asked.options, boxes) if box.isChecked()]
    if kind == "number":
        return dialog.body.value()
    line = dialog.body if isinstance(dialog.body, QLineEdit) else dialog.findChild(QLineEdit)
    return line.text().strip()


def _put(dialog: QuestionDialog, asked, wanted) -> bool:
    """Puts `wanted` (see AtTheScreen's `picks`) in the question's field as a person would; True
    when the field was changed."""
    kind = _kind(asked)
    labels = [option.label for option in asked.options]
    if kind in LISTS:
        listing = _listing(dialog)
        values = [option.value for option in asked.options]
        if wanted in labels:
            row = labels.index(wanted)
        elif isinstance(wanted, str) and any(wanted in label for label in labels):
            row = next(n for n, label in enumerate(labels) if wanted in label)
        elif wanted in values:
            row = values.index(wanted)
        else:
            return False  # nothing holds it: left as it opened
        touched = row != listing.currentRow()
        listing.setCurrentRow(row)
        return touched
    if kind == "subset":
        touched = False
        for label, box in zip(labels, dialog.body.findChildren(QCheckBox)):
            tick = any(word == label or word in label for word in wanted)
            if box.isChecked() != tick:  # Space on the box, as a person ticks by keyboard
                box.setFocus(Qt.FocusReason.TabFocusReason)
                QTest.keyClick(box, Qt.Key.Key_Space)
                touched = True
        return touched
    if kind == "order":
        listing = _listing(dialog)
        for place, label in enumerate(wanted):
            row = next(row for row in range(listing.count()) if listing.item(row).text() == label)
            listing.insertItem(place, listing.takeItem(row))
        listing.setCurrentRow(0)
        return True
    if kind == "number":
        spin = dialog.body
        if spin.value() == wanted:
            return False
        spin.selectAll()
        QTest.keyClicks(spin, str(wanted))
        return True
    return False
