"""The graphics items of the table: a card, and a zone holding cards.

A card item knows its id and face only if the view gave them: a face-down card is built without
them, so a hidden face cannot be painted, not even for one frame. Items never decide a rule:
a drag ends by asking the table view, which asks the session.
"""

from __future__ import annotations

import math
import re

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen, QPixmap, QPixmapCache
from PySide6.QtWidgets import QApplication, QGraphicsItem, QGraphicsObject

from desktop.ui import palette
from desktop.ui.table import faces
from desktop.ui.table.layout import Box, slot_boxes, slot_order


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
        self.look = None  # a chip's look as its system last said it (faces.chip_look_hook)
        self.home = QPointF()
        self.home_rotation = 0.0
        self._size = (10.0, 14.0)
        self._press: QPointF | None = None
        self._grab = QPointF()
        self.dragging = False
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
        self.setAcceptHoverEvents(face is not None)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsFocusable, face is not None)
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
            return f"face-down card{where}"
        extra = ""
        if self.marks is not None and self.marks.tokens:
            extra += f" ({self.marks.tokens} token{'' if self.marks.tokens == 1 else 's'})"
        if self.marks is not None and self.marks.caption:
            extra += f" [{self.marks.caption}]"
        return f"{self.face.title}{where}{extra}: {self.face.plain_text()}"

    def set_marks(self, marks) -> None:
        if marks != self.marks:
            self.marks = marks
            self.update()

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
        if not self.dragging:
            self.setPos(self.home)
            self.setRotation(rotation)

    def boundingRect(self) -> QRectF:
        # A margin for the focus ring and the antialiased edge of a tilted card, so that moving
        # the card repaints every pixel it covered.
        margin = max(3.0, self._size[0] * 0.035 / 2 + 2)  # the focus ring's pen grows with the card
        return QRectF(0, 0, *self._size).adjusted(-margin, -margin, margin, margin)

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addRect(QRectF(0, 0, *self._size))
        return path

    def paint(self, painter: QPainter, option, widget=None) -> None:
        width, height = self._size
        ratio = widget.devicePixelRatioF() if widget is not None else 1.0
        w, h = round(width), round(height)
        if self.face is not None and faces.paint_system_face(painter, QRectF(0, 0, width, height), self.face, self.card_id):
            pass  # the system drew it
        else:
            if self.face is None:
                pixmap = faces.back_pixmap(w, h, ratio)
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
            self.table.preview(self)

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
        animation.finished.connect(lambda: (self.setRotation(self.home_rotation), self.setZValue(self._z)))
        self._animation = animation
        animation.start()

    _z = 0.0

    def set_stack(self, z: float) -> None:
        self._z = z
        if not self.dragging:
            self.setZValue(z)


_COUNT = re.compile(r"(:\s*\d+|\s*\(\d+[^)]*\))\s*$")  # "Spent: 3", "Hand (4 of 5)"
_OWNER = re.compile(r"^[^:]{1,40}?(?:\u2019|')s ")  # "Bo's "
_ASIDE = re.compile(r"\s*\([^()]*\)\s*$")  # "MIL discard: 7 (top 5 stay on reshuffle)"


def fit_title(title: str, fits) -> str | None:
    """The longest form of a zone title that `fits`: whole; without its trailing count (a pile
    shows it on a badge); without its owner (a seat's zones sit together under its name: "Bo's
    Spent: 3" may read "Spent: 3"); its first word with the count ("Draw pile: 10" as "Draw:
    10"); its first word. None when none does."""
    if fits(title):
        return title
    aside = _ASIDE.sub("", title)  # a closing aside goes first: the count before it stays
    if aside != title and fits(aside):
        return aside
    counted = _COUNT.sub("", title)
    bare = _OWNER.sub("", counted, count=1)
    count = title[len(counted):]
    first = bare.split(" ")[0]
    for short in (counted, _OWNER.sub("", title, count=1), bare, first + count, first):
        if short and short != title and fits(short):
            return short
    return None


