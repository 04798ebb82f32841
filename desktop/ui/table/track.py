"""A track on the table: zones of slots sharing a track id, drawn as the rows of one grid (a
count of steps: a column per step, a row per piece the ruleset names).

`GridItem` draws the grid itself: the column headers, the dividers, and the column the table
marks as current. Each row is a `TrackRowItem` (a zone item, so drags, drops and focus treat it
as any zone): its header at the left (the row's title), and the columns lit for a card being
dragged. A card lying in a row is a `ChipItem`, wider than tall, its title readable across a
room. What is current is the ruleset's word, read from the table (`Table.tracks`, see
docs/table.md): these items decide nothing. Their words are fitted to their rooms by
desktop/ui/table/track_text.py.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QLineF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPen, QPixmap
from PySide6.QtWidgets import QGraphicsObject

from desktop.ui import palette
from desktop.ui.table import faces
from desktop.ui.table.items import CardItem
from desktop.ui.table.layout import Box, Grid
from desktop.ui.table.track_text import fitted_font, row_title, title_largest, title_rect
from desktop.ui.table.zones import ZoneItem

_DIVIDER_ALPHA = 170  # a crisp pixel row about as strong as the two half-lit rows of the old antialiased line
INACTIVE_VEIL = (60, 60, 60, 110)  # a row out of play (a character out of the fight): a grey veil
INACTIVE_INK_ALPHA = 120  # and its title faded
INACTIVE_OPACITY = 0.4  # its cards faded


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
        self.setZValue(-12)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def set_grid(self, grid: Grid) -> None:
        if grid != self.grid:
            self.prepareGeometryChange()
            self.grid = grid
            self.update()
            self._note_tip()

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
        self._note_tip()

    def _repaint(self, rect: QRectF) -> None:
        """`rect` painted again, apart from the item's other changes: an item unites the parts
        it is asked to update into one rectangle, and the note's corner and a column at the
        far side united were most of the grid."""
        scene = self.scene()
        if scene is None:
            self.update(rect)
        else:
            scene.update(self.mapRectToScene(rect))

    def _note_tip(self) -> None:
        """A note too long for its corner is read whole in the grid's tooltip."""
        fits = not self.note or self.grid is None or fitted_font(
            None, self.note, self._note_box(), round(self.grid.header * 0.55), 9, bold=False, lines=2) is not None
        self.setToolTip("" if fits else self.note)

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
        if self.note:
            box = self._note_box()
            font = fitted_font(None, self.note, box, round(grid.header * 0.55), 9, bold=False, lines=2)
            if font is not None:
                ink, note = palette.color("felt_ink"), self.note

                def draw(inner: QPainter, room: QRectF) -> None:
                    inner.setPen(ink)
                    inner.setFont(font)
                    inner.drawText(room, int(Qt.AlignmentFlag.AlignVCenter | Qt.TextFlag.TextWordWrap), note)

                faces.paint_picture(painter, _whole(box), f"track-note:{font.toString()}:{ink.rgba():x}:{note}", draw)
        if not 0 <= self.current < grid.columns:
            return
        band = QColor(palette.color("focus"))
        band.setAlpha(70)
        painter.setPen(QPen(palette.color("focus"), 3))
        painter.setBrush(QBrush(band))
        painter.drawRect(rect_of(grid.column_box(self.current)).adjusted(1.5, 1.5, -1.5, -1.5))
        self._draw_label(painter, self.current, underline=True)

    def _draw_label(self, painter: QPainter, column: int, underline: bool = False) -> None:
        grid = self.grid
        box = rect_of(grid.header_box(column))
        font = fitted_font(painter, self.label(column), box.adjusted(2, 1, -2, -1), round(grid.header * 0.7), 9, lines=1)
        if font is not None:
            font.setUnderline(underline)
            painter.setFont(font)
            painter.setPen(palette.color("felt_ink"))
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, self.label(column))

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
            self._draw_label(painter, column)
        painter.setPen(palette.color("felt_ink"))

    def _note_box(self) -> QRectF:
        grid = self.grid
        return QRectF(grid.box.x + 6, grid.box.y, grid.label - 10, grid.header)

    def accessible_text(self) -> str:
        if self.grid is None:
            return ""
        current = f"; column {self.label(self.current)} is current" if 0 <= self.current < self.grid.columns else ""
        return f"{len(self.grid.rows)} rows of {self.grid.columns} columns{current}" + (f" ({self.note})" if self.note else "")


