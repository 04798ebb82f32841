"""A card's words fit its face: a long text shrinks rather than being cut off at the bottom."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPainter, QPixmap

from desktop.engine.presentation import Face, FaceField
from desktop.ui.table import faces

LONG = ("After another player activates a system that contains one or more of your units, you may "
        "move up to two of your ships from adjacent systems into it; they may not have moved this "
        "round, and every ship that moves this way loses one point of movement at the end of the "
        "round. If a space combat follows, your ships that moved this way roll one extra die.")


def test_a_long_text_fits_the_large_preview(qtbot):
    face = Face(title="Experimental Battlestation", kind="Action",
                fields=[FaceField("After another player moves ships", style="timing"),
                        FaceField(LONG), FaceField(LONG[:120], label="Note")])
    pixmap = QPixmap(330, 465)
    painter = QPainter(pixmap)
    body = QRectF(18, 108, 294, 339)
    scale = faces.text_scale(painter, body, face, 465, 18)
    assert scale < 1.0  # it had to shrink
    assert faces._fields_height(painter, body, face, 465 * scale, 18) <= body.height()
    painter.end()


def painted_outside(item, focused: bool = False) -> int:
    """Pixels an item paints outside its bounding rect: each leaves paint behind when it moves
    or hides (the table repaints only the rects items declare)."""
    from PySide6.QtGui import QColor, QImage

    bounds = item.boundingRect()
    margin = 40
    image = QImage(int(bounds.width()) + 2 * margin, int(bounds.height()) + 2 * margin, QImage.Format.Format_ARGB32)
    image.fill(QColor(0, 0, 0, 0))
    painter = QPainter(image)
    painter.translate(margin - bounds.left(), margin - bounds.top())
    if focused:
        item.hasFocus = lambda: True
    item.paint(painter, None, None)
    painter.end()
    inside = bounds.translated(margin - bounds.left(), margin - bounds.top()).toAlignedRect()
    return sum(
        1
        for y in range(image.height())
        for x in range(image.width())
        if image.pixelColor(x, y).alpha() and not inside.contains(x, y)
    )


def test_the_large_preview_and_a_focused_card_paint_only_inside_their_bounds(qtbot):
    from desktop.ui.table.items import CardItem, Preview

    face = Face(title="Morale Boost", kind="Action", fields=[FaceField("Add 1 to every combat roll.")])
    card = CardItem("hand:ann", "c1", face, "morale", owner="Ann's hand")
    card.set_size(300, 420)  # a large card, as on a 4K table
    assert painted_outside(card, focused=True) == 0
    preview = Preview()
    preview.show_card(card, 330, 465, QPointF(0, 0))
    assert painted_outside(preview) == 0


def test_every_card_picture_keeps_a_see_through_rim_so_a_tilted_card_edge_stays_soft(qtbot):
    """A tilted card is drawn without Qt's antialiasing (faces.draw_face): its picture's outer
    pixels, clear or half covered by the edge line, are what soften the edge. A picture filled
    up to its border would draw a jagged tilted card."""
    face = Face(title="Quick Attack", kind="Action", fields=[FaceField("Strike with a Quick weapon.")])
    for picture in (faces.face_pixmap("rim-test", face, 126, 176, 1.0), faces.back_pixmap(126, 176, 1.0)):
        image = picture.toImage()
        width, height = image.width(), image.height()
        border = [(x, 0) for x in range(width)] + [(x, height - 1) for x in range(width)]
        border += [(0, y) for y in range(height)] + [(width - 1, y) for y in range(height)]
        assert max(image.pixelColor(x, y).alpha() for x, y in border) <= 160
        assert image.pixelColor(width // 2, height // 2).alpha() == 255  # the card itself is there


def resampled(painter: QPainter, rect: QRectF, picture) -> None:
    """A picture drawn the plain way, with the painter's own hints: what draw_face must match."""
    painter.drawPixmap(rect, picture, QRectF(picture.rect()))


def drawn_on_felt(draw, size: tuple[int, int], at: tuple[float, float], turn: float = 0.0, ratio: float = 1.0,
                  repainted=None):
    """An image of the felt with `draw(painter)` done on it, the painter moved to `at` and turned
    by `turn` degrees, with the table's render hints. `repainted`: the region (device pixels)
    being repainted, as a window's partial repaint gives it to the painter, not as its own clip."""
    from PySide6.QtGui import QColor, QImage

    image = QImage(round(size[0] * ratio), round(size[1] * ratio), QImage.Format.Format_RGB32)
    image.setDevicePixelRatio(ratio)
    image.fill(QColor("#244a37"))
    painter = QPainter(image)
    if repainted is not None:
        painter.paintEngine().setSystemClip(repainted)
    painter.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.SmoothPixmapTransform)
    painter.translate(*at)
    painter.rotate(turn)
    draw(painter)
    painter.end()
    return image


def test_an_upright_card_is_copied_with_the_same_pixels_as_the_smooth_path(qtbot):
    """draw_face copies an upright picture without smooth resampling (five times cheaper): the
    table must look exactly as it did with the smooth hint."""
    from PySide6.QtGui import QColor

    face = Face(title="Quick Attack", kind="Action", fields=[FaceField("Strike with a Quick weapon.")])
    picture = faces.face_pixmap("copy-test", face, 126, 176, 1.0)
    rect = QRectF(7, 9, 126, 176)
    images = [drawn_on_felt(lambda painter, draw=draw: draw(painter, rect, picture), (200, 240), (30, 20))
              for draw in (faces.draw_face, resampled)]
    assert images[0] == images[1]
    assert images[0].pixelColor(100, 120) != QColor("#244a37")  # the card is there