# A zone larger than this (device pixels) is drawn in place: it is mostly its flat panel, which
# Qt fills about as fast as it copies a picture, and its pictures (one for each seat's layout)
# would take the pixmap cache's room from the card faces.
PICTURED_ZONE_PIXELS = 60_000
# A zone picture's key -> what its drawing worked out (the title as shown, the tooltip, whether
# the words fit): the key names all they depend on, so a zone item made anew (a seat's zone laid
# out otherwise for another seat) takes a picture another made.
_ZONE_WORDS: dict[str, tuple] = {}


class ZoneItem(QGraphicsObject):
    """A zone's place on the table: its panel, title and count, and the cards it shows."""

    activated = Signal(str, str)  # card, zone

    def __init__(self, zone_id: str, role: str, layout: str, slots: int = 0):
        super().__init__()
        self.zone_id = zone_id
        self.role = role
        self.layout = layout
        self.slots = slots  # > 0: a zone of slots, each outlined, a card in the slot its mark names
        self.title = ""
        self.hint = ""
        self.count = 0
        self.box = Box(0, 0, 10, 10)
        self.card_height = 14.0
        self.title_height = 20.0
        self.cards: list[CardItem] = []
        self.lit = False
        self._fitted_title = None  # ((title, room, font size), size it fits at, text shown)
        self._fitted_hint = None  # ((hint, room, font size), size it fits at or None)
        self.setZValue(-10)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    # the test API of the old widget table: zone.card_widget(id)
    def card_widget(self, card_id: str) -> CardItem | None:
        return self.card(card_id)

    def card(self, card_id: str) -> CardItem | None:
        return next((item for item in self.cards if item.card_id == card_id), None)

    def accessible_text(self) -> str:
        if self.slots <= 0:
            return self.title
        return f"{self.title}: " + "; ".join(
            f"slot {index + 1}: {text}" for index, text in enumerate(self.slot_texts()))

    def card_size(self) -> tuple[float, float]:
        """The size its cards are drawn at: whole pixels, so a face pixmap is a plain copy."""
        height = float(round(self.card_height))
        return float(round(height * 0.71)), height

    def slot_outlines(self) -> list[Box]:
        width, height = self.card_size()
        return slot_boxes(self.slots, self.box, width, height, self.title_height)

    def slot_cards(self) -> list[CardItem | None]:
        """The card in each slot, None for an empty one."""
        held: list[CardItem | None] = [None] * self.slots
        wanted = [card.marks.slot if card.marks is not None else None for card in self.cards]
        for card, slot in zip(self.cards, slot_order(wanted, self.slots)):
            if slot < self.slots:
                held[slot] = card
        return held

    def slot_texts(self) -> list[str]:
        """What each slot reads as: its card and the tokens on it, or "empty slot"."""
        texts = []
        for card in self.slot_cards():
            if card is None:
                texts.append("empty slot")
                continue
            tokens = card.marks.tokens if card.marks is not None else 0
            texts.append(card.title + (f" ({tokens} token{'' if tokens == 1 else 's'})" if tokens else ""))
        return texts

    def hint_cut(self) -> bool:
        """Whether the hint of this empty zone was left unpainted, as it did not fit whole."""
        return bool(self.hint) and not self.cards and self.slots <= 0 and not getattr(self, "_hint_shown", True)

    def shown_title(self) -> str:
        """The title as last painted: whole, without its count, or cut short."""
        return getattr(self, "_shown_title", self.title)

    def boundingRect(self) -> QRectF:
        return QRectF(self.box.x, self.box.y, self.box.width, self.box.height)

    def set_lit(self, lit: bool) -> None:
        if lit != self.lit:
            self.lit = lit
            self.update()

    def _panel(self, painter: QPainter, rect: QRectF) -> None:
        """The zone's rounded panel. Its fill is the zone's translucent colour worked out over the
        felt once (the felt is one plain colour), and painted opaque: a translucent fill blends
        every pixel of the zone, about 0.4 ms for a large one against 0.13 ms, and a hand-over
        repaints every zone."""
        edge = palette.color("legal") if self.lit else palette.color("zone_edge")
        painter.setPen(QPen(edge, 4 if self.lit else 1.2))
        painter.setBrush(QBrush(palette.zone_on_felt()))
        painter.drawRoundedRect(rect, 10, 10)

    def paint(self, painter: QPainter, option, widget=None) -> None:
        """The panel from a picture (`_draw` makes it), shared by every zone that looks the same
        and kept in the pixmap cache: drawn in place, its rounded panel, title, words and slots
        were 0.2-0.3 ms a zone, and a hand-over repaints every zone (31 at a table of six
        seats), each laid out anew for the seat looking."""
        device = painter.device()
        ratio = device.devicePixelRatioF() if device is not None else 1.0
        bounds = self.boundingRect()
        left, top = math.floor(bounds.left() * ratio), math.floor(bounds.top() * ratio)
        right, bottom = math.ceil(bounds.right() * ratio), math.ceil(bounds.bottom() * ratio)
        if (right - left) * (bottom - top) > PICTURED_ZONE_PIXELS:
            self._draw(painter)
            return
        whole = QRectF(left / ratio, top / ratio, (right - left) / ratio, (bottom - top) / ratio)
        hint = self.hint if self.hint and not self.cards and self.slots <= 0 else ""
        slots = "".join("-" if card is None else "+" for card in self.slot_cards()) if self.slots > 0 else ""
        # Everything the drawing reads, the panel's place within its first pixel included.
        key = (f"zone:{bounds.width():.3f}x{bounds.height():.3f}+{bounds.left() * ratio - left:.3f}"
               f"+{bounds.top() * ratio - top:.3f}:{self.title_height:.3f}:{self.card_height:.3f}:{slots}:"
               f"{self.lit:d}:{ratio}:{palette.generation()}:{self.title}\n{hint}")
        words = _ZONE_WORDS.get(key)
        pixmap = QPixmapCache.find(key) if words is not None else None
        if pixmap is None or pixmap.isNull():
            pixmap = QPixmap(right - left, bottom - top)
            pixmap.setDevicePixelRatio(ratio)
            pixmap.fill(palette.color("felt"))  # what lies under a zone
            drawing = QPainter(pixmap)
            drawing.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
            drawing.translate(-whole.left(), -whole.top())
            self._draw(drawing)
            drawing.end()
            QPixmapCache.insert(key, pixmap)
            if len(_ZONE_WORDS) > 2000:
                _ZONE_WORDS.clear()
            _ZONE_WORDS[key] = (self._shown_title, self.toolTip(), getattr(self, "_hint_shown", True))
        else:
            # Drawn by this zone or another that looks the same: what the drawing worked out.
            self._shown_title, tip, self._hint_shown = words
            if tip != self.toolTip():
                self.setToolTip(tip)
        faces.draw_face(painter, whole, pixmap)

    def _draw(self, painter: QPainter) -> None:
        rect = self.boundingRect().adjusted(1, 1, -1, -1)
        self._panel(painter, rect)
        font = QFont()
        font.setPixelSize(max(12, round(self.title_height * 0.6)))
        font.setBold(True)
        painter.setFont(font)
        painter.setPen(palette.color("felt_ink"))
        title_rect = QRectF(rect.left() + 6, rect.top() + 2, rect.width() - 12, self.title_height)
        # The fitting is remembered for the title, the room and the font: a zone is repainted
        # far more often (a card moving over it, a hand-over) than its title changes.
        fitted = (self.title, title_rect.width(), font.pixelSize())
        if self._fitted_title is not None and self._fitted_title[0] == fitted:
            font.setPixelSize(self._fitted_title[1])
            painter.setFont(font)
            shown = self._fitted_title[2]
        else:
            while painter.fontMetrics().horizontalAdvance(self.title) > title_rect.width() and font.pixelSize() > 11:
                font.setPixelSize(font.pixelSize() - 1)  # a narrow pile keeps its count readable
                painter.setFont(font)
            shown = fit_title(self.title, lambda text: painter.fontMetrics().horizontalAdvance(text) <= title_rect.width())
            if shown is None:
                shown = painter.fontMetrics().elidedText(self.title, Qt.TextElideMode.ElideRight, int(title_rect.width()))
            self._fitted_title = (fitted, font.pixelSize(), shown)
        self._shown_title = shown
        # What does not fit is read in full in the tooltip (and by a screen reader).
        self.setToolTip("" if shown == self.title else self.title)
        painter.drawText(title_rect, Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, shown)
        if self.slots > 0:
            self._paint_slots(painter, font)
        elif self.hint and not self.cards:
            # An empty zone says what it is for, where the cards would be: set smaller until its
            # longest word and all its lines fit (a word wider than the zone was cut in two), and
            # not at all where even that cannot (its tooltip and accessible text still say it).
            font.setBold(False)
            font.setItalic(True)
            body = rect.adjusted(12, self.title_height + 4, -12, -8)
            flags = Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap
            fitted = (self.hint, body.width(), body.height(), font.pixelSize())
            if self._fitted_hint is None or self._fitted_hint[0] != fitted:
                self._fitted_hint = (fitted, None)  # the size it fits at, remembered as the title's
                for size in range(font.pixelSize(), 9, -1):
                    font.setPixelSize(size)
                    painter.setFont(font)
                    metrics = painter.fontMetrics()
                    widest = max(metrics.horizontalAdvance(word) for word in self.hint.split())
                    if widest <= body.width() and metrics.boundingRect(
                            body.toRect(), int(flags), self.hint).height() <= body.height():
                        self._fitted_hint = (fitted, size)
                        break
            size = self._fitted_hint[1]
            self._hint_shown = size is not None
            if size is not None:
                font.setPixelSize(size)
                painter.setFont(font)
                painter.drawText(body, flags, self.hint)
            if not self._hint_shown and not self.toolTip():
                self.setToolTip(self.hint)


    def _paint_slots(self, painter: QPainter, font: QFont) -> None:
        """Each slot as a dashed outline a card fits in; an empty one says so."""
        pen = QPen(palette.color("felt_ink"), 1.5, Qt.PenStyle.DashLine)
        font.setBold(False)
        font.setItalic(True)
        held = self.slot_cards()
        for outline, card in zip(self.slot_outlines(), held):
            rect = QRectF(outline.x, outline.y, outline.width, outline.height)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(rect, 6, 6)
            if card is None:
                # Words only where they fit whole: a small slot's dashed outline says it alone
                # (and the zone's accessible text reads every slot out).
                font.setPixelSize(max(10, min(font.pixelSize(), round(rect.width() * 0.16))))
                painter.setFont(font)
                inner = rect.adjusted(4, 4, -4, -4)
                words = max((painter.fontMetrics().horizontalAdvance(word) for word in ("empty", "slot")))
                if words <= inner.width() and painter.fontMetrics().height() * 2 <= inner.height():
                    painter.setPen(palette.color("felt_ink"))
                    painter.drawText(inner, Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap, "empty slot")


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
        if faces.paint_system_face(painter, QRectF(0, 0, width, height), self.card.face, self.card.card_id):
            return
        pixmap = faces.face_pixmap(self.card.face_key, self.card.face, round(width), round(height), ratio)
        faces.draw_face(painter, QRectF(0, 0, width, height), pixmap)



class CountBadge(QGraphicsObject):
    """The number of cards in a pile, over its top card, where a narrow title would cut it off."""

    def __init__(self):
        super().__init__()
        self.count = 0
        self._size = 30.0
        self.setZValue(900)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def set_count(self, count: int, size: float) -> None:
        self.prepareGeometryChange()
        self.count, self._size = count, size
        self.setVisible(count > 0)
        self.update()

    def boundingRect(self) -> QRectF:
        return QRectF(0, 0, self._size * 1.6, self._size)

    def paint(self, painter: QPainter, option, widget=None) -> None:
        rect = self.boundingRect().adjusted(1, 1, -1, -1)
        painter.setBrush(QBrush(palette.color("felt")))
        painter.setPen(QPen(palette.color("felt_ink"), 1.5))
        painter.drawRoundedRect(rect, rect.height() / 2.5, rect.height() / 2.5)
        font = QFont()
        font.setPixelSize(max(10, round(self._size * 0.6)))
        font.setBold(True)
        painter.setFont(font)
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, str(self.count))
