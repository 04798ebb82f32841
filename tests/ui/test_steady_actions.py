"""An entry of "What can happen now" that spends or changes what a player may not have aimed at
asks first, through the real question dialog, when one click would otherwise do it (a Loan taken,
a Condition cleared by a misclick); and the entries keep their order from action to action."""

from __future__ import annotations

import random

import msgspec
import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from desktop.engine import Game, GameSetup
from desktop.model import GameSession
from desktop.ui.main_window import MainWindow
from desktop.ui.question_dialog import QuestionDialog


def game_offering(ruleset_id: str, kind: str, players=("Ann", "Bo", "Cy")) -> tuple[Game, str]:
    """A seeded random game played until one seat is offered `kind` in a single choice."""
    picker = random.Random(kind)
    game = Game.new(GameSetup(ruleset=ruleset_id, players=list(players), seed=picker.randrange(2**32)))
    for _ in range(600):
        for seat in game.state.seat_ids():
            mine = [action for action in game.legal_actions(seat) if action.type == kind and action.player == seat]
            if len(mine) == 1:
                return game, seat
        legal = game.legal_actions()
        onward = [action for action in legal if not getattr(type(action), "aside", False)]
        game.apply(picker.choice(onward if onward and picker.random() < 0.8 else legal))
    raise AssertionError(f"no state of {ruleset_id} offers {kind}")


def window_for(qtbot, game, seat) -> tuple[GameSession, MainWindow]:
    session = GameSession(game)
    window = MainWindow(session)  # the app's own asker: its real question dialog
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    session.request_viewer(seat)
    window.curtain.button.click()
    assert session.viewer == seat
    return session, window


def answer_when_asked(answer, seen: list) -> None:
    """Once the question dialog is up, reads its question and answers it with `answer`."""

    def step() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, QuestionDialog) or not dialog.isVisible():
            QTimer.singleShot(5, step)
            return
        seen.append(dialog.question.text())
        answer(dialog)

    QTimer.singleShot(0, step)


def escape(dialog) -> None:
    QTest.keyClick(dialog.focusWidget() or dialog, Qt.Key.Key_Escape)


def yes_once_armed(dialog) -> None:
    """Clicks Yes when it may be pressed (it is armed a moment after the question shows)."""
    yes = next(button for button in dialog.buttons.buttons() if button.isDefault())
    if yes.isEnabled():
        QTest.mouseClick(yes, Qt.MouseButton.LeftButton)
    else:
        dialog.armed.connect(lambda: QTest.mouseClick(yes, Qt.MouseButton.LeftButton))


def button_for(window, seat: str, kind: str):
    """The button of `seat`'s entry of `kind`."""
    offers = window.actions._offers
    return next(button for button, offer in zip(window.actions.buttons, offers)
                if offer.seat == seat and offer.kind == kind)


@pytest.mark.parametrize("ruleset_id, kind, said", [
    ("price-of-power", "loan", "5 Ducats and an Interest token"),
    ("worlds-that-remember", "clear_condition", "goes back to the supply"),
])
def test_a_costly_one_click_entry_asks_first_and_escape_changes_nothing(qtbot, ruleset_id, kind, said):
    game, seat = game_offering(ruleset_id, kind)
    session, window = window_for(qtbot, game, seat)
    before = msgspec.msgpack.encode(game.state)
    done = len(game.actions)

    seen: list[str] = []
    answer_when_asked(escape, seen)
    button = button_for(window, seat, kind)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bool(seen) and window.questions.dialog is None)  # asked, answered, closed
    assert len(seen) == 1 and said in seen[0] and seen[0].startswith(button.text())  # names what and whose
    assert msgspec.msgpack.encode(game.state) == before and len(game.actions) == done

    answer_when_asked(yes_once_armed, seen)
    qtbot.mouseClick(button_for(window, seat, kind), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(game.actions) == done + 1)
    assert game.actions[-1].type == kind and game.actions[-1].player == seat


def test_an_entry_that_costs_nothing_still_acts_on_one_click(qtbot):
    """Only the costly kinds ask: Price of Power's Pass goes at once from its button."""
    game, seat = game_offering("price-of-power", "pass")
    session, window = window_for(qtbot, game, seat)
    done = len(game.actions)
    qtbot.mouseClick(button_for(window, seat, "pass"), Qt.MouseButton.LeftButton)
    assert len(game.actions) == done + 1 and game.actions[-1].type == "pass"


def test_the_buttons_keep_their_order_from_action_to_action(qtbot):
    """The same entries read in the same order after an action: seats in the table's order, each
    seat's entries in the order its system declares them."""
    game, seat = game_offering("price-of-power", "loan", players=("Ann", "Bo", "Cy", "Dee"))
    session, window = window_for(qtbot, game, seat)
    for _ in range(6):
        before = [button.text() for button in window.actions.buttons]
        mine = [action for action in game.legal_actions(seat) if action.player == seat
                and action.type not in ("loan", "repay", "pass_phase", "dismiss")]
        if not mine or not session.submit(mine[0]):
            break
        if session.viewer != seat:
            session.request_viewer(seat)
            window.curtain.button.click()
        after = [button.text() for button in window.actions.buttons]
        both = [text for text in before if text in after]
        assert [text for text in after if text in both] == both
