"""A seat's "Change counts..." through the real window and its real dialog, as the seat looking:
the counts changed together are one move. A refusal of any changes none and is said once; two
accepted counts are one undo step and one line of the autosave."""

from __future__ import annotations

import msgspec
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QPushButton, QSpinBox
from table_helpers import started_game

from desktop.model import GameSession
from desktop.rulesets.twilight_imperium import actions as a
from desktop.storage.journal import Journal, resume
from desktop.ui.counters_dialog import CountersDialog
from desktop.ui.main_window import MainWindow
from tests.rulesets.tempo.helpers import new as tempo_game


def real_window(qtbot, game, journal=None):
    """The window with its own asker (the real dialogs), the curtain lifted by its seat."""
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


def type_counts(values: dict[str, str], seen: list) -> None:
    """When the counts dialog is up: each named spin box (by its accessible name) gets its text
    typed over, as a person does, and Return closes the dialog. A dialog that is not filled
    within a few hundred tries is cancelled, so a test never hangs on it."""
    tries = [0]

    def fill() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, CountersDialog):
            tries[0] += 1
            if tries[0] < 400:
                QTimer.singleShot(5, fill)
            return
        seen.append(dialog.windowTitle())
        boxes = {box.accessibleName(): box for box in dialog.findChildren(QSpinBox)}
        try:
            box = None
            for name, text in values.items():
                box = boxes[name]
                box.selectAll()
                QTest.keyClicks(box, text)
            QTest.keyClick(box, Qt.Key.Key_Return)  # in the last box typed in: the dialog's OK
        finally:
            if dialog.isVisible():
                dialog.reject()

    QTimer.singleShot(0, fill)


def change_button(window, name: str) -> QPushButton:
    return next(b for b in window.seats.findChildren(QPushButton) if b.accessibleName() == f"Change {name}'s counts")


def test_a_second_count_refused_changes_neither_and_is_said_once(qtbot):
    game = started_game()
    game.apply(a.SetCounter(player="ann", counter="yssaril", value=1))
    session, window = real_window(qtbot, game)
    assert session.viewer == "ann"
    before, actions = msgspec.msgpack.encode(game.state), len(game.actions)
    seen: list = []
    type_counts({"Hand limit": "9", "Yssaril (Scheming) (1 = yes)": "1"}, seen)

    qtbot.mouseClick(change_button(window, "Bo"), Qt.MouseButton.LeftButton)

    assert seen == ["Bo: counts"]
    assert msgspec.msgpack.encode(game.state) == before and len(game.actions) == actions
    assert game.state.counters["bo"]["hand_limit"] == 7  # not kept while the other count is refused
    assert window.problem.text() == "Not allowed: Ann already plays the Yssaril Tribes."
    assert session.notices == ["Ann already plays the Yssaril Tribes."]
    assert "Bo sets" not in window.log.toPlainText()


def test_two_counts_changed_are_one_undo_step_and_one_journal_line(qtbot, tmp_path):
    game = tempo_game()
    journal = Journal.start(game, folder=tmp_path)
    session, window = real_window(qtbot, game, journal)
    assert session.viewer == "ann"
    before = msgspec.msgpack.encode(game.state)
    seen: list = []
    type_counts({"HP": "7", "Momentum": "2"}, seen)

    qtbot.mouseClick(change_button(window, "Ann"), Qt.MouseButton.LeftButton)

    assert seen == ["Ann: counts"]
    assert game.state.value("ann", "hp") == 7 and game.state.value("ann", "momentum") == 2
    assert len(game.actions) == 1 and session.undo_stack.count() == 1
    log = window.log.toPlainText()
    assert "Ann sets Ann's HP to 7." in log and "Ann sets Ann's Momentum to 2." in log
    journal.flush()
    assert len(resume(journal.path).game.actions) == 1  # the autosave holds one line for both
    assert session.undo_says() == "Undo: Set Ann's hp to 7, momentum to 2"

    window.undo_action.trigger()

    assert msgspec.msgpack.encode(game.state) == before  # one step takes both back
    assert "HP 12/12" in window.table_view.zones["timeline:ann"].title
    journal.close()
