"""The app's look: Qt's Fusion style with a focus ring a player sees from across the table and
flat scroll bars, drawn by a style rather than a style sheet.

Why not a style sheet: a style sheet on the main window (the focus ring used to be one) puts
every widget under it behind Qt's style-sheet style, which matches its rules again at every
paint and size hint: a button painted about 4x slower, every layout of the window about 2x.
Why its own scroll bars: Fusion paints a scroll bar with gradients, 1.5 to 2.5 ms for the log's
(measured, offscreen), and the log's scroll bar repaints at every action as the log grows; the
flat one here takes about 0.1 ms. Both were most of an action's paint (docs/performance.md).
"""

from __future__ import annotations

from functools import lru_cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPalette, QPen, QPolygonF
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QLineEdit,
    QProxyStyle,
    QStyle,
    QStyleFactory,
)

RING_WIDTH = 3  # pixels: seen from across a table, in both themes
_RING_RADIUS = 4

_CE = QStyle.ControlElement
_CC = QStyle.ComplexControl
_PE = QStyle.PrimitiveElement
_SC = QStyle.SubControl
_STATE = QStyle.StateFlag

# Controls that take the ring around their whole rectangle when they have the focus.
_RINGED_CONTROLS = (_CE.CE_PushButton, _CE.CE_CheckBox, _CE.CE_RadioButton)
_RINGED_COMPLEX = (_CC.CC_ComboBox, _CC.CC_SpinBox, _CC.CC_ToolButton)

# Fusion's group box frame, as black laid over the window at these opacities (out of 255).
# Fusion's picture, as a grey (0 to 255) laid over the window at an opacity: it darkens a light
# window and lightens a dark one. The fill, the inner line, the edge, a corner's outer pixel, the
# two beside it, the one inside it (worked out from Fusion's frame over a light and a dark window).
_GROUP_SHADES = ((32, 0.015), (58, 0.039), (118, 0.198), (32, 0.048), (91, 0.203), (89, 0.121))
_WINDOW = QPalette.ColorRole.Window


@lru_cache(maxsize=8)
def _group_tones(window: int) -> tuple[QColor, ...]:
    """The group box frame's tones over a window of colour `window` (0xAARRGGBB)."""
    under = QColor.fromRgb(window)
    return tuple(_mix(under, QColor(grey, grey, grey), opacity) for grey, opacity in _GROUP_SHADES)


def _mix(under: QColor, over: QColor, amount: float) -> QColor:
    """`over` laid on `under` at `amount` (0 to 1): a tone that reads on both themes."""
    return QColor.fromRgbF(
        under.redF() + (over.redF() - under.redF()) * amount,
        under.greenF() + (over.greenF() - under.greenF()) * amount,
        under.blueF() + (over.blueF() - under.blueF()) * amount,
    )


def draw_ring(painter: QPainter, rect) -> None:
    """The focus ring: the theme's focus colour, RING_WIDTH pixels, just inside `rect`."""
    from desktop.ui import palette

    inset = RING_WIDTH / 2
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setPen(QPen(palette.color("focus"), RING_WIDTH))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRoundedRect(QRectF(rect).adjusted(inset, inset, -inset, -inset), _RING_RADIUS, _RING_RADIUS)
    painter.restore()


def _focused(option) -> bool:
    state = option.state
    return bool(state & _STATE.State_HasFocus) and bool(state & _STATE.State_Enabled)


