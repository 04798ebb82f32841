"""Horizontal bar charts of a distribution: one row per outcome, each row one bar or several
stacked segments, with a text on each segment or after its bar. Any panel may use it; it knows
nothing of what the rows mean.

    chart = BarChart("Chance of each result", rows=6, texts=AFTER)
    chart.set_rows([Row("Hit 5-6", (Segment(1 / 3, "green", "33%"),)), ...], summary="Hit 33%; ...")

A chart is one plain widget that paints itself (docs/architecture.md says why not pyqtgraph):
the row labels on the left, right-aligned against a thin axis line, then the bars. Where its
texts go, and which fit, is worked out once for the rows, the width and the font (`_Layout`),
and each paint draws that: a few rectangles and texts, a fraction of a millisecond. Rows equal
to the ones shown change nothing (not even a repaint), so a panel refreshed at every action
costs nothing while its numbers stay the same. A text too wide for its segment falls back to
its short form, then to none (the tooltip and the accessible description always hold every
number).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QFont, QFontMetricsF, QPainter, QPalette
from PySide6.QtWidgets import QSizePolicy, QWidget

from desktop.ui import palette

AFTER, INSIDE = "after", "inside"  # where a segment's text goes: after its bar, or centred on it
_PAD = 4  # pixels between a bar's end and its text, and around a text inside a segment
_ROW_LINES = 1.5  # a row's height in lines of the chart's font
_BAR = 0.72  # a bar's thickness, in rows
_MARGIN = 4  # pixels above the first row, under the last one and right of the longest bar
_LEAST_BARS = 0.4  # the bars' least share of the width, however wide the texts after them


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


class _Fonts(NamedTuple):
    """A chart's font and the bold one of its texts, with their metrics: made once per font."""

    plain: QFontMetricsF
    bold: QFont
    bold_metrics: QFontMetricsF


_FONTS: dict[str, _Fonts] = {}  # by QFont.key(): the charts of a panel share one font


def _fonts_for(font: QFont) -> _Fonts:
    key = font.key()
    if key not in _FONTS:
        bold = QFont(font)
        bold.setBold(True)
        _FONTS[key] = _Fonts(QFontMetricsF(font), bold, QFontMetricsF(bold))
    return _FONTS[key]


class _Bar(NamedTuple):
    rect: QRectF
    tone: str
    value: float


class _Text(NamedTuple):
    at: QPointF  # the baseline's start
    text: str


class _Layout(NamedTuple):
    """Where everything goes, for one set of rows, one size and one font."""

    axis: float  # the x of the axis line; the bars start just after it
    labels: tuple[_Text, ...]
    bars: tuple[tuple[_Bar, ...], ...]  # row by row
    texts: tuple[tuple[_Text, ...], ...]  # row by row, one per segment ("" where none fits)
    empty: QRectF | None  # where the empty-chart text is centred, when there are no rows


