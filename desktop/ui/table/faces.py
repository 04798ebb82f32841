"""Card faces and backs drawn into pixmaps, once per face, size and pixel ratio, and shared by
every card item that shows them (a 1,000-card table paints a handful of distinct pixmaps).

Text is set in pixel sizes proportional to the card, so a card is as readable at 4K as at 720p.
A system may draw its own cards (`CardPainters`, set for a table through the window's host).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import NamedTuple

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QFont, QPainter, QPainterPath, QPen, QPixmap, QPixmapCache, QTransform

from desktop.ui import palette

# The default cache (10 MB) thrashes at a large table and is then slower than no cache.
QPixmapCache.setCacheLimit(96 * 1024)



class CardPainters(NamedTuple):
    """A system's own painters of its cards, held by the table that shows its game (set through
    the window's host, `TableHost.paint_cards`), so two windows on two systems each draw their
    own. `face(painter, rect, face, look)` draws a card, `chip(...)` a card lying on a track;
    each returns False to leave the card to the generic painter. `look` is what the table
    description says of the card beyond its face (`Table.looks`: an action's state), or None:
    a painter draws from what it is given and asks nothing of the game while painting."""

    face: Callable[..., bool] | None = None
    chip: Callable[..., bool] | None = None


NO_PAINTERS = CardPainters()  # the generic table


def face_key(definition: str, face) -> str:
    """A key that changes when the face's look does (an imported deck may reuse an id), and is
    the same for every card whose face looks the same: its picture (`face_pixmap`) and the
    turned copies of it in a fan are made once and shared. In a game of many characters each
    holding a Move, one picture of it, not one per character. `definition` is not in it (a
    picture shows a face, whoever's card it is), the face's `data` is (a system's painter reads
    it); a picture is drawn only for a face the seat looking is given, so sharing shows nothing
    hidden."""
    try:
        return f"look:{hash((face.title, face.tone, face.kind, tuple(face.fields), face.data))}"
    except TypeError:  # a system's data that cannot be hashed: the card's own picture
        return f"{definition}:{hash((face.title, face.tone, face.kind, tuple(face.fields)))}"


def face_pixmap(key: str, face, width: int, height: int, ratio: float) -> QPixmap:
    key = f"face:{key}:{width}x{height}@{ratio}:{palette.generation()}"
    return _cached(key, width, height, ratio, lambda p, r: _paint_face(p, r, face))


def back_pixmap(width: int, height: int, ratio: float, back=None) -> QPixmap:
    """The plain back, or a back of its own (`presentation.CardBack`: a deck's word and colour)."""
    look = "" if back is None else f"{back.label}/{back.tone}"
    key = f"back:{look}:{width}x{height}@{ratio}:{palette.generation()}"
    return _cached(key, width, height, ratio, lambda p, r: _paint_back(p, r, back))


def system_pixmap(key: str, width: int, height: int, ratio: float, draw) -> QPixmap:
    """A system's own face, drawn once by `draw(painter, rect)` for a key that names everything
    the drawing depends on (the card and its marks), then shared like the generic faces."""
    key = f"system:{key}:{width}x{height}@{ratio}:{palette.generation()}"
    return _cached(key, width, height, ratio, draw)


def draw_face(painter: QPainter, rect: QRectF, pixmap: QPixmap) -> None:
    """Draws a card's picture (a face, a back, a system's picture) over `rect`, with the render
    hints that draw the same pixels at the least cost:

    - upright, at its own size on whole pixels: a copy, without smooth resampling. Qt's smooth
      hint sends even such a copy through its resampling path, five times slower (0.13 against
      0.02 ms for a large card, measured) for the same pixels (a test compares them);
    - tilted (a fan), at its own size: from a copy of the picture turned once per angle
      (`_turned`), put down upright on whole pixels. Resampling a tilted picture at every repaint
      made a fan's card 0.35 ms to paint (0.7 the first time), the most of a hand-over's paint in
      a game of large hands; from the turned copy, 0.12 ms (a test compares the pixels);
    - tilted otherwise: without antialiasing. Every picture's outer pixel is clear or half
      covered (`_outline` insets the card by a pixel), so the smooth resampling already softens
      the tilted edge, and antialiasing on top doubled each tilted card's cost;
      tests/ui/test_card_faces.py keeps the rim;
    - anything else (a scaled picture) as the painter is set.

    Upright or turned, the copy is made with the painter's clip narrowed to it (`_put`)."""
    source = QRectF(pixmap.rect())
    world = painter.worldTransform()
    if world.isRotating():
        if _put_down_turned(painter, world, rect, pixmap):
            return
        was = painter.testRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        painter.drawPixmap(rect, pixmap, source)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, was)
        return
    if not _copied(world, rect, pixmap):
        _put(painter, rect, lambda: painter.drawPixmap(rect, pixmap, source))
        return
    was = painter.testRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, False)
    _put(painter, rect, lambda: painter.drawPixmap(rect, pixmap, source))
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, was)


