"""The toy duel (tests/rulesets/toy) played through the real main window: the generic table,
seats, actions panel, prompts and curtain carry a system they have never heard of."""

from __future__ import annotations

import msgspec
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QPushButton, QWidget
from table_helpers import drag

from desktop.engine import Game, GameSetup
from desktop.model import GameSession
from desktop.ui.main_window import MainWindow
from tests.rulesets.toy import HAND_LIMIT, give, grip
from tests.ui.windows import look

pytestmark = pytest.mark.usefixtures("toy_ruleset")


def new_game(seed=3, **grips: list[str]) -> Game:
    """Ann, Bo and Cy, Ann to play; `grips` adds cards by definition from the stock."""
    game = Game.new(GameSetup(ruleset="toy-duel", players=["Ann", "Bo", "Cy"], seed=seed))
    for seat, definitions in grips.items():
        for definition in definitions:
            give(game.state, seat, definition)
    return game


def card(game: Game, seat: str, definition: str) -> str:
    return next(c for c in reversed(grip(game.state, seat)) if game.state.cards[c] == definition)


@pytest.fixture
def table(person_window):
    """The window with its own asker: a person at the screen (`window.person`,
    tests/ui/at_the_screen.py) answers its questions in the real dialogs."""
    return person_window


def click(qtbot, window, text: str) -> None:
    button = next((b for b in window.actions.buttons if isinstance(b, QPushButton) and b.text() == text), None)
    assert button is not None, [b.text() for b in window.actions.buttons]
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def state_bytes(session) -> bytes:
    return msgspec.msgpack.encode(session.game.state)


def test_the_curtain_then_a_drag_from_the_grip_to_the_arena_plays_the_card(qtbot, table, monkeypatch):
    game = new_game(ann=["spark"])
    spark = card(game, "ann", "spark")
    session, window = table(game)
    assert all(w.face is None for w in window.zone("grip:ann").cards)  # behind the curtain
    look(qtbot, window, "Ann")
    widget = window.zone("grip:ann").card_widget(spark)
    assert widget is not None and widget.face.title == "Spark"
    assert window.header.text() == "Turn 1 \u00b7 Ann's turn"

    drag(monkeypatch, widget, window.zone("arena"))

    assert session.game.state.zones["arena"].cards == [spark]
    assert session.game.state.counters["ann"]["gems"] == 6
    assert window.zone("arena").card_widget(spark) is not None
    assert window.zone("grip:ann").card_widget(spark) is None
    assert "Ann plays Spark and gains 1 gem(s)." in session.log_lines()
    assert not window.problem.isVisible()


def test_an_attack_asks_its_target_who_blocks_through_the_respond_button(qtbot, table, monkeypatch):
    game = new_game(ann=["bolt"], bo=["block"])
    bolt, block = card(game, "ann", "bolt"), card(game, "bo", "block")
    session, window = table(game)
    look(qtbot, window, "Ann")
    window.person.picks = {"*": "Bo"}

    drag(monkeypatch, window.zone("grip:ann").card_widget(bolt), window.zone("arena"))

    qtbot.waitUntil(lambda: session.game.state.attack is not None)  # answered in the real dialog
    assert any(text == "Whom does it attack?" for text, _ in window.person.questions)
    assert session.game.state.attack.target == "bo"
    assert "Bo may Block it or let it through" in window.banner.text()
    assert not window.curtain.isVisible()  # an answer out of turn waits for its button
    respond = window.seats.buttons["bo"]
    assert respond.text().startswith("Respond"), respond.text()
    assert window.seats.buttons["cy"].text() == "Show my hand"

    qtbot.mouseClick(respond, Qt.MouseButton.LeftButton)
    look(qtbot, window, "Bo")
    assert window.zone("grip:bo").card_widget(block) is not None
    click(qtbot, window, "Bo: Play Block")

    state = session.game.state
    assert state.attack is None
    assert state.zones["arena"].cards == [bolt, block]
    assert state.counters["bo"] == {"gems": 5, "favour": 1}
    assert "Bo blocks Bolt with Block." in session.log_lines()
    look(qtbot, window, "Ann")  # the turn is Ann's again: the screen goes back to her


def test_letting_an_attack_through_from_the_actions_panel(qtbot, table, monkeypatch):
    game = new_game(ann=["bolt"])
    bolt = card(game, "ann", "bolt")
    session, window = table(game)
    look(qtbot, window, "Ann")
    window.person.picks = {"*": "Cy"}
    drag(monkeypatch, window.zone("grip:ann").card_widget(bolt), window.zone("arena"))
    qtbot.waitUntil(lambda: session.game.state.attack is not None)  # answered in the real dialog
    qtbot.mouseClick(window.seats.buttons["cy"], Qt.MouseButton.LeftButton)
    look(qtbot, window, "Cy")

    click(qtbot, window, "Cy: Let Bolt through")

    assert session.game.state.counters["cy"]["gems"] == 3
    assert "Cy lets Bolt through and loses 2 gem(s)." in session.log_lines()


