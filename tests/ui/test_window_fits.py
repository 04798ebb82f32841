"""The window never outgrows a laptop's screen: with a long "What can happen now" the buttons
scroll, the window keeps its size, and the log under them keeps six whole lines."""

from __future__ import annotations

import random

import pytest
from PySide6.QtWidgets import QApplication

from desktop.engine import Game, GameSetup
from desktop.model import GameSession
from desktop.ui.main_window import MainWindow

NAMES = ["Ann", "Bo", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal"]
MANY = 12  # entries: more than a 1280x720 column holds with six lines of log under them


def crowded_game(ruleset_id: str, seats: int) -> tuple[Game, str]:
    """A seeded random game played until one seat, looking, is offered at least MANY entries."""
    picker = random.Random(ruleset_id)
    game = Game.new(GameSetup(ruleset=ruleset_id, players=NAMES[:seats], seed=picker.randrange(2**32)))
    for _ in range(400):
        session = GameSession(game)
        for seat in game.state.seat_ids():
            session.viewer = seat
            session._offers = None
            if len(session.offers()) >= MANY:
                return game, seat
        legal = game.legal_actions()
        onward = [action for action in legal if not getattr(type(action), "aside", False)]
        game.apply(picker.choice(onward if onward and picker.random() < 0.75 else legal))
    raise AssertionError(f"no state of {ruleset_id} offers {MANY} entries")


def settle() -> None:
    for _ in range(6):  # the layouts' posted requests, the docks' room, and what they post in turn
        QApplication.sendPostedEvents()
        QApplication.processEvents()


def whole_lines_shown(log) -> int:
    """The lines of text the log's viewport shows whole, with more lines than fit in it."""
    while log.verticalScrollBar().maximum() == 0:
        log.appendPlainText("A short line.")
    bar = log.verticalScrollBar()
    bar.setValue(bar.maximum())
    height, offset = log.viewport().height(), log.contentOffset()
    shown, block = 0, log.firstVisibleBlock()
    while block.isValid():
        top = log.blockBoundingGeometry(block).translated(offset).top()
        if top > height:
            break
        layout = block.layout()
        for index in range(layout.lineCount()):
            line = layout.lineAt(index)
            if top + line.y() >= 0 and top + line.y() + line.height() <= height:
                shown += 1
        block = block.next()
    return shown


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("ruleset_id, seats", [("price-of-power", 4), ("tempo", 8), ("worlds-that-remember", 6)])
def test_a_long_list_of_actions_scrolls_and_the_window_fits_the_screen(qtbot, ruleset_id, seats, size):
    game, seat = crowded_game(ruleset_id, seats)
    window = MainWindow(None)  # as the app opens: the window first, the game after
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    session = GameSession(game)
    window.set_session(session)
    session.request_viewer(seat)
    if window.curtain.isVisible():
        window.curtain.button.click()
    settle()
    assert len(session.offers()) >= MANY
    width, height = size
    least = window.minimumSizeHint()
    assert least.width() <= width and least.height() <= height, least
    assert window.size().toTuple() == size
    assert whole_lines_shown(window.log) >= 6
    # Every entry is reachable: the last one scrolls into sight inside the panel.
    buttons = [button for button in window.actions.buttons if button.isVisible()]
    assert len(buttons) >= MANY
    scroll = window.actions._scroll
    scroll.ensureWidgetVisible(buttons[-1])
    settle()
    where = buttons[-1].mapTo(scroll.viewport(), buttons[-1].rect().bottomLeft())
    assert 0 <= where.y() <= scroll.viewport().height()


def test_the_actions_take_the_room_they_need_when_the_column_has_it(qtbot):
    """A short list is shown whole, with no scroll bar, and the log has the rest of the column."""
    from desktop.engine.demo import demo_game

    window = MainWindow(GameSession(demo_game("twilight-imperium")))
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window)
    window.curtain.button.click()
    settle()
    scroll = window.actions._scroll
    assert not scroll.verticalScrollBar().isVisible()
    assert all(not button.visibleRegion().isEmpty() for button in window.actions.buttons)
    assert whole_lines_shown(window.log) >= 6