def _put(painter: QPainter, rect: QRectF, copy) -> None:
    """Runs `copy` (a picture put down over `rect`, the painter upright) with the painter's clip
    narrowed to `rect`. The table is repainted where it changed, which is rarely one rectangle,
    and Qt copies a picture into a clip of several rectangles pixel run by pixel run: 0.14 ms a
    card against 0.006 into a single rectangle (measured). A rectangle set here makes the clip
    that one rectangle wherever the card lies within what is repainted; the clip is set and
    taken off in 0.007 ms. Only when the painter has no clip of its own, which is then restored
    exactly by taking the rectangle off (the repainted region stays, as it is not the
    painter's). The rectangle has a pixel to spare on each side, so that no rounding of it can
    cut an edge off the picture, which draws nothing outside `rect`."""
    if painter.hasClipping():
        copy()
        return
    painter.setClipRect(rect.adjusted(-1, -1, 1, 1))
    copy()
    painter.setClipping(False)


def _copied(world, rect: QRectF, pixmap: QPixmap) -> bool:
    """Whether `pixmap` drawn over `rect` lands pixel for pixel (no scaling, its own size, a
    whole device pixel ratio; cards sit on whole pixels), and is large enough for the copy to
    pay for this test (a thumbnail costs about as much either way)."""
    width = pixmap.width()
    if width < _COPY_FROM:
        return False
    ratio = pixmap.devicePixelRatio()
    return (ratio == round(ratio) and not world.isScaling()
            and rect.width() * ratio == width and rect.height() * ratio == pixmap.height())


_COPY_FROM = 64  # pixels wide


def _put_down_turned(painter: QPainter, world, rect: QRectF, pixmap: QPixmap) -> bool:
    """Draws `pixmap` over `rect` turned as `world` turns it, from a turned copy, when `world`
    only turns and moves it and the picture is `rect`'s own size. The copy's centre goes on the
    card's centre, to the nearest device pixel."""
    ratio = pixmap.devicePixelRatio()
    if (abs(math.hypot(world.m11(), world.m12()) - 1) > 1e-6 or abs(math.hypot(world.m21(), world.m22()) - 1) > 1e-6
            or abs(world.m11() * world.m21() + world.m12() * world.m22()) > 1e-6 or not world.isAffine()
            or rect.width() * ratio != pixmap.width() or rect.height() * ratio != pixmap.height()):
        return False  # scaled, sheared or resampled: the painter does it
    degrees = round(math.degrees(math.atan2(world.m12(), world.m11())), 2)
    turned = _turned(pixmap, degrees)
    centre = world.map(rect.center())
    x = round((centre.x() - turned.width() / ratio / 2) * ratio) / ratio
    y = round((centre.y() - turned.height() / ratio / 2) * ratio) / ratio
    # Not save() and restore(): restoring the painter's clip (the exposed region) cost more
    # than the copy. A copy on whole pixels, without the smooth hint: with it, Qt resamples even
    # that (see draw_face).
    smooth = painter.testRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, False)
    painter.setWorldTransform(QTransform())
    at = QPointF(x, y)
    _put(painter, QRectF(at, turned.deviceIndependentSize()), lambda: painter.drawPixmap(at, turned))
    painter.setWorldTransform(world)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, smooth)
    return True


