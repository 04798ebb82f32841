"""A zone's panel is drawn from a picture kept for its look: the same pixels as drawing it in
place, and the zone still tells what its drawing worked out (a title cut short is read whole in
its tooltip)."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QImage, QPainter

from desktop.ui import palette
from desktop.ui.table.layout import Box
from desktop.ui.table.zones import ZoneItem


def zone(title: str, hint: str = "", slots: int = 0) -> ZoneItem:
    item = ZoneItem("discard", "discard", "pile", slots)
    item.title, item.hint, item.title_height, item.card_height = title, hint, 24.0, 70.0
    item.box = Box(10.4, 20.7, 150.3, 120.6)  # off whole pixels, as a layout leaves it
    return item


def painted(draw, ratio: float = 1.0) -> QImage:
    image = QImage(round(200 * ratio), round(170 * ratio), QImage.Format.Format_RGB32)
    image.setDevicePixelRatio(ratio)
    image.fill(palette.color("felt"))
    painter = QPainter(image)
    painter.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
    draw(painter)
    painter.end()
    return image


@pytest.mark.parametrize("ratio", [1.0, 1.25, 2.0])
def test_a_zone_from_its_picture_has_the_pixels_of_one_drawn_in_place(qtbot, ratio):
    for item in (zone("Discard pile: 3", "drop a card here when you must discard"), zone("Display: 1/2", slots=2)):
        pictured = painted(lambda painter, item=item: item.paint(painter, None), ratio)
        in_place = painted(lambda painter, item=item: item._draw(painter), ratio)
        assert pictured == in_place
        assert pictured.pixelColor(100, 80) != palette.color("felt")  # the panel is there


def test_a_zone_drawn_again_as_it_was_takes_its_picture_and_keeps_its_words(qtbot):
    long_title = "The discard pile of the whole table, face up, the last card on top: 12"
    item = zone(long_title)
    painted(lambda painter: item.paint(painter, None))
    assert item.toolTip() == long_title  # cut short on the panel, read whole here
    shown = item.shown_title()
    assert shown != long_title
    drawn = []
    draw = item._draw
    item._draw = lambda painter: (drawn.append(1), draw(painter))
    item.box = Box(300.9, 20.7, 150.3, 120.6)  # laid out elsewhere, for another seat
    painted(lambda painter: item.paint(painter, None))
    item.box = Box(10.4, 20.7, 150.3, 120.6)  # and back
    item.setToolTip("")
    painted(lambda painter: item.paint(painter, None))
    assert len(drawn) == 1  # the first place's picture is taken again
    assert item.toolTip() == long_title and item.shown_title() == shown


def test_a_zone_made_anew_takes_the_picture_of_one_that_looked_the_same_and_its_words(qtbot):
    long_title = "Every card played this round and the ones before it, face up: 31"
    first = zone(long_title)
    painted(lambda painter: first.paint(painter, None))
    again = zone(long_title)  # the same zone's item made anew (laid out otherwise for another seat)
    drawn = []
    again._draw = lambda painter: drawn.append(1)
    painted(lambda painter: again.paint(painter, None))
    assert drawn == []
    assert again.toolTip() == long_title and again.shown_title() == first.shown_title() != long_title


def test_a_lit_zone_and_a_new_title_are_drawn_anew(qtbot):
    item = zone("Play area")
    plain = painted(lambda painter: item.paint(painter, None))
    item.lit = True
    lit = painted(lambda painter: item.paint(painter, None))
    item.lit, item.title = False, "Play area: 1"
    retitled = painted(lambda painter: item.paint(painter, None))
    assert plain != lit and plain != retitled and lit != retitled


def test_a_large_zone_is_drawn_in_place_and_leaves_the_cache_to_the_cards(qtbot):
    from desktop.ui.table.zones import PICTURED_ZONE_PIXELS

    item = zone("Your Ready Hand: 5")
    item.box = Box(0.5, 0.5, 400.0, 300.0)
    assert 400 * 300 > PICTURED_ZONE_PIXELS
    from desktop.ui.table import zones

    kept = dict(zones._ZONE_WORDS)
    image = QImage(420, 320, QImage.Format.Format_RGB32)
    image.fill(palette.color("felt"))
    painter = QPainter(image)
    item.paint(painter, None)
    painter.end()
    assert zones._ZONE_WORDS == kept  # no picture kept for it
    assert image.pixelColor(200, 150) != palette.color("felt")  # drawn all the same
