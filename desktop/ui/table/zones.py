"""A zone's place on the table: its panel, title and count drawn (from a picture kept for its
look), the cards it holds, and the count badge of a one-card-wide pile.

Its title is fitted to its room (shortened by dropping its parts before it is cut: `fit_title`);
what does not fit is read whole in the tooltip and by a screen reader.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QFont, QPainter, QPen, QPixmap, QPixmapCache
from PySide6.QtWidgets import QGraphicsObject

from desktop.ui import palette
from desktop.ui.table import faces
from desktop.ui.table.items import CardItem
from desktop.ui.table.layout import Box, slot_boxes, slot_order


def parts_of(parts, title: str) -> tuple[str, str, tuple[str, ...]]:
    """(owner, name, details) of a zone title: from the parts its table gave (`ZoneSpec.parts`),
    else the title whole as its name."""
    return (parts.owner, parts.name, tuple(parts.details)) if parts is not None else ("", title, ())


def title_forms(owner: str, name: str, details: tuple[str, ...], keep: str = "", alike: bool = False) -> list[str]:
    """A zone title and its shorter forms, longest first, by dropping parts (never guessing at
    words): its details from the last (a closing aside goes first, its count before it stays;
    then the count: a pile shows it on a badge); then its owner (a seat's zones sit together under
    its name: "Bo's Spent: 3" may read "Spent: 3"); then its name's first word with its first
    detail ("Draw pile: 10" as "Draw: 10") and alone.

    `keep`: the seat's name, where this zone is the one naming its seat's group (`naming_zones`):
    every form keeps it, and the shortest is the name alone ("Player 2: 0 cards" never reads
    "Player", as every other seat's would).

    `alike`: another zone of its group starts its name with the same word (`alike_zones`): its
    name's first word says nothing of it, so its shorter forms drop that word and keep the rest
    ("Gold discard: 0" as "discard: 0", never "Gold: 0" as the Gold deck would read)."""
    dropping = range(len(details), -1, -1)
    forms = [owner + name + "".join(details[:kept]) for kept in dropping]
    if owner:
        forms += [name + "".join(details[:kept]) for kept in dropping]
    first, _, rest = name.partition(" ")
    if alike and rest:
        forms += [rest + "".join(details[:kept]) for kept in dropping]
    else:
        forms += [first + "".join(details[:1]), first]
    if keep:
        forms = [form for form in forms if keep in form] + [keep]
    return list(dict.fromkeys(form for form in forms if form))


def fit_title(parts: tuple[str, str, tuple[str, ...]], fits, keep: str = "", alike: bool = False) -> str | None:
    """The longest form of a zone title (`parts_of`) that `fits`; None when none does."""
    return next((form for form in title_forms(*parts, keep=keep, alike=alike) if fits(form)), None)


def alike_zones(specs) -> set[str]:
    """The zones whose name's first word another zone of their group (a seat's, or the shared
    ones) starts with: shortened to that word, "Gold deck: 17" and "Gold discard: 0" both read
    "Gold: ...", and a new player sent to the discard pile could not tell the two apart."""
    groups: dict[str | None, list] = {}
    for spec in specs:
        if not spec.track and spec.parts is not None:
            groups.setdefault(spec.seat, []).append(spec)
    alike: set[str] = set()
    for group in groups.values():
        firsts = [spec.parts.name.strip().split(" ")[0] for spec in group]
        alike.update(spec.zone for spec, first in zip(group, firsts, strict=True) if firsts.count(first) > 1)
    return alike


def naming_zones(specs, seat_name) -> dict[str, str]:
    """zone id -> its seat's name, for the zone that names its seat's group on the table: the
    seat's first zone, where its title holds the name. Another seat's zones sit together without
    a heading: shortened alike ("Player", "drawn"), two seats' rows read the same."""
    named: dict[str, str] = {}
    seen: set[str] = set()
    for spec in specs:
        if spec.seat is None or spec.track or spec.seat in seen:
            continue
        seen.add(spec.seat)
        name = seat_name(spec.seat)
        if name and name in spec.title:
            named[spec.zone] = name
    return named


# A zone larger than this (device pixels) is drawn in place: it is mostly its flat panel, which
# Qt fills about as fast as it copies a picture, and its pictures (one for each seat's layout)
# would take the pixmap cache's room from the card faces.
PICTURED_ZONE_PIXELS = 60_000
NARROW_ZONE = 80  # px: a zone narrower than this sets its title closer to its edges
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
        self.parts = None  # the title's parts (`ZoneSpec.parts`), None: the title whole
        self.keep = ""  # the seat's name its title keeps, however short (`naming_zones`)
        self.alike = False  # another zone's name starts with its name's first word (`alike_zones`)
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
               f"{self.lit:d}:{ratio}:{palette.generation()}:{self.keep}:{self.alike:d}:{self.title}\n{hint}")
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
        # A narrow zone (another seat's, where many share a row) gives its title the room of its
        # inner margins: a one-word title whole rather than cut after two letters.
        pad = 6 if rect.width() >= NARROW_ZONE else 2
        title_rect = QRectF(rect.left() + pad, rect.top() + 2, rect.width() - 2 * pad, self.title_height)
        # The fitting is remembered for the title, the room and the font: a zone is repainted
        # far more often (a card moving over it, a hand-over) than its title changes.
        fitted = (self.title, self.keep, self.alike, title_rect.width(), font.pixelSize())
        if self._fitted_title is not None and self._fitted_title[0] == fitted:
            font.setPixelSize(self._fitted_title[1])
            painter.setFont(font)
            shown = self._fitted_title[2]
        else:
            while painter.fontMetrics().horizontalAdvance(self.title) > title_rect.width() and font.pixelSize() > 11:
                font.setPixelSize(font.pixelSize() - 1)  # a narrow pile keeps its count readable
                painter.setFont(font)
            shown = fit_title(parts_of(self.parts, self.title), lambda text: painter.fontMetrics().horizontalAdvance(text) <= title_rect.width(), self.keep,
                              self.alike)
            if shown is None and self.keep:
                shown = self._seat_name_fitted(painter, font, title_rect.width())
            elif shown is None:  # cut short: the words that tell it from its like where it has one
                cut = title_forms(*parts_of(self.parts, self.title), alike=True)[-1] if self.alike else self.title
                shown = painter.fontMetrics().elidedText(cut, Qt.TextElideMode.ElideRight, int(title_rect.width()))
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


    def _seat_name_fitted(self, painter: QPainter, font: QFont, room: float) -> str:
        """The seat's name where no form of the title fits: set smaller (to 9 px), else cut in
        its middle, keeping both its ends ("Pl…2", "Pl…3"), or at its end where the middle
        leaves nothing before the cut ("A…")."""
        for size in range(font.pixelSize(), 8, -1):
            font.setPixelSize(size)
            painter.setFont(font)
            if painter.fontMetrics().horizontalAdvance(self.keep) <= room:
                return self.keep
        cut = painter.fontMetrics().elidedText(self.keep, Qt.TextElideMode.ElideMiddle, int(room))
        if cut.startswith("\u2026") or cut.endswith("\u2026"):
            cut = painter.fontMetrics().elidedText(self.keep, Qt.TextElideMode.ElideRight, int(room))
        return cut

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
                words = max(painter.fontMetrics().horizontalAdvance(word) for word in ("empty", "slot"))
                if words <= inner.width() and painter.fontMetrics().height() * 2 <= inner.height():
                    painter.setPen(palette.color("felt_ink"))
                    painter.drawText(inner, Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap, "empty slot")


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
