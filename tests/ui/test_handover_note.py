"""The note over the table after private news ("pass the screen to Bo"): it paints every pixel
of its own, in the theme's notice colour, and the table under it is not painted for it."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect
from table_helpers import PaintedRegions, window_on

from desktop.engine import Game, GameSetup
from desktop.ui import palette
from desktop.ui.screens import screen_of
from tests.benchmarks.window_timing import settle


def tempo_window(qtbot, theme: str):
    palette.use(theme)
    _session, window = window_on(qtbot, Game.new(GameSetup(ruleset="tempo", players=["Ann", "Bo", "Cy"], seed=1)),
                                 size=(1600, 1000))
    settle()
    return window


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_note_comes_up_in_the_notice_colour_without_painting_the_table_under_it(qtbot, theme):
    window = tempo_window(qtbot, theme)
    try:
        view, note = window.table_view, window.handover
        painted = PaintedRegions()
        view.viewport().installEventFilter(painted)
        note.ask("Bo", view)
        settle()
        view.viewport().removeEventFilter(painted)
        assert note.isVisible() and note.button.text() == "Pass to Bo"
        under = QRect(view.viewport().mapFrom(view, note.geometry().topLeft()), note.size())
        assert [rect for rect in painted.rects if rect.intersects(under)] == []
        shown = screen_of(window).grabWindow(window.winId()).toImage()
        corner = note.mapTo(window, note.rect().topLeft())
        for x, y in ((1, 1), (note.width() - 2, 1), (1, note.height() - 2), (note.width() - 2, note.height() - 2)):
            assert shown.pixelColor(corner.x() + x, corner.y() + y) == palette.color("notice"), (x, y)
    finally:
        palette.use("light")
