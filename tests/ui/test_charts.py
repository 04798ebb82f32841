"""The generic bar chart (desktop/ui/charts.py): what it draws, texts that fit their segment, items
made once, and its summary in words until pyqtgraph is in."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QFont, QFontMetricsF

from desktop.ui import charts
from desktop.ui.charts import AFTER, INSIDE, BarChart, Row, Segment

ROWS = [
    Row("Hit", (Segment(0.5, "green", "Hit: 50%", "50%"),)),
    Row("Miss", (Segment(0.25, "red", "Miss: 25%", "25%"),)),
    Row("Jam", (Segment(0.25, "grey", "Jam: 25%", "25%"),)),
]


def shown_chart(qtbot, chart: BarChart, width: int = 400) -> BarChart:
    qtbot.addWidget(chart)
    chart.resize(width, chart.height())
    chart.show()
    qtbot.waitExposed(chart)
    qtbot.waitUntil(lambda: chart.plot() is not None, timeout=30_000)
    return chart


def visible_texts(chart: BarChart) -> list[str]:
    return [item.textItem.toPlainText() for item in chart._items["texts"] if item.isVisible()]


def test_it_draws_the_rows_and_says_them_in_words(qtbot):
    chart = BarChart("Outcome", rows=4, texts=AFTER)
    chart.set_rows(ROWS, summary="Hit 50%; Miss 25%; Jam 25%")
    shown_chart(qtbot, chart)
    assert chart.values() == [[0.5], [0.25], [0.25]]
    assert visible_texts(chart) == ["Hit: 50%", "Miss: 25%", "Jam: 25%"]
    assert chart.plot().accessibleDescription() == "Hit 50%; Miss 25%; Jam 25%"
    assert chart.toolTip() == "Hit 50%\nMiss 25%\nJam 25%"
    chart.set_rows(ROWS[:1], summary="Hit 50%")
    assert chart.values() == [[0.5]] and visible_texts(chart) == ["Hit: 50%"]


def test_a_text_too_wide_for_its_segment_is_shortened_then_left_out(qtbot):
    segments = (Segment(0.8, "gold", "faces 1-8: 80%", "80%"), Segment(0.12, "blue", "faces 9: 12%", "12%"),
                Segment(0.08, "grey", "faces 10: 8%", "8%"))
    chart = BarChart("Bands", rows=1, segments=3, texts=INSIDE)
    chart.set_rows([Row("Axis", segments)], summary="80%, 12%, 8%")
    shown_chart(qtbot, chart)
    bold = QFont(chart.font())
    bold.setBold(True)
    metrics = QFontMetricsF(bold)

    def expected() -> list[str]:
        """Per segment, the longer text if it fits its pixels, else the short one, else none."""
        box = chart.plot().getViewBox()
        low, high = box.viewRange()[0]
        per_unit = box.width() / (high - low)
        fitting = [next((text for text in (s.text, s.short) if metrics.horizontalAdvance(text) <= s.value * per_unit - 2), "")
                   for s in segments]
        return [text for text in fitting if text]

    seen = []
    for width in (3000, 700, 300, 120):
        chart.resize(width, chart.height())
        qtbot.waitUntil(lambda: chart.plot().getViewBox().width() > width - 300)
        qtbot.waitUntil(lambda: visible_texts(chart) == expected())
        seen.append(visible_texts(chart))
        assert chart.values() == [[0.8, 0.12, 0.08]]  # the bars stay whatever the texts do
    assert seen[0] == ["faces 1-8: 80%", "faces 9: 12%", "faces 10: 8%"]
    assert len(seen[-1]) < 3 and seen[-1] != seen[0]


def test_the_same_rows_again_change_nothing_and_items_are_made_once(qtbot, monkeypatch):
    chart = shown_chart(qtbot, BarChart("Outcome", rows=4, texts=AFTER))
    chart.set_rows(ROWS, summary="s")
    items = len(chart.plot().scene().items())
    drawn = []
    original = BarChart._draw
    monkeypatch.setattr(BarChart, "_draw", lambda self: drawn.append(1) or original(self))
    chart.set_rows(list(ROWS), summary="s")
    assert drawn == []
    chart.set_rows(ROWS[::-1], summary="t")
    chart.set_rows([], summary="", empty="Nothing to show.")
    assert len(drawn) == 2 and len(chart.plot().scene().items()) == items
    assert chart._items["empty"].isVisible() and chart._items["empty"].textItem.toPlainText() == "Nothing to show."


def test_more_rows_than_it_was_made_for_are_refused(qtbot):
    chart = BarChart("Outcome", rows=2)
    qtbot.addWidget(chart)
    with pytest.raises(ValueError, match="more rows or segments"):
        chart.set_rows(ROWS, summary="")


def test_until_pyqtgraph_is_in_the_chart_shows_its_summary_in_words(qtbot, monkeypatch):
    monkeypatch.setattr(charts, "ready", lambda: False)
    monkeypatch.setattr(charts, "warm_up", lambda: None)
    chart = BarChart("Outcome", rows=4)
    qtbot.addWidget(chart)
    chart.set_rows(ROWS, summary="Hit 50%; Miss 25%; Jam 25%")
    chart.show()
    qtbot.waitExposed(chart)
    assert chart.plot() is None and chart.values() == []
    assert chart._text.isVisible() and chart._text.text() == "Hit 50%; Miss 25%; Jam 25%"
    monkeypatch.undo()
    charts.warm_up()
    qtbot.waitUntil(lambda: chart.plot() is not None, timeout=30_000)
    assert not chart._text.isVisible() and chart.values() == [[0.5], [0.25], [0.25]]


def test_a_chart_shown_with_its_window_is_built_once_the_window_is_painted_and_idle(qtbot):
    """A window opening with charts (a long game opened) shows its table first: a chart shows its
    summary in words through the first frame and the events after it, then draws itself."""
    from PySide6.QtCore import QCoreApplication
    from PySide6.QtWidgets import QVBoxLayout, QWidget

    charts.warm_up()
    qtbot.waitUntil(charts.ready, timeout=30_000)  # pyqtgraph in: nothing else to wait for
    window = QWidget()
    chart = BarChart("Outcome", rows=4)
    QVBoxLayout(window).addWidget(chart)
    chart.set_rows(ROWS, summary="Hit 50%; Miss 25%; Jam 25%")
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    QCoreApplication.sendPostedEvents()
    QCoreApplication.processEvents()
    assert chart.plot() is None and chart._text.isVisible()
    qtbot.waitUntil(lambda: chart.plot() is not None, timeout=30_000)
    assert chart.values() == [[0.5], [0.25], [0.25]]


def test_a_chart_is_built_in_two_short_steps_the_window_handling_its_events_between(qtbot):
    """Making a chart (its plot, then its twenty-odd items) is two pauses of the window, not one
    twice as long: `prepare` makes the plot and returns, the items come in the next turn."""
    charts.warm_up()
    qtbot.waitUntil(charts.ready, timeout=30_000)
    chart = BarChart("Outcome", rows=4)
    qtbot.addWidget(chart)
    chart.set_rows(ROWS, summary="Hit 50%; Miss 25%; Jam 25%")
    chart.prepare()
    assert chart.plot() is None  # the plot is made; its items wait for the next turn
    qtbot.waitUntil(lambda: chart.plot() is not None, timeout=30_000)
    assert chart.values() == [[0.5], [0.25], [0.25]]


def test_until_drawn_a_long_summary_is_cut_to_the_charts_height_and_the_tooltip_has_it_all(qtbot, monkeypatch):
    monkeypatch.setattr(charts, "ready", lambda: False)
    monkeypatch.setattr(charts, "warm_up", lambda: None)
    chart = BarChart("Outcome", rows=2)
    qtbot.addWidget(chart)
    summary = "; ".join(f"Outcome number {n} of this long check: {n * 7 % 100}%" for n in range(1, 13))
    chart.set_rows(ROWS[:2], summary=summary)
    chart.resize(220, chart.height())
    chart.show()
    qtbot.waitExposed(chart)
    words = chart._text
    needed = words.heightForWidth(words.width())
    assert needed <= chart.height() and words.text().endswith("\u2026")
    assert summary.startswith(words.text()[:-1]) and chart.toolTip().replace("\n", "; ") == summary
