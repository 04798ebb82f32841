"""The table as a player uses it: drag cards, meet refusals, pass the screen behind the curtain."""

from __future__ import annotations

import msgspec
import pytest
from PySide6.QtCore import Qt
from table_helpers import drag, faces_on_table, give, started_game

from desktop.rulesets.twilight_imperium import actions as a


@pytest.fixture
def table(person_window):
    """The window with its own asker: a person at the screen (`window.person`,
    tests/ui/at_the_screen.py) answers its questions in the real dialog."""
    return person_window


def look(qtbot, window):
    """The named player clicks the curtain's button."""
    assert window.curtain.isVisible()
    qtbot.mouseClick(window.curtain.button, Qt.MouseButton.LeftButton)
    assert not window.curtain.isVisible()


def state_bytes(session):
    return msgspec.msgpack.encode(session.game.state)


def test_dragging_an_action_card_to_the_play_area_plays_it(qtbot, table, monkeypatch):
    game = started_game()
    card = give(game, "ann", "Economic Initiative")
    session, window = table(game)
    look(qtbot, window)
    widget = window.zone("hand:ann").card_widget(card)
    assert widget is not None and widget.face.title == "Economic Initiative"

    drag(monkeypatch, widget, window.zone("play"))

    assert session.game.state.resolving.card == card
    assert window.zone("play").card_widget(card) is not None
    assert window.zone("hand:ann").card_widget(card) is None
    assert any("Ann plays Economic Initiative" in line for line in session.log_lines())
    assert not window.problem.isVisible()


def test_a_refused_drop_changes_nothing_and_says_why(qtbot, table, monkeypatch):
    game = started_game()
    card = give(game, "ann", "Morale Boost")
    session, window = table(game)
    look(qtbot, window)
    before = state_bytes(session)

    item = window.zone("hand:ann").card_widget(card)
    home = item.pos()
    drag(monkeypatch, item, window.zone("play"))

    assert state_bytes(session) == before
    assert window.zone("hand:ann").card_widget(card) is item  # still the hand's card
    assert item.pos() != home  # it was let go over the play area...
    qtbot.waitUntil(lambda: item.pos() == home, timeout=2000)  # ...and glides back to its place
    assert "no such timing window is open" in window.problem.text()
    assert window.problem.isVisible()
    assert "no such timing window is open" in window.statusBar().currentMessage()


def test_a_discard_outside_the_hand_limit_is_refused(qtbot, table, monkeypatch):
    game = started_game()
    card = give(game, "ann", "Sabotage")
    session, window = table(game)
    look(qtbot, window)
    before = state_bytes(session)

    drag(monkeypatch, window.zone("hand:ann").card_widget(card), window.zone("discard"))

    assert state_bytes(session) == before
    assert "may discard an action card only when the hand limit or Scheming asks for it" in window.problem.text()


def test_over_the_hand_limit_a_drag_to_the_discard_pile_discards(qtbot, table, monkeypatch):
    game = started_game()
    cards = [give(game, "ann", name) for name in (
        "Sabotage", "Morale Boost", "Flank Speed", "Direct Hit", "Skilled Retreat",
        "Shields Holding", "Maneuvering Jets", "Spy",
    )]
    game.apply(a.SetCounter(player="ann", counter="hand_limit", value=7))  # rechecks the limit
    session, window = table(game)
    look(qtbot, window)
    assert "discard down to 7" in window.banner.text()

    drag(monkeypatch, window.zone("hand:ann").card_widget(cards[-1]), window.zone("discard"))

    assert cards[-1] in session.game.state.zones["discard"].cards
    assert len(session.game.state.hand("ann")) == 7
    assert not session.game.state.obligations
    assert window.zone("discard").card_widget(cards[-1]) is not None


def test_an_offensive_card_asks_whom_it_affects(qtbot, table, monkeypatch):
    game = started_game()
    card = give(game, "ann", "Spy")
    session, window = table(game)
    look(qtbot, window)
    window.person.picks = {"*": "Cy"}  # whoever it asks about: Cy

    drag(monkeypatch, window.zone("hand:ann").card_widget(card), window.zone("play"))

    qtbot.waitUntil(lambda: session.game.state.resolving is not None)
    assert session.game.state.resolving.target_player == "cy"
    assert window.person.questions  # the requirement was confirmed or a target chosen


