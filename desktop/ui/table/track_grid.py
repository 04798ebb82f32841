"""A track's grid on the table: its frame, the column headers, the dividers, and what the
table marks on it (the column current now, a note on what it means). The rows over it are
`TrackRowItem`s (desktop/ui/table/track.py); what is current is the ruleset's word, read from
the table (`Table.tracks`): these items decide nothing.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QLineF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPen, QPixmap
from PySide6.QtWidgets import QGraphicsObject

from desktop.ui import palette
from desktop.ui.table import faces
from desktop.ui.table.layout import Box, Grid
from desktop.ui.table.track_text import fitted_font


def rect_of(box: Box) -> QRectF:
    return QRectF(box.x, box.y, box.width, box.height)


def track_marks(table, track: str) -> tuple[int, str, tuple[str, ...], tuple[str, ...]]:
    """What the table says of a track now (`Table.tracks`): the current column or -1, a note on
    it, the rows acting now, the columns' labels; a table saying nothing marks nothing."""
    for entry in table.tracks:
        if entry.track == track:
            return entry.current, entry.note, tuple(entry.acting), tuple(entry.labels)
    return -1, "", (), ()


class GridItem(QGraphicsObject):
    """A track's grid: its frame, the column headers, the dividers and the current column."""

    def __init__(self, track: str):
        super().__init__()
        self.track = track
        self.grid: Grid | None = None
        self.current = -1
        self.note = ""
        self.labels: tuple[str, ...] = ()
        self._picture = None  # (what it was drawn from, the grid's picture): `paint`
        self._note_font = None  # the note set whole in its corner (None: it does not fit): `_fit_note`
        self.setZValue(-12)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def set_grid(self, grid: Grid) -> None:
        if grid != self.grid:
            self.prepareGeometryChange()
            self.grid = grid
            self.update()
            self._fit_note()

    def set_marks(self, current: int, note: str, labels: tuple[str, ...]) -> None:
        """Only what changed is painted again: the current column leaving and the one it comes
        to, the note's corner, the column headers. The whole grid painted again was every row,
        chip and card on it, at each step of the count."""
        if (current, note, labels) == (self.current, self.note, self.labels):
            return
        grid = self.grid
        if grid is not None:
            if current != self.current:
                for column in {self.current, current}:
                    if 0 <= column < grid.columns:
                        self._repaint(rect_of(grid.column_box(column)).adjusted(-2, -2, 2, 2))
            if note != self.note:
                self._repaint(self._note_box().adjusted(-1, -1, 1, 1))
            if labels != self.labels:
                self._repaint(QRectF(grid.box.x, grid.box.y, grid.box.width, grid.header).adjusted(-1, -1, 1, 1))
        self.current, self.note, self.labels = current, note, labels
        self._fit_note()

    def _repaint(self, rect: QRectF) -> None:
        """`rect` painted again, apart from the item's other changes: an item unites the parts
        it is asked to update into one rectangle, and the note's corner and a column at the
        far side united were most of the grid."""
        scene = self.scene()
        if scene is None:
            self.update(rect)
        else:
            scene.update(self.mapRectToScene(rect))

    def _fit_note(self) -> None:
        """The note's font in its corner, worked out once per note and grid (the grid is painted
        at nearly every action); a note too long for its corner is read whole in the tooltip."""
        self._note_font = None
        if self.note and self.grid is not None:
            self._note_font = fitted_font(None, self.note, self._note_box(), round(self.grid.header * 0.55), 9,
                                          bold=False, lines=2)
        self.setToolTip(self.note if self.note and self._note_font is None else "")

    def label(self, column: int) -> str:
        return self.labels[column] if column < len(self.labels) else str(column)

    def boundingRect(self) -> QRectF:
        return rect_of(self.grid.box).adjusted(-4, -4, 4, 4) if self.grid is not None else QRectF()

    def paint(self, painter: QPainter, option, widget=None) -> None:
        """From a picture of the whole grid made once per grid, note, labels and theme, with the
        current column drawn over it: the rows and chips over it change at nearly every action,
        and each change had the grid's lines and labels drawn again under them (about 1.5 ms a
        time); the current column moves at each step of the count, and with it in the picture
        the picture was made again at each step."""
        if self.grid is None:
            return
        world = painter.worldTransform()
        if world.isScaling() or world.isRotating():
            self._draw(painter)  # a scaled picture would blur: drawn as it is
            self._draw_marks(painter)
            return
        ratio = painter.device().devicePixelRatioF() if painter.device() is not None else 1.0
        bounds = self.boundingRect()
        left, top = math.floor(bounds.left()), math.floor(bounds.top())
        key = (self.grid, self.labels, palette.generation(), ratio)
        if self._picture is None or self._picture[0] != key:
            picture = QPixmap(math.ceil((bounds.right() - left) * ratio) + 1, math.ceil((bounds.bottom() - top) * ratio) + 1)
            picture.setDevicePixelRatio(ratio)
            picture.fill(Qt.GlobalColor.transparent)
            inner = QPainter(picture)
            inner.setRenderHints(painter.renderHints())
            inner.translate(-left, -top)
            self._draw(inner)
            inner.end()
            self._picture = (key, picture)
        picture = self._picture[1]
        ratio = picture.devicePixelRatio()
        faces.draw_face(painter, QRectF(left, top, picture.width() / ratio, picture.height() / ratio), picture)
        self._draw_marks(painter)

    def _draw_marks(self, painter: QPainter) -> None:
        """Over the grid, what the table marks: the note, what the current column means now (the
        ruleset's words, over the row headers), and the current column, read from across a room:
        a solid band down the whole grid, and its label underlined."""
        grid = self.grid
        font, note = self._note_font, self.note
        if note and font is not None:
            ink = palette.color("felt_ink")

            def draw(inner: QPainter, room: QRectF) -> None:
                inner.setPen(ink)
                inner.setFont(font)
                inner.drawText(room, int(Qt.AlignmentFlag.AlignVCenter | Qt.TextFlag.TextWordWrap), note)

            key = f"track-note:{font.toString()}:{ink.rgba():x}:{note}"
            faces.paint_picture(painter, whole_pixels(self._note_box()), key, draw)
        if not 0 <= self.current < grid.columns:
            return
        # The band and its underlined label from pictures made once per column size and theme:
        # drawn over the grid, a translucent band with an antialiased edge down the whole grid
        # and a label fitted anew took 0.28 ms of each repaint of the grid (nearly every action).
        band, ink = QColor(palette.color("focus")), palette.color("felt_ink")
        band.setAlpha(70)

        def draw_band(inner: QPainter, room: QRectF) -> None:
            inner.setPen(QPen(palette.color("focus"), 3))
            inner.setBrush(QBrush(band))
            inner.drawRect(room.adjusted(1.5, 1.5, -1.5, -1.5))

        column = rect_of(grid.column_box(self.current))
        put_picture(painter, column, f"track-band:{band.rgba():x}", draw_band)
        label = self.label(self.current)

        def draw_label(inner: QPainter, room: QRectF) -> None:
            self._draw_label(inner, room, label, underline=True)

        put_picture(painter, rect_of(grid.header_box(self.current)), f"track-label:{ink.rgba():x}:{grid.header}:{label}",
                    draw_label)

    def _draw_label(self, painter: QPainter, box: QRectF, label: str, underline: bool = False) -> None:
        font = fitted_font(None, label, box.adjusted(2, 1, -2, -1), round(self.grid.header * 0.7), 9, lines=1)
        if font is not None:
            font.setUnderline(underline)
            painter.setFont(font)
            painter.setPen(palette.color("felt_ink"))
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, label)

    def _draw(self, painter: QPainter) -> None:
        """The grid without what the table marks on it (`_draw_marks`)."""
        grid = self.grid
        frame = rect_of(grid.box)
        painter.setPen(QPen(palette.color("zone_edge"), 1.2))
        # Opaque, in the colour a zone's translucent fill makes over the felt (as the zones): a
        # translucent fill blended every pixel of the grid at each repaint.
        painter.setBrush(QBrush(palette.zone_on_felt()))
        painter.drawRoundedRect(frame.adjusted(0.5, 0.5, -0.5, -0.5), 8, 8)
        painter.setPen(QPen(palette.color("zone_edge"), 1))
        for column in range(1, grid.columns):
            x = grid.column_box(column).x
            painter.drawLine(QLineF(x, grid.box.y + 2, x, grid.box.y + grid.box.height - 2))
        painter.drawLine(QLineF(grid.box.x + grid.label, grid.box.y + 2, grid.box.x + grid.label,
                                grid.box.y + grid.box.height - 2))
        painter.drawLine(QLineF(grid.box.x + 2, grid.box.y + grid.header, grid.box.x + grid.box.width - 2,
                                grid.box.y + grid.header))
        for column in range(grid.columns):
            self._draw_label(painter, rect_of(grid.header_box(column)), self.label(column))
        painter.setPen(palette.color("felt_ink"))

    def _note_box(self) -> QRectF:
        grid = self.grid
        return QRectF(grid.box.x + 6, grid.box.y, grid.label - 10, grid.header)

    def accessible_text(self) -> str:
        if self.grid is None:
            return ""
        current = f"; column {self.label(self.current)} is current" if 0 <= self.current < self.grid.columns else ""
        return f"{len(self.grid.rows)} rows of {self.grid.columns} columns{current}" + (f" ({self.note})" if self.note else "")


def put_picture(painter: QPainter, rect: QRectF, key: str, draw) -> None:
    """`draw(inner, room)` over `rect`, from a picture made once per key, size and place of `rect`
    within its pixels (`faces.paint_picture`): the picture covers the whole pixels around `rect`,
    and `room` is where `rect` lies in it, so what is drawn lands where it would drawn directly."""
    left, top = math.floor(rect.left()), math.floor(rect.top())
    outer = QRectF(left, top, math.ceil(rect.right()) - left, math.ceil(rect.bottom()) - top)
    room = QRectF(rect.left() - left, rect.top() - top, rect.width(), rect.height())
    place = f"{room.left():.3f},{room.top():.3f},{room.width():.3f}x{room.height():.3f}"
    faces.paint_picture(painter, outer, f"{key}:{place}", lambda inner, _box: draw(inner, room))


def whole_pixels(rect: QRectF) -> QRectF:
    """`rect` on whole pixels, its edges rounded: a picture drawn there is copied, not resampled."""
    left, top = round(rect.left()), round(rect.top())
    return QRectF(left, top, round(rect.right()) - left, round(rect.bottom()) - top)
