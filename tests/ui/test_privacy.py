"""The shared screen: while the curtain is up nothing reaches the game, nothing meant for the last
viewer stays on screen, and a player who draws sees the cards before the screen passes."""

from __future__ import annotations

import msgspec
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QLabel,
    QListWidget,
    QPlainTextEdit,
    QWidget,
)
from table_helpers import drag, faces_on_table, give, hold_to_lift, started_game, turn_menu_entries

from desktop.model import GameSession
from desktop.rulesets.twilight_imperium import actions as a
from desktop.ui.main_window import MainWindow


@pytest.fixture
def table(qtbot, people):
    """The window with its own asker: a person at the screen (`window.person`,
    tests/ui/at_the_screen.py) answers its questions in the real dialog."""

    def build(game):
        session = GameSession(game)
        window = MainWindow(session)
        people(window)
        window.resize(1400, 900)
        window.show()
        window.activateWindow()
        qtbot.waitUntil(window.isActiveWindow)  # shortcuts reach only the active window
        return session, window

    return build


def state(session) -> bytes:
    return msgspec.msgpack.encode(session.game.state)


def visible_texts(window) -> list[str]:
    """Every text a person could read on the window now, and what a screen reader would say."""
    texts = [window.windowTitle(), window.statusBar().currentMessage()]
    for widget in window.findChildren(QWidget):
        if not widget.isVisibleTo(window):
            continue
        texts += [widget.toolTip(), widget.accessibleName(), widget.accessibleDescription()]
        if isinstance(widget, (QLabel, QAbstractButton)):
            texts.append(widget.text())
        if isinstance(widget, QListWidget):
            texts += [widget.item(i).text() for i in range(widget.count())]
        if isinstance(widget, QPlainTextEdit):
            texts.append(widget.toPlainText())
    for action in window.findChildren(type(window.menus.undo_action)):
        texts += [action.text(), action.toolTip()]
    return texts


def test_with_the_curtain_up_keys_shortcuts_and_drops_change_nothing(qtbot, table, monkeypatch):
    game = started_game()
    card = give(game, "ann", "Economic Initiative")
    session, window = table(game)
    window.curtain.button.click()  # Ann looks
    drag(monkeypatch, window.zone("hand:ann").card_widget(card), window.zone("play"))
    assert session.game.state.resolving is not None
    session.request_viewer("bo")  # the screen must pass to Bo
    assert window.curtain.isVisible()
    before = state(session)
    played = window.zone("play").cards[0]

    for key in (Qt.Key.Key_Tab, Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_Backtab):
        qtbot.keyClick(window, key)
        qtbot.keyClick(window.table_view, key)
    for sequence in ("Ctrl+Z", "Ctrl+R", "Ctrl+E", "Ctrl+P", "Alt+1", "Alt+2"):
        qtbot.keySequence(window, sequence)
    window.menus.undo_action.trigger()
    for action in window.menus.turn.actions():
        action.trigger() if action.isEnabled() and window.menus.turn.isEnabled() else None
    window.menus.turn.aboutToShow.emit()  # as if it opened: its entries written, still nothing taken
    for action in window.menus.turn.actions():
        action.trigger() if action.isEnabled() and window.menus.turn.isEnabled() else None
    if played.scene() is not None:
        drag(monkeypatch, played, window.zone("discard"))

    assert state(session) == before
    assert window.curtain.isVisible() or session.viewer == "bo"  # only the curtain's button acts
    assert not window.centralWidget().isEnabled() and not window.menus.turn.isEnabled()


def test_after_a_hand_over_no_text_names_a_card_of_the_previous_hand(qtbot, table, monkeypatch):
    game = started_game()
    secret = give(game, "ann", "Morale Boost")  # cannot be played now: a refusal names it
    give(game, "ann", "Sabotage")
    session, window = table(game)
    window.curtain.button.click()
    drag(monkeypatch, window.zone("hand:ann").card_widget(secret), window.zone("play"))
    assert "Morale Boost" in window.problem.text()
    window.table_view.focus_card(secret)  # the status line reads the focused card
    assert any("Morale Boost" in text for text in visible_texts(window))

    session.submit(a.EndTurn(player="ann"))  # Bo's turn: the screen goes to Bo

    assert window.curtain.isVisible()
    leaked = [text for text in visible_texts(window) if "Morale Boost" in text or "Sabotage" in text]
    assert leaked == []
    window.curtain.button.click()
    leaked = [text for text in visible_texts(window) if "Morale Boost" in text or "Sabotage" in text]
    assert leaked == []
    assert not [item for item in faces_on_table(window) if item.zone == "hand:ann"]


