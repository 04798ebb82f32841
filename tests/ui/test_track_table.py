"""A track through the real window (the test system Lanes, tests/rulesets/lanes): the rows are one
grid with column headers, a card dragged over it lights only the columns it may go to, a drop
carries its column (a card snaps to its own column; a chosen column is answered by the drop),
a planned card moves along its row, Enter plans a card, the current column is marked, and
eight rows read at 1280x720 with nothing cut."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from table_helpers import (
    cell_point,
    drag_to,
    inside_cell,
    release_at,
    window_on,
)
from test_clipping import clipped_widgets

from desktop.engine import Game, GameSetup, registry
from desktop.ui.table.track import ChipItem, TrackRowItem
from tests.rulesets.lanes import LANES, Advance, Plan


@pytest.fixture(autouse=True)
def lanes():
    registry.register(LANES)
    yield LANES
    registry.unregister(LANES.id)


def new_game(players=("Ann", "Bo"), runners=2) -> Game:
    return Game.new(GameSetup(ruleset=LANES.id, players=list(players), seed=1, options={"runners": str(runners)}))


def all_planned(game: Game) -> Game:
    """Every runner has planned its Dash and Strike: the count is at column 0."""
    for runner, _, seat in game.state.runners:
        for kind in ("dash", "strike"):
            game.apply(Plan(player=seat, card=f"{runner}-{kind}"))
    return game


def test_the_lanes_are_rows_of_one_grid_with_the_hand_below(qtbot):
    session, window = window_on(qtbot, new_game())
    view = window.table_view
    assert set(view.grids) == {"lanes"}
    grid = view.grids["lanes"].grid
    rows = [view.zones[zone] for zone in ("lane:ann1", "lane:ann2", "lane:bo1", "lane:bo2")]
    assert all(isinstance(row, TrackRowItem) and row.grid == grid for row in rows)
    assert [row.row for row in rows] == [0, 1, 2, 3]  # in the table's order, whoever owns them
    assert view.grids["lanes"].label(0) == "0" and view.grids["lanes"].label(9) == "9"
    hand = view.zones["moves:ann1"]
    assert hand.box.y > grid.box.y + grid.box.height  # the looking seat's hand stays below
    assert "lane" in rows[0].accessible_text().lower() or "nothing yet" in rows[0].accessible_text()


def test_a_card_dragged_over_the_grid_lights_only_its_own_column_and_snaps_to_it(qtbot):
    session, window = window_on(qtbot, new_game())
    view = window.table_view
    strike = view.zones["moves:ann1"].card("ann1-strike")
    drag_to(strike, cell_point(window, "lane:ann1", 7), release=False)
    row = view.zones["lane:ann1"]
    assert row.lit and row.lit_columns == {4}  # a Strike lies in column 4, and only there
    assert not view.zones["lane:bo1"].lit and not view.zones["lane:ann2"].lit  # not another runner's lane
    release_at(view, cell_point(window, "lane:ann1", 7))
    assert "ann1-strike" in session.game.state.zones["lane:ann1"].cards
    assert session.game.state.card_states["ann1-strike"].slot == 4  # dropped on 7, it snapped to 4
    chip = view.zones["lane:ann1"].card("ann1-strike")
    assert isinstance(chip, ChipItem) and inside_cell(window, chip, "lane:ann1", 4)
    assert not row.lit  # the light goes with the drag


def test_a_drop_on_a_column_answers_which_column(qtbot):
    session, window = window_on(qtbot, new_game())
    view = window.table_view
    leap = view.zones["moves:ann1"].card("ann1-leap")
    drag_to(leap, cell_point(window, "lane:ann1", 7), release=False)
    assert view.zones["lane:ann1"].lit_columns == set(range(10))  # a Leap goes where its player says
    release_at(view, cell_point(window, "lane:ann1", 7))
    qtbot.waitUntil(lambda: "ann1-leap" in session.game.state.zones["lane:ann1"].cards, timeout=2000)
    assert session.game.state.card_states["ann1-leap"].slot == 7
    assert "In which column?" not in window.person.asked  # the drop said it
    assert inside_cell(window, view.zones["lane:ann1"].card("ann1-leap"), "lane:ann1", 7)


def test_a_planned_card_moves_along_its_row_where_the_rules_allow_and_a_refusal_says_why(qtbot):
    game = new_game()
    game.apply(Plan(player="ann", card="ann1-strike"))
    session, window = window_on(qtbot, game)
    view = window.table_view
    chip = view.zones["lane:ann1"].card("ann1-strike")
    drag_to(chip, cell_point(window, "lane:ann1", 5), release=False)
    assert view.zones["lane:ann1"].lit_columns == {3, 5}  # one column either way
    release_at(view, cell_point(window, "lane:ann1", 5))
    assert session.game.state.card_states["ann1-strike"].slot == 5
    chip = view.zones["lane:ann1"].card("ann1-strike")
    assert inside_cell(window, chip, "lane:ann1", 5)
    with qtbot.waitSignal(session.refused, timeout=2000) as refusal:
        drag_to(chip, cell_point(window, "lane:ann1", 9))
    assert refusal.args[0] == "Strike cannot go to column 9 of that row now."
    assert session.game.state.card_states["ann1-strike"].slot == 5


def test_a_drop_on_another_runners_lane_is_refused_in_a_sentence_naming_the_runner(qtbot):
    session, window = window_on(qtbot, new_game())
    view = window.table_view
    with qtbot.waitSignal(session.refused, timeout=2000) as refusal:
        drag_to(view.zones["moves:ann1"].card("ann1-dash"), cell_point(window, "lane:bo1", 1))
    assert refusal.args[0] == "Ann 1's moves go onto Ann 1's own lane."
    assert "ann1-dash" in session.game.state.zones["moves:ann1"].cards


def test_enter_on_a_card_plans_it_in_its_column(qtbot):
    session, window = window_on(qtbot, new_game())
    view = window.table_view
    assert view.focus_card("ann2-guard")
    from PySide6.QtTest import QTest

    QTest.keyClick(view.viewport(), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: "ann2-guard" in session.game.state.zones["lane:ann2"].cards, timeout=2000)
    assert any("Guard" in text for text in window.person.asked)  # asked first, naming the card
    assert inside_cell(window, view.zones["lane:ann2"].card("ann2-guard"), "lane:ann2", 6)


def test_the_current_column_and_the_rows_acting_are_marked_as_the_table_says(qtbot):
    game = all_planned(new_game())
    session, window = window_on(qtbot, game)
    view = window.table_view
    grid = view.grids["lanes"]
    assert grid.current == 0 and grid.note == "runners moving"
    assert all(view.zones[f"lane:{r}"].acting for r in ("ann1", "ann2", "bo1", "bo2"))
    session.submit(Advance(player="ann"))
    qtbot.waitUntil(lambda: grid.current == 1, timeout=2000)
    assert not view.zones["lane:ann1"].acting  # this table marks rows on even columns only
    assert "column 1 is current" in grid.accessible_text()
    # Every planned card lies in its cell.
    for runner in ("ann1", "bo2"):
        for kind, column in (("dash", 1), ("strike", 4)):
            assert inside_cell(window, view.zones[f"lane:{runner}"].card(f"{runner}-{kind}"), f"lane:{runner}", column)


@pytest.mark.parametrize("size", [(1280, 720), (2560, 1440)])
def test_eight_rows_read_with_nothing_cut(qtbot, size):
    game = all_planned(new_game(players=("Ann", "Bo", "Cy", "Di"), runners=2))
    session, window = window_on(qtbot, game, size=size)
    view = window.table_view
    for _ in range(3):
        QApplication.processEvents()
    window.grab()  # paints the table: the titles are fitted as they are drawn
    assert clipped_widgets(window) == []
    rows = [zone for zone in view.zones.values() if isinstance(zone, TrackRowItem)]
    assert len(rows) == 8
    grid = view.grids["lanes"].grid
    for row in rows:
        name = row.parts.name
        assert row.shown_title().startswith(name)  # at least the runner's name reads whole
        box = row.box
        assert 0 <= box.x and box.x + box.width <= view.viewport().width()
        assert 0 <= box.y and box.y + box.height <= view.viewport().height()
        for chip in row.cards:
            rect = chip.sceneBoundingRect()
            assert grid.box.x <= rect.left() + 3 and rect.right() - 3 <= grid.box.x + grid.box.width
    assert grid.row_height >= 30


def test_a_face_down_card_with_no_column_is_not_drawn_in_a_cell(qtbot):
    """A hidden plan's place would give it away: its back is not put in any column."""
    from desktop.engine.presentation import CardMarks

    game = new_game()
    game.apply(Plan(player="ann", card="ann1-strike"))
    session, window = window_on(qtbot, game)
    view = window.table_view
    seen = session.game.view(session.viewer)
    zones = dict(seen.zones)
    line = zones["lane:ann1"]
    zones["lane:ann1"] = type(line)(id=line.id, label=line.label, visibility="owner", owner="ann", count=2,
                                    cards=[None, line.cards[0]])
    marks = dict(seen.marks)
    marks["ann1-strike"] = CardMarks(slot=4)
    import msgspec

    hidden = msgspec.structs.replace(seen, zones=zones, marks=marks)
    view.show_table(hidden, session.table(), frozenset({"lane:ann1"}))
    row = view.zones["lane:ann1"]
    back = next(card for card in row.cards if card.card_id is None)
    assert not back.isVisible()
    assert inside_cell(window, row.card("ann1-strike"), "lane:ann1", 4)
    assert row.accessible_text().endswith("4: Strike; 1 face down")
