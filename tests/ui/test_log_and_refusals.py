"""The log follows the game (unless the reader scrolled back) and marks the app's moves; a
refusal lasts until the game changes and never covers the table."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect
from table_helpers import drag, give, started_game

from desktop.model import GameSession
from desktop.rulesets.twilight_imperium import actions as a
from desktop.ui.main_window import MainWindow
from tests.ui.at_the_screen import AtTheScreen
from tests.ui.log_lines import Lines


@pytest.fixture
def table(qtbot):
    # The window's own asker: a question it opens is answered in the real dialog, as it shows.
    person = AtTheScreen()

    def build(game, app_seats=()):
        session = GameSession(game)
        session.bot_pause_ms = 0
        window = MainWindow(session)
        qtbot.addWidget(window)
        window.resize(1280, 720)
        window.show()
        for seat in app_seats:
            session.set_app_seat(seat, True)
        return session, window

    yield build
    person.stop()


EIGHT = ["Ann", "Bo", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal"]


def moves_on(action) -> bool:
    """An action a random game takes to go on: not bookkeeping, and not the players ending the
    session (Twilight Imperium's, at a round's end)."""
    return not getattr(type(action), "aside", False) and action.type != "end_session"


def at_bottom(log) -> bool:
    bar = log.verticalScrollBar()
    return bar.value() == bar.maximum()


def settle() -> None:
    """The events the window posted to itself, and those they post in turn, delivered (the log's
    document is laid out and its scroll bar set in them)."""
    from PySide6.QtWidgets import QApplication

    for _ in range(8):
        QApplication.sendPostedEvents()
        QApplication.processEvents()


def wheel_up(log, notches: int) -> None:
    """The mouse wheel turned towards the reader over the log: what a reader does to scroll back."""
    from PySide6.QtCore import QPoint, QPointF, Qt
    from PySide6.QtGui import QWheelEvent
    from PySide6.QtWidgets import QApplication

    centre = QPointF(log.viewport().rect().center())
    event = QWheelEvent(centre, QPointF(log.viewport().mapToGlobal(centre.toPoint())), QPoint(0, 0),
                        QPoint(0, 120 * notches), Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier,
                        Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(log.viewport(), event)


def played_a_while(ruleset: str, players: list[str], actions: int = 60):
    import random

    from desktop.engine import Game, GameSetup

    game = Game.new(GameSetup(ruleset=ruleset, players=players, seed=9))
    picker = random.Random(1)
    for _ in range(actions):
        legal = game.legal_actions()
        onward = [action for action in legal if moves_on(action)]
        game.apply(picker.choice(onward or legal))
    return game


def test_the_log_follows_the_newest_line_through_every_hand_over(qtbot, table):
    """Through the real window: each seat lifts the curtain and moves; at every step (the
    curtain up, a seat looking, after its move) the newest line is in sight. It had jumped to
    the first lines at a hand-over and stayed there."""
    session, window = table(played_a_while("twilight-imperium", ["Ann", "Bo", "Cy"]))
    log = window.log
    qtbot.waitExposed(window)
    settle()
    window.curtain.button.click()  # the seat the game waits for looks first
    settle()
    for seat in ("ann", "bo", "cy", "ann"):
        session.request_viewer(seat)
        assert window.curtain.isVisible()
        settle()
        assert at_bottom(log)
        window.curtain.button.click()
        assert session.viewer == seat
        settle()
        assert log.verticalScrollBar().maximum() > 0, "the test needs a log longer than its panel"
        assert at_bottom(log)
        mine = [action for action in session.game.legal_actions() if action.player == seat]
        if mine:
            assert session.submit(mine[0])
            settle()
            assert at_bottom(log), (log.verticalScrollBar().value(), log.verticalScrollBar().maximum())
        assert log.following()


def test_the_log_follows_a_solo_game_against_the_app(qtbot, table):
    """One person against the app (no curtain between turns): the log follows the person's moves
    and the app's answers, counters included (Price of Power)."""
    session, window = table(played_a_while("price-of-power", ["Ann", "Bo", "Cy"], actions=30),
                            app_seats=["bo", "cy"])
    log = window.log
    bot = session.game.ruleset.bot(1)
    for _ in range(12):
        qtbot.waitUntil(lambda: any(action.player == "ann" for action in session.game.legal_actions()),
                        timeout=20000)
        mine = [action for action in session.game.legal_actions() if action.player == "ann"]
        choice = bot.choose(session.game.legal_actions("ann"), session.game.view("ann")) or mine[0]
        assert session.submit(choice)
        settle()
        qtbot.waitUntil(lambda: at_bottom(log))
    assert log.verticalScrollBar().maximum() > 0 and log.following()


