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

    axis: QRectF  # the axis line beside the rows shown (empty with no rows)
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
        label_px = float(max(self.label_width(), self._label_px))
        start = label_px + 1  # the axis line is one pixel wide
        room = max(1.0, self.width() - start - _MARGIN)
        pitch = (self.height() - 2 * _MARGIN) / max(1, self._capacity[0])
        per_unit = self._pixels_per_unit(room)
        label_rise = (fonts.plain.ascent() - fonts.plain.descent()) / 2  # a row's middle to its baseline
        text_rise = (fonts.bold_metrics.ascent() - fonts.bold_metrics.descent()) / 2
        labels, bars, texts = [], [], []
        for index, row in enumerate(rows):
            middle = _MARGIN + pitch * (index + 0.5)
            label = row.label
            if fonts.plain.horizontalAdvance(label) > label_px - _PAD:  # a chart narrower than its labels
                label = fonts.plain.elidedText(label, Qt.TextElideMode.ElideRight, max(0.0, label_px - _PAD))
            right_aligned = label_px - _PAD - fonts.plain.horizontalAdvance(label)
            labels.append(_Text(QPointF(right_aligned, middle + label_rise), label))
            x = start
            row_bars, row_texts = [], []
            for segment in row.segments:
                length = float(segment.value) * per_unit
                row_bars.append(_Bar(QRectF(x, middle - pitch * _BAR / 2, length, pitch * _BAR),
                                     segment.tone, float(segment.value)))
                left, shown = self._placed_text(segment, x, length)
                row_texts.append(_Text(QPointF(left, middle + text_rise), shown))
                x += length
            bars.append(tuple(row_bars))
            texts.append(tuple(row_texts))
        axis = QRectF(label_px, _MARGIN, 1, pitch * len(rows))
        empty = QRectF(start + _PAD, 0, max(40.0, room - 2 * _PAD), self.height()) if self._empty else None
        return _Layout(axis, tuple(labels), tuple(bars), tuple(texts), None if rows else empty)

    def _pixels_per_unit(self, room: float) -> float:
        """The scale: the longest bar takes the room, less (AFTER) the widest text after it."""
        longest = max((sum(s.value for s in row.segments) for row in self._rows), default=0.0)
        if longest <= 0:
            return 0.0
        if self._texts_mode == INSIDE:
            return room / longest
        bold = self._fonts.bold_metrics
        widest = max(bold.horizontalAdvance(s.text) for row in self._rows for s in row.segments)
        return max(room * _LEAST_BARS, room - widest - 3 * _PAD) / longest

    def _placed_text(self, segment: Segment, x: float, length: float) -> tuple[float, str]:
        """Where a segment's text starts and which text it is: after the bar (cut short only in a
        chart too narrow for it), or centred on the segment, its short form or none where the
        text does not fit (a pixel each side: the colours edge it)."""
        bold = self._fonts.bold_metrics
        if self._texts_mode == AFTER:
            left, shown = x + length + _PAD, segment.text
            space = self.width() - left - 1
            if shown and bold.horizontalAdvance(shown) > space:
                shown = bold.elidedText(shown, Qt.TextElideMode.ElideRight, max(0.0, space))
            return left, shown
        shown = next((text for text in (segment.text, segment.short)
                      if text and bold.horizontalAdvance(text) <= length - 2), "")
        return x + (length - bold.horizontalAdvance(shown)) / 2, shown

    def paintEvent(self, event) -> None:
        layout = self._laid_out()
        ink = self.palette().color(QPalette.ColorRole.WindowText)
        painter = QPainter(self)
        fonts = self._fonts
        if self._rows:
            painter.fillRect(layout.axis, ink)
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
