"""A Tempo Combat chip: an action lying on the timeline, drawn by the look the ruleset's table
description gives its card (`Table.looks`, a `ChipLook`: desktop/rulesets/tempo/looks.py;
docs/systems/tempo.md "At the table"):

- planned: a ghost (its colour faint, a dashed edge);
- acting (its turn under way): solid, with a thick edge in the table's focus colour;
- done: solid, with a tick;
- passed (its tempo went by untaken) or lost: faded and struck through;
- E, F, X (Extra, Free, granted by an Exert), G (granted by the GM): a tag at its left;
- moved by an Exert: its usual tempo and an arrow before its name ("6\u2192 Hide");
- a reaction used in its turn: an R badge at its right, with the reaction's name where it fits.

The table asks for it only for a card lying on a track (`paint_chip`); in a hand or shown large
a card keeps the generic face. The painter draws what it is given; it decides nothing and asks
nothing of the game.
"""

from __future__ import annotations

import functools

import msgspec
from PySide6.QtCore import QLineF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPen

from desktop.rulesets.tempo.looks import ChipLook
from desktop.ui import palette
from desktop.ui.table import faces

TAGS = {"extra": "E", "free": "F", "exert": "X", "granted": "G"}
TICK = "\u2713"
ARROW = "\u2192"


def look(chip: ChipLook) -> str:
    """planned, acting, done or forfeited (passed or lost: drawn alike)."""
    return "forfeited" if chip.state in ("passed", "lost") else chip.state


def words(chip: ChipLook) -> str:
    """The chip's state in words, for its tooltip and the accessible text."""
    parts = [{"planned": "planned", "acting": "acting now", "done": "taken", "passed": "its tempo passed",
              "lost": "lost"}[chip.state]]
    if chip.tag in TAGS:
        parts.append({"extra": "Extra, no Normal Move", "free": "Free, no Normal Move", "exert": "from an Exert",
                      "granted": "granted, no Normal Move"}[chip.tag])
    if chip.usual != chip.tempo:
        parts.append(f"moved by Exert from tempo {chip.usual} (+1 Exertion)")
    parts += [f"reaction: {name}" for name in chip.reactions]
    return ", ".join(parts)


def paint(painter: QPainter, rect: QRectF, face, chip) -> bool:
    """A card lying on the timeline (the table's `paint_chip`), drawn by its look, from a picture
    made once per look, name, size and theme: drawn at every repaint (its name fitted and wrapped,
    its marks), a chip was about 0.3 ms, and a timeline shows dozens. Not a chip of this game (no
    look): left to the generic chip."""
    if not isinstance(chip, ChipLook) or face is None:
        return False
    faces.paint_picture(painter, rect, _key(face.title, face.tone, chip), lambda inner, box: draw(inner, box, face, chip))
    return True


@functools.lru_cache(maxsize=4096)
def _key(title: str, tone: str, chip: ChipLook) -> str:
    """Everything a chip's drawing reads (`draw`: its name and tone, and its look), as its
    picture's name."""
    return "tempo:" + msgspec.json.encode((title, tone, chip)).decode()


def draw(painter: QPainter, rect: QRectF, face, chip) -> None:
    """The chip of this action (its `ChipLook`) in `rect`."""
    state = look(chip)
    radius = min(6.0, rect.height() * 0.2)
    body = rect.adjusted(0.75, 0.75, -0.75, -0.75)
    colour = QColor(palette.tone(face.tone))
    if state == "forfeited":
        colour = QColor(palette.tone("grey"))
    fill = QColor(colour)
    if state in ("planned", "forfeited"):
        fill.setAlpha(110)  # a ghost: the felt shows through
    edge = QPen(colour.lighter(150), 1.6, Qt.PenStyle.DashLine if state == "planned" else Qt.PenStyle.SolidLine)
    if state == "acting":
        edge = QPen(palette.color("focus"), max(2.5, rect.height() * 0.1))
    elif state == "done":
        edge = QPen(palette.CARD_EDGE, 1)
    painter.setPen(edge)
    painter.setBrush(QBrush(fill))
    painter.drawRoundedRect(body, radius, radius)
    inner = rect.adjusted(2, 1, -2, -1)  # the generic chip's room for words: two lines from 20 px
    height = inner.height()
    small = max(8, round(min(height * 0.42, 14.0)))
    left = _left_marks(painter, inner, chip, small)
    right = _right_marks(painter, inner, chip, state, small)
    text_box = QRectF(inner.left() + left, inner.top(), inner.width() - left - right, height)
    title = face.title
    painter.setPen(palette.TITLE_INK)
    font = fitted(title, round(text_box.width()), round(text_box.height()), round(min(20.0, max(10.0, height * 0.55))))
    if font is None:  # a tiny cell: its colour and its preview say the rest
        font = _font(8)
        title = QFontMetricsF(font).elidedText(title, Qt.TextElideMode.ElideRight, max(4.0, text_box.width()))
    painter.setFont(font)
    flags = int(Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap)
    painter.drawText(text_box, flags, title)
    if state == "forfeited":  # struck through, from edge to edge of its name
        used = painter.boundingRect(text_box, flags, title)
        painter.setPen(QPen(palette.TITLE_INK, max(1.5, height * 0.07)))
        y = used.center().y()
        painter.drawLine(QLineF(used.left() - 2, y, used.right() + 2, y))


