"""The Future Imperfect card face: corners, the cause grid on top, the effect grid below.

Drawn from the numbers beside the face's words (`faces.read_face`), so a card is painted only from what its
viewer may see. Readable across a table: the grids take the whole card, digits are bold and as
large as a cell allows. Exceptional results are bold italic on a gold tone, as printed; CF is red;
the cells the current check lets the player take are outlined (the exact cell more thickly), and
a complex check's effect cell is outlined in green. Every colour comes from the palette.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import msgspec
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen

from desktop.rulesets.future_imperfect.cards import CF, DICE
from desktop.rulesets.future_imperfect.faces import FaceData, read_face
from desktop.ui import palette
from desktop.ui.table import faces

THUMBNAIL = 60  # pixels wide: below, a face shows its impulse only
CORNERS = ("impulse", "step", "suit", "oracle")
SUIT_SIGNS = {1: "\u2663", 2: "\u2666", 3: "\u2665", 4: "\u2660", 0: "\u2605", 5: "\u2605"}


@dataclass(frozen=True)
class Geometry:
    """Where everything sits on a card of a given size (also used to find the cell under a click)."""

    outline: QRectF
    corners: dict[str, QRectF]  # impulse, step, suit, oracle
    header: list[QRectF]  # the die names above the cause grid
    row_labels: dict[str, list[QRectF]]
    cells: dict[str, list[list[QRectF]]]  # grid -> [row][column]
    divider: float  # the y of the line between the grids
    cell_height: float

    def cell_at(self, point: QPointF) -> tuple[str, int, int] | None:
        """(grid, row 1-5, die) of the cell under `point`, or None."""
        for grid, rows in self.cells.items():
            for row, cells in enumerate(rows, start=1):
                for die, cell in zip(DICE, cells):
                    if cell.contains(point):
                        return grid, row, die
        return None


def geometry(rect: QRectF) -> Geometry:
    inner = rect.adjusted(1, 1, -1, -1)
    pad = max(2.0, rect.width() * 0.035)
    body = inner.adjusted(pad, pad * 0.6, -pad, -pad * 0.6)
    corner_h = body.height() * 0.085
    header_h = body.height() * 0.05
    gap = body.height() * 0.025
    cell_h = (body.height() - 2 * corner_h - header_h - gap) / 10
    label_w = body.width() * 0.1
    cell_w = (body.width() - label_w) / 5
    top = body.top()
    half = body.width() / 2
    corners = {
        "impulse": QRectF(body.left(), top, half, corner_h),
        "step": QRectF(body.left() + half, top, half, corner_h),
        "suit": QRectF(body.left(), body.bottom() - corner_h, half, corner_h),
        "oracle": QRectF(body.left() + half, body.bottom() - corner_h, half, corner_h),
    }
    y = top + corner_h
    header = [QRectF(body.left() + label_w + c * cell_w, y, cell_w, header_h) for c in range(5)]
    y += header_h
    cells: dict[str, list[list[QRectF]]] = {}
    labels: dict[str, list[QRectF]] = {}
    divider = 0.0
    for grid in ("cause", "effect"):
        if grid == "effect":
            divider = y + gap / 2
            y += gap
        cells[grid], labels[grid] = [], []
        for _ in range(5):
            labels[grid].append(QRectF(body.left(), y, label_w, cell_h))
            cells[grid].append([QRectF(body.left() + label_w + c * cell_w, y, cell_w, cell_h) for c in range(5)])
            y += cell_h
    return Geometry(inner, corners, header, labels, cells, divider, cell_h)


def _font(pixels: float, bold: bool = False, italic: bool = False) -> QFont:
    font = QFont()
    font.setPixelSize(max(6, round(pixels)))
    font.setBold(bold)
    font.setItalic(italic)
    return font


def _tint(colour: QColor, alpha: int) -> QColor:
    tinted = QColor(colour)
    tinted.setAlpha(alpha)
    return tinted


def paint(painter: QPainter, rect: QRectF, face) -> bool:
    """Draws the face from a picture made once per card, check marks, size and theme: the grids'
    fifty cells of text took most of an action's repaint when drawn at every paint. The marks
    change at nearly every action of a check, so a marked face is the card's unmarked picture
    (drawn once, `_unmarked`) with the marks drawn over it: about a tenth of drawing the grids."""
    data = read_face(face)
    if data is None:
        return False
    if data.mark is None or rect.width() < THUMBNAIL - 0.5:  # a thumbnail shows no marks
        _unmarked(painter, rect, data)
    else:
        faces.paint_picture(painter, rect, _key(data), lambda inner, box: _marked(inner, box, data))
    return True


def _marked(painter: QPainter, rect: QRectF, data: FaceData) -> None:
    """The card's unmarked picture, then its marks over it."""
    _unmarked(painter, rect, data)
    _mark_over(painter, geometry(rect), data)


