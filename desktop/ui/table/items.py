"""The graphics items of a card on the table: the card, and the large preview of the one under
the pointer or the keyboard focus (a zone and its panel: `zones.py`).

A card item knows its id and face only if the view gave them: a face-down card is built without
them, so a hidden face cannot be painted, not even for one frame. Items never decide a rule:
a drag ends by telling the table view, which says where the card was dropped (a signal) and
leaves the card there until the answer comes.
"""

from __future__ import annotations

import functools

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QApplication, QGraphicsItem, QGraphicsObject

from desktop.ui import palette
from desktop.ui.table import faces


class CardItem(QGraphicsObject):
    """One card on the table. `card_id` and `face` are None for a face-down card."""

    def __init__(self, zone: str, card_id: str | None = None, face=None, face_key: str = "",
                 draggable: bool = False, owner: str = ""):
        super().__init__()
        self.zone = zone
        self.card_id = card_id
        self.face = face
        self.face_key = face_key
        # A face-down card may be dragged too (the top of a deck its viewer may draw from): it
        # still carries no id, the drop names only its zone and the ruleset reads what it means.
        self.draggable = draggable
        self.owner = owner  # "Ann's hand": for the accessible description and the preview
        self.marks = None  # presentation.CardMarks: tokens on it, its position, its caption
        self.look = None  # what the table description says of it beyond its face (Table.looks)
        self.back = None  # face down: its own back (presentation.CardBack), None the plain one
        # The practice's step names it (PracticeSeen.cards): ringed, and on top of its neighbours.
        self.pointed = False
        self.home = QPointF()
        self.home_rotation = 0.0
        self._size = (10.0, 14.0)
        self._press: QPointF | None = None
        self._grab = QPointF()
        self.dragging = False
        # Dropped, and waiting where it was let go for the session's answer: the table laid out
        # again meanwhile (a panel growing) leaves it there (TableView.drop_answered).
        self.waiting = False
        self.table = None  # the TableView, which handles drags, focus and activation
        self.setAcceptHoverEvents(face is not None)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsFocusable, face is not None)

        self.setCacheMode(QGraphicsItem.CacheMode.NoCache)  # the shared face pixmap is the cache
        if self.draggable:
            self.setCursor(Qt.CursorShape.OpenHandCursor)

    def become(self, card_id: str | None, face=None, face_key: str = "") -> None:
        """Shows another card, or none (face down), in the same item: a hand-over turns one hand
        face down and the next face up, and making new items for both was most of a hand-over
        of a game of large hands. Nothing of the card it showed stays with it."""
        if self.hasFocus():
            self.clearFocus()
        self.card_id, self.face, self.face_key, self.marks, self.look = card_id, face, face_key, None, None
        self.back = None  # a face-down card's back is set by the zone's fill, as each card's
        self.set_pointed(False)  # the table points at the card it shows now, if at all
        self.setAcceptHoverEvents(face is not None)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsFocusable, face is not None)
        self.update()

    def set_back(self, back) -> None:
        """The back it shows while face down (a deck's own, or None: the plain one)."""
        if back != self.back:
            self.back = back
            if self.face is None:
                self.update()

    def set_draggable(self, draggable: bool) -> None:
        """A face-down item is reused as its pile changes: whether it is the pile's top, which
        its viewer may drag, is set each time."""
        if draggable != self.draggable:
            self.draggable = draggable
            if draggable:
                self.setCursor(Qt.CursorShape.OpenHandCursor)
            else:
                self.unsetCursor()

    # ---- what it reads as --------------------------------------------------------------------

    @property
    def title(self) -> str:
        return self.face.title if self.face is not None else "face-down card"

    def accessible_text(self) -> str:
        where = f" in {self.owner}" if self.owner else ""
        if self.face is None:
            deck = f" {self.back.label}" if self.back is not None else ""
            return f"face-down{deck} card{where}"
        extra = ""
        if self.marks is not None and self.marks.tokens:
            extra += f" ({self.marks.tokens} token{'' if self.marks.tokens == 1 else 's'})"
        if self.marks is not None and self.marks.caption:
            extra += f" [{self.marks.caption}]"
        named = " The practice's step names this card." if self.pointed else ""
        return f"{self.face.title}{where}{extra}: {self.face.plain_text()}{named}"

    def set_marks(self, marks) -> None:
        if marks != self.marks:
            self.marks = marks
            self.update()

    def set_pointed(self, pointed: bool) -> None:
        """Whether the practice's step names it: ringed, and raised above its fan's or pile's
        other cards so that its face shows whole (its place in the zone is kept)."""
        if pointed != self.pointed:
            self.prepareGeometryChange()  # the ring lies outside the card
            self.pointed = pointed
            self.set_stack(self._z)
            self.update()

    def set_look(self, look) -> None:
        """Its look as the table now says it: drawn again only when it changed."""
        if look != self.look:
            self.look = look
            self.update()

    def card_painters(self) -> faces.CardPainters:
        """The painters of the system whose table it lies on."""
        return self.table.card_painters if self.table is not None else faces.NO_PAINTERS

    # ---- geometry ----------------------------------------------------------------------------

    def set_size(self, width: float, height: float) -> None:
        # Whole pixels, and whole-pixel places below: a picture drawn at its own size on whole
        # pixels is copied (about 0.01 ms a card), one at a fraction of a pixel is resampled
        # (0.05 ms for a small card, 0.2 ms for a large one in a hand), at every repaint.
        width, height = float(round(width)), float(round(height))
        if (width, height) != self._size:
            self.prepareGeometryChange()
            self._size = (width, height)
            self.setTransformOriginPoint(width / 2, height / 2)

    def size(self) -> tuple[float, float]:
        return self._size

    def place(self, x: float, y: float, rotation: float) -> None:
        self.home = QPointF(round(x), round(y)) if not rotation else QPointF(x, y)
        self.home_rotation = rotation
        if not self.dragging and not self.waiting:
            self.setPos(self.home)
            self.setRotation(rotation)

    def boundingRect(self) -> QRectF:
        # A margin for the focus ring and the antialiased edge of a tilted card, so that moving
        # the card repaints every pixel it covered.
        margin = max(3.0, self._size[0] * 0.035 / 2 + 2)  # the focus ring's pen grows with the card
        if self.pointed:
            margin += ring_width(self._size[0]) + 2
        return QRectF(0, 0, *self._size).adjusted(-margin, -margin, margin, margin)

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addRect(QRectF(0, 0, *self._size))
        return path

    def paint(self, painter: QPainter, option, widget=None) -> None:
        width, height = self._size
        ratio = widget.devicePixelRatioF() if widget is not None else 1.0
        w, h = round(width), round(height)
        if self.face is not None and faces.paint_system_face(painter, QRectF(0, 0, width, height), self.face, self.look,
                                                             self.card_painters().face):
            pass  # the system drew it
        else:
            if self.face is None:
                pixmap = faces.back_pixmap(w, h, ratio, self.back)
            else:
                pixmap = faces.face_pixmap(self.face_key, self.face, w, h, ratio)
            faces.draw_face(painter, QRectF(0, 0, width, height), pixmap)
        if self.marks is not None and self.marks.tokens:
            self._paint_tokens(painter, width, height)
        if self.hasFocus():
            pen = QPen(palette.color("focus"), max(3.0, width * 0.035))
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(QRectF(0, 0, width, height).adjusted(1, 1, -1, -1), width * 0.06, width * 0.06)
        if self.pointed:
            self.paint_ring(painter, QRectF(0, 0, width, height), width * 0.06)

    def paint_ring(self, painter: QPainter, rect: QRectF, radius: float) -> None:
        """The practice's ring, just outside the card: the focus colour between two dark edges,
        read on the felt and on a neighbouring card's face alike, in either theme. Its pens are
        made once for each size and theme (`ring_pens`)."""
        edge, ring = ring_pens(round(rect.width()), palette.generation())
        painter.setBrush(Qt.BrushStyle.NoBrush)
        out = ring.widthF() / 2 + 1
        for pen in (edge, ring):
            painter.setPen(pen)
            painter.drawRoundedRect(rect.adjusted(-out, -out, out, out), radius + out, radius + out)

    def _paint_tokens(self, painter: QPainter, width: float, height: float) -> None:
        """Tokens on the card: a round counter at its lower left, like a pile of chips."""
        size = max(16.0, width * 0.26)
        circle = QRectF(width * 0.06, height - size - width * 0.06, size, size)
        painter.setPen(QPen(palette.color("felt_ink"), max(1.5, size * 0.08)))
        painter.setBrush(QBrush(palette.color("felt")))
        painter.drawEllipse(circle)
        font = QFont()
        font.setPixelSize(max(9, round(size * 0.55)))
        font.setBold(True)
        painter.setFont(font)
        painter.drawText(circle, Qt.AlignmentFlag.AlignCenter, str(self.marks.tokens))

    # ---- pointer and keyboard ----------------------------------------------------------------

    def hoverEnterEvent(self, event) -> None:
        if self.table is not None:
            self.table.preview(self, pointer=True)

    def hoverLeaveEvent(self, event) -> None:
        if self.table is not None:
            self.table.preview(None)

    def focusInEvent(self, event) -> None:
        self.update()
        if self.table is not None:
            keys = (Qt.FocusReason.TabFocusReason, Qt.FocusReason.BacktabFocusReason)
            self.table.card_focused(self, by_keyboard=event.reason() in keys)

    def focusOutEvent(self, event) -> None:
        self.update()
        if self.table is not None:
            self.table.preview(None)

    def keyPressEvent(self, event) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space) and self.table is not None:
            self.table.activate(self)
            return
        super().keyPressEvent(event)

    def mousePressEvent(self, event) -> None:
        if self.draggable and event.button() == Qt.MouseButton.LeftButton:
            self._press = event.scenePos()
            self._grab = event.scenePos() - self.pos()
            event.accept()
            return
        event.ignore()

    def mouseMoveEvent(self, event) -> None:
        if self._press is None:
            return
        if not self.dragging:
            if (event.scenePos() - self._press).manhattanLength() < QApplication.startDragDistance():
                return
            self.dragging = True
            self.setZValue(1000)
            self.setRotation(0)
            self.setCursor(Qt.CursorShape.ClosedHandCursor)
            if self.table is not None:
                self.table.drag_started(self)
        self.setPos(event.scenePos() - self._grab)

    def mouseReleaseEvent(self, event) -> None:
        was_dragging = self.dragging
        self._press = None
        self.dragging = False
        self.setCursor(Qt.CursorShape.OpenHandCursor)
        if was_dragging and self.table is not None:
            self.table.drag_finished(self, event.scenePos())

    def go_home(self) -> None:
        """Back to its place in the zone (a refused drop), animated."""
        from PySide6.QtCore import QEasingCurve, QPropertyAnimation

        animation = QPropertyAnimation(self, b"pos", self)
        animation.setDuration(220)
        animation.setEndValue(self.home)
        animation.setEasingCurve(QEasingCurve.Type.OutCubic)
        animation.finished.connect(lambda: (self.setRotation(self.home_rotation), self.set_stack(self._z)))
        self._animation = animation
        animation.start()

    _z = 0.0

    def set_stack(self, z: float) -> None:
        """Its place in its zone's layering; a card the practice points at lies above them all."""
        self._z = z
        if not self.dragging:
            self.setZValue(z + RAISED if self.pointed else z)


