"""Who plays a seat, chosen as "A person" or "The app: <level>" (issue 29): in the new-game wizard's
seats page and beside each seat at the table, the levels and their words the system's own; the
level chosen lands in the session, the autosave and a save file; by keyboard, and a list passed
over with the arrow keys or the wheel at the table chooses nothing (each choice may pass the
screen or ask a seat)."""

from __future__ import annotations

import json

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication
from table_helpers import started_game

from desktop.app import session_for
from desktop.engine import registry
from desktop.storage.journal import resume
from desktop.ui.wizard import NewGameWizard
from tests.ui.windows import choose_player, played_by_app, shown

TI = "twilight-imperium"


def entries(box) -> list[tuple[str, str, str]]:
    """Each choice of a list: its words, its level ("" a person), its tooltip."""
    return [(box.itemText(i), box.itemData(i), box.itemData(i, Qt.ItemDataRole.ToolTipRole)) for i in range(box.count())]


def the_levels(system: str) -> list[tuple[str, str, str]]:
    return [(f"The app: {level.title}", level.id, level.description) for level in registry.get(system).levels]


def test_the_wizard_offers_a_person_or_the_app_at_each_of_the_systems_levels(qtbot):
    wizard = NewGameWizard(systems=[registry.get(TI)])
    qtbot.addWidget(wizard)
    wizard.show()
    wizard.next()
    page = wizard.seats_page
    row = page.rows[1]
    assert entries(row.player)[1:] == the_levels(TI) and row.player.currentText() == "A person"
    row.player.setFocus()
    qtbot.keyClick(row.player, Qt.Key.Key_Down)  # the gentlest level first
    assert row.player.currentText() == "The app: Learning"
    page.rows[2].player.setCurrentText("The app: Standard")
    assert page.app_levels() == {1: "learning", 2: "standard"}
    wizard.next()
    made = wizard.new_game()
    seats = made.game.state.seat_ids()
    assert made.app_seats == {seats[1]: "learning", seats[2]: "standard"}
    session = session_for(made.game, name="Levels", app_seats=made.app_seats)  # as the app starts it
    assert session.app_seat_levels() == made.app_seats
    assert resume(session.journal.path).app_seats == made.app_seats
    session.close()


def test_another_system_chosen_keeps_a_level_it_has_too(qtbot):
    wizard = NewGameWizard(systems=[registry.get(TI), registry.get("future-imperfect")])
    qtbot.addWidget(wizard)
    wizard.show()
    wizard.next()
    wizard.seats_page.rows[1].player.setCurrentText("The app: Learning")
    wizard.back()
    wizard.system_page.list.setCurrentRow(1)
    wizard.next()
    row = wizard.seats_page.rows[1]
    assert entries(row.player)[1:] == the_levels("future-imperfect")
    assert row.player.currentText() == "The app: Learning"


def test_beside_the_seat_the_level_lands_in_the_session_the_autosave_and_the_save(qtbot, tmp_path):
    session = session_for(started_game(), name="Beside", app_seats={"cy": "standard"})
    session.bot_pause_ms = 60_000  # the app waits while the test reads
    window = shown(qtbot, session, active=True)
    window.curtain.button.click()  # Ann looks
    assert session.viewer == "ann"
    assert entries(window.seats.players["ann"])[1:] == the_levels(TI)
    assert window.seats.players["cy"].currentText() == "The app: Standard"

    choose_player(qtbot, window, "cy", "learning")  # the app's seat, another level: Ann may
    assert session.app_seat_levels() == {"cy": "learning"} and session.viewer == "ann"
    assert not window.curtain.isVisible()  # nothing of Cy's is shown: no screen to pass
    assert window.seats.players["cy"].currentText() == "The app: Learning"
    assert resume(session.journal.path).app_seats == {"cy": "learning"}
    path = tmp_path / "beside.json"
    session.save(path, wait=True)
    assert json.loads(path.read_text(encoding="utf-8"))["app_seats"] == {"cy": {"level": "learning"}}


def test_at_the_table_the_arrows_and_the_wheel_choose_nothing_return_does(qtbot):
    session = session_for(started_game(), name="Keys")
    session.bot_pause_ms = 60_000
    window = shown(qtbot, session, active=True)
    window.curtain.button.click()  # Ann looks
    box = window.seats.players["ann"]
    box.setFocus()
    assert box.hasFocus() and box.focusPolicy() & Qt.FocusPolicy.TabFocus  # Tab reaches it
    qtbot.keyClick(box, Qt.Key.Key_Down)  # opens the list, chooses nothing
    qtbot.waitUntil(box.view().isVisible)
    assert not session.app_seats and box.currentText() == "A person"
    qtbot.keyClick(box.view(), Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not box.view().isVisible())
    centre = QPointF(box.rect().center())
    wheel = QWheelEvent(centre, box.mapToGlobal(centre), QPoint(0, 0), QPoint(0, -120), Qt.MouseButton.NoButton,
                        Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(box, wheel)
    assert not session.app_seats and box.currentText() == "A person"
    choose_player(qtbot, window, "ann", "standard")  # her own seat: hers to hand over
    assert session.app_seat_levels() == {"ann": "standard"} and played_by_app(window, "ann")
