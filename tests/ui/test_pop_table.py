"""Price of Power through the real window: drawing by dragging the top card of a deck, keeping
and paying, playing, appointing, Display cards and Covert Actions, each move made with the
table's own widgets (presses, moves and releases on the view) and handed to the session."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from table_helpers import YesAsker, drag

from desktop.engine import Game, GameSetup
from desktop.model import GameSession
from desktop.ui.main_window import MainWindow


class Answers(YesAsker):
    """Every question's first answer; a number's or a text's offered value."""

    def number(self, text, low, high, initial):
        return initial

    def text(self, question, initial, limit):
        return initial


def new_game(players=("Ann", "Bo", "Cy"), seed=7, **options) -> Game:
    return Game.new(GameSetup(ruleset="price-of-power", players=list(players), seed=seed,
                              options={key: str(value) for key, value in options.items()}))


def open_window(qtbot, game, asker=None, size=(1280, 720)):
    session = GameSession(game)
    window = MainWindow(session, prompter=asker or Answers())
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    if window.curtain.isVisible():
        window.curtain.button.click()
    for _ in range(3):
        QApplication.processEvents()
    return session, window


def top_of(window, zone_id):
    zone = window.table_view.zones[zone_id]
    assert zone.cards, f"{zone_id} shows no card"
    return zone.cards[-1]


# ---- 1. drawing by dragging the top card of a deck ----------------------------------------------


def test_the_drawing_seat_draws_by_dragging_the_top_card_of_two_different_decks(qtbot, monkeypatch):
    game = new_game(setup_draw="off")
    session, window = open_window(qtbot, game)
    assert session.viewer == "ann"
    table = window.table_view
    decks = {power: len(game.state.zones[f"deck:{power}"].cards) for power in ("adm", "dip", "mil")}
    adm = top_of(window, "deck:adm")
    assert adm.card_id is None and adm.face is None and adm.draggable  # a back, named by nothing
    drag(monkeypatch, adm, table.zones["drawn:ann"])
    assert session.game.actions[-1].type == "draw" and session.game.actions[-1].deck == "adm"
    drag(monkeypatch, top_of(window, "deck:mil"), table.zones["drawn:ann"])
    assert session.game.actions[-1].type == "draw" and session.game.actions[-1].deck == "mil"
    state = session.game.state
    assert len(state.zones["deck:adm"].cards) == decks["adm"] - 1
    assert len(state.zones["deck:mil"].cards) == decks["mil"] - 1
    assert len(state.zones["deck:dip"].cards) == decks["dip"]
    drawn = state.zones["drawn:ann"].cards
    assert [state.cards[card].split("-")[0] for card in drawn] == ["adm", "mil"]
    # Ann sees the two faces she drew, on the table in her drawn cards.
    assert {item.card_id for item in table.zones["drawn:ann"].cards} == set(drawn)


def test_a_deck_dragged_elsewhere_or_by_a_seat_not_drawing_draws_nothing(qtbot, monkeypatch):
    game = new_game(setup_draw="off")
    session, window = open_window(qtbot, game)
    table = window.table_view
    # Dropped on the discard pile: refused in words, nothing drawn, the card glides home.
    drag(monkeypatch, top_of(window, "deck:dip"), table.zones["discard:dip"])
    assert not session.game.actions
    assert "drawn cards" in window.problem.text()
    # Bo looking while Ann draws: no deck is a drag source for him.
    session.request_viewer("bo")
    window.curtain.button.click()
    assert session.viewer == "bo"
    assert not any(item.draggable for item in table.zones["deck:adm"].cards)