def _turned(pixmap: QPixmap, degrees: float) -> QPixmap:
    """`pixmap` turned by `degrees` about its centre, smoothly resampled, on a clear ground just
    large enough, made once per picture and angle (a fan's few angles)."""
    key = f"turned:{pixmap.cacheKey()}:{degrees}"
    found = QPixmapCache.find(key)
    if found is not None and not found.isNull():
        return found
    width, height = pixmap.width(), pixmap.height()
    turn = math.radians(degrees)
    cos, sin = abs(math.cos(turn)), abs(math.sin(turn))
    out_width, out_height = math.ceil(width * cos + height * sin) + 2, math.ceil(width * sin + height * cos) + 2
    turned = QPixmap(out_width, out_height)
    turned.fill(Qt.GlobalColor.transparent)
    painter = QPainter(turned)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    painter.translate(out_width / 2, out_height / 2)
    painter.rotate(degrees)
    painter.drawPixmap(QRectF(-width / 2, -height / 2, width, height), pixmap, QRectF(0, 0, width, height))
    painter.end()
    turned.setDevicePixelRatio(pixmap.devicePixelRatio())
    QPixmapCache.insert(key, turned)
    return turned


def paint_picture(painter: QPainter, rect: QRectF, key: str, draw) -> None:
    """Fills `rect` with the picture `draw(painter, box)` makes, made once per key, size, pixel
    ratio and theme (`system_pixmap`): a system's painter names what its drawing reads."""
    device = painter.device()
    ratio = device.devicePixelRatioF() if device is not None else 1.0
    pixmap = system_pixmap(key, max(1, round(rect.width())), max(1, round(rect.height())), ratio, draw)
    draw_face(painter, rect, pixmap)


def _cached(key: str, width: int, height: int, ratio: float, draw) -> QPixmap:
    found = QPixmapCache.find(key)
    if found is not None and not found.isNull():
        return found
    pixmap = QPixmap(max(1, round(width * ratio)), max(1, round(height * ratio)))
    pixmap.setDevicePixelRatio(ratio)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    draw(painter, QRectF(0, 0, width, height))
    painter.end()
    QPixmapCache.insert(key, pixmap)
    return pixmap


def _outline(rect: QRectF) -> tuple[QRectF, QPainterPath, float]:
    radius = rect.width() * 0.06
    inner = rect.adjusted(1, 1, -1, -1)
    path = QPainterPath()
    path.addRoundedRect(inner, radius, radius)
    return inner, path, radius


def _paint_back(painter: QPainter, rect: QRectF, back=None) -> None:
    inner, path, radius = _outline(rect)
    # A deck's own back is its colour, darkened for the light ink; its word says which deck for
    # whoever does not tell the colours apart.
    painter.fillPath(path, palette.BACK if back is None else palette.tone(back.tone).darker(135))
    painter.setPen(QPen(palette.BACK_INK, max(1.0, rect.width() * 0.015)))
    margin = rect.width() * 0.07
    painter.drawRoundedRect(inner.adjusted(margin, margin, -margin, -margin), radius * 0.7, radius * 0.7)
    words = "ACTION\nCARD" if back is None else back.label.upper()
    if rect.width() >= 60 or (back is not None and rect.width() >= 24):
        font = QFont()
        longest = max(len(line) for line in words.split("\n"))
        # Its longest line within the frame: a deck's short name (three letters) as large as it fits.
        largest = rect.width() * (0.11 if back is None else 0.2)
        font.setPixelSize(max(7, round(min(largest, inner.width() * 0.75 / max(1, longest) * 1.6))))
        font.setBold(True)
        painter.setFont(font)
        painter.drawText(inner, Qt.AlignmentFlag.AlignCenter, words)