def test_a_hand_over_turns_the_same_card_items_over_and_none_keeps_a_card_it_no_longer_shows(qtbot, table):
    game = started_game()
    session, window = table(game)
    window.curtain.button.click()  # Ann looks
    hands = ("hand:ann", "hand:bo")
    before = {id(item) for zone in hands for item in window.zone(zone).cards}

    session.request_viewer("bo")
    window.curtain.button.click()  # Bo looks now

    after = [item for zone in hands for item in window.zone(zone).cards]
    assert {id(item) for item in after} == before  # turned over, not made again
    for item in window.zone("hand:ann").cards:
        assert (item.card_id, item.face, item.marks) == (None, None, None)
        assert item.accessible_text().startswith("face-down card")
    assert all(item.face is not None for item in window.zone("hand:bo").cards)


def test_the_drawing_player_sees_the_cards_before_the_screen_passes(qtbot, table):
    game = started_game()
    session, window = table(game)
    window.curtain.button.click()  # Ann looks

    session.submit(a.Politics(player="ann"))  # Ann draws 2; Bo must answer Politics next

    assert not window.curtain.isVisible(), "the curtain came before Ann saw what she drew"
    assert session.viewer == "ann" and window.handover.isVisible()
    drawn = session.game.state.hand("ann")
    assert len(drawn) == 2
    shown = {item.card_id for item in faces_on_table(window) if item.zone == "hand:ann"}
    assert shown == set(drawn)
    assert "Bo" in window.handover.button.text()

    qtbot.mouseClick(window.handover.button, Qt.MouseButton.LeftButton)

    assert window.curtain.isVisible() and "Bo" in window.curtain.button.text()
    assert not [item for item in faces_on_table(window) if item.zone == "hand:ann"]


def test_every_focusable_widget_has_an_accessible_name(qtbot, table):
    _, window = table(started_game())
    window.curtain.button.click()
    nameless = [
        f"{type(widget).__name__} {getattr(widget, 'text', lambda: '')()!r}"
        for widget in window.findChildren(QWidget)
        if widget.isVisibleTo(window)
        and widget.focusPolicy() & Qt.FocusPolicy.TabFocus
        and not (widget.accessibleName() or getattr(widget, "text", lambda: "")())
    ]
    assert nameless == []


def test_a_whole_turn_with_the_keyboard_only(qtbot, table):
    game = started_game()
    initiative = give(game, "ann", "Economic Initiative")
    give(game, "ann", "Sabotage")
    session, window = table(game)
    hold_to_lift(qtbot, window, Qt.Key.Key_Return)  # Ann takes the screen
    assert session.viewer == "ann"
    view = window.table_view
    assert view.scene().focusItem() is not None  # her first card has the focus
    while view.scene().focusItem().card_id != initiative:
        qtbot.keyClick(view, Qt.Key.Key_Tab)

    qtbot.keyClick(view, Qt.Key.Key_Return)  # play it (the requirement is confirmed in the real dialog)
    qtbot.waitUntil(lambda: session.game.state.resolving is not None)
    assert session.game.state.resolving.card == initiative
    # The dialog gone, the window takes the keys again. (The offscreen platform gives the
    # activation back to no window when a dialog closes, where a window manager gives it to the
    # dialog's parent: the test does what the window manager would.)
    qtbot.waitUntil(lambda: QApplication.activeModalWidget() is None)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keySequence(window, "Ctrl+R")  # resolve: the component action ends Ann's turn

    qtbot.waitUntil(lambda: session.game.state.resolving is None)
    assert session.game.state.active == "bo"
    assert window.curtain.isVisible() and "Bo" in window.curtain.button.text()


def test_after_a_hand_over_the_turn_menu_keeps_no_offer_of_the_previous_hand(qtbot, table):
    """The Turn menu writes its entries as it opens: once written for Ann ("Ann: Play Economic
    Initiative"), none may keep her words once the screen passes, though nobody opened it since."""
    game = started_game()
    give(game, "ann", "Economic Initiative")
    session, window = table(game)
    window.curtain.button.click()
    assert any("Economic Initiative" in words for words, _key, _entry in turn_menu_entries(qtbot, window))

    session.submit(a.EndTurn(player="ann"))  # Bo's turn: the screen goes to Bo

    assert window.curtain.isVisible()
    assert [text for text in visible_texts(window) if "Economic Initiative" in text] == []
    assert not any("Economic Initiative" in entry.text() for entry in window.menus.turn_menu.entries)