def test_the_log_follows_the_apps_moves_and_marks_them(qtbot, table):
    from desktop.engine import Game, GameSetup

    # Eight seats: the app, playing every seat, ends the session after the first round (41 moves).
    game = Game.new(GameSetup(ruleset="twilight-imperium", players=EIGHT, seed=5))
    session, window = table(game, app_seats=game.state.seat_ids())  # the app plays every seat
    qtbot.waitUntil(lambda: len(session.game.actions) >= 40 or not session.game.legal_actions(), timeout=20000)
    session.set_app_seat("ann", False)  # stop the app before reading
    log = window.log
    assert log.verticalScrollBar().maximum() > 0, "the test needs a log longer than its panel"
    assert at_bottom(log), "the newest line is out of sight"
    assert "[app] " in log.toPlainText()


def test_a_reader_who_scrolled_back_is_left_where_they_read(qtbot, table):
    from desktop.engine import Game, GameSetup

    game = Game.new(GameSetup(ruleset="twilight-imperium", players=EIGHT, seed=5))
    session, window = table(game, app_seats=game.state.seat_ids())
    qtbot.waitUntil(lambda: window.log.verticalScrollBar().maximum() > 5, timeout=20000)
    wheel_up(window.log, notches=400)  # the reader scrolls back with the mouse wheel, to the top
    assert window.log.verticalScrollBar().value() == 0
    count = len(session.game.actions)
    qtbot.waitUntil(lambda: len(session.game.actions) >= count + 3, timeout=20000)
    assert window.log.verticalScrollBar().value() == 0
    assert window.log.verticalScrollBar().maximum() > 0


def test_a_refusal_goes_at_the_next_change_and_covers_no_zone(qtbot, table, monkeypatch):
    game = started_game()
    secret = give(game, "ann", "Morale Boost")  # cannot be played now
    give(game, "ann", "Economic Initiative")
    session, window = table(game)
    window.curtain.button.click()
    drag(monkeypatch, window.zone("hand:ann").card_widget(secret), window.zone("play"))
    assert window.problem.isVisible() and "Morale Boost" in window.problem.text()
    problem = QRect(window.problem.mapTo(window, window.problem.rect().topLeft()), window.problem.size())
    table_view = QRect(window.table_view.mapTo(window, window.table_view.rect().topLeft()), window.table_view.size())
    assert not problem.intersects(table_view)

    session.submit(a.EndTurn(player="ann"))  # the game moves on
    assert not window.problem.isVisible()


def test_a_new_game_says_what_can_be_done_first(qtbot, table):
    session, window = table(started_game())
    window.curtain.button.click()  # Ann looks; nothing is pending
    assert session.table().banner == ""
    assert window.banner.text().startswith("Ann can: ")
    assert "End turn" in window.banner.text()


def test_the_headline_grows_with_the_text_of_the_window(qtbot, table):
    _, window = table(started_game())
    assert window.header.font().pointSizeF() >= window.font().pointSizeF() * 1.4


def test_a_new_games_log_is_not_empty(qtbot, table):
    from desktop.engine import Game, GameSetup

    game = Game.new(GameSetup(ruleset="twilight-imperium", players=["Ann", "Bo", "Cy"], seed=5))
    _, window = table(game)
    assert window.log.toPlainText().startswith("A new game of Twilight Imperium action cards for Ann, Bo, Cy.")


