"""Undo greys out after a draw, and says why (new-user trials: Price of Power after "Draw a
card", Future Imperfect after "Draw the resolution card": the button went grey, nothing said
so). A move that showed a hidden card cannot be taken back; the Undo button's tooltip and status
tip and the Edit menu's entry say that, naming no card (the curtain: whoever reads the words
may not be the seat that drew). Through the real window, as the seat looking."""

from __future__ import annotations

from at_the_screen import person_at, real_window
from PySide6.QtCore import Qt
from test_undo_says import menu_says

from desktop.engine import Game, GameSetup

WHY = "Undo: not after a card is drawn or turned face up (a card seen cannot be unseen)"


def click_entry(qtbot, window, session, ending: str) -> None:
    """The entry of What can happen now ending with `ending`, its questions left as they open."""
    person = person_at(qtbot, window)
    made = len(session.game.actions)
    qtbot.mouseClick(next(b for b in window.actions.buttons if b.text().endswith(ending)), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(session.game.actions) > made, timeout=5000)
    person.stop()


def undo_says(qtbot, window) -> tuple[bool, str, str, str]:
    """Whether Undo is on, and what its button's tooltip, its status tip and the menu's entry say."""
    button = window.menus.toolbar.widgetForAction(window.menus.undo_action)
    return window.menus.undo_action.isEnabled(), button.toolTip(), button.statusTip(), menu_says(qtbot, window)[0]


def cards_seen(session) -> list[str]:
    view = session.view()
    return [view.card_name(card.id) for zone in view.zones.values() for card in zone.cards if card is not None]


def test_price_of_power_undo_after_drawing_a_card_says_why(qtbot):
    game = Game.new(GameSetup(ruleset="price-of-power", players=["Player 1", "Player 2", "Player 3"], seed=3))
    session, window = real_window(qtbot, game)
    click_entry(qtbot, window, session, "Draw a card")
    enabled, tip, status, menu = undo_says(qtbot, window)
    assert not enabled
    assert tip == status == menu == WHY
    seen = [name for name in cards_seen(session) if name != "a card"]
    assert seen and not any(name in WHY for name in seen)  # the words name no card


def test_future_imperfect_undo_after_the_resolution_card_says_why(qtbot):
    game = Game.new(GameSetup(ruleset="future-imperfect", players=["Player 1", "Player 2"], seed=3))
    session, window = real_window(qtbot, game)
    click_entry(qtbot, window, session, "Set a simple check")
    enabled, tip, _, _ = undo_says(qtbot, window)
    assert enabled and tip.startswith("Undo: Set a")  # a check set is taken back
    click_entry(qtbot, window, session, "Draw the resolution card")
    enabled, tip, status, menu = undo_says(qtbot, window)
    assert not enabled
    assert tip == status == menu == WHY


def test_a_new_game_has_nothing_to_undo(qtbot):
    game = Game.new(GameSetup(ruleset="future-imperfect", players=["Player 1", "Player 2"], seed=3))
    _, window = real_window(qtbot, game)
    enabled, tip, status, menu = undo_says(qtbot, window)
    assert not enabled and tip == status == menu == "Nothing to undo"