def _unmarked(painter: QPainter, rect: QRectF, data: FaceData) -> None:
    """The card's picture without marks, made once per card, size and theme."""
    plain = msgspec.structs.replace(data, mark=None)
    faces.paint_picture(painter, rect, _key(plain), lambda inner, box: draw(inner, box, plain))


@functools.lru_cache(maxsize=4096)
def _key(data: FaceData) -> str:
    """The face's every number and mark, as the pixmap's name (the data is a frozen struct)."""
    return "fi:" + msgspec.json.encode(data).decode()


def draw(painter: QPainter, rect: QRectF, data: FaceData) -> None:
    """The face itself, drawn at `rect`."""
    geo = geometry(rect)
    path = QPainterPath()
    radius = rect.width() * 0.05
    path.addRoundedRect(geo.outline, radius, radius)
    painter.fillPath(path, palette.FACE)
    painter.setPen(QPen(palette.CARD_EDGE, 1))
    painter.drawPath(path)
    if rect.width() < THUMBNAIL:  # a pile's top card: its impulse only
        painter.setFont(_font(rect.width() * 0.42, bold=True))
        painter.setPen(palette.INK)
        painter.drawText(geo.outline, Qt.AlignmentFlag.AlignCenter, str(data.impulse))
        return
    for name in CORNERS:
        _corner(painter, geo, data, name, lit=False)
    _header(painter, geo, None)
    for grid in ("cause", "effect"):
        _grid(painter, geo, data, grid)
    painter.setPen(QPen(palette.CARD_EDGE, max(1.0, rect.width() * 0.006)))
    left = geo.row_labels["cause"][0].left()
    painter.drawLine(QPointF(left, geo.divider), QPointF(geo.outline.right() - 4, geo.divider))
    _mark_over(painter, geo, data)


def _mark_over(painter: QPainter, geo: Geometry, data: FaceData) -> None:
    """What the check marks on a face: its lit corners, the die of its column and its cells."""
    mark = data.mark
    if mark is None:
        return
    for name in {"oracle": ("oracle",), "playing-card": ("step", "suit")}.get(mark.kind, ()):
        _corner(painter, geo, data, name, lit=True)
    if mark.kind in ("resolution", "extension"):
        _header(painter, geo, mark.die)
        _marks(painter, geo, data)


