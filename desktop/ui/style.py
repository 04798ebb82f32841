"""The app's look: Qt's Fusion style with a focus ring a player sees from across the table, flat
scroll bars and a cheaper group box frame, drawn without a style sheet and with Python out of
the way of every other paint.

Why not a style sheet: a style sheet on the main window (the focus ring used to be one) puts
every widget under it behind Qt's style-sheet style, which matches its rules again at every
paint and size hint: a button painted about 4x slower, every layout of the window about 2x.
Why its own scroll bars: Fusion paints a scroll bar with gradients, 1.5 to 2.5 ms for the log's
(measured, offscreen), and the log's scroll bar repaints at every action as the log grows; the
flat one here takes about 0.1 ms. Both were most of an action's paint (docs/performance.md).

Why so many small styles: a style that draws anything in Python is called from Qt for every
control, frame and label of every widget, whatever it draws (a button paints through three or
four such calls, 0.145 ms against Fusion's 0.06, measured). So the application's style
(`TableStyle`) draws nothing itself: when Qt first readies a scroll bar, a group box, a tool bar,
a check box or a radio button, it gives that widget a style of its own that draws what differs
(`_ScrollBarStyle`, `_GroupBoxStyle`, `_ToolBarStyle`, `_IndicatorStyle`), and the focus ring is
one small widget laid over whatever has the focus (`FocusRing`, a QFocusFrame), painted only when
that widget is.
"""

from __future__ import annotations

from functools import lru_cache

import shiboken6
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QPainter,
    QPalette,
    QPen,
    QPixmap,
    QPixmapCache,
    QPolygonF,
    QRegion,
)
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSpinBox,
    QApplication,
    QCheckBox,
    QComboBox,
    QFocusFrame,
    QGroupBox,
    QLineEdit,
    QProxyStyle,
    QRadioButton,
    QScrollBar,
    QStyle,
    QStyleFactory,
    QToolBar,
    QWidget,
)

RING_WIDTH = 3  # pixels: seen from across a table, in both themes
_RING_RADIUS = 4

_CC = QStyle.ComplexControl
_PE = QStyle.PrimitiveElement
_SC = QStyle.SubControl
_STATE = QStyle.StateFlag

# Fusion's group box frame, as a grey (0 to 255) laid over the window at an opacity: it darkens a
# light window and lightens a dark one. The fill, the inner line, the edge, a corner's outer pixel,
# the two beside it, the one inside it (worked out from Fusion's frame over a light and a dark one).
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


def _fusion() -> QStyle:
    return QStyleFactory.create("Fusion")


# ---- the application's style -------------------------------------------------------------------


class TableStyle(QProxyStyle):
    """Fusion, drawing nothing in Python: at the first polish of a scroll bar, a group box, a tool
    bar, a check box or a radio button it gives that widget its own style (below)."""

    def __init__(self) -> None:
        super().__init__(_fusion())
        self.setObjectName("actiondeck-style")
        self.scroll_bars = _ScrollBarStyle(_fusion())
        self.group_boxes = _GroupBoxStyle(_fusion())
        self.tool_bars = _ToolBarStyle(_fusion())
        self.indicators = _IndicatorStyle(_fusion())

    def polish(self, target):
        # One Python method for Qt's three polish() overloads (a widget, a palette, the app).
        if isinstance(target, QScrollBar) and target.style() is not self.scroll_bars:
            target.setStyle(self.scroll_bars)  # polishes it, with that style
            # Its style fills every pixel of it: nothing under it is painted again with it (the
            # log's bar changes at every action, and its panel was painted under it each time).
            target.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
            return None
        if isinstance(target, QGroupBox) and target.style() is not self.group_boxes:
            target.setStyle(self.group_boxes)
            return None
        if isinstance(target, QToolBar) and target.style() is not self.tool_bars:
            target.setStyle(self.tool_bars)
            return None
        if isinstance(target, (QCheckBox, QRadioButton)) and target.style() is not self.indicators:
            target.setStyle(self.indicators)
            return None
        return super().polish(target)


# ---- group boxes --------------------------------------------------------------------------------


class _GroupBoxStyle(QProxyStyle):
    """A group box's style: Fusion's frame (a darker edge, a faint inner line, a faint fill)
    drawn as opaque rectangles in the tones Fusion's translucent picture makes over the window.

    Why: Fusion stretches that picture over the whole box at every paint, 0.45 ms a box
    (measured), and a seat's box repaints whenever one of its counts changes. A translucent fill
    is no cheaper here: Qt blends a solid colour row by row at about 1 us a row, so even a
    one-pixel line down the box's side cost 0.2 ms. Opaque rectangles take about 0.04 ms for the
    whole frame and match Fusion's over the window's colour within a few levels of grey
    (tests/ui/test_style.py). The box's children keep the application's style."""

    def drawPrimitive(self, element, option, painter, widget=None) -> None:
        if element == _PE.PE_FrameGroupBox:
            draw_group_frame(option, painter)
        else:
            super().drawPrimitive(element, option, painter, widget)


def draw_group_frame(option, painter: QPainter) -> None:
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


# ---- check and radio boxes ----------------------------------------------------------------------