class TrackRowItem(ZoneItem):
    """One row of a track: its header (the row's title) at the left, its cells, each card in the
    column its mark names; a card being dragged lights only the columns it may go to."""

    def __init__(self, zone_id: str, role: str, layout: str, slots: int, track: str):
        super().__init__(zone_id, role, layout, slots)
        self.track = track
        self.grid: Grid | None = None
        self.row = 0
        self.lit_columns: frozenset[int] = frozenset()
        self.acting = False  # the table says this row acts now: its header is marked
        self.inactive = False  # the table says this row is out of play: greyed, its cards faded
        self.title_size = 0  # the size every row title of the grid is set at (0: its own)
        self._title_look: tuple | None = None  # (what it was fitted for, its picture's name, how to draw it)

    def set_place(self, grid: Grid, row: int) -> None:
        if (grid, row) != (self.grid, self.row):
            self.prepareGeometryChange()
            self.grid, self.row = grid, row
            self.box = grid.row_box(row)
            self.update()

    def retitled(self, before: tuple) -> None:
        """Its words were set anew (`before`: its title and how it shortens, as they were): of
        them a row draws its title alone, in its header, so only the header is painted again,
        and only if the title changed. A whole row painted again was every chip of it and the
        grid under it, at nearly every action of a game of tracks (its count changes)."""
        if before != (self.title, self.parts) and self.grid is not None:
            self.update(_whole(title_rect(self.grid, self.row)).adjusted(-1, -1, 1, 1))

    def set_lit(self, lit: bool, columns=()) -> None:
        columns = frozenset(columns or ())
        if (lit, columns) != (self.lit, self.lit_columns):
            self.lit, self.lit_columns = lit, columns
            self.update()

    def set_acting(self, acting: bool) -> None:
        """Marked in its header alone, so only the header is painted again."""
        if acting != self.acting:
            self.acting = acting
            if self.grid is None:
                self.update()
            else:
                self.update(_whole(rect_of(self.grid.label_box(self.row))).adjusted(-1, -1, 1, 1))

    def set_inactive(self, inactive: bool) -> None:
        """Out of play (`ZoneSpec.inactive`): the row greyed and its cards faded."""
        if inactive != self.inactive:
            self.inactive = inactive
            self.update()
        for card in self.cards:
            card.setOpacity(INACTIVE_OPACITY if inactive else 1.0)

    # ---- where its cards go ------------------------------------------------------------------

    def card_size(self) -> tuple[float, float]:
        return self.grid.chip_size() if self.grid is not None else (40.0, 20.0)

    def column_at(self, x: float) -> int | None:
        return self.grid.column_at(x) if self.grid is not None else None

    def slot_outlines(self) -> list[Box]:
        if self.grid is None:
            return []
        return [self.grid.cell(self.row, column) for column in range(self.grid.columns)]

    def card_columns(self) -> list[int | None]:
        return [card.marks.slot if card.marks is not None else None for card in self.cards]

    def slot_cards(self) -> list[CardItem | None]:
        """The (first) card in each column, None for an empty one."""
        columns = self.grid.columns if self.grid is not None else self.slots
        held: list[CardItem | None] = [None] * columns
        for card, column in zip(self.cards, self.card_columns()):
            if column is not None and 0 <= column < columns and held[column] is None:
                held[column] = card
        return held

    def accessible_text(self) -> str:
        """The row's title, then each column that holds a card: "Ann: 3: Move; 7: Slow Attack"."""
        pairs = list(zip(self.cards, self.card_columns()))
        filled = [f"{column}: {card.title}" for card, column in pairs if column is not None]
        hidden = sum(1 for card, column in pairs if column is None and card.card_id is None)
        filled += [f"{hidden} face down"] if hidden else []
        return f"{self.title}: " + ("; ".join(filled) if filled else "nothing yet")

    def hint_cut(self) -> bool:
        return False

    # ---- looks -------------------------------------------------------------------------------

    def paint(self, painter: QPainter, option, widget=None) -> None:
        if self.grid is None:
            return
        row = rect_of(self.box)
        label = rect_of(self.grid.label_box(self.row))
        # The two washes below are translucent, so the grid's lines and current column show
        # through; they are drawn as pictures made once, because Qt blends a translucent fill
        # at about a microsecond a pixel row (a row's paint was 0.36 ms, most of it these).
        if self.row % 2:  # every other row a shade lighter: the eye follows a row across
            stripe = QColor(palette.color("zone"))
            stripe.setAlpha(max(8, palette.alpha("zone_alpha") // 2))
            _wash(painter, row.adjusted(1, 0, -1, 0), stripe)
        if self.acting:  # whose turn it is: a thick mark down the row header, the header filled
            mark = QColor(palette.color("focus"))
            mark.setAlpha(60)
            _wash(painter, label.adjusted(1, 1, -1, -1), mark)
            painter.fillRect(QRectF(label.left() + 1, label.top() + 2, 6, label.height() - 4), palette.color("focus"))
        # The divider under the row, on whole pixels: an antialiased line was 0.13 ms a paint.
        divider = QColor(palette.color("zone_edge"))
        divider.setAlpha(_DIVIDER_ALPHA)
        bottom = round(row.bottom()) - 1
        painter.fillRect(QRectF(round(row.left()) + 2, bottom, round(row.right()) - round(row.left()) - 4, 1), divider)
        if self.inactive:  # out of play: a grey veil over the whole row
            _wash(painter, row.adjusted(1, 0, -1, 0), QColor(*INACTIVE_VEIL))
        self._paint_title(painter, title_rect(self.grid, self.row))
        if self.lit:
            pen = QPen(palette.color("legal"), 4)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            if self.lit_columns:
                for column in sorted(self.lit_columns):
                    if 0 <= column < self.grid.columns:
                        painter.drawRoundedRect(rect_of(self.grid.cell(self.row, column)).adjusted(2, 2, -2, -2), 6, 6)
            else:
                painter.drawRoundedRect(row.adjusted(2, 2, -2, -2), 6, 6)

    def _paint_title(self, painter: QPainter, rect: QRectF) -> None:
        """The row's title in its header, from a picture made once per title, room and theme:
        fitting and setting a wrapped title was 0.15 ms of every repaint of the row."""
        largest = self.title_size or title_largest(self.grid)
        wanted = (self.title, rect.width(), rect.height(), largest, palette.generation(), self.inactive)
        if self._title_look is None or self._title_look[0] != wanted:
            shown, font = row_title(self.title, self.parts, rect, largest)
            ink = QColor(palette.color("felt_ink"))
            if self.inactive:
                ink.setAlpha(INACTIVE_INK_ALPHA)

            def draw(inner: QPainter, box: QRectF) -> None:
                inner.setPen(ink)
                inner.setFont(font)
                flags = Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft | Qt.TextFlag.TextWordWrap
                inner.drawText(box, int(flags), shown)

            self._title_look = (wanted, f"track-title:{font.toString()}:{ink.rgba():x}:{shown}", draw)
            self.setToolTip("" if shown == self.title else self.title)
        _, key, draw = self._title_look
        faces.paint_picture(painter, _whole(rect), key, draw)


def _whole(rect: QRectF) -> QRectF:
    """`rect` on whole pixels, its edges rounded: a picture drawn there is copied, not resampled."""
    left, top = round(rect.left()), round(rect.top())
    return QRectF(left, top, round(rect.right()) - left, round(rect.bottom()) - top)


def _wash(painter: QPainter, rect: QRectF, colour: QColor) -> None:
    """A translucent fill of `rect`, drawn from a picture of it made once per size and colour."""
    faces.paint_picture(painter, _whole(rect), f"wash:{colour.rgba():x}", lambda inner, box: inner.fillRect(box, colour))


class ChipItem(CardItem):
    """A card lying in a cell of a track: wider than tall, its title on its tone's colour, large
    enough to read across a room (the whole card is shown large under the pointer)."""

    def paint(self, painter: QPainter, option, widget=None) -> None:
        width, height = self.size()
        rect = QRectF(0, 0, width, height)
        radius = min(6.0, height * 0.2)
        if self.face is None:
            painter.setPen(QPen(palette.CARD_EDGE, 1))
            painter.setBrush(QBrush(palette.BACK))
            painter.drawRoundedRect(rect.adjusted(0.5, 0.5, -0.5, -0.5), radius, radius)
        elif not any(faces.paint_system_face(painter, rect, self.face, self.look, paint)  # as a chip, else its face
                     for paint in (self.card_painters().chip, self.card_painters().face)):
            self._paint_chip(painter, rect, radius)
        if self.hasFocus():
            painter.setPen(QPen(palette.color("focus"), 3))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(rect.adjusted(1, 1, -1, -1), radius, radius)
        if self.pointed:
            self.paint_ring(painter, rect, radius)

    def _paint_chip(self, painter: QPainter, rect: QRectF, radius: float) -> None:
        painter.setPen(QPen(palette.CARD_EDGE, 1))
        painter.setBrush(QBrush(palette.tone(self.face.tone)))
        painter.drawRoundedRect(rect.adjusted(0.5, 0.5, -0.5, -0.5), radius, radius)
        caption = self.marks.caption if self.marks is not None else ""
        text = self.face.title + (f" ({caption})" if caption else "")
        inner = rect.adjusted(2, 1, -2, -1)
        painter.setPen(palette.TITLE_INK)
        for words in (text, self.face.title):
            font = fitted_font(painter, words, inner, round(min(20.0, max(10.0, rect.height() * 0.5))), 8)
            if font is not None:
                painter.setFont(font)
                painter.drawText(inner, int(Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap), words)
                return
        font = QFont()
        font.setBold(True)
        font.setPixelSize(9)
        painter.setFont(font)  # a tiny cell: the band's colour and the preview on hover say the rest
        painter.drawText(inner, int(Qt.AlignmentFlag.AlignCenter),
                         painter.fontMetrics().elidedText(self.face.title, Qt.TextElideMode.ElideRight, int(inner.width())))