def _corner(painter: QPainter, geo: Geometry, data: FaceData, name: str, lit: bool) -> None:
    """One corner's text; lit, on a gold spot, over whatever the corner held."""
    size = geo.corners["impulse"].height() * 0.82
    red = data.suit in (2, 3, 5)
    text, align = {
        "impulse": (str(data.impulse), Qt.AlignmentFlag.AlignLeft),
        "step": (str(data.step), Qt.AlignmentFlag.AlignRight),
        "suit": (f"{data.suit} {SUIT_SIGNS[data.suit]}", Qt.AlignmentFlag.AlignLeft),
        "oracle": ("YES" if data.yes else "NO", Qt.AlignmentFlag.AlignRight),
    }[name]
    box = geo.corners[name]
    painter.setFont(_font(size, bold=True))
    width = painter.fontMetrics().horizontalAdvance(text) + size * 0.5
    spot = QRectF(box.left() if align == Qt.AlignmentFlag.AlignLeft else box.right() - width, box.top(), width, box.height())
    if lit:
        painter.fillRect(spot, palette.FACE)  # the unlit text under it goes
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(_tint(palette.tone("gold"), 90))
        painter.drawRoundedRect(spot, size * 0.25, size * 0.25)
    ink = palette.tone("red") if (name == "suit" and red) or (name == "oracle" and data.yes) else palette.INK
    painter.setPen(ink)
    painter.drawText(spot, Qt.AlignmentFlag.AlignCenter, text)


def _header(painter: QPainter, geo: Geometry, chosen: int | None) -> None:
    """The die names above the cause grid; given `chosen`, only that one, in blue, over the
    plain one (the check's column)."""
    painter.setFont(_font(geo.header[0].height() * 0.85, bold=True))
    for die, box in zip(DICE, geo.header):
        if chosen is not None and die != chosen:
            continue
        if chosen is not None:
            painter.fillRect(box, palette.FACE)
        painter.setPen(palette.tone("blue") if chosen is not None else palette.tone("plain"))
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, f"d{die}")


def _grid(painter: QPainter, geo: Geometry, data: FaceData, grid: str) -> None:
    values = data.cause if grid == "cause" else data.effect
    size = geo.cell_height * 0.84
    painter.setFont(_font(size * 0.75, bold=True))
    painter.setPen(palette.tone("plain"))
    for row, box in enumerate(geo.row_labels[grid], start=1):
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, str(row) if grid == "cause" else f"({row})")
    for row, cells in enumerate(geo.cells[grid]):
        for die, box, value in zip(DICE, cells, values[row]):
            exceptional = grid == "cause" and value != CF and value >= die
            if exceptional:
                painter.fillRect(box.adjusted(1, 1, -1, -1), _tint(palette.tone("gold"), 70))
            if grid == "cause" and value == CF:
                painter.fillRect(box.adjusted(1, 1, -1, -1), _tint(palette.tone("red"), 40))
                painter.setFont(_font(size * 0.8, bold=True))
                painter.setPen(palette.tone("red"))
                painter.drawText(box, Qt.AlignmentFlag.AlignCenter, "CF")
                continue
            painter.setFont(_font(size, bold=exceptional or grid == "cause", italic=exceptional))
            painter.setPen(palette.INK if grid == "cause" else palette.tone("plain").darker(130))
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, str(value))


def _marks(painter: QPainter, geo: Geometry, data: FaceData) -> None:
    """Outlines the cells of the check: those the player may take, the exact one thickly, the
    effect cell in green."""
    mark = data.mark
    column = DICE.index(mark.die)
    width = max(1.5, geo.cell_height * 0.12)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    for row in mark.rows:
        box = geo.cells["cause"][row - 1][column].adjusted(1, 1, -1, -1)
        thick = row == mark.exact or mark.kind == "extension"
        painter.setPen(QPen(palette.tone("blue"), width * (1.8 if thick else 1.0)))
        painter.drawRoundedRect(box, 3, 3)
    if mark.effect is not None:
        row, die = mark.effect
        box = geo.cells["effect"][row - 1][DICE.index(die)].adjusted(1, 1, -1, -1)
        painter.fillRect(box, _tint(palette.tone("green"), 45))
        painter.setPen(QPen(palette.tone("green"), width * 1.8))
        painter.drawRoundedRect(box, 3, 3)
        painter.setFont(_font(geo.cell_height * 0.78, bold=True))
        painter.setPen(palette.INK)
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, str(data.effect[row - 1][DICE.index(die)]))
