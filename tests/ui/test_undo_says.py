"""Undo and Redo say what they would do for the seat looking (issue 26, leftovers): the toolbar
button's tooltip and the Edit menu's entry name the move taken back (with the app's moves after
it), or say that nothing of the looker's can be (the last move is another seat's). The session
answers (GameSession.undo_says, desktop/model/authority.py's undo_span), the same answer Ctrl+Z
gets. Through the real window, as the seat looking."""

from __future__ import annotations

from PySide6.QtCore import Qt
from table_helpers import menu_opened, started_game
from test_seat_authority import EndsTurns, lift, press, refusal

from desktop.rulesets.twilight_imperium import actions as a


def button_says(window, action) -> str:
    return window.menus.toolbar.widgetForAction(action).toolTip()


def menu_says(qtbot, window) -> tuple[str, str]:
    """The Edit menu's entries for Undo and Redo, as the menu shows them when opened."""
    with menu_opened(qtbot, window, window.menus.edit):
        return tuple(action.text().replace("&&", "\0").replace("&", "").replace("\0", "&")
                     for action in (window.menus.undo_action, window.menus.redo_action))


def says(qtbot, window) -> tuple[str, str]:
    """The buttons' tooltips, checked equal to the menu's entries."""
    menu = menu_says(qtbot, window)
    shown = (button_says(window, window.menus.undo_action), button_says(window, window.menus.redo_action))
    assert shown == menu
    assert window.menus.toolbar.widgetForAction(window.menus.undo_action).text() == "Undo"  # the button stays short
    return shown


def tempo_plans(qtbot, window_of):
    """Tempo Combat: Ann, looking, plans Move."""
    from desktop.rulesets.tempo import actions as t
    from tests.rulesets.tempo.helpers import card, new

    game = new()
    session, window = window_of(game)
    lift(qtbot, window, "Ann")
    session.submit(t.Plan(player="ann", card=card(game, "ann", "move")))
    return game, session, window


def test_the_seat_looking_is_told_the_move_undo_takes_back(qtbot, window_of):
    _, session, window = tempo_plans(qtbot, window_of)
    undo, redo = says(qtbot, window)
    assert undo == f"Undo: {session.undo_stack.command(0).full_text}"  # "Plan a card": a plan is not told
    assert redo == "Nothing to redo"


def test_bo_looking_is_told_undo_takes_back_nothing_of_his(qtbot, window_of):
    """Ann planned and passed the screen: Bo's Undo says it cannot take her move back, as Ctrl+Z
    would refuse; Ann's Redo, once she undid, is not Bo's to bring back either."""
    from desktop.rulesets.tempo import actions as t
    from tests.rulesets.tempo.helpers import card

    game, session, window = tempo_plans(qtbot, window_of)
    session.submit(t.Plan(player="ann", card=card(game, "ann", "hide")))
    qtbot.mouseClick(window.handover.button, Qt.MouseButton.LeftButton)  # "Pass to Bo"
    lift(qtbot, window, "Bo")

    undo, _ = says(qtbot, window)
    assert undo == "Undo: nothing of yours to take back (the last move is Ann's)"
    press(qtbot, window, "Ctrl+Z")
    assert refusal(window) == "Not allowed: Undo takes back only your own move: the last one is Ann's."

    window.seats.lookRequested.emit("ann")  # "Show my hand" beside Ann
    lift(qtbot, window, "Ann")
    assert says(qtbot, window)[0].startswith("Undo: ")  # hers again
    press(qtbot, window, "Ctrl+Z")
    window.seats.lookRequested.emit("bo")
    lift(qtbot, window, "Bo")
    assert says(qtbot, window)[1] == "Redo: nothing of yours to bring back (the next move is Ann's)"


def test_with_nobody_looking_undo_says_to_show_a_hand_first(qtbot, window_of):
    _, session, window = tempo_plans(qtbot, window_of)
    press(qtbot, window, "Ctrl+H")
    assert session.viewer is None and not window.curtain.isVisible()
    assert says(qtbot, window)[0] == "Undo: nobody is looking (the last move is Ann's): show your hand first"


def test_alone_against_the_app_undo_names_the_apps_moves_it_takes_back_too(qtbot, window_of):
    session, window = window_of(started_game(), app_seats=("bo", "cy"))
    session.app_seats.update(bo=EndsTurns(), cy=EndsTurns())
    assert session.viewer == "ann"
    session.submit(a.EndTurn(player="ann"))
    qtbot.waitUntil(lambda: session.game.state.active == "ann", timeout=10_000)  # Bo and Cy moved
    session.bot_pause_ms = 60_000
    ann_move = session.undo_stack.command(session.undo_stack.index() - 3).full_text
    assert says(qtbot, window)[0] == f"Undo: {ann_move}, with the app's 2 moves after it"
    press(qtbot, window, "Ctrl+Z")
    assert says(qtbot, window)[1] == f"Redo: {ann_move}, with the app's 2 moves that followed it"
