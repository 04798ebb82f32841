"""A person at the screen for tests of the real window: the window keeps its own asker, and every
dialog it opens (the question dialog, the counts dialog) is answered
as it shows, with the keyboard, as a person would. No stand-in asker."""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import QEventLoop, Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QApplication,
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


class AtTheScreen:
    """Answers the dialogs that open, every few milliseconds looking for one:

    - a question of the question dialog: the option whose words `picks` names for its text (or
      for "*", any question; else the first holding those words; else the first), a text question `words`; Return;
    - the counts dialog: `counts` (a box's accessible name -> the text typed over it); Return;

    `questions` holds each question's text and options' words, `dialogs` each counts dialog's
    title, in order. `leave` (a question's text) is answered with Escape instead."""

    PATIENCE = 1000  # looks at one open dialog (some seconds) before giving up on it

    def __init__(self, picks: dict[str, str] | None = None, counts: dict[str, str] | None = None,
                 words: str = "", leave: str = "") -> None:
        self.picks, self.counts, self.words, self.leave = picks or {}, counts or {}, words, leave
        self.questions: list[tuple[str, list[str]]] = []
        self.dialogs: list[str] = []
        self.counted: list[list[str]] = []  # each counts dialog's counts (their keys), in order
        self._answered: set[int] = set()  # the question dialog's questions answered (their ids)
        self._kept: list = []
        self._closed: list = []  # the counts dialogs answered (each closes with its answer)
        self.stuck: list[str] = []  # dialogs left unanswered (closed after `PATIENCE` looks)
        self._idle = 0
        self._timer = QTimer()
        self._timer.setInterval(5)
        self._timer.timeout.connect(self._look)
        self._timer.start()

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

    def _question(self, dialog: QuestionDialog) -> None:
        asked = dialog.prompt.next()
        # The conversation's questions carry an id; a prompt of the model's own (whose counts?)
        # asks one question object until it is answered.
        key = getattr(asked, "id", id(asked))
        if asked is None or key in self._answered or dialog.buttons is None:
            return
        if asked.ask.kind == "text":  # typed first: OK waits for words
            line = dialog.body if isinstance(dialog.body, QLineEdit) else dialog.findChild(QLineEdit)
            if line.text() != self.words:
                line.setText(self.words)
        default = next((button for button in dialog.buttons.buttons() if button.isDefault()), None)
        if default is None or not default.isEnabled():
            return  # a preface's Yes is armed a moment later
        self._answered.add(key)
        self._kept.append(asked)  # its id() stays its own while it is remembered
        self._idle = 0
        labels = [option.label for option in asked.options]
        self.questions.append((asked.text, labels))
        if asked.text == self.leave:
            QTest.keyClick(dialog.focusWidget() or dialog, Qt.Key.Key_Escape)
            return
        if asked.ask.kind in ("seat", "card", "choice"):
            listing = dialog.body if isinstance(dialog.body, QListWidget) else dialog.body.findChild(QListWidget)
            wanted = self.picks.get(asked.text, self.picks.get("*"))
            row = labels.index(wanted) if wanted in labels else \
                next((n for n, label in enumerate(labels) if wanted and wanted in label), 0)
            listing.setCurrentRow(row)
        QTest.keyClick(dialog.focusWidget() or dialog, Qt.Key.Key_Return)  # in its field, as typed
