"""The new-game wizard as a table fills it in: scrolling a page with the mouse wheel scrolls it
and changes no setting passed over (a setting changes once clicked or tabbed to), and a "seat"
option's empty entry says what the system does with it (Tempo's GM seat is never "nobody")."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication, QComboBox, QLabel, QScrollArea

from desktop.engine import registry
from desktop.ui.wizard import NewGameWizard
from desktop.ui.wizard_seats import APP, PERSON
from desktop.ui.wizard_widgets import SeatNames


def wheel(widget, notches: int = -1) -> None:
    """The mouse wheel turned over the middle of `widget` (negative: towards the user, down).
    As Qt does with a real wheel (it passes on only the events of the window system), a widget
    that does not take the turn passes it to its parent, until one takes it."""
    middle = widget.mapToGlobal(widget.rect().center())
    while widget is not None:
        local = QPointF(widget.mapFromGlobal(middle))
        event = QWheelEvent(local, QPointF(middle), QPoint(0, 0), QPoint(0, 120 * notches),
                            Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier,
                            Qt.ScrollPhase.NoScrollPhase, False)
        event.accept()  # as Qt delivers it: taken unless the widget ignores it
        QApplication.sendEvent(widget, event)
        if event.isAccepted():
            return
        widget = None if widget.isWindow() else widget.parentWidget()


def tempo_wizard(qtbot, names=("Ann", "Bo", "Cy")) -> NewGameWizard:
    wizard = NewGameWizard(systems=[registry.get("tempo")])
    qtbot.addWidget(wizard)
    wizard.resize(640, 420)  # small enough that the Options page scrolls
    wizard.show()
    wizard.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is wizard)
    wizard.next()
    for row, name in zip(wizard.seats_page.rows, names):
        row.name.setText(name)
    wizard.next()
    return wizard


def test_the_wheel_over_an_options_list_scrolls_the_page_and_changes_nothing(qtbot):
    wizard = tempo_wizard(qtbot)
    page = wizard.options_page
    scroll = page.findChild(QScrollArea)
    qtbot.waitUntil(lambda: scroll.verticalScrollBar().maximum() > 0)
    before = page.values()
    lists = [control for control in page.controls.values() if isinstance(control, QComboBox)]
    assert len(lists) >= 4
    for control in lists:
        at = scroll.verticalScrollBar().value()
        wheel(control)
        wheel(control, notches=1)
        wheel(control)
        assert page.values() == before, control.accessibleName()
        assert scroll.verticalScrollBar().value() >= at  # the page went down, or was at its end
    assert scroll.verticalScrollBar().value() > 0, "the wheel scrolled the page"

    chosen = lists[0]  # tabbed to first: then the wheel is meant for it
    chosen.setFocus(Qt.FocusReason.TabFocusReason)
    assert chosen.hasFocus()
    index = chosen.currentIndex()
    wheel(chosen)
    assert chosen.currentIndex() == index + 1


def test_the_wheel_over_a_seats_player_list_leaves_a_person_a_person(qtbot):
    wizard = NewGameWizard(systems=[registry.get("tempo")])
    qtbot.addWidget(wizard)
    wizard.show()
    wizard.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is wizard)
    wizard.next()
    row = wizard.seats_page.rows[0]
    wheel(row.player)
    assert row.player.currentText() == PERSON
    row.player.setFocus()
    wheel(row.player)
    assert row.player.currentText() == f"{APP}: Learning"  # the gentlest level first


@pytest.mark.parametrize("pick, gm", [("", "cy"), ("Ann", "ann")])
def test_tempo_gm_seat_names_the_seat_it_falls_to_and_that_seat_is_the_gm(qtbot, pick, gm):
    wizard = tempo_wizard(qtbot)
    gm_list = wizard.options_page.controls["gm"].findChild(QComboBox)
    entries = [gm_list.itemText(i) for i in range(gm_list.count())]
    assert entries == ["the last seat on the list", "Ann", "Bo", "Cy"]
    assert "nobody" not in entries and gm_list.currentIndex() == 0
    if pick:
        gm_list.setCurrentText(pick)
    assert wizard.validateCurrentPage(), wizard.options_page.problem.text()
    assert wizard.new_game().game.state.gm == gm


def test_a_player_named_like_the_empty_entry_is_still_that_player(qtbot):
    wizard = tempo_wizard(qtbot, names=("Ann", "the last seat on the list", "Cy"))
    gm = wizard.options_page.controls["gm"]
    gm.findChild(QComboBox).setCurrentIndex(2)
    assert gm.text() == "the last seat on the list"
    gm.findChild(QComboBox).setCurrentIndex(0)
    assert gm.text() == ""


@pytest.mark.parametrize("system_id", registry.ids())
def test_an_option_offered_as_players_to_tick_says_nothing_of_typing_them(qtbot, system_id):
    """The form offers such an option as the players' names to tick (or one to choose): help
    asking for names "separated by commas" sent a new player looking for a box to type in."""
    wizard = NewGameWizard(systems=[registry.get(system_id)])
    qtbot.addWidget(wizard)
    wizard.show()
    wizard.next()
    wizard.next()
    page = wizard.options_page
    assert wizard.currentPage() is page and page.controls
    offered = [control for control in page.controls.values() if isinstance(control, SeatNames)]
    for control in offered:
        assert "comma" not in control.toolTip().lower(), control.accessibleName()
        shown = [label.text() for label in control.parentWidget().findChildren(QLabel)]
        assert shown and not any("comma" in text.lower() for text in shown), shown