RAISED = 500.0  # above any zone's own cards, below a pile's count badge (900) and a card dragged (1000)


def ring_width(width: float) -> float:
    """The practice ring's width around a card `width` wide."""
    return max(3.0, round(width * 0.04))


@functools.lru_cache(maxsize=64)
def ring_pens(width: int, generation: int) -> tuple[QPen, QPen]:
    """(the dark edge, the ring) for a card `width` wide in the theme of `generation`."""
    ring = ring_width(width)
    return QPen(palette.color("felt"), ring + 3), QPen(palette.color("focus"), ring)


class Preview(QGraphicsObject):
    """A large copy of the card under the pointer or the keyboard focus, readable across a table."""

    def __init__(self):
        super().__init__()
        self.card: CardItem | None = None
        self._size = (10.0, 14.0)
        self.setZValue(2000)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setAcceptHoverEvents(False)
        self.hide()

    def show_card(self, card: CardItem | None, width: float, height: float, at: QPointF) -> None:
        self.card = card
        if card is None or card.face is None:
            self.hide()
            return
        self.prepareGeometryChange()
        self._size = (width, height)
        self.setPos(at)
        self.show()
        self.update()

    SHADOW = (6.0, 8.0)  # the drop shadow's offset, inside the bounding rect: hiding leaves no trace

    def boundingRect(self) -> QRectF:
        width, height = self._size
        return QRectF(0, 0, width + self.SHADOW[0], height + self.SHADOW[1])

    def paint(self, painter: QPainter, option, widget=None) -> None:
        if self.card is None or self.card.face is None:
            return
        ratio = widget.devicePixelRatioF() if widget is not None else 1.0
        width, height = self._size
        painter.setPen(Qt.PenStyle.NoPen)
        shadow = QColor(0, 0, 0, 90)
        painter.setBrush(shadow)
        painter.drawRoundedRect(QRectF(*self.SHADOW, width, height), width * 0.06, width * 0.06)
        if faces.paint_system_face(painter, QRectF(0, 0, width, height), self.card.face, self.card.look,
                                   self.card.card_painters().face):
            return
        pixmap = faces.face_pixmap(self.card.face_key, self.card.face, round(width), round(height), ratio)
        faces.draw_face(painter, QRectF(0, 0, width, height), pixmap)