class BarChart(QWidget):
    def __init__(self, name: str, rows: int, segments: int = 1, texts: str = AFTER,
                 parent: QWidget | None = None):
        """`rows` and `segments` are the most the chart will show: its height is made for them."""
        super().__init__(parent)
        self.setAccessibleName(name)
        self._name = name
        self._capacity = (rows, segments)
        self._texts_mode = texts
        self._rows: tuple[Row, ...] = ()
        self._summary = ""
        self._empty = ""
        self._label_px = 0  # the least width of the row labels (charts side by side align)
        self._layout: _Layout | None = None  # worked out when next painted or asked for
        self._fonts = self._font_set()
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
        self.setToolTip(summary.replace("; ", "\n"))
        self.setAccessibleDescription(summary or empty)
        self._rows, self._summary, self._empty = rows, summary, empty
        self._changed()

    def values(self) -> list[list[float]]:
        """The segments' lengths as the chart paints them, row by row."""
        return [[bar.value for bar in row] for row in self._laid_out().bars]

    def texts(self) -> list[list[str]]:
        """The texts the chart paints on or after its segments, row by row ("" where none fits)."""
        return [[text.text for text in row] for row in self._laid_out().texts]

    def label_width(self) -> int:
        """The pixels the row labels need, in the chart's font."""
        metrics = self._fonts.plain
        return round(max((metrics.horizontalAdvance(row.label) for row in self._rows), default=0.0)) + 2 * _PAD

    def set_label_width(self, pixels: int) -> None:
        """Gives the row labels at least `pixels`: charts one above the other then start their
        bars at the same place."""
        if pixels != self._label_px:
            shown = max(self.label_width(), self._label_px)
            self._label_px = pixels
            if max(self.label_width(), pixels) != shown:
                self._changed()

    # ---- drawing -------------------------------------------------------------------------------

    def _changed(self) -> None:
        self._layout = None
        self.update()

    def _font_set(self) -> _Fonts:
        return _fonts_for(self.font())

    def _fit_height(self) -> None:
        line = self._fonts.plain.lineSpacing()
        self.setFixedHeight(round(line * _ROW_LINES * self._capacity[0] + 2 * _MARGIN))

    def changeEvent(self, event) -> None:
        super().changeEvent(event)  # repaints on a font, style, palette or enabled change
        if event.type() in (event.Type.FontChange, event.Type.StyleChange):
            self._fonts = self._font_set()
            self._layout = None
            self._fit_height()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._layout = None  # what fits depends on the pixels a unit of length gets

    def _laid_out(self) -> _Layout:
        if self._layout is None:
            self._layout = self._lay_out()
        return self._layout

    def _lay_out(self) -> _Layout:
        fonts, rows = self._fonts, self._rows
        bold = fonts.bold_metrics
        axis = float(max(self.label_width(), self._label_px))
        start = axis + 1  # the axis line is one pixel wide
        room = max(1.0, self.width() - start - _MARGIN)
        pitch = (self.height() - 2 * _MARGIN) / max(1, self._capacity[0])
        thickness = pitch * _BAR
        rise = (bold.ascent() - bold.descent()) / 2  # from a row's middle to the texts' baseline
        longest = max((sum(s.value for s in row.segments) for row in rows), default=0.0)
        if self._texts_mode == AFTER:
            # Room after the longest bar for the widest text: the bars take what is left.
            widest = max((bold.horizontalAdvance(s.text) for row in rows for s in row.segments), default=0.0)
            bar_px = max(room * _LEAST_BARS, room - widest - 3 * _PAD)
        else:
            bar_px = room
        per_unit = bar_px / longest if longest > 0 else 0.0
        label_rise = (fonts.plain.ascent() - fonts.plain.descent()) / 2
        labels, bars, texts = [], [], []
        for index, row in enumerate(rows):
            middle = _MARGIN + pitch * (index + 0.5)
            label = row.label
            if fonts.plain.horizontalAdvance(label) > axis - _PAD:
                label = fonts.plain.elidedText(label, Qt.TextElideMode.ElideRight, max(0.0, axis - _PAD))
            labels.append(_Text(QPointF(axis - _PAD - fonts.plain.horizontalAdvance(label), middle + label_rise),
                                label))
            x = start
            row_bars, row_texts = [], []
            for segment in row.segments:
                length = float(segment.value) * per_unit
                row_bars.append(_Bar(QRectF(x, middle - thickness / 2, length, thickness), segment.tone,
                                     float(segment.value)))
                if self._texts_mode == AFTER:
                    shown, left = segment.text, x + length + _PAD
                    space = self.width() - left - 1
                    if shown and bold.horizontalAdvance(shown) > space:  # a chart narrower than its texts
                        shown = bold.elidedText(shown, Qt.TextElideMode.ElideRight, max(0.0, space))
                else:
                    shown = next((text for text in (segment.text, segment.short)
                                  if text and bold.horizontalAdvance(text) <= length - 2), "")
                    left = x + (length - bold.horizontalAdvance(shown)) / 2
                row_texts.append(_Text(QPointF(left, middle + rise), shown))
                x += length
            bars.append(tuple(row_bars))
            texts.append(tuple(row_texts))
        empty = None
        if not rows and self._empty:
            empty = QRectF(start + _PAD, 0, max(40.0, room - 2 * _PAD), self.height())
        return _Layout(axis, tuple(labels), tuple(bars), tuple(texts), empty)

    def paintEvent(self, event) -> None:
        layout = self._laid_out()
        ink = self.palette().color(QPalette.ColorRole.WindowText)
        painter = QPainter(self)
        fonts = self._fonts
        if self._rows:  # the axis line, beside the rows shown
            pitch = (self.height() - 2 * _MARGIN) / max(1, self._capacity[0])
            painter.fillRect(QRectF(layout.axis, _MARGIN, 1, pitch * len(self._rows)), ink)
        for row in layout.bars:
            for bar in row:
                painter.fillRect(bar.rect, palette.tone(bar.tone))
        painter.setPen(ink)
        for label in layout.labels:
            painter.drawText(label.at, label.text)
        painter.setFont(fonts.bold)
        if self._texts_mode == INSIDE:
            painter.setPen(palette.TITLE_INK)
        for row in layout.texts:
            for text in row:
                if text.text:
                    painter.drawText(text.at, text.text)
        if layout.empty is not None:
            painter.setPen(ink)
            painter.drawText(layout.empty, int(Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap),
                             self._empty)
        painter.end()