def paint_system_face(painter: QPainter, rect: QRectF, face, look, paint: Callable[..., bool] | None) -> bool:
    """Lets a system draw a card itself with `paint` (one of its `CardPainters`; None: it has
    none), from its face and its look (`Table.looks`). Whatever the painter keeps of its pictures
    it keeps itself (`paint_picture`), named by what it draws."""
    if paint is None:
        return False
    painter.save()
    painter.setBrush(Qt.BrushStyle.NoBrush)  # a fresh painter, whatever was drawn before
    painter.setPen(QPen(palette.INK))
    painter.setOpacity(1.0)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    try:
        return bool(paint(painter, rect, face, look))
    finally:
        painter.restore()


def _paint_face(painter: QPainter, rect: QRectF, face) -> None:
    inner, path, _radius = _outline(rect)
    painter.fillPath(path, palette.FACE)
    band_height = max(12.0, rect.height() * 0.19)
    band = QRectF(inner.left(), inner.top(), inner.width(), band_height)
    painter.save()
    painter.setClipPath(path)
    painter.fillRect(band, palette.tone(face.tone))
    painter.restore()
    painter.setPen(QPen(palette.CARD_EDGE, 1))
    painter.drawPath(path)
    pad = rect.width() * 0.055
    title = QFont()
    title.setPixelSize(max(7, round(rect.height() * 0.068)))
    title.setBold(True)
    painter.setFont(title)
    painter.setPen(palette.TITLE_INK)
    if rect.width() < 60:
        # A thumbnail: its title on one line, cut short where it must (whole on hover). With the
        # band's colour alone, players took a card just played for a blank one.
        room = band.adjusted(pad, 0, -pad, 0)
        words = painter.fontMetrics().elidedText(face.title, Qt.TextElideMode.ElideRight, round(room.width()))
        painter.drawText(room, Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, words)
        return
    flags = Qt.AlignmentFlag.AlignVCenter | Qt.TextFlag.TextWordWrap
    painter.drawText(band.adjusted(pad, 1, -pad, -1), flags, face.title)
    body = inner.adjusted(pad, band_height + pad * 0.6, -pad, -pad)
    painter.setPen(palette.INK)
    _draw_fields(painter, body, face, rect.height() * text_scale(painter, body, face, rect.height(), pad), pad)


def text_scale(painter: QPainter, body: QRectF, face, height: float, pad: float) -> float:
    """How much the words shrink so that they all fit: a long text is never cut off."""
    for scale in (1.0, 0.9, 0.8, 0.7, 0.62, 0.55):
        if _fields_height(painter, body, face, height * scale, pad) <= body.height():
            return scale
    return 0.55


def _field_font(field, height: float) -> QFont:
    font = QFont()
    small = field.style in ("timing", "tag")
    font.setPixelSize(max(6, round(height * (0.05 if small else 0.056))))
    font.setItalic(field.style == "timing")
    font.setBold(field.style == "stat")
    return font


def _field_text(field) -> str:
    return f"{field.label}: {field.text}" if field.label else field.text


def _fields_height(painter: QPainter, body: QRectF, face, height: float, pad: float) -> float:
    total = 0.0
    for field in face.fields:
        painter.setFont(_field_font(field, height))
        total += painter.boundingRect(body, Qt.TextFlag.TextWordWrap, _field_text(field)).height() + pad * 0.5
    return total - pad * 0.5


def _draw_fields(painter: QPainter, body: QRectF, face, height: float, pad: float) -> None:
    for field in face.fields:
        painter.setFont(_field_font(field, height))
        text = _field_text(field)
        used = painter.boundingRect(body, Qt.TextFlag.TextWordWrap, text)
        painter.drawText(body, Qt.TextFlag.TextWordWrap, text)
        body = body.adjusted(0, used.height() + pad * 0.5, 0, 0)
        if body.height() <= 0:
            break
