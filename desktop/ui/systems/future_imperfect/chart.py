"""The odds of a check as a bar chart: success, critical failure, failure and, for a complex
check, each number of victories. pyqtgraph (and numpy) are imported when the chart is first
shown, never before: they cost half a second. A line of text says the same for screen readers.
"""

from __future__ import annotations

from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QLabel, QSizePolicy, QVBoxLayout, QWidget

from desktop.ui import palette


def percent(chance: float) -> str:
    value = float(chance) * 100
    if 0 < value < 0.5:
        return "<1%"
    if 99.5 <= value < 100:
        return ">99%"
    return f"{value:.0f}%"


def bars(odds) -> list[tuple[str, float, str]]:
    """(label, chance, tone) of each bar."""
    rows = [("Success", float(odds.success), "green"), ("Critical failure", float(odds.critical), "red"),
            ("Failure", float(odds.failure), "grey")]
    for count, chance in odds.victories:
        rows.append((f"{count} victor{'y' if count == 1 else 'ies'}", float(chance), "gold" if count else "blue"))
    return rows


class OddsChart(QWidget):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("fi-odds")
        self.setAccessibleName("Odds of the check")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 4)
        self.caption = QLabel("Set a check to see its odds.")
        self.caption.setWordWrap(True)
        self.caption.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.text = QLabel()  # the odds in words, until the chart is shown (then its tooltip)
        self.text.setWordWrap(True)
        self.text.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        layout.addWidget(self.caption)
        self._layout = layout
        layout.addWidget(self.text)
        layout.addStretch(1)
        self.plot = None  # built on first show
        self._pending = False
        self._bars = None
        self._labels: list = []
        self.rows: list[tuple[str, float, str]] = []

    def show_odds(self, odds, caption: str) -> None:
        self.caption.setText(caption)
        self.rows = bars(odds) if odds is not None else []
        self.text.setText("; ".join(f"{label} {percent(chance)}" for label, chance, _ in self.rows))
        self._refresh()

    def showEvent(self, event) -> None:
        super().showEvent(event)
        if self.plot is None and not self._pending:
            # After the table's first paint: importing pyqtgraph takes about half a second.
            from PySide6.QtCore import QTimer

            self._pending = True
            QTimer.singleShot(200, self._first_show)

    def _first_show(self) -> None:
        if self.plot is None and self.isVisible():
            self._build()
            self._refresh()
        self._pending = False

    def _build(self) -> None:
        import pyqtgraph as pg

        plot = pg.PlotWidget()
        plot.setAccessibleName("Odds chart")
        plot.setMouseEnabled(x=False, y=False)
        plot.setMenuEnabled(False)
        plot.hideButtons()
        plot.hideAxis("bottom")
        plot.getPlotItem().invertY(True)
        plot.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self._bars = pg.BarGraphItem(x0=[], y=[], width=[], height=0.7)
        plot.addItem(self._bars)
        self._layout.insertWidget(1, plot, 1)
        self.text.hide()
        self.plot = plot

    def _refresh(self) -> None:
        if self.plot is None:
            return
        import pyqtgraph as pg

        colours = self.palette()
        ink = colours.color(QPalette.ColorRole.WindowText)
        self.plot.setBackground(colours.color(QPalette.ColorRole.Window))
        axis = self.plot.getAxis("left")
        axis.setTextPen(pg.mkPen(ink))
        axis.setPen(pg.mkPen(ink))
        axis.setStyle(tickLength=0)
        chances = [chance for _, chance, _ in self.rows]
        self._bars.setOpts(x0=[0] * len(chances), y=list(range(len(chances))), width=chances,
                           brushes=[pg.mkBrush(palette.tone(tone)) for _, _, tone in self.rows] or None,
                           pen=pg.mkPen(None))
        for item in self._labels:
            self.plot.removeItem(item)
        self._labels = []
        for row, (_, chance, _) in enumerate(self.rows):
            label = pg.TextItem(percent(chance), color=ink, anchor=(0, 0.5))
            label.setPos(chance + 0.01, row)
            self.plot.addItem(label)
            self._labels.append(label)
        axis.setTicks([[(row, label) for row, (label, _, _) in enumerate(self.rows)]])
        self.plot.setXRange(0, 1.3, padding=0)
        self.plot.setYRange(-0.5, max(3, len(self.rows)) - 0.5, padding=0)
        self.plot.setToolTip(self.text.text())
        self.plot.setAccessibleDescription(self.text.text())
        self.plot.setVisible(bool(self.rows))
        self.plot.setFixedHeight(26 * max(3, len(self.rows)) + 10)
