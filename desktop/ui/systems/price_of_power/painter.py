"""A Price of Power card face: the generic face (its deck's colour on the band, its words below)
with its cost where the printed card has it, in the top-left corner, large enough to read on the
smallest card of a 1280x720 table.

At 1280x720 with six seats another seat's cards are about 32 pixels wide: the generic face
shows only its band there, so the cost took a hover to read. Here a card of any size shows its
cost as a number on its deck's colour (and its Ducats after a "+"), never under `MIN_PX`.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QFont, QPainter, QPainterPath, QPen

from desktop.rulesets.price_of_power.faces import FaceData
from desktop.ui import palette
from desktop.ui.table import faces

MIN_PX = 9  # the smallest cost a player reads at arm's length on a laptop
THUMBNAIL = 60.0  # narrower than this the generic face draws no words, only its band


def cost_text(data: FaceData) -> str:
    return f"{data.cost}" + (f"+{data.ducats}" if data.ducats else "")


def cost_badge(width: float, height: float) -> tuple[QRectF, int]:
    """Where the cost is drawn on a card of this size, and its font's pixel size. A card wide
    enough for words: a disc at the left of its band (the title moves right of it). A thumbnail:
    the middle of its face, under the band."""
    inner = QRectF(1, 1, width - 2, height - 2)
    band = max(12.0, height * 0.19)
    if width >= THUMBNAIL:
        size = band * 0.86
        return QRectF(inner.left() + width * 0.04, inner.top() + (band - size) / 2, size, size), max(MIN_PX, round(size * 0.6))
    body = QRectF(inner.left(), inner.top() + band, inner.width(), inner.height() - band)
    px = max(MIN_PX, round(min(body.height() * 0.42, width * 0.5)))
    return QRectF(body.left(), body.top() + body.height() * 0.08, body.width(), px * 1.3), px


def paint(painter: QPainter, rect: QRectF, face) -> bool:
    """The face from a picture made once per card, size and theme: drawn at every repaint (the
    band clipped to the rounded card, the cost's disc, the title fitted), a card was 0.4-0.6 ms,
    and a late game's discard piles, hands and dragged card repaint several at each step."""
    data = face.data
    if not isinstance(data, FaceData):
        return False
    key = f"pop:{faces.face_key(face.title, face)}:{cost_text(data)}"
    faces.paint_picture(painter, rect, key, lambda inner, box: _draw(inner, box, face))
    return True


def _draw(painter: QPainter, rect: QRectF, face) -> None:
    width, height = rect.width(), rect.height()
    ratio = painter.device().devicePixelRatioF() if painter.device() is not None else 1.0
    pixmap = faces.face_pixmap(faces.face_key(face.title, face), face, round(width), round(height), ratio)
    faces.draw_face(painter, rect, pixmap)
    painter.save()
    painter.translate(rect.topLeft())
    badge, px = cost_badge(width, height)
    font = QFont()
    font.setPixelSize(px)
    font.setBold(True)
    if width >= THUMBNAIL:
        _band_with_cost(painter, face, width, height, badge, font)
    else:
        painter.setFont(font)
        painter.setPen(palette.tone(face.tone))
        painter.drawText(badge, Qt.AlignmentFlag.AlignCenter, cost_text(face.data))
    painter.restore()


def _band_with_cost(painter: QPainter, face, width: float, height: float, badge: QRectF, font: QFont) -> None:
    """The band drawn again: the cost on a light disc at its left, the title after it."""
    inner = QRectF(1, 1, width - 2, height - 2)
    band = QRectF(inner.left(), inner.top(), inner.width(), max(12.0, height * 0.19))
    path = QPainterPath()
    path.addRoundedRect(inner, width * 0.06, width * 0.06)
    painter.setClipPath(path)
    painter.fillRect(band, palette.tone(face.tone))
    painter.setClipping(False)
    painter.setPen(QPen(palette.tone(face.tone), 1))
    painter.setBrush(palette.FACE)
    painter.drawEllipse(badge)
    painter.setFont(font)
    painter.setPen(palette.INK)
    text = cost_text(face.data)
    while painter.fontMetrics().horizontalAdvance(text) > badge.width() * 0.95 and font.pixelSize() > MIN_PX:
        font.setPixelSize(font.pixelSize() - 1)  # "3+2" on a small disc
        painter.setFont(font)
    painter.drawText(badge, Qt.AlignmentFlag.AlignCenter, text)
    title = QFont()
    title.setPixelSize(max(7, round(height * 0.068)))
    title.setBold(True)
    painter.setFont(title)
    painter.setPen(palette.TITLE_INK)
    words = band.adjusted(badge.right() + width * 0.03, 1, -width * 0.05, -1)
    longest = max(face.title.split(), key=len, default="")
    while painter.fontMetrics().horizontalAdvance(longest) > words.width() and title.pixelSize() > 7:
        title.setPixelSize(title.pixelSize() - 1)  # "Counterespionage" beside the disc
        painter.setFont(title)
    painter.drawText(words, Qt.AlignmentFlag.AlignVCenter | Qt.TextFlag.TextWordWrap, face.title)