def test_the_curtain_hides_every_face_until_the_next_player_confirms(qtbot, table):
    game = started_game()
    ann_card = give(game, "ann", "Economic Initiative")
    bo_card = give(game, "bo", "Sabotage")
    _, window = table(game)
    look(qtbot, window)
    assert window.zone("hand:ann").card_widget(ann_card) is not None

    end_turn = next(b for b in window.actions.buttons if b.text() == "Ann: End turn (board action)")
    qtbot.mouseClick(end_turn, Qt.MouseButton.LeftButton)

    assert window.curtain.isVisible()
    assert "Bo" in window.curtain.button.text()
    faces = [w.card_id for w in faces_on_table(window)]
    assert ann_card not in faces and bo_card not in faces
    look(qtbot, window)
    assert window.zone("hand:bo").card_widget(bo_card) is not None
    assert all(w.face is None for w in window.zone("hand:ann").cards)


def test_undo_from_the_edit_menu_takes_back_a_play(qtbot, table, monkeypatch):
    game = started_game()
    card = give(game, "ann", "Economic Initiative")
    session, window = table(game)
    look(qtbot, window)
    before = state_bytes(session)
    drag(monkeypatch, window.zone("hand:ann").card_widget(card), window.zone("play"))
    assert window.menus.undo_action.isEnabled()

    undo_button = window.menus.toolbar.widgetForAction(window.menus.undo_action)
    assert "Economic Initiative" in undo_button.toolTip()  # the button names what it takes back
    assert "Economic Initiative" not in window.menus.undo_action.toolTip()  # the action's stays steady

    window.menus.undo_action.trigger()

    assert state_bytes(session) == before
    assert window.zone("hand:ann").card_widget(card) is not None
    assert "Economic Initiative" not in undo_button.toolTip()  # it names the one before


def test_enter_on_a_card_plays_it_or_discards_it_when_a_discard_is_owed(qtbot, table):
    from PySide6.QtCore import Qt

    game = started_game()
    initiative = give(game, "ann", "Economic Initiative")
    for name in ("Sabotage", "Morale Boost", "Flank Speed", "Direct Hit", "Skilled Retreat",
                 "Shields Holding", "Maneuvering Jets"):
        give(game, "ann", name)
    game.apply(a.SetCounter(player="ann", counter="hand_limit", value=7))  # 8 cards: one is owed
    session, window = table(game)
    look(qtbot, window)

    assert window.table_view.focus_card(initiative)
    qtbot.keyClick(window.table_view, Qt.Key.Key_Return)  # named first: its Yes in the real dialog
    qtbot.waitUntil(lambda: initiative in session.game.state.zones["discard"].cards)  # the owed discard

    game_two = started_game()
    card = give(game_two, "ann", "Economic Initiative")
    session_two, window_two = table(game_two)
    look(qtbot, window_two)
    assert window_two.table_view.focus_card(card)
    qtbot.keyClick(window_two.table_view, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: session_two.game.state.resolving is not None)
    assert session_two.game.state.resolving.card == card  # played as a component action


def test_a_player_answers_out_of_turn_with_the_respond_button(qtbot, table, monkeypatch):
    from PySide6.QtCore import Qt

    game = started_game()
    initiative = give(game, "ann", "Economic Initiative")
    sabotage = give(game, "bo", "Sabotage")
    session, window = table(game)
    look(qtbot, window)
    drag(monkeypatch, window.zone("hand:ann").card_widget(initiative), window.zone("play"))
    respond = window.seats.buttons["bo"]
    assert respond.text().startswith("Respond: Sabotage Economic")
    assert respond.accessibleName() == "Bo responds: Sabotage Economic Initiative, or let it resolve"
    assert not window.seats.buttons["ann"].text().startswith("Respond")

    qtbot.mouseClick(respond, Qt.MouseButton.LeftButton)
    assert window.curtain.isVisible() and "Bo" in window.curtain.button.text()
    faces = [w.card_id for w in faces_on_table(window)]
    assert sabotage not in faces  # behind the curtain no hand is painted face up
    assert all(w.face is None for w in window.zone("hand:ann").cards)
    look(qtbot, window)
    play = next(b for b in window.actions.buttons if b.text().startswith("Bo: Play"))
    qtbot.mouseClick(play, Qt.MouseButton.LeftButton)

    assert session.game.state.resolving is None
    assert {initiative, sabotage} <= set(session.game.state.zones["discard"].cards)
    assert any("Bo plays Sabotage" in line for line in session.log_lines())
