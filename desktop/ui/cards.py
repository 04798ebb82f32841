"""A card on the table: painted face up or as a back, and dragged by its owner.

A face-down card is built without any knowledge of its identity (the view gave it none), so a
hidden face cannot be painted, not even for one frame.
"""

from __future__ import annotations

import json

from PySide6.QtCore import QMimeData, QPoint, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QDrag, QFont, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QApplication, QSizePolicy, QWidget

MIME_TYPE = "application/x-actiondeck-card"

FACE = QColor("#fbf7ee")
INK = QColor("#1d1d1f")
BACK = QColor("#23325a")
BACK_INK = QColor("#d8c98f")
BAND = {
    "action": QColor("#c9a227"),
    "sabotage": QColor("#b3261e"),
    "agenda": QColor("#3b6ea8"),
    "combat": QColor("#6d6d6d"),
    "other": QColor("#4f7d4a"),
}
AGENDA_WINDOWS = {"agenda-phase-start", "agenda-revealed", "speaker-votes", "player-elected", "votes-cast"}
COMBAT_WINDOWS = {
    "combat-round-start", "combat-round-end", "space-combat-hits", "sustain-damage",
    "space-cannon-hits", "ship-destroyed", "space-combat-won", "retreat-declared",
}


def band_for(windows: list[str]) -> QColor:
    kinds = set(windows)
    if "action" in kinds:
        return BAND["action"]
    if "sabotage" in kinds:
        return BAND["sabotage"]
    if kinds & AGENDA_WINDOWS:
        return BAND["agenda"]
    if kinds & COMBAT_WINDOWS:
        return BAND["combat"]
    return BAND["other"]


def encode_drag(card: str, zone: str) -> QMimeData:
    data = QMimeData()
    data.setData(MIME_TYPE, json.dumps({"card": card, "zone": zone}).encode())
    return data


def decode_drag(data: QMimeData) -> dict | None:
    if not data.hasFormat(MIME_TYPE):
        return None
    try:
        payload = json.loads(bytes(data.data(MIME_TYPE)).decode())
    except ValueError:
        return None
    return payload if isinstance(payload, dict) and "card" in payload else None


class CardWidget(QWidget):
    """One card. `card_id` and `definition` are None for a face-down card."""

    activated = Signal(str)  # Enter/Space on a face-up card the viewer may move

    FULL = QSize(168, 236)
    SMALL = QSize(54, 76)

    def __init__(self, zone: str, card_id: str | None = None, definition=None,
                 draggable: bool = False, small: bool = False, parent: QWidget | None = None):
        super().__init__(parent)
        self.zone = zone
        self.card_id = card_id
        self.definition = definition
        self.draggable = draggable and card_id is not None
        self._press: QPoint | None = None
        self.setFixedSize(self.SMALL if small else self.FULL)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        if definition is not None:
            self.setAccessibleName(definition.name)
            self.setAccessibleDescription(f"{definition.timing}. {definition.text}")
            self.setToolTip(f"<b>{definition.name}</b><br><i>{definition.timing}</i><br>{definition.text}")
            self.setFocusPolicy(Qt.FocusPolicy.StrongFocus if self.draggable else Qt.FocusPolicy.NoFocus)
        else:
            self.setAccessibleName("face-down action card")
        if self.draggable:
            self.setCursor(Qt.CursorShape.OpenHandCursor)

    # ---- painting ----------------------------------------------------------------------------

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = QRectF(self.rect()).adjusted(1.5, 1.5, -1.5, -1.5)
        outline = QPainterPath()
        outline.addRoundedRect(rect, 9, 9)
        if self.definition is None:
            self._paint_back(painter, rect, outline)
        else:
            self._paint_face(painter, rect, outline)
        if self.hasFocus():
            painter.setPen(QPen(self.palette().highlight().color(), 3))
            painter.drawPath(outline)
        painter.end()

    def _paint_back(self, painter: QPainter, rect: QRectF, outline: QPainterPath) -> None:
        painter.fillPath(outline, BACK)
        painter.setPen(QPen(BACK_INK, 2))
        painter.drawRoundedRect(rect.adjusted(5, 5, -5, -5), 6, 6)
        if self.width() > 80:
            font = QFont(self.font())
            font.setPointSizeF(13)
            font.setBold(True)
            painter.setFont(font)
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, "ACTION\nCARD")

    def _paint_face(self, painter: QPainter, rect: QRectF, outline: QPainterPath) -> None:
        card = self.definition
        painter.fillPath(outline, FACE)
        band = QRectF(rect.left(), rect.top(), rect.width(), 46 if self.width() > 80 else 20)
        band_path = QPainterPath()
        band_path.addRoundedRect(band, 9, 9)
        painter.fillPath(band_path, band_for(list(card.windows)))
        painter.setPen(QPen(INK.lighter(250), 1))
        painter.drawPath(outline)
        if self.width() <= 80:
            return
        title = QFont(self.font())
        title.setPointSizeF(12)
        title.setBold(True)
        painter.setFont(title)
        painter.setPen(QColor("white"))
        painter.drawText(band.adjusted(8, 2, -8, -2), Qt.AlignmentFlag.AlignVCenter | Qt.TextFlag.TextWordWrap, card.name)
        body = rect.adjusted(9, band.height() + 6, -9, -8)
        italic = QFont(self.font())
        italic.setPointSizeF(9)
        italic.setItalic(True)
        painter.setFont(italic)
        painter.setPen(INK)
        timing = ("ACTION: " if card.is_action else "") + card.timing
        used = painter.boundingRect(body, Qt.TextFlag.TextWordWrap, timing)
        painter.drawText(body, Qt.TextFlag.TextWordWrap, timing)
        text = QFont(self.font())
        text.setPointSizeF(10)
        painter.setFont(text)
        painter.drawText(body.adjusted(0, used.height() + 6, 0, 0), Qt.TextFlag.TextWordWrap, card.text)

    # ---- dragging ----------------------------------------------------------------------------

    def mousePressEvent(self, event) -> None:
        if self.draggable and event.button() == Qt.MouseButton.LeftButton:
            self._press = event.position().toPoint()
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event) -> None:
        if self._press is None or not (event.buttons() & Qt.MouseButton.LeftButton):
            return
        if (event.position().toPoint() - self._press).manhattanLength() < QApplication.startDragDistance():
            return
        self._press = None
        self.start_drag()

    def mouseReleaseEvent(self, event) -> None:
        self._press = None
        super().mouseReleaseEvent(event)

    def start_drag(self) -> Qt.DropAction:
        drag = QDrag(self)
        drag.setMimeData(encode_drag(self.card_id, self.zone))
        drag.setPixmap(self.grab().scaled(self.width() // 2, self.height() // 2,
                                          Qt.AspectRatioMode.KeepAspectRatio,
                                          Qt.TransformationMode.SmoothTransformation))
        drag.setHotSpot(QPoint(self.width() // 4, self.height() // 4))
        return drag.exec(Qt.DropAction.MoveAction)

    def keyPressEvent(self, event) -> None:
        if self.draggable and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            self.activated.emit(self.card_id)
            return
        super().keyPressEvent(event)