def test_the_large_preview_of_a_hand_card_leaves_the_rest_of_the_hand_in_sight(qtbot, table):
    game = started_game()
    cards = [give(game, "ann", name) for name in ("Sabotage", "Morale Boost", "Spy", "Plague", "Upgrade")]
    _, window = table(game)
    window.curtain.button.click()
    view = window.table_view
    for card in cards:
        item = window.zone("hand:ann").card(card)
        view.preview(item)
        shown = view._preview.sceneBoundingRect()
        others = [window.zone("hand:ann").card(c).sceneBoundingRect() for c in cards if c != card]
        assert not [rect for rect in others if rect.intersects(shown)], card
        assert shown.height() >= item.size()[1] * 1.3  # still large: readable across a table


def test_a_hand_over_late_in_a_long_game_reads_only_the_latest_lines(qtbot, table):
    import random

    from desktop.engine import Game, GameSetup
    from desktop.ui.log_panel import GameLog

    game = Game.new(GameSetup(ruleset="twilight-imperium", players=["Ann", "Bo", "Cy"], seed=9))
    picker = random.Random(1)
    while sum(len(entries) for entries in game.log) < GameLog.LINES * 2:
        legal = game.legal_actions()
        onward = [action for action in legal if moves_on(action)]
        game.apply(picker.choice(onward or legal))
    session, window = table(game)
    session.request_viewer("bo")
    window.curtain.button.click()
    shown = window.log.toPlainText().split("\n")
    assert len(shown) <= GameLog.LINES
    assert shown[-1] == session.log_lines()[-1]


def test_behind_the_curtain_the_log_is_an_empty_page_and_the_next_reader_gets_their_lines(qtbot, table):
    """Nobody reads behind the curtain: the log shows nothing there (no reader's lines are laid
    out again for nobody), and the seat that lifts it reads every line of theirs, the newest
    in sight, with what happened while the screen was being passed."""
    session, window = table(played_a_while("twilight-imperium", ["Ann", "Bo", "Cy"]))
    log = window.log
    window.curtain.button.click()
    settle()
    for seat in ("bo", "cy", "ann"):
        session.request_viewer(seat)
        settle()
        assert window.curtain.isVisible() and log.toPlainText() == ""
        window.curtain.button.click()
        settle()
        assert log.toPlainText().split("\n")[-1] == session.log_lines()[-1]
        assert at_bottom(log) and log.verticalScrollBar().maximum() > 0
    session.hide_hands(by_person=True)  # nobody looks, and no curtain: the lines everyone reads
    settle()
    assert not window.curtain.isVisible()
    assert log.toPlainText().split("\n")[-1] == session.log_lines()[-1]


def test_a_hand_over_keeps_the_items_of_the_cards_everyone_sees(qtbot, table):
    game = started_game()
    session, window = table(game)
    window.curtain.button.click()  # Ann looks
    deck_items = list(window.zone("deck").cards)
    session.request_viewer("bo")
    window.curtain.button.click()  # Bo looks: his hand is at the bottom now
    assert window.zone("deck").cards == deck_items and all(item.scene() for item in deck_items)


def test_each_reader_of_a_long_log_is_shown_its_newest_line_at_every_hand_over(qtbot):
    from types import SimpleNamespace

    from desktop.ui.log_panel import GameLog

    log = GameLog()
    qtbot.addWidget(log)
    log.resize(260, 300)
    log.show()
    sessions = {reader: SimpleNamespace(viewer=reader, log=Lines(reader, 300)) for reader in ("ann", None, "bo")}
    for turn in range(6):
        reader = ("ann", None, "bo")[turn % 3]
        log.show_from(sessions[reader])
        qtbot.waitUntil(lambda: at_bottom(log) and log.verticalScrollBar().maximum() > 100)
        last = log.document().lastBlock().text()
        assert last.startswith(f"{reader or 'Everyone'} reads line 299")
        assert log.cursorForPosition(log.viewport().rect().bottomLeft()).block().blockNumber() >= log.document().blockCount() - 3
