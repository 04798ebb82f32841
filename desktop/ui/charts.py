"""Horizontal bar charts of a distribution: one row per outcome, each row one bar or several
stacked segments, with a text on each segment or after its bar. Any panel may use it; it knows
nothing of what the rows mean.

    chart = BarChart("Chance of each result", rows=6, texts=AFTER)
    chart.set_rows([Row("Hit 5-6", (Segment(1 / 3, "green", "33%"),)), ...], summary="Hit 33%; ...")

Speed: a chart keeps the same graphics items for its whole life, made when it is first drawn: one
bar item, one text item per row and segment, and the empty-chart text. New rows
change those items in place (lengths, colours, texts, positions, visibility), and rows equal to
the ones shown change nothing, so a panel refreshed at every action costs nothing while its
numbers stay the same. A text too wide for its segment falls back to its short form, then to none
(the tooltip and the accessible description always hold every number).

pyqtgraph (with numpy) costs over half a second to import. `warm_up()` imports it on a
background thread, where it does not hold up the window; a chart shown before that has finished
shows its summary as text and draws itself as soon as the import is done. The UI thread never
imports it.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import NamedTuple

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QFont, QFontMetricsF, QPalette
from PySide6.QtWidgets import QLabel, QSizePolicy, QVBoxLayout, QWidget

from desktop.ui import palette

AFTER, INSIDE = "after", "inside"  # where a segment's text goes: after its bar, or centred on it
_PAD = 4  # pixels between a bar's end and its text, and around a text inside a segment
_ROW_LINES = 1.5  # a row's height in lines of the chart's font

# A chart shown with its window is built this long after it shows: the window's first frame and
# the events that follow it (a long game opened, its table laid out) come first, the chart's
# building (about 35 ms each) after them, while the table waits for its first move.
BUILD_AFTER_MS = 250

_ready = threading.Event()
_loader: threading.Thread | None = None


def _load() -> None:
    try:
        import pyqtgraph  # noqa: F401
    finally:
        _ready.set()  # a failed import fails again, visibly, where a chart is built


def warm_up() -> None:
    """Starts importing pyqtgraph on a background thread, once (a table that will show charts
    calls it when it is up)."""
    global _loader
    if _loader is None:
        # Not a daemon: an app closing (or a smoke test ending) while numpy is half imported
        # must wait for it; a daemon thread inside an import at shutdown aborts the interpreter.
        _loader = threading.Thread(target=_load, name="charts-warm-up", daemon=False)
        _loader.start()


def ready() -> bool:
    """Whether pyqtgraph has been imported by `warm_up` (a chart can be drawn at once)."""
    return _ready.is_set()


def percent(chance: float) -> str:
    """"23%", or "<1%" and ">99%" at the edges, so a chance never reads as impossible or sure."""
    value = float(chance) * 100
    if 0 < value < 0.5:
        return "<1%"
    if 99.5 <= value < 100:
        return ">99%"
    return f"{value:.0f}%"


class Segment(NamedTuple):
    value: float  # the segment's length; a row's segments follow one another from 0
    tone: str  # a palette tone name ("gold", "blue"...)
    text: str = ""  # written on the segment (INSIDE) or after the bar (AFTER)
    short: str = ""  # written instead when `text` does not fit


class Row(NamedTuple):
    label: str  # beside the row, on the chart's left
    segments: tuple[Segment, ...]


class BarChart(QWidget):
    def __init__(self, name: str, rows: int, segments: int = 1, texts: str = AFTER,
                 parent: QWidget | None = None):
        """`rows` and `segments` are the most the chart will show: its height and its items are
        made for them once."""
        super().__init__(parent)
        self.setAccessibleName(name)
        self._name = name
        self._capacity = (rows, segments)
        self._texts_mode = texts
        self._rows: tuple[Row, ...] = ()
        self._summary = ""
        self._empty = ""
        self._plot = None  # built when first shown, once pyqtgraph is imported
        self._building = None  # the plot made, its items still to come (`_build`)
        self._items: dict = {}
        self._generation = -1
        self._waiting = False
        self._eager = False  # prepare(): draw once pyqtgraph is in, even hidden
        self._label_px = 0  # the least width of the row labels (charts side by side align)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self._text = QLabel()  # the summary in words, until the chart is drawn
        self._text.setWordWrap(True)
        self._text.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        layout.addWidget(self._text)
        self._layout = layout
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self._fit_height()

    # ---- what the chart shows ------------------------------------------------------------------

    def set_rows(self, rows: Sequence[Row], summary: str, empty: str = "") -> None:
        """The rows to draw (at most the capacity), the same in words (tooltip, accessible
        description) and the text shown when there are no rows."""
        rows = tuple(Row(row.label, tuple(row.segments)) for row in rows)
        if len(rows) > self._capacity[0] or any(len(r.segments) > self._capacity[1] for r in rows):
            raise ValueError(f"{self._name}: more rows or segments than the chart was made for.")
        if (rows, summary, empty) == (self._rows, self._summary, self._empty):
            return
        self._rows, self._summary, self._empty = rows, summary, empty
        self._fit_text()
        self._describe(self)
        self._draw()

    def _fit_text(self) -> None:
        """The summary in words, shown until the chart is drawn, in the chart's own height: cut
        at a word, ending in an ellipsis, where it would need more lines than the rows do (the
        chart never grows, and its tooltip and accessible description hold every number)."""
        whole = self._summary or self._empty
        if self._plot is not None:
            return
        width = self._text.width()
        shown = whole
        if width > 0:
            from PySide6.QtCore import QRect

            metrics = self._text.fontMetrics()
            flags = int(Qt.TextFlag.TextWordWrap)

            def fits(text: str) -> bool:
                return metrics.boundingRect(QRect(0, 0, width, 1 << 20), flags, text).height() <= self.height()

            words = whole.split(" ")
            while len(words) > 1 and not fits(shown):
                words.pop()
                shown = " ".join(words).rstrip(";,") + "\u2026"
        if shown != self._text.text():
            self._text.setText(shown)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._fit_text()

    def _describe(self, widget) -> None:
        widget.setToolTip(self._summary.replace("; ", "\n"))
        widget.setAccessibleDescription(self._summary or self._empty)

    def values(self) -> list[list[float]]:
        """The drawn segments' lengths, row by row, read back from the bars; empty until drawn."""
        if self._plot is None:
            return []
        widths = list(self._items["bars"].opts["width"])
        drawn, start = [], 0
        for row in self._rows:
            drawn.append([float(width) for width in widths[start:start + len(row.segments)]])
            start += len(row.segments)
        return drawn

    def label_width(self) -> int:
        """The pixels the row labels need, in the chart's font."""
        metrics = QFontMetricsF(self.font())
        return round(max((metrics.horizontalAdvance(row.label) for row in self._rows), default=0.0)) + 2 * _PAD

    def set_label_width(self, pixels: int) -> None:
        """Gives the row labels at least `pixels`: charts one above the other then start their
        bars at the same place."""
        if pixels != self._label_px:
            self._label_px = pixels
            self._draw()

    def plot(self):
        """The pyqtgraph PlotWidget, or None until the chart is drawn."""
        return self._plot

    # ---- drawing -------------------------------------------------------------------------------

    def showEvent(self, event) -> None:
        super().showEvent(event)
        if self._plot is None:
            # Built once the window that shows it is painted and idle: a window opening with
            # charts (a long game opened) shows its table first (the summary in words here),
            # each chart's building a short pause of its own after it.
            QTimer.singleShot(BUILD_AFTER_MS, self, self._shown_unbuilt)
        elif self._generation != palette.generation():
            self._style()

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        kind = event.type()
        if kind == event.Type.FontChange:
            self._fit_height()
        if self._plot is not None and kind in (
            event.Type.PaletteChange, event.Type.ApplicationPaletteChange, event.Type.FontChange
        ):
            self._style()

    def _shown_unbuilt(self) -> None:
        if self._plot is None and (self._eager or self.isVisible()):
            self._when_ready()

    def prepare(self) -> None:
        """Draws the chart as soon as pyqtgraph is in, shown or not, so that showing it later
        costs no building (about 35 ms a chart): a host calls it while the table is idle."""
        self._eager = True
        self._when_ready()

    def _when_ready(self) -> None:
        if self._plot is not None:
            return
        if ready():
            self._build()
            return
        warm_up()
        if not self._waiting:
            self._waiting = True
            QTimer.singleShot(40, self._poll)

    def _poll(self) -> None:
        self._waiting = False
        if self._plot is None and (self._eager or self.isVisible()):
            self._when_ready()

    def _fit_height(self) -> None:
        line = QFontMetricsF(self.font()).lineSpacing()
        self.setFixedHeight(round(line * _ROW_LINES * self._capacity[0] + 8))

    def _build(self) -> None:
        """Makes the plot now and its items in the next turn of the event loop: each is one short
        pause of its own (about 25 ms each), where both at once held the window about 50 ms, past
        100 ms with a move of the table in the same beat."""
        if self._building is not None:
            return
        import pyqtgraph as pg

        plot = pg.PlotWidget(self)  # hidden until it has its items and its place
        self._building = plot
        plot.setAccessibleName(self._name)
        plot.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        plot.setMouseEnabled(x=False, y=False)
        plot.setMenuEnabled(False)
        plot.hideButtons()
        plot.hideAxis("bottom")
        plot.getPlotItem().invertY(True)
        plot.getPlotItem().setContentsMargins(0, 0, 4, 0)
        rows, segments = self._capacity
        plot.setYRange(-0.5, rows - 0.5, padding=0)
        QTimer.singleShot(0, self, self._build_items)

    def _build_items(self) -> None:
        import pyqtgraph as pg

        plot, self._building = self._building, None
        if plot is None or self._plot is not None:
            return
        rows, segments = self._capacity
        bars = pg.BarGraphItem(x0=[], y=[], width=[], height=0.72)
        plot.addItem(bars)
        anchor = (0, 0.5) if self._texts_mode == AFTER else (0.5, 0.5)
        texts = []
        for _ in range(rows * segments):
            item = pg.TextItem("", anchor=anchor)
            item.hide()
            plot.addItem(item)
            texts.append(item)
        empty = pg.TextItem("", anchor=(0.5, 0.5))
        empty.hide()
        plot.addItem(empty)
        self._items = {"bars": bars, "texts": texts, "empty": empty, "ticks": None, "label_px": None}
        plot.getViewBox().sigResized.connect(lambda _box: self._place_texts())
        self._layout.addWidget(plot)
        self._text.hide()
        self._plot = plot
        self._style()

    def _style(self) -> None:
        """Colours and fonts from the palette and the chart's font (a theme change calls it)."""
        import pyqtgraph as pg

        self._generation = palette.generation()
        self._fit_height()
        colours = self.palette()
        ink = colours.color(QPalette.ColorRole.WindowText)
        plot, items = self._plot, self._items
        plot.setBackground(colours.color(QPalette.ColorRole.Window))
        axis = plot.getAxis("left")
        axis.setStyle(tickFont=QFont(self.font()), tickLength=0)
        axis.setTextPen(pg.mkPen(ink))
        axis.setPen(pg.mkPen(ink))
        bold = QFont(self.font())
        bold.setBold(True)
        inside = self._texts_mode == INSIDE
        for item in [*items["texts"], items["empty"]]:
            item.setFont(bold)
            item.setColor(palette.TITLE_INK if inside and item is not items["empty"] else ink)
        self._draw()

    def _draw(self) -> None:
        if self._plot is None:
            return
        import pyqtgraph as pg

        items = self._items
        x0, ys, widths, brushes = [], [], [], []
        for index, row in enumerate(self._rows):
            start = 0.0
            for segment in row.segments:
                x0.append(start)
                ys.append(index)
                widths.append(segment.value)
                brushes.append(pg.mkBrush(palette.tone(segment.tone)))
                start += segment.value
        # No per-bar pens: pyqtgraph 0.14 fails to paint an empty list of them (no rows).
        items["bars"].setOpts(x0=x0, y=ys, width=widths, brushes=brushes or None, pen=pg.mkPen(None))
        self._describe(self._plot)
        ticks = [(index, row.label) for index, row in enumerate(self._rows)]
        if ticks != items["ticks"]:
            items["ticks"] = ticks
            self._plot.getAxis("left").setTicks([ticks])
        width = max(self.label_width(), self._label_px)
        if width != items["label_px"]:
            # Set, not left to pyqtgraph: it widens its axis only once painted, which moves the
            # bars after the first frame (and never happens in a chart scrolled out of view).
            items["label_px"] = width
            self._plot.getAxis("left").setWidth(width)
        self._place_texts()

    def _place_texts(self) -> None:
        """Sets the scale and puts each text where it fits (called again when the chart is
        resized: what fits depends on the pixels a unit of length gets)."""
        if self._plot is None:
            return
        box = self._plot.getViewBox()
        width = max(1.0, box.width())
        metrics = QFontMetricsF(self._items["texts"][0].textItem.font())
        totals = [sum(segment.value for segment in row.segments) for row in self._rows]
        longest = max(totals, default=0.0)
        if self._texts_mode == AFTER:
            # Room after the longest bar for the widest text: the bars take what is left.
            text_px = max((metrics.horizontalAdvance(s.text) for r in self._rows for s in r.segments),
                          default=0.0)
            bar_px = max(width * 0.4, width - text_px - 3 * _PAD)
            span = (longest or 1.0) * width / bar_px
        else:
            span = max(longest, 1e-9) if self._rows else 1.0
        self._plot.setXRange(0, span, padding=0)
        per_unit = width / span
        texts = iter(self._items["texts"])
        for index, row in enumerate(self._rows):
            start = 0.0
            for segment in row.segments:
                item = next(texts)
                if self._texts_mode == AFTER:
                    shown = segment.text
                    item.setPos(start + segment.value + _PAD / per_unit, index)
                else:
                    room = segment.value * per_unit - 2  # a pixel each side: the colours edge it
                    shown = next((text for text in (segment.text, segment.short)
                                  if text and metrics.horizontalAdvance(text) <= room), "")
                    item.setPos(start + segment.value / 2, index)
                start += segment.value
                if item.textItem.toPlainText() != shown:
                    item.setText(shown)
                item.setVisible(bool(shown))
        for item in texts:
            item.setVisible(False)
        empty = self._items["empty"]
        if self._rows or not self._empty:
            empty.setVisible(False)
        else:
            empty.setTextWidth(max(40.0, width - 2 * _PAD))
            if empty.textItem.toPlainText() != self._empty:
                empty.setText(self._empty)
            empty.setPos(span / 2, (self._capacity[0] - 1) / 2)
            empty.setVisible(True)
