"""A row of a track is painted again only where it changed: a new title repaints its header, a
count that changed nothing drawn repaints nothing, and a chip moved or changed repaints its own
places (desktop/ui/table/track.py `retitled`, placing.py). What is on screen after each action
is what the table paints from scratch."""

from __future__ import annotations

import random

from PySide6.QtCore import QRectF
from PySide6.QtGui import QRegion
from table_helpers import PaintedRegions, alike, table_on_screen

from desktop.engine import Game, GameSetup
from desktop.model import GameSession
from desktop.ui.main_window import MainWindow
from desktop.ui.table.track import TrackRowItem
from desktop.ui.table.track_grid import rect_of
from desktop.ui.table.track_text import title_rect
from tests.benchmarks.window_timing import lift, settle

NAMES = ["Ann", "Bo", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal"]


def going_on(game) -> list:
    return [action for action in game.legal_actions() if not getattr(type(action), "ends", False)]


def _tempo_window(qtbot, game) -> MainWindow:
    """The real window on `game` at 1600x1000, shown and settled (the curtain still up)."""
    window = MainWindow(GameSession(game))
    qtbot.addWidget(window)
    window.resize(1600, 1000)
    window.show()
    qtbot.waitExposed(window)
    settle()
    return window


def test_the_timelines_on_screen_are_what_the_table_paints_afresh_after_every_action(qtbot):
    chooser = random.Random(8)
    game = Game.new(GameSetup(ruleset="tempo", players=NAMES, seed=1))
    while len(game.actions) < 50:
        game.apply(chooser.choice(going_on(game)))
    window = _tempo_window(qtbot, game)
    session = window.session
    lift(window)
    rows = [zone for zone in window.table_view.zones.values() if isinstance(zone, TrackRowItem)]
    assert len(rows) >= 8
    retitled = 0
    for step in range(30):
        titles = [row.title for row in rows]
        session.submit(chooser.choice(going_on(game)))
        settle()
        lift(window)
        settle()
        retitled += titles != [row.title for row in rows]
        stored, fresh = table_on_screen(window)
        assert alike(stored, fresh), f"the table on screen is not what it paints afresh after action {step}"
    assert retitled  # some rows' titles changed on the way (their headers alone repainted)


def test_a_title_set_anew_repaints_the_rows_header_alone_and_only_when_it_changed(qtbot):
    window = _tempo_window(qtbot, Game.new(GameSetup(ruleset="tempo", players=NAMES[:3], seed=1)))
    lift(window)  # the table seen, not the curtain over it
    view = window.table_view
    row = next(zone for zone in view.zones.values() if isinstance(zone, TrackRowItem))
    painted = PaintedRegions()
    view.viewport().installEventFilter(painted)
    row.retitled((row.title, row.parts))  # nothing it draws changed
    settle()
    assert painted.rects == []
    before = (row.title, row.parts)
    row.title = row.title + " (2)"
    row.retitled(before)
    settle()
    assert painted.rects
    header = view.mapFromScene(title_rect(row.grid, row.row)).boundingRect().adjusted(-3, -3, 3, 3)
    whole = view.mapFromScene(row.sceneBoundingRect()).boundingRect()
    for rect in painted.rects:  # its header alone, not the row with its chips and the grid under it
        assert header.contains(rect) and rect.width() * rect.height() < whole.width() * whole.height() * 0.6, (rect, header)
    view.viewport().removeEventFilter(painted)


def test_the_count_moving_on_repaints_the_two_columns_and_the_note_not_the_whole_grid(qtbot):
    """A step of the count moves the current column and changes the note ("PCs acting", "NPCs
    acting"): only the column it leaves, the one it comes to and the note's corner are painted
    again, and what is on screen is what the table paints afresh."""
    window = _tempo_window(qtbot, Game.new(GameSetup(ruleset="tempo", players=NAMES[:3], seed=1)))
    lift(window)
    view = window.table_view
    grid_item = next(iter(view.grids.values()))
    grid = grid_item.grid
    painted = PaintedRegions()
    view.viewport().installEventFilter(painted)
    grid_item.set_marks(2, "PCs acting", grid_item.labels)
    settle()
    painted.rects.clear()
    picture = grid_item._picture[1]
    grid_item.set_marks(3, "NPCs acting", grid_item.labels)
    settle()
    assert painted.rects
    assert grid_item._picture[1] is picture  # the grid's picture is not made again: the marks are drawn over it

    def on_view(rect: QRectF) -> QRegion:
        return QRegion(view.mapFromScene(grid_item.mapToScene(rect)).boundingRect().adjusted(-6, -6, 6, 6))  # with the view's margin for antialiasing

    allowed = QRegion()
    for rect in (rect_of(grid.column_box(2)), rect_of(grid.column_box(3)), grid_item._note_box()):
        allowed = allowed.united(on_view(rect))
    for rect in painted.rects:  # the two columns and the note's corner, nothing else
        assert QRegion(rect).subtracted(allowed).isEmpty(), rect
    whole = view.mapFromScene(grid_item.sceneBoundingRect()).boundingRect()
    assert sum(rect.width() * rect.height() for rect in painted.rects) < whole.width() * whole.height() * 0.4
    stored, fresh = table_on_screen(window)
    assert alike(stored, fresh), "the grid on screen is not what it paints afresh"
    view.viewport().removeEventFilter(painted)