def _left_marks(painter: QPainter, inner: QRectF, chip, size: int) -> float:
    """The tag (E, F, X, G) and the arrow from its usual tempo, at the chip's left; their width."""
    marks = ""
    if chip.tag in TAGS:
        marks += TAGS[chip.tag]
    if chip.usual != chip.tempo and chip.usual >= 0:
        marks += (" " if marks else "") + f"{chip.usual}{ARROW}"
    if not marks or inner.width() < size * 4:
        return 0.0
    font = _font(size)
    painter.setFont(font)
    width = QFontMetricsF(font).horizontalAdvance(marks) + 4
    box = QRectF(inner.left(), inner.top(), width, inner.height())
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QBrush(QColor(0, 0, 0, 90)))
    painter.drawRoundedRect(box.adjusted(0, 2, 0, -2), 3, 3)
    painter.setPen(palette.TITLE_INK)
    painter.drawText(box, int(Qt.AlignmentFlag.AlignCenter), marks)
    return width + 2


def _right_marks(painter: QPainter, inner: QRectF, chip, state: str, size: int) -> float:
    """The tick of an action done and the R badge of a reaction used in its turn; their width."""
    width = 0.0
    font = _font(size)
    metrics = QFontMetricsF(font)
    painter.setFont(font)
    if chip.reactions and inner.width() >= size * 5:
        names = ", ".join(name.split("'s ", 1)[-1] for name in chip.reactions)
        text = f"R {names}"
        if metrics.horizontalAdvance(text) + 6 > inner.width() * 0.45:
            text = "R"
        badge_width = metrics.horizontalAdvance(text) + 6
        box = QRectF(inner.right() - badge_width, inner.top() + 1, badge_width, inner.height() - 2)
        painter.setPen(QPen(palette.CARD_EDGE, 1))
        painter.setBrush(QBrush(palette.FACE))
        painter.drawRoundedRect(box, 3, 3)
        painter.setPen(palette.INK)
        painter.drawText(box, int(Qt.AlignmentFlag.AlignCenter), text)
        width += badge_width + 2
    if state == "done" and inner.width() >= size * 3:
        tick = QRectF(inner.right() - width - size * 1.2, inner.top(), size * 1.2, inner.height())
        painter.setPen(palette.TITLE_INK)
        painter.drawText(tick, int(Qt.AlignmentFlag.AlignCenter), TICK)
        width += size * 1.2
    return width


@functools.lru_cache(maxsize=64)
def _font(size: int) -> QFont:
    font = QFont()
    font.setBold(True)
    font.setPixelSize(size)
    return font


@functools.lru_cache(maxsize=2048)
def fitted(text: str, width: int, height: int, largest: int, smallest: int = 8) -> QFont | None:
    """The largest bold font (down to `smallest` px) that sets `text` in a box of that size, on
    at most two lines without cutting a word; None when none does. Kept for each box, so a chip
    drawn again measures nothing."""
    if width <= 0 or height <= 0:
        return None
    box = QRectF(0, 0, width, height)
    flags = int(Qt.AlignmentFlag.AlignVCenter | Qt.TextFlag.TextWordWrap)
    for size in range(max(smallest, largest), smallest - 1, -1):
        font = _font(size)
        metrics = QFontMetricsF(font)
        if max((metrics.horizontalAdvance(word) for word in text.split()), default=0) > width:
            continue
        needed = metrics.boundingRect(box, flags, text)
        if needed.height() <= min(height, metrics.lineSpacing() * 2 + 1):
            return font
    return None
