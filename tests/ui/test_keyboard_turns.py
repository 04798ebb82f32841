"""A whole turn of each system played with the keyboard alone: Tab to reach a control, Space
or Enter to press it, the keys a system names. (Twilight Imperium's is in test_privacy.py.)"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractButton, QApplication

from desktop.model import GameSession
from desktop.ui.main_window import MainWindow
from desktop.ui.offer_words import offer_text
from tests.ui.at_the_screen import AtTheScreen


@pytest.fixture
def window_for(qtbot, people):
    """The window with its own asker: its questions are answered in the real dialog, from the
    keyboard, by the person at the screen (`person`, tests/ui/at_the_screen.py)."""

    def build(game, person=None):
        session = GameSession(game)
        window = MainWindow(session)
        people(window, person)
        window.resize(1280, 760)
        window.show()
        window.activateWindow()
        qtbot.waitUntil(window.isActiveWindow)
        return session, window

    return build


def tab_to(window, wanted, presses: int = 120):
    """Presses Tab until the focused widget is `wanted` (a predicate); returns it."""
    passed = []
    for _ in range(presses):
        QApplication.processEvents()  # as between a person's keys: new buttons are laid out
        focus = QApplication.focusWidget()
        if focus is not None and wanted(focus):
            return focus
        passed.append(f"{type(focus).__name__} {getattr(focus, 'text', lambda: '')()!r}")
        QTest.keyClick(focus or window, Qt.Key.Key_Tab)
    raise AssertionError(f"Tab never reached the control; it went through {passed[:40]}")


def button_named(text: str):
    return lambda widget: isinstance(widget, QAbstractButton) and widget.isEnabled() and widget.text().startswith(text)


def test_a_future_imperfect_check_by_keyboard_alone(qtbot, window_for):
    from tests.ui.systems.future_imperfect.test_future_imperfect_ui import game

    session, window = window_for(game(34, 10))
    QTest.keyClick(tab_to(window, button_named("Set the check")), Qt.Key.Key_Space)  # the Master sets it
    assert session.game.state.check is not None
    QTest.keyClick(tab_to(window, button_named("Draw the resolution card")), Qt.Key.Key_Space)
    assert session.game.state.check.cards
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_1)  # row 1 of the trait's column
    qtbot.waitUntil(lambda: session.game.actions[-1].type == "take")
    assert [action.type for action in session.game.actions] == ["set_check", "draw_resolution", "take"]


def test_a_worlds_that_remember_turn_by_keyboard_alone(qtbot, window_for):
    from table_helpers import hold_to_lift

    from tests.ui.systems.worlds_that_remember.test_worlds_that_remember_ui import (
        INTENT,
        action_card,
        new_game,
    )

    game = new_game()
    card = action_card(game, "ready:ann")
    person = AtTheScreen(words=INTENT)
    session, window = window_for(game, person)
    hold_to_lift(qtbot, window)  # Ann takes the screen
    view = window.table_view
    for _ in range(30):
        if view.scene().focusItem() is not None and view.scene().focusItem().card_id == card:
            break
        QTest.keyClick(view, Qt.Key.Key_Tab)
    name = view.scene().focusItem().title
    QTest.keyClick(view, Qt.Key.Key_Return)  # play it: named first, then the intent and tags
    qtbot.waitUntil(lambda: session.game.state.roll is not None, timeout=5000)
    assert person.questions[0][0].startswith(f"{name}: go on with this card?")
    assert any(text.startswith("What do you intend") for text, _ in person.questions)
    # The dialog gone, the window takes the keys again. (The offscreen platform gives the
    # activation back to no window when a dialog closes, where a window manager gives it to the
    # dialog's parent: the test does what the window manager would.)
    qtbot.waitUntil(lambda: QApplication.activeModalWidget() is None, timeout=3000)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    roll = session.game.state.roll
    assert roll is not None and roll.card == card and roll.intent == INTENT
    qtbot.waitUntil(lambda: any(button_named("Roll")(w) for w in window.findChildren(QAbstractButton)
                                if w.isVisible()))
    QTest.keyClick(tab_to(window, lambda w: button_named("Roll")(w) and w.isVisible()), Qt.Key.Key_Space)
    assert session.game.state.roll is None and session.game.state.last_roll is not None
    QTest.keyClick(tab_to(window, button_named("Ann: End the turn")), Qt.Key.Key_Space)
    assert session.game.state.active == "bo"


def test_the_turn_menu_lists_exactly_what_can_happen_now_as_the_game_goes_on(qtbot):
    import random

    from table_helpers import turn_menu_entries, window_on

    from desktop.engine import Game, GameSetup

    game = Game.new(GameSetup(ruleset="twilight-imperium", players=["Ann", "Bo", "Cy"], seed=3))
    session, window = window_on(qtbot, game)
    chooser = random.Random(3)
    counts = set()
    for _ in range(40):
        shown = [words for words, _key, _entry in turn_menu_entries(qtbot, window)]
        assert shown == [offer_text(session.view(), offer) for offer in session.offers()]
        counts.add(len(shown))
        hidden = [entry for entry in window.menus.turn_menu.entries if not entry.isVisible()]
        assert all(entry.shortcut().isEmpty() and "\t" not in entry.text() for entry in hidden)
        before = len(game.actions)
        for entry in hidden:
            entry.trigger()  # an entry no longer offered does nothing
        assert len(game.actions) == before
        legal = [action for action in session.legal_actions() if action.player == session.viewer] or session.legal_actions()
        session.submit(chooser.choice(legal))
        if window.curtain.isVisible():
            window.curtain.button.click()
    assert len(counts) > 1  # the number of entries changed on the way


def test_a_new_game_in_the_same_window_has_its_own_turn_menu(qtbot):
    from table_helpers import turn_menu_entries, window_on

    from desktop.engine import Game, GameSetup
    from desktop.model import GameSession

    first = Game.new(GameSetup(ruleset="twilight-imperium", players=["Ann", "Bo", "Cy"], seed=3))
    _session, window = window_on(qtbot, first)
    second = GameSession(Game.new(GameSetup(ruleset="future-imperfect", players=["Ann", "Bo"], seed=4)))
    window.set_session(second)
    if window.curtain.isVisible():
        window.curtain.button.click()

    shown = [words for words, _key, _entry in turn_menu_entries(qtbot, window)]
    assert shown and shown == [offer_text(second.view(), offer) for offer in second.offers()]


def test_no_system_names_a_key_the_window_already_has(qtbot):
    """Two actions holding one key is an ambiguous shortcut, and Qt then does neither: Tempo
    Combat's Advance held Ctrl+N, New game's key, and the key did nothing. Every kind of action of
    every registered system that names a key names one the window does not use."""
    import typing

    from table_helpers import started_game, window_on

    from desktop.engine import registry

    _session, window = window_on(qtbot, started_game())
    own = {key.toString() for action in window.findChildren(QAction) for key in action.shortcuts()
           if action not in window.menus.turn_menu.key_actions()}
    assert {"Ctrl+N", "Ctrl+Z", "Ctrl+H"} <= own
    clashes = []
    for ruleset in registry.all_rulesets():
        for kind in typing.get_args(ruleset.action_type) or (ruleset.action_type,):
            key = getattr(kind, "shortcut", "")
            if key and key in own:
                clashes.append(f"{ruleset.id}: {kind.__name__} holds {key}")
    assert clashes == []
