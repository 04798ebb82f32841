"""The odds of a check as bar charts: success, critical failure and failure and, for a complex
check, each number of victories. Drawn by the generic `desktop.ui.charts.BarChart`, which paints
its bars itself and ignores rows equal to the ones shown: a check set at every action costs
nothing while its numbers stay the same. The same in words for screen readers.
"""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from desktop.ui.charts import AFTER, BarChart, Row, Segment, percent
from desktop.ui.widgets import wrap_narrow

MOST_VICTORY_ROWS = 8  # rows of the victories chart; more numbers share its last row


def bars(odds) -> list[tuple[str, float, str]]:
    """(label, chance, tone) of each bar."""
    rows = [("Success", float(odds.success), "green"), ("Critical failure", float(odds.critical), "red"),
            ("Failure", float(odds.failure), "grey")]
    victories = list(odds.victories)
    if len(victories) > MOST_VICTORY_ROWS:
        last = victories[MOST_VICTORY_ROWS - 1][0]
        rest = sum(float(chance) for _, chance in victories[MOST_VICTORY_ROWS - 1:])
        victories = victories[: MOST_VICTORY_ROWS - 1] + [(f"{last}+", rest)]
    for count, chance in victories:
        plural = "y" if count == 1 else "ies"
        rows.append((f"{count} victor{plural}", float(chance), "gold" if count != 0 else "blue"))
    return rows


class OddsChart(QWidget):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("fi-odds")
        self.setAccessibleName("Odds of the check")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 4)
        self.caption = QLabel("Set a check to see its odds.")
        # Wrapped with its height for its width: a size policy set after setWordWrap dropped it,
        # and a second line was cut off in the narrow dock at 1280x720.
        wrap_narrow(self.caption)
        self.outcomes = BarChart("Odds of the check", rows=3, texts=AFTER)
        self.victories = BarChart("Odds of each number of victories", rows=MOST_VICTORY_ROWS, texts=AFTER)
        # Its room is kept while it is hidden: the panel keeps its height whatever the check, so
        # no action resizes the charts or brings the dock's scroll bar (a new layout of the dock).
        keep = self.victories.sizePolicy()
        keep.setRetainSizeWhenHidden(True)
        self.victories.setSizePolicy(keep)
        self.victories.hide()
        layout.addWidget(self.caption)
        layout.addWidget(self.outcomes)
        layout.addWidget(self.victories)
        layout.addStretch(1)
        self.rows: list[tuple[str, float, str]] = []
        self._shown: tuple | None = None  # (odds, caption) shown: the same again changes nothing

    def show_odds(self, odds, caption: str) -> None:
        if self._shown == (odds, caption):
            return
        self._shown = (odds, caption)
        self.caption.setText(caption)
        self.rows = bars(odds) if odds is not None else []
        words = "; ".join(f"{label} {percent(chance)}" for label, chance, _ in self.rows)
        chart_rows = [Row(label, (Segment(chance, tone, percent(chance)),)) for label, chance, tone in self.rows]
        self.outcomes.set_rows(chart_rows[:3], words, empty="No check set.")
        self.victories.set_rows(chart_rows[3:], words)
        self.victories.setVisible(len(chart_rows) > 3)
        width = max(self.outcomes.label_width(), self.victories.label_width())
        self.outcomes.set_label_width(width)
        self.victories.set_label_width(width)
