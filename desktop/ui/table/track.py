"""A track on the table: zones of slots sharing a track id, drawn as the rows of one grid (a
count of steps: a column per step, a row per piece the ruleset names).

`GridItem` draws the grid itself (desktop/ui/table/track_grid.py). Each row is a `TrackRowItem` (a zone item, so drags, drops and focus treat it
as any zone): its header at the left (the row's title), and the columns lit for a card being
dragged. A card lying in a row is a `ChipItem`, wider than tall, its title readable across a
room. What is current is the ruleset's word, read from the table (`Table.tracks`, see
docs/table.md): these items decide nothing. Their words are fitted to their rooms by
desktop/ui/table/track_text.py.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPen

from desktop.ui import palette
from desktop.ui.table import faces
from desktop.ui.table.items import CardItem
from desktop.ui.table.layout import Box, Grid
from desktop.ui.table.track_grid import rect_of, whole_pixels
from desktop.ui.table.track_text import fitted_font, row_title, title_largest, title_rect
from desktop.ui.table.zones import ZoneItem

_DIVIDER_ALPHA = 170  # a crisp pixel row about as strong as the two half-lit rows of the old antialiased line
INACTIVE_VEIL = (60, 60, 60, 110)  # a row out of play (a character out of the fight): a grey veil
INACTIVE_INK_ALPHA = 120  # and its title faded
INACTIVE_OPACITY = 0.4  # its cards faded


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
            self.update(whole_pixels(title_rect(self.grid, self.row)).adjusted(-1, -1, 1, 1))

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
                self.update(whole_pixels(rect_of(self.grid.label_box(self.row))).adjusted(-1, -1, 1, 1))

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
        faces.paint_picture(painter, whole_pixels(rect), key, draw)


def _wash(painter: QPainter, rect: QRectF, colour: QColor) -> None:
    """A translucent fill of `rect`, drawn from a picture of it made once per size and colour."""
    faces.paint_picture(painter, whole_pixels(rect), f"wash:{colour.rgba():x}", lambda inner, box: inner.fillRect(box, colour))


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