class _IndicatorStyle(QProxyStyle):
    """A check box's or radio button's style: Fusion's box or circle with an edge that reads on
    both themes. Fusion darkens the window's colour for the edge, which on the dark theme left
    the box nearly invisible: "Played by the app" showed no box at all."""

    def drawPrimitive(self, element, option, painter, widget=None) -> None:
        super().drawPrimitive(element, option, painter, widget)
        box = element == _PE.PE_IndicatorCheckBox
        if not box and element != _PE.PE_IndicatorRadioButton:
            return
        colours = option.palette
        edge = _mix(colours.color(_WINDOW), colours.color(QPalette.ColorRole.WindowText),
                    0.55 if option.state & _STATE.State_Enabled else 0.3)
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setPen(QPen(edge, 1))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        rect = QRectF(option.rect).adjusted(0.5, 0.5, -0.5, -0.5)
        if box:
            painter.drawRoundedRect(rect, 2, 2)
        else:
            painter.drawEllipse(rect)
        painter.restore()


# ---- tool bars ----------------------------------------------------------------------------------


class _ToolBarStyle(QProxyStyle):
    """A tool bar's style: Fusion's shaded background drawn once per size and palette, then
    copied. Fusion fills a window's tool bar with a gradient at every paint, about 1.7 ms for a
    window's width (measured), and a hand-over repaints it; the copy takes a few hundredths."""

    def drawControl(self, element, option, painter, widget=None) -> None:
        if element != QStyle.ControlElement.CE_ToolBar or painter.worldTransform().isScaling():
            super().drawControl(element, option, painter, widget)
            return
        rect = option.rect
        ratio = painter.device().devicePixelRatioF() if painter.device() is not None else 1.0
        key = f"actiondeck-toolbar:{rect.width()}x{rect.height()}@{ratio}:{option.palette.cacheKey()}:{option.state.value}"
        picture = QPixmapCache.find(key)
        if picture is None:
            picture = QPixmap(round(rect.width() * ratio), round(rect.height() * ratio))
            picture.setDevicePixelRatio(ratio)
            picture.fill(Qt.GlobalColor.transparent)
            drawing = QPainter(picture)
            drawing.translate(-rect.x(), -rect.y())
            super().drawControl(element, option, drawing, widget)
            drawing.end()
            QPixmapCache.insert(key, picture)
        painter.drawPixmap(rect.topLeft(), picture)


# ---- scroll bars --------------------------------------------------------------------------------


class _ScrollBarStyle(QProxyStyle):
    """A scroll bar's style: flat, its handle reading against its groove in both themes; every
    size and hit test is Fusion's, so the bar keeps its place."""

    def drawComplexControl(self, control, option, painter, widget=None) -> None:
        if control != _CC.CC_ScrollBar:
            super().drawComplexControl(control, option, painter, widget)
            return
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


# ---- the focus ring -----------------------------------------------------------------------------


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


def ringed(widget: QWidget | None) -> QWidget | None:
    """The widget that wears the ring when `widget` has the focus (None: none does): buttons,
    check and radio boxes, combo and spin boxes, framed text fields, lists and tables. An
    editable combo box's text field gives the ring to its box."""
    if widget is None or widget.isWindow():
        return None
    if isinstance(widget, QLineEdit) and not widget.hasFrame():
        owner = widget.parentWidget()
        return owner if isinstance(owner, (QComboBox, QAbstractSpinBox)) else None
    if isinstance(widget, (QAbstractButton, QComboBox, QAbstractSpinBox, QLineEdit, QAbstractItemView)):
        return widget
    return None


class _RingStyle(QProxyStyle):
    """The ring's own style: the frame lies over its widget, exactly on its rectangle, and only
    its edge (where the ring is) covers the widget."""

    def styleHint(self, hint, option=None, widget=None, answer=None) -> int:
        if hint == QStyle.StyleHint.SH_FocusFrame_AboveWidget:
            return 1
        if hint == QStyle.StyleHint.SH_FocusFrame_Mask and answer is not None and option is not None:
            edge = RING_WIDTH + 1
            answer.region = QRegion(option.rect) - QRegion(option.rect.adjusted(edge, edge, -edge, -edge))
            return 1
        return super().styleHint(hint, option, widget, answer)

    def pixelMetric(self, metric, option=None, widget=None) -> int:
        if metric in (QStyle.PixelMetric.PM_FocusFrameHMargin, QStyle.PixelMetric.PM_FocusFrameVMargin):
            return 0
        return super().pixelMetric(metric, option, widget)


class FocusRing(QFocusFrame):
    """The ring, laid over the focused widget (Qt's QFocusFrame follows it as it moves, resizes,
    hides or changes parent). It shows only while that widget is enabled."""

    def paintEvent(self, _event) -> None:
        target = self.widget()
        if target is None or not target.isEnabled():
            return
        painter = QPainter(self)
        draw_ring(painter, self.rect())
        painter.end()


class _RingKeeper:
    """Moves the one ring to each newly focused widget; a ring deleted with the window it lay
    in (it lives among the focused widget's siblings) is made again at the next focus."""

    def __init__(self) -> None:
        self.style = _RingStyle(_fusion())
        self.ring: FocusRing | None = None

    def follow(self, _old, new) -> None:
        target = ringed(new)
        ring = self.ring if self.ring is not None and shiboken6.isValid(self.ring) else None
        if target is None:
            if ring is not None:
                ring.setWidget(None)
            return
        if ring is None:
            ring = self.ring = FocusRing()
            ring.setStyle(self.style)
            ring.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        ring.setWidget(target)


_installed: list = []  # Python's references: the style and the ring keeper outlive any one window


def install() -> TableStyle:
    """Makes TableStyle the application's style and starts the focus ring, once (the app's start
    and every main window call it; tests build windows without the app's start)."""
    app = QApplication.instance()
    current = app.style()
    if isinstance(current, TableStyle):
        return current
    style = TableStyle()
    keeper = _RingKeeper()
    _installed[:] = [style, keeper]
    app.setStyle(style)
    app.focusChanged.connect(keeper.follow)
    keeper.follow(None, app.focusWidget())
    return style