def test_a_turn_menu_key_that_opens_a_question_does_not_crash_the_window(qtbot, table):
    """The Turn menu is rebuilt after the action its own key started (it once deleted the entry
    still being handled, and Qt crashed)."""
    game = started_game()
    session, window = table(game)
    window.curtain.button.click()
    session.submit(a.Declare(player="ann", event="combat-round-start"))
    entry = next(entry for _words, key, entry in turn_menu_entries(qtbot, window) if key == "Ctrl+P")

    entry.trigger()  # Ann passes in the window: the menu is rebuilt inside the entry's handler
    from PySide6.QtCore import QCoreApplication, QEvent

    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)  # the old entries go now

    qtbot.waitUntil(lambda: "ann" in session.game.state.window.passed)  # answered in the real dialog
    assert all(words for words, _key, _entry in turn_menu_entries(qtbot, window))


def test_leaving_the_window_brings_the_curtain_back_when_asked(qtbot, table):
    from PySide6.QtCore import Qt

    game = started_game()
    give(game, "ann", "Sabotage")
    session, window = table(game)
    window.curtain.button.click()
    window.menus.cover_on_leave.setChecked(False)
    window.passing.app_state_changed(Qt.ApplicationState.ApplicationInactive)
    assert not window.curtain.isVisible() and session.viewer == "ann"  # off: nothing happens

    window.menus.cover_on_leave.setChecked(True)
    window.passing.app_state_changed(Qt.ApplicationState.ApplicationInactive)

    assert window.curtain.isVisible() and "Ann" in window.curtain.button.text()
    assert session.viewer is None and not [i for i in faces_on_table(window) if i.zone == "hand:ann"]
    window.menus.cover_on_leave.setChecked(False)


@pytest.mark.parametrize("ruleset_id", ["twilight-imperium", "worlds-that-remember", "future-imperfect"])
def test_every_focusable_widget_of_every_systems_demo_has_a_name(qtbot, ruleset_id):
    from desktop.engine.demo import demo_game

    session = GameSession(demo_game(ruleset_id))
    window = MainWindow(session)
    qtbot.addWidget(window)
    window.resize(1400, 900)
    window.show()
    if window.curtain.isVisible():
        window.curtain.button.click()
    nameless = [
        f"{type(widget).__name__} {widget.objectName()!r} {getattr(widget, 'text', lambda: '')()!r}"
        for widget in window.findChildren(QWidget)
        if widget.isVisibleTo(window)
        and widget.isEnabled()
        and widget.focusPolicy() & Qt.FocusPolicy.TabFocus
        and not (widget.accessibleName() or getattr(widget, "text", lambda: "")())
    ]
    assert nameless == []


def test_a_seat_with_nothing_hidden_has_no_button_to_look(qtbot):
    from desktop.engine.demo import demo_game

    for ruleset_id, expected in (("future-imperfect", False), ("twilight-imperium", True)):
        window = MainWindow(GameSession(demo_game(ruleset_id)))
        qtbot.addWidget(window)
        window.show()
        buttons = window.seats.buttons
        assert {seat: b.isVisibleTo(window) for seat, b in buttons.items()} == dict.fromkeys(buttons, expected)


def laid_out(window) -> list:
    """Where every zone and card of the table is, and how it is turned."""
    view = window.table_view
    spots = [(zone_id, zone.box, zone.card_height) for zone_id, zone in sorted(view.zones.items())]
    for zone_id, zone in sorted(view.zones.items()):
        spots += [(zone_id, item.card_id, item.pos().toTuple(), item.size(), item.rotation(), item.isVisible())
                  for item in zone.cards]
    return spots


def test_behind_the_curtain_the_last_hand_is_face_down_and_the_next_reader_gets_a_whole_layout(qtbot, table):
    """The table is filled face down when the curtain comes up and laid out only when someone
    looks again: the layout they get is the whole one, as if the window were laid out anew."""
    game = started_game()
    for seat, name in (("ann", "Sabotage"), ("ann", "Morale Boost"), ("bo", "Economic Initiative")):
        give(game, seat, name)
    session, window = table(game)
    window.curtain.button.click()  # Ann looks

    session.request_viewer("bo")
    assert window.curtain.isVisible()
    assert faces_on_table(window) == [item for item in faces_on_table(window) if not item.zone.startswith("hand:")]
    window.curtain.button.click()  # Bo looks now
    shown = laid_out(window)
    window.table_view._relayout()
    assert laid_out(window) == shown

    session.request_viewer("cy")
    session.hide_hands()  # the curtain goes without a reader: every hand stays hidden
    assert not window.curtain.isVisible()
    shown = laid_out(window)
    window.table_view._relayout()
    assert laid_out(window) == shown
