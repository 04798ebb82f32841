"""A seat's "Change counts..." through the real window and its real dialog, as the seat looking:
the counts changed together are one move. A refusal of any changes none and is said once; two
accepted counts are one undo step and one line of the autosave."""

from __future__ import annotations

import msgspec
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QLabel, QPushButton, QWidget
from table_helpers import started_game

from desktop.rulesets.twilight_imperium import actions as a
from desktop.storage.journal import Journal, resume
from desktop.ui.counters_dialog import CountersDialog
from desktop.ui.question_dialog import QuestionDialog
from tests.rulesets.tempo.helpers import new as tempo_game
from tests.ui.at_the_screen import AtTheScreen, real_window


def change_button(window, name: str) -> QPushButton:
    return next(b for b in window.seats.findChildren(QPushButton) if b.accessibleName() == f"Change {name}'s counts")


def test_a_seats_counts_change_through_the_rules_and_show_in_its_box(qtbot):
    """Ann, looking, keeps Bo's hand limit and Yssaril current (Twilight Imperium's counts are
    the table's bookkeeping): both in one move, shown in Bo's box."""
    session, window = real_window(qtbot, started_game())
    person = AtTheScreen(counts={"Hand limit": "8", "Yssaril (Scheming) (1 = yes)": "1"})

    qtbot.mouseClick(change_button(window, "Bo"), Qt.MouseButton.LeftButton)

    person.stop()
    assert session.game.state.counters["bo"]["hand_limit"] == 8
    assert session.game.state.counters["bo"]["yssaril"] == 1
    assert session.game.actions[-1] == a.SetCounter(player="bo", counter="hand_limit", value=8, also={"yssaril": 1})
    seat_box = window.seats.findChild(QWidget, "seat-bo")
    assert "Yssaril" in " ".join(label.text() for label in seat_box.findChildren(QLabel))


def test_a_second_count_refused_changes_neither_and_is_said_once(qtbot):
    game = started_game()
    game.apply(a.SetCounter(player="ann", counter="yssaril", value=1))
    session, window = real_window(qtbot, game)
    assert session.viewer == "ann"
    before, actions = msgspec.msgpack.encode(game.state), len(game.actions)
    person = AtTheScreen(counts={"Hand limit": "9", "Yssaril (Scheming) (1 = yes)": "1"})

    qtbot.mouseClick(change_button(window, "Bo"), Qt.MouseButton.LeftButton)

    person.stop()
    assert person.dialogs == ["Bo: counts"]
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
    person = AtTheScreen(counts={"HP": "7", "Momentum": "2"})

    qtbot.mouseClick(change_button(window, "Ann"), Qt.MouseButton.LeftButton)

    person.stop()
    assert person.dialogs == ["Ann: counts"]
    assert game.state.value("ann", "hp") == 7 and game.state.value("ann", "momentum") == 2
    assert len(game.actions) == 1 and session.undo_stack.count() == 1
    log = window.log.toPlainText()
    assert "Ann sets Ann's HP to 7." in log and "Ann sets Ann's Momentum to 2." in log
    journal.flush()
    assert len(resume(journal.path).game.actions) == 1  # the autosave holds one line for both
    assert session.undo_says() == "Undo: Set Ann's hp to 7, momentum to 2"

    window.menus.undo_action.trigger()

    assert msgspec.msgpack.encode(game.state) == before  # one step takes both back
    assert "HP 12/12" in window.table_view.zones["timeline:ann"].title
    journal.close()


def test_escape_on_whose_counts_changes_nothing_and_asks_no_more(qtbot):
    session, window = real_window(qtbot, tempo_game())
    session.request_viewer("gm")
    window.curtain.button.click()
    assert session.viewer == "gm"
    person = AtTheScreen(leave="Whose counts?", counts={"HP": "1"})

    qtbot.mouseClick(change_button(window, "GM"), Qt.MouseButton.LeftButton)

    person.stop()
    assert person.questions == [("Whose counts?", ["Orc", "Goblin"])]  # in the app's question dialog
    assert person.dialogs == [] and person.stuck == [] and session.game.actions == []


def test_the_click_returns_with_whose_counts_open_as_data_then_the_counts_dialog_shows_the_models_question(qtbot):
    """Nothing waits for the GM inside the click: "Whose counts?" is the model's question, in the
    question dialog; once answered, the counts are the model's next question, in the counts
    dialog; Escape there leaves the move, nothing changed and nothing held open."""
    session, window = real_window(qtbot, tempo_game())
    session.request_viewer("gm")
    window.curtain.button.click()

    qtbot.mouseClick(change_button(window, "GM"), Qt.MouseButton.LeftButton)

    whose, = session.open_questions("gm")
    dialog = window.questions.dialog
    assert isinstance(dialog, QuestionDialog) and dialog.question.text() == whose.text == "Whose counts?"
    dialog.body.setCurrentRow(1)  # Goblin
    QTest.keyClick(dialog.focusWidget() or dialog, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: isinstance(window.questions.dialog, CountersDialog))
    form, = session.open_questions("gm")
    counts_dialog = window.questions.dialog
    assert form.kind == "counts" and counts_dialog.windowTitle() == form.text == "Goblin: counts"
    assert sorted(counts_dialog.boxes) == sorted(option.value.key for option in form.options)

    QTest.keyClick(counts_dialog.focusWidget() or counts_dialog, Qt.Key.Key_Escape)

    qtbot.waitUntil(lambda: window.questions.dialog is None)
    assert session.every_question() == [] and session.outcome(form.talk) is False
    assert session.game.actions == []