@pytest.mark.parametrize("ratio", [1.0, 2.0])
def test_a_tilted_card_drawn_from_its_turned_copy_looks_as_one_turned_in_place(qtbot, ratio):
    """A fan's card is put down from a copy turned once per angle (a third of resampling it at
    every repaint): the same card where it was, to within half a pixel's blur at its edges, on
    an ordinary screen and a high-density one."""
    from PySide6.QtGui import QColor

    face = Face(title="Standard Attack", kind="Action", fields=[FaceField("Strike with a Standard weapon.")])
    picture = faces.face_pixmap("turn-test", face, 126, 176, ratio)
    rect = QRectF(0, 0, 126, 176)
    images = [drawn_on_felt(lambda painter, draw=draw: draw(painter, rect, picture), (260, 280), (60.3, 40.6), -4.0, ratio)
              for draw in (faces.draw_face, resampled)]
    new, old = images
    assert faces.QPixmapCache.find(f"turned:{picture.cacheKey()}:-4.0") is not None  # the copy was used
    differences = [abs(QColor(new.pixel(x, y)).lightness() - QColor(old.pixel(x, y)).lightness())
                   for y in range(0, new.height(), 2) for x in range(0, new.width(), 2)]
    assert sum(differences) / len(differences) < 2.0  # the same card, in the same place
    assert max(differences) < 160  # no edge moved by a whole pixel's contrast
    assert new.pixelColor(round(125 * ratio), round(130 * ratio)) != QColor("#244a37")  # the card is there


@pytest.mark.parametrize(("turn", "ratio"), [(0.0, 1.0), (-4.0, 1.0), (0.0, 2.0), (-4.0, 2.0)])
def test_a_card_repainted_with_other_parts_of_the_table_looks_as_in_a_whole_repaint(qtbot, turn, ratio):
    """Where the table is repainted in several rectangles at once, a card is put down with the
    clip narrowed to it (into such a region, Qt copied a picture at a twentieth of the speed).
    The card must look the same, and the painter must be left as it was: what the item draws
    after its face (its tokens, the focus ring) is not cut to the face."""
    from PySide6.QtCore import QRect
    from PySide6.QtGui import QColor, QRegion

    face = Face(title="Quick Attack", kind="Action", fields=[FaceField("Strike with a Quick weapon.")])
    picture = faces.face_pixmap("region-test", face, 126, 176, ratio)
    rect = QRectF(0, 0, 126, 176)
    left_clipped = []

    def card_then_mark(painter: QPainter) -> None:
        faces.draw_face(painter, rect, picture)
        left_clipped.append(painter.hasClipping())
        painter.fillRect(QRectF(-12, -12, 8, 8), QColor("#ff0000"))  # beside the card, still repainted

    def scaled(x, y, w, h) -> QRect:
        return QRect(round(x * ratio), round(y * ratio), round(w * ratio), round(h * ratio))

    region = QRegion(scaled(20, 10, 220, 250)) + QRegion(scaled(0, 0, 10, 10)) + QRegion(scaled(250, 270, 10, 10))
    whole, partly = (drawn_on_felt(card_then_mark, (280, 300), (60, 50), turn, ratio, repainted)
                     for repainted in (None, region))
    assert left_clipped == [False, False]
    inside = scaled(20, 10, 220, 250)
    assert partly.copy(inside) == whole.copy(inside)
    assert partly.pixelColor(round(52 * ratio), round(42 * ratio)) == QColor("#ff0000")  # the mark, not cut off
    assert partly.pixelColor(round(130 * ratio), round(140 * ratio)) != QColor("#244a37")  # the card is there


def test_a_decks_own_back_reads_apart_from_the_plain_one_and_from_another_decks(qtbot):
    """A back of its own (a deck's colour and short name) is another picture than the plain
    back, and two decks' backs differ; the plain back is as it was (drawn without one)."""
    from desktop.engine.presentation import CardBack

    def image(back):
        return faces.back_pixmap(90, 126, 1.0, back).toImage()

    plain, mil, dip = image(None), image(CardBack(label="MIL", tone="red")), image(CardBack(label="DIP", tone="blue"))
    assert faces.back_pixmap(90, 126, 1.0).toImage() == plain
    assert mil != plain and dip != plain and mil != dip
    centre = (45, 20)  # above the word: the back's own colour
    assert mil.pixelColor(*centre).red() > mil.pixelColor(*centre).blue()
    assert dip.pixelColor(*centre).blue() > dip.pixelColor(*centre).red()


def test_a_thumbnail_shows_its_title_in_its_band(qtbot):
    """A card too small for its words (a pile or a play area squeezed at 1280x720) still names
    itself: new players took a card just played, its band's colour alone, for a blank card."""
    from desktop.ui import palette

    face = Face(title="Slip Past", kind="Action", fields=[FaceField("Get past a watcher.")])
    band = palette.tone(face.tone)
    for width, height in ((53, 75), (44, 62)):
        image = faces.face_pixmap("thumb", face, width, height, 1.0).toImage()
        rows = range(3, max(12, round(height * 0.19)) - 1)
        inked = [(x, y) for y in rows for x in range(4, width - 4)
                 if abs(image.pixelColor(x, y).lightness() - band.lightness()) > 60]
        assert len(inked) > 15, (width, height)  # letters over the band, not the band alone
