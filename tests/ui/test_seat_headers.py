"""The Players column's seat headers read whole at 1280x720 (new-user trials: "Player 1
(first player, looki", "Player 1  (planning, looking" were cut at the column's edge). The seat's
name is the box's title; its state ("first player, looking") is a wrapped line under it. The
column keeps its width. Through the real window, as the seat looking."""

from __future__ import annotations

import pytest
from at_the_screen import real_window
from PySide6.QtWidgets import QApplication, QScrollArea
from test_clipping import look_and_check

from desktop.engine import Game, GameSetup
from desktop.engine.demo import demo_game


def cut_headers(window) -> list[str]:
    """Each seat's header (its name, and its state under it) not shown whole in the column."""
    found = []
    column = window.seats.parentWidget()
    while column is not None and not isinstance(column, QScrollArea):
        column = column.parentWidget()
    room = column.viewport().width()
    for seat, box in window.seats._boxes.items():
        if box.fontMetrics().horizontalAdvance(box.title()) + 16 > box.width():
            found.append(f"{seat}: title {box.title()!r} wider than its box ({box.width()} px)")
        state = box.state
        if not state.isVisible():
            continue
        left = state.mapTo(column.viewport(), state.rect().topLeft()).x()
        if left < 0 or left + state.width() > room:
            found.append(f"{seat}: state {state.text()!r} runs past the column")
        if state.heightForWidth(state.width()) > state.height() + 1:
            found.append(f"{seat}: state {state.text()!r} has lines cut off")
        if max(state.fontMetrics().horizontalAdvance(word) for word in state.text().split()) > state.width():
            found.append(f"{seat}: a word of {state.text()!r} is wider than its line")
    return found


def shown_at_1280x720(qtbot, game):
    session, window = real_window(qtbot, game)
    look_and_check(qtbot, window, session)
    for _ in range(4):
        QApplication.processEvents()
    return session, window


@pytest.mark.parametrize("system", ["price-of-power", "tempo"])
def test_every_seat_header_reads_whole_at_1280x720(qtbot, system):
    players = ["Player 1", "Player 2", "Player 3"]
    game = Game.new(GameSetup(ruleset=system, players=players, seed=3)) if system == "price-of-power" \
        else demo_game(system)
    session, window = shown_at_1280x720(qtbot, game)
    looking = window.seats._boxes[session.viewer]
    name = session.view().seat_name(session.viewer)
    assert looking.title() == name
    assert "looking" in looking.state.text().split(", ")  # its state, under the name
    assert looking.toolTip() == f"{name}  ({looking.state.text()})"  # the whole header, as before
    assert cut_headers(window) == []


def test_a_seat_with_no_state_shows_no_empty_line(qtbot):
    game = Game.new(GameSetup(ruleset="price-of-power", players=["Ann", "Bo", "Cy"], seed=3))
    session, window = shown_at_1280x720(qtbot, game)
    states = {seat: box.state.text() if box.state.isVisible() else None for seat, box in window.seats._boxes.items()}
    assert states["ann"] == "first player, looking" and states["bo"] is None and states["cy"] is None