def test_a_refused_drop_says_why_and_changes_nothing_and_a_relic_goes_to_the_shelf(qtbot, table, monkeypatch):
    # The card dragged is the last of the grip: on top of the fan, where the pointer finds it.
    game = new_game(ann=["block", "relic"])
    relic, block = card(game, "ann", "relic"), card(game, "ann", "block")
    session, window = table(game)
    look(qtbot, window, "Ann")
    before = state_bytes(session)

    drag(monkeypatch, window.zone("grip:ann").card_widget(relic), window.zone("arena"))

    assert state_bytes(session) == before
    assert window.problem.isVisible()
    assert window.problem.text() == "Not allowed: A Relic goes onto your shelf, not into the arena."
    assert window.zone("grip:ann").card_widget(relic) is not None

    drag(monkeypatch, window.zone("grip:ann").card_widget(relic), window.zone("shelf:ann"))
    assert session.game.state.zones["shelf:ann"].cards == [relic]
    assert window.zone("shelf:ann").card_widget(relic) is not None
    assert session.view().marks[relic].tokens == 1
    on_shelf = window.zone("shelf:ann").card_widget(relic)
    assert on_shelf.marks.tokens == 1  # the table shows the token on the card
    assert "(1 token)" in on_shelf.accessible_text()

    before = state_bytes(session)
    drag(monkeypatch, window.zone("grip:ann").card_widget(block), window.zone("arena"))
    assert state_bytes(session) == before
    assert window.problem.text() == "Not allowed: A Block is played only in answer to an attack on you."


def test_over_the_grip_limit_the_seat_discards_by_a_drag_to_the_graveyard(qtbot, table, monkeypatch):
    game = new_game(ann=["lull", "spark"])  # 5 cards: one more is one too many
    session, window = table(game)
    look(qtbot, window, "Ann")

    click(qtbot, window, "Ann: Draw a card")

    assert session.game.state.owed and len(grip(session.game.state, "ann")) == HAND_LIMIT + 1
    assert "Ann holds more than 5 cards" in window.banner.text()
    assert [b.text() for b in window.actions.buttons if isinstance(b, QPushButton)] == ["Ann: Discard a card"]
    drawn = grip(session.game.state, "ann")[-1]  # on top of the fan
    drag(monkeypatch, window.zone("grip:ann").card_widget(drawn), window.zone("graveyard"))

    assert session.game.state.zones["graveyard"].cards == [drawn]
    assert not session.game.state.owed
    assert "more than 5 cards" not in window.banner.text()


def test_counts_are_changed_from_the_seats_panel_and_a_hidden_count_stays_hidden(qtbot, table):
    game = new_game()
    session, window = table(game)
    look(qtbot, window, "Ann")
    window.person.counts = {"Gems": "9"}
    edit = next(b for b in window.seats.findChildren(QPushButton) if b.accessibleName() == "Change Bo's counts")

    qtbot.mouseClick(edit, Qt.MouseButton.LeftButton)

    qtbot.waitUntil(lambda: session.game.state.counters["bo"]["gems"] == 9)
    assert window.person.dialogs[-1] == "Bo: counts" and window.person.counted[-1] == ["gems"]  # Ann may not read Bo's favour
    seat_box = window.seats.findChild(QWidget, "seat-bo")
    assert "Gems: 9" in " ".join(label.text() for label in seat_box.findChildren(QLabel))

    own = next(b for b in window.seats.findChildren(QPushButton) if b.accessibleName() == "Change Ann's counts")
    window.person.counts = {"Favour": "4"}
    qtbot.mouseClick(own, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: session.game.state.counters["ann"]["favour"] == 4)
    assert window.person.counted[-1] == ["gems", "favour"]
    assert session.game.state.counters["ann"]["favour"] == 4
    assert "Ann's favour set to 4." in session.log_lines()
    session.request_viewer("bo")
    assert "Ann's favour set to 4." not in session.log_lines()  # told to Ann alone


def test_every_seat_played_by_the_app(qtbot):
    game = new_game(seed=11)
    session = GameSession(game)
    session.bot_pause_ms = 0
    for number, seat in enumerate(game.state.seat_ids()):
        session.set_app_seat(seat, True, seed=number)
    window = MainWindow(session)  # its own asker: the app's seats ask it nothing
    qtbot.addWidget(window)
    window.show()

    qtbot.waitUntil(lambda: len(session.game.actions) >= 60, timeout=30_000)

    session.close()  # the app's seats stop here
    played = session.game
    assert {action.type for action in played.actions} >= {"play", "draw", "end_turn"}
    assert not window.curtain.isVisible()
    assert window.header.text() == session.table().headline
    again = Game.replay(played.setup, list(played.actions))
    assert msgspec.msgpack.encode(again.state) == state_bytes(session)