class TableStyle(QProxyStyle):
    """Fusion, with the app's focus ring and flat scroll bars; every size and hit test is
    Fusion's, so widgets keep their places."""

    def __init__(self) -> None:
        super().__init__(QStyleFactory.create("Fusion"))
        self.setObjectName("actiondeck-style")

    # ---- the focus ring ------------------------------------------------------------------------

    # No pixelMetric here: Qt asks for metrics some 600 times an action, each a call into Python
    # (2 ms an action, measured). So a list's ring shows only as wide as its frame, its items
    # covering the rest; its current item is highlighted too.

    def drawControl(self, element, option, painter, widget=None) -> None:
        super().drawControl(element, option, painter, widget)
        if element in _RINGED_CONTROLS and _focused(option):
            draw_ring(painter, option.rect)
        elif (element == _CE.CE_ShapedFrame and isinstance(widget, QAbstractItemView)
              and widget.hasFocus() and widget.isEnabled()):
            draw_ring(painter, option.rect)

    def drawPrimitive(self, element, option, painter, widget=None) -> None:
        if element == _PE.PE_FrameGroupBox:
            self._group_frame(option, painter, widget)
            return
        super().drawPrimitive(element, option, painter, widget)
        if (element == _PE.PE_PanelLineEdit and _focused(option) and isinstance(widget, QLineEdit)
                and widget.hasFrame()):
            draw_ring(painter, option.rect)

    def drawComplexControl(self, control, option, painter, widget=None) -> None:
        if control == _CC.CC_ScrollBar:
            self._scroll_bar(option, painter, widget)
            return
        super().drawComplexControl(control, option, painter, widget)
        if control in _RINGED_COMPLEX and _focused(option):
            draw_ring(painter, option.rect)

    # ---- group boxes ---------------------------------------------------------------------------

    @staticmethod
    def _group_frame(option, painter: QPainter, widget) -> None:
        """Fusion's group box frame (a darker edge, a faint inner line, a faint fill) drawn as
        opaque rectangles in the tones Fusion's translucent picture makes over the window.

        Why: Fusion stretches that picture over the whole box at every paint, 0.45 ms a box
        (measured), and a seat's box repaints whenever one of its counts changes. A translucent
        fill is no cheaper here: Qt blends a solid colour row by row at about 1 us a row, so
        even a one-pixel line down the box's side cost 0.2 ms. Opaque rectangles take about
        0.04 ms for the whole frame and match Fusion's over the window's colour within a few
        levels of grey (tests/ui/test_style.py)."""
        rect = option.rect
        left, top = rect.x() + 1, rect.y() + 1  # Fusion leaves the first row and column clear
        width, height = rect.right() - left + 1, rect.bottom() - top + 1
        if width < 4 or height < 4:
            return
        right, bottom = left + width - 1, top + height - 1
        fill = painter.fillRect
        fill_tone, inner, edge, corner, round_edge, round_inner = _group_tones(option.palette.color(_WINDOW).rgb())
        fill(left + 1, top + 1, width - 2, height - 2, fill_tone)
        for x, y, w, h in ((left + 2, top + 1, width - 4, 1), (left + 2, bottom - 1, width - 4, 1),
                           (left + 1, top + 2, 1, height - 4), (right - 1, top + 2, 1, height - 4)):
            fill(x, y, w, h, inner)
        for x, y, w, h in ((left + 1, top, width - 2, 1), (left + 1, bottom, width - 2, 1),
                           (left, top + 1, 1, height - 2), (right, top + 1, 1, height - 2)):
            fill(x, y, w, h, edge)
        for x, y, inward_x, inward_y in ((left, top, 1, 1), (right, top, -1, 1), (left, bottom, 1, -1),
                                         (right, bottom, -1, -1)):  # the rounded corners
            fill(x, y, 1, 1, corner)
            fill(x + inward_x, y, 1, 1, round_edge)
            fill(x, y + inward_y, 1, 1, round_edge)
            fill(x + inward_x, y + inward_y, 1, 1, round_inner)

    # ---- scroll bars ---------------------------------------------------------------------------

    def _scroll_bar(self, option, painter: QPainter, widget) -> None:
        colours = option.palette
        window = colours.color(QPalette.ColorRole.Window)
        ink = colours.color(QPalette.ColorRole.WindowText)
        enabled = bool(option.state & _STATE.State_Enabled)
        painter.save()
        painter.fillRect(option.rect, _mix(window, ink, 0.06))
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setPen(Qt.PenStyle.NoPen)
        horizontal = option.orientation == Qt.Orientation.Horizontal
        slider = self.subControlRect(_CC.CC_ScrollBar, option, _SC.SC_ScrollBarSlider, widget)
        if enabled and slider.isValid() and option.maximum > option.minimum:
            active = option.activeSubControls & _SC.SC_ScrollBarSlider and (
                option.state & (_STATE.State_MouseOver | _STATE.State_Sunken))
            painter.setBrush(_mix(window, ink, 0.55 if active else 0.38))
            handle = QRectF(slider).adjusted(*((1, 3, -1, -3) if horizontal else (3, 1, -3, -1)))
            radius = min(handle.width(), handle.height()) / 2
            painter.drawRoundedRect(handle, radius, radius)
        arrow_ink = _mix(window, ink, 0.7 if enabled else 0.3)
        for part, forward in ((_SC.SC_ScrollBarSubLine, False), (_SC.SC_ScrollBarAddLine, True)):
            rect = self.subControlRect(_CC.CC_ScrollBar, option, part, widget)
            if rect.isValid() and not rect.isEmpty():
                pressed = option.activeSubControls & part and option.state & _STATE.State_Sunken
                painter.setBrush(ink if pressed and enabled else arrow_ink)
                painter.drawPolygon(_arrow(QRectF(rect), horizontal, forward))
        painter.restore()


def _arrow(rect: QRectF, horizontal: bool, forward: bool) -> QPolygonF:
    """A small triangle in `rect` pointing the way its button scrolls."""
    half = min(rect.width(), rect.height()) * 0.22
    c = rect.center()
    if horizontal:
        tip = half if forward else -half
        points = [QPointF(c.x() + tip, c.y()), QPointF(c.x() - tip, c.y() - half), QPointF(c.x() - tip, c.y() + half)]
    else:
        tip = half if forward else -half
        points = [QPointF(c.x(), c.y() + tip), QPointF(c.x() - half, c.y() - tip), QPointF(c.x() + half, c.y() - tip)]
    return QPolygonF(points)


_installed: list[TableStyle] = []  # Python's reference, so the style outlives any one window


def install() -> TableStyle:
    """Makes TableStyle the application's style, once (the app's start and every main window
    call it; tests build windows without the app's start)."""
    app = QApplication.instance()
    current = app.style()
    if isinstance(current, TableStyle):
        return current
    style = TableStyle()
    _installed[:] = [style]
    app.setStyle(style)
    return style
