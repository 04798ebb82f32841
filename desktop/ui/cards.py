"""A card on the table: painted face up or as a back, and dragged by its owner.

A face-down card is built without any knowledge of its identity (the view gave it none), so a
hidden face cannot be painted, not even for one frame.
"""

from __future__ import annotations

import json

from PySide6.QtCore import QMimeData, QPoint, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QDrag, QFont, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QApplication, QSizePolicy, QWidget

from desktop.ui import palette

MIME_TYPE = "application/x-actiondeck-card"


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
    """One card. `card_id` and `face` (a presentation.Face) are None for a face-down card."""

    activated = Signal(str)  # Enter/Space on a face-up card the viewer may move
    dragStarted = Signal(str, str)  # card, zone: the table lights the legal targets

    FULL = QSize(168, 236)
    SMALL = QSize(54, 76)
    painter_hook = None  # a system's own face painter (desktop.ui.systems), set by the window

    def __init__(self, zone: str, card_id: str | None = None, face=None,
                 draggable: bool = False, small: bool = False, owner: str = "",
                 parent: QWidget | None = None):
        super().__init__(parent)
        self.zone = zone
        self.card_id = card_id
        self.face = face
        self.draggable = draggable and card_id is not None
        self._press: QPoint | None = None
        self.setFixedSize(self.SMALL if small else self.FULL)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        whose = f" in {owner}" if owner else ""
        if face is not None:
            self.setAccessibleName(f"{face.title}{whose}")
            self.setAccessibleDescription(face.plain_text())
            lines = "".join(f"<br>{_escape(field.text)}" for field in face.fields)
            self.setToolTip(f"<b>{_escape(face.title)}</b>{lines}")
            self.setFocusPolicy(Qt.FocusPolicy.StrongFocus if self.draggable else Qt.FocusPolicy.NoFocus)
        else:
            self.setAccessibleName(f"face-down card{whose}")
        if self.draggable:
            self.setCursor(Qt.CursorShape.OpenHandCursor)

    # ---- painting ----------------------------------------------------------------------------

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = QRectF(self.rect()).adjusted(1.5, 1.5, -1.5, -1.5)
        outline = QPainterPath()
        outline.addRoundedRect(rect, 9, 9)
        if self.face is None:
            self._paint_back(painter, rect, outline)
        elif not (self.painter_hook and self.painter_hook(painter, rect, self.face, self.card_id)):
            self._paint_face(painter, rect, outline)
        if self.hasFocus():
            painter.setPen(QPen(self.palette().highlight().color(), 3))
            painter.drawPath(outline)
        painter.end()

    def _paint_back(self, painter: QPainter, rect: QRectF, outline: QPainterPath) -> None:
        painter.fillPath(outline, palette.BACK)
        painter.setPen(QPen(palette.BACK_INK, 2))
        painter.drawRoundedRect(rect.adjusted(5, 5, -5, -5), 6, 6)
        if self.width() > 80:
            font = QFont(self.font())
            font.setPointSizeF(13)
            font.setBold(True)
            painter.setFont(font)
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, "ACTION\nCARD")

    def _paint_face(self, painter: QPainter, rect: QRectF, outline: QPainterPath) -> None:
        face = self.face
        painter.fillPath(outline, palette.FACE)
        band = QRectF(rect.left(), rect.top(), rect.width(), 46 if self.width() > 80 else 20)
        band_path = QPainterPath()
        band_path.addRoundedRect(band, 9, 9)
        painter.fillPath(band_path, palette.tone(face.tone))
        painter.setPen(QPen(palette.INK.lighter(250), 1))
        painter.drawPath(outline)
        if self.width() <= 80:
            return
        title = QFont(self.font())
        title.setPointSizeF(12)
        title.setBold(True)
        painter.setFont(title)
        painter.setPen(palette.TITLE_INK)
        flags = Qt.AlignmentFlag.AlignVCenter | Qt.TextFlag.TextWordWrap
        painter.drawText(band.adjusted(8, 2, -8, -2), flags, face.title)
        body = rect.adjusted(9, band.height() + 6, -9, -8)
        painter.setPen(palette.INK)
        for field in face.fields:
            font = QFont(self.font())
            font.setPointSizeF(9 if field.style in ("timing", "tag") else 10)
            font.setItalic(field.style == "timing")
            font.setBold(field.style == "stat")
            painter.setFont(font)
            text = f"{field.label}: {field.text}" if field.label else field.text
            used = painter.boundingRect(body, Qt.TextFlag.TextWordWrap, text)
            painter.drawText(body, Qt.TextFlag.TextWordWrap, text)
            body = body.adjusted(0, used.height() + 6, 0, 0)
            if body.height() <= 0:
                break

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
        self.dragStarted.emit(self.card_id, self.zone)
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


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
