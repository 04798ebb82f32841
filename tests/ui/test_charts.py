"""The generic bar chart (desktop/ui/charts.py): what it paints (read back from its pixels), texts
that fit their segment, its summary in words, and nothing repainted for the rows it shows."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QObject, QRect
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QImage, QPalette

from desktop.ui import palette
from desktop.ui.charts import AFTER, INSIDE, BarChart, Row, Segment

ROWS = [
    Row("Hit", (Segment(0.5, "green", "Hit: 50%", "50%"),)),
    Row("Miss", (Segment(0.25, "red", "Miss: 25%", "25%"),)),
    Row("Jam", (Segment(0.125, "grey", "Jam: 12%", "12%"),)),
]
BANDS = (Segment(0.8, "gold", "faces 1-8: 80%", "80%"), Segment(0.12, "blue", "faces 9: 12%", "12%"),
         Segment(0.08, "grey", "faces 10: 8%", "8%"))


def shown_chart(qtbot, chart: BarChart, width: int = 400) -> BarChart:
    # The widths below were measured in Qt's default font; a window built earlier in the same run
    # sets the app's larger one for every widget after it.
    chart.setFont(QFont("DejaVu Sans", 9))
    qtbot.addWidget(chart)
    chart.resize(width, chart.height())
    chart.show()
    qtbot.waitExposed(chart)
    return chart


def picture(chart: BarChart) -> QImage:
    return chart.grab().toImage().convertToFormat(QImage.Format.Format_RGB32)


def near(pixel: int, colour: QColor, tolerance: int) -> bool:
    return (abs(((pixel >> 16) & 255) - colour.red()) <= tolerance
            and abs(((pixel >> 8) & 255) - colour.green()) <= tolerance
            and abs((pixel & 255) - colour.blue()) <= tolerance)


def box(image: QImage, colour: QColor, area: QRect | None = None, tolerance: int = 0) -> QRect:
    """The bounding box of the pixels of `colour` (within `tolerance` per channel) in `area`."""
    area = area or image.rect()
    found = QRect()
    for y in range(area.top(), area.bottom() + 1):
        for x in range(area.left(), area.right() + 1):
            if near(image.pixel(x, y), colour, tolerance):
                found = found.united(QRect(x, y, 1, 1))
    return found


def ink(chart: BarChart) -> QColor:
    return chart.palette().color(QPalette.ColorRole.WindowText)


def test_it_draws_the_rows_and_says_them_in_words(qtbot):
    chart = BarChart("Outcome", rows=4, texts=AFTER)
    chart.set_rows(ROWS, summary="Hit 50%; Miss 25%; Jam 12%")
    shown_chart(qtbot, chart)
    assert chart.values() == [[0.5], [0.25], [0.125]]
    assert chart.texts() == [["Hit: 50%"], ["Miss: 25%"], ["Jam: 12%"]]
    assert chart.accessibleName() == "Outcome"
    assert chart.accessibleDescription() == "Hit 50%; Miss 25%; Jam 12%"
    assert chart.toolTip() == "Hit 50%\nMiss 25%\nJam 12%"
    chart.set_rows(ROWS[:1], summary="Hit 50%")
    assert chart.values() == [[0.5]] and chart.texts() == [["Hit: 50%"]]
    assert chart.accessibleDescription() == "Hit 50%"


def test_each_bar_is_painted_in_its_tone_from_one_start_at_its_length_with_its_text_after_it(qtbot):
    chart = shown_chart(qtbot, BarChart("Outcome", rows=4, texts=AFTER))
    chart.set_rows(ROWS, summary="s")
    image = picture(chart)
    # Right of the row labels: under the app's own palette (a window built earlier in the run)
    # the grey bar's tone is also a shade of the labels' antialiased ink.
    labels = max(QFontMetricsF(chart.font()).horizontalAdvance(row.label) for row in ROWS)
    right = QRect(int(labels) + 1, 0, image.width() - int(labels) - 1, image.height())
    bars = [box(image, palette.tone(row.segments[0].tone), right) for row in ROWS]
    assert all(not bar.isEmpty() for bar in bars)
    assert [bar.top() for bar in bars] == sorted(bar.top() for bar in bars)  # in row order, downwards
    assert len({bar.left() for bar in bars}) == 1
    assert bars[0].left() > QFontMetricsF(chart.font()).horizontalAdvance("Miss")  # the labels first
    assert abs(bars[0].width() - 2 * bars[1].width()) <= 2 and abs(bars[1].width() - 2 * bars[2].width()) <= 2
    for bar in bars:  # its text just after it, in the ink, within the chart
        after = QRect(bar.right() + 1, bar.top(), chart.width() - bar.right() - 1, bar.height())
        text = box(image, ink(chart), after, tolerance=60)
        assert not text.isEmpty() and text.left() - bar.right() <= 8 and text.right() < chart.width() - 1
    # Each row's label, right-aligned before the bars.
    labels = [box(image, ink(chart), QRect(0, bar.top(), bars[0].left() - 1, bar.height()), 60) for bar in bars]
    assert all(not label.isEmpty() for label in labels)
    assert max(label.right() for label in labels) - min(label.right() for label in labels) <= 2


def test_the_bars_leave_room_for_the_widest_text_after_them_but_keep_most_of_a_narrow_chart(qtbot):
    long_text = [Row("Hit", (Segment(1.0, "green", "Hit with a long explanation: 100%"),)),
                 Row("Miss", (Segment(0.5, "red", "50%"),))]
    chart = shown_chart(qtbot, BarChart("Outcome", rows=2, texts=AFTER), width=600)
    chart.set_rows(long_text, summary="s")
    bold = QFont(chart.font())
    bold.setBold(True)
    wide = box(picture(chart), palette.tone("green"))
    assert wide.right() + QFontMetricsF(bold).horizontalAdvance(long_text[0].segments[0].text) < 600
    chart.resize(200, chart.height())
    narrow = box(picture(chart), palette.tone("green"))
    assert narrow.width() >= 0.38 * (200 - narrow.left())  # 40% of the room right of the labels


def test_a_text_too_wide_for_its_segment_is_shortened_then_left_out(qtbot):
    chart = BarChart("Bands", rows=1, segments=3, texts=INSIDE)
    chart.set_rows([Row("Axis", BANDS)], summary="80%, 12%, 8%")
    shown_chart(qtbot, chart)
    bold = QFont(chart.font())
    bold.setBold(True)
    metrics = QFontMetricsF(bold)
    seen = []
    for width in (3000, 700, 300, 120):
        chart.resize(width, chart.height())
        image = picture(chart)
        segments = [box(image, palette.tone(segment.tone)) for segment in BANDS]
        texts = chart.texts()[0]
        for segment, area, text in zip(BANDS, segments, texts):
            room = area.width() - 2
            # The longer text whenever it fits, else the short one, else none; shown in white.
            expected = next((t for t in (segment.text, segment.short) if metrics.horizontalAdvance(t) <= room), "")
            assert text == expected, (width, segment, area.width())
            assert box(image, palette.TITLE_INK, area, tolerance=60).isEmpty() == (text == "")
        seen.append(texts)
        assert chart.values() == [[0.8, 0.12, 0.08]]  # the bars stay whatever the texts do
    assert seen[0] == ["faces 1-8: 80%", "faces 9: 12%", "faces 10: 8%"]
    assert seen[-1].count("") > 0 and seen[-1] != seen[0]


class Paints(QObject):
    def __init__(self, watched):
        super().__init__()
        self.count = 0
        watched.installEventFilter(self)

    def eventFilter(self, obj, event):
        if event.type() == QEvent.Type.Paint:
            self.count += 1
        return False


def test_the_same_rows_again_repaint_nothing_and_new_ones_repaint_it(qtbot):
    from PySide6.QtCore import QCoreApplication

    chart = shown_chart(qtbot, BarChart("Outcome", rows=4, texts=AFTER))
    chart.set_rows(ROWS, summary="s")
    chart.set_label_width(60)
    paints = Paints(chart)
    qtbot.waitUntil(lambda: paints.count > 0)
    paints.count = 0
    chart.set_rows(list(ROWS), summary="s")
    chart.set_label_width(60)
    QCoreApplication.sendPostedEvents()
    QCoreApplication.processEvents()
    assert paints.count == 0
    chart.set_rows(ROWS[::-1], summary="t")
    qtbot.waitUntil(lambda: paints.count > 0)
    assert chart.values() == [[0.125], [0.25], [0.5]]


def test_with_no_rows_it_shows_its_empty_text_centred(qtbot):
    chart = shown_chart(qtbot, BarChart("Outcome", rows=4, texts=AFTER))
    chart.set_rows(ROWS, summary="s")
    chart.set_rows([], summary="", empty="Nothing to show.")
    assert chart.values() == [] and chart.accessibleDescription() == "Nothing to show."
    image = picture(chart)
    assert box(image, palette.tone("green")).isEmpty()
    words = box(image, ink(chart), tolerance=60)
    assert not words.isEmpty() and abs(words.center().x() - chart.width() / 2) <= 8
    assert abs(words.center().y() - chart.height() / 2) <= 8


def test_charts_one_above_the_other_start_their_bars_at_one_place(qtbot):
    short = shown_chart(qtbot, BarChart("Short", rows=1, texts=AFTER))
    short.set_rows([Row("A", (Segment(0.5, "green", "50%"),))], summary="s")
    long = shown_chart(qtbot, BarChart("Long", rows=1, texts=AFTER))
    long.set_rows([Row("A much longer label", (Segment(0.5, "green", "50%"),))], summary="s")
    apart = (box(picture(short), palette.tone("green")).left(), box(picture(long), palette.tone("green")).left())
    assert apart[0] < apart[1]
    width = max(short.label_width(), long.label_width())
    short.set_label_width(width)
    long.set_label_width(width)
    assert box(picture(short), palette.tone("green")).left() == box(picture(long), palette.tone("green")).left()


def test_a_theme_change_repaints_the_words_in_the_new_ink(qtbot):
    chart = shown_chart(qtbot, BarChart("Outcome", rows=4, texts=AFTER))
    chart.set_rows(ROWS, summary="s")

    def words_in(colour: QColor) -> QRect:
        """Where the labels have pixels of `colour` (each theme's ink is near the other's
        background: the words are those pixels only if they do not fill the labels' room)."""
        image = picture(chart)
        labels = QRect(0, 0, box(image, palette.tone("green")).left() - 1, chart.height())
        found = box(image, colour, labels, tolerance=40)
        return found if found.height() < labels.height() else QRect()

    was = palette.theme()
    try:
        palette.use("light")
        qtbot.waitUntil(lambda: ink(chart) == QColor("#1d1d1f"))  # the app's palette reaches it
        assert not words_in(QColor("#1d1d1f")).isEmpty()
        palette.use("dark")
        qtbot.waitUntil(lambda: ink(chart) == QColor("#ececec"))
        assert not words_in(QColor("#ececec")).isEmpty()
        assert not box(picture(chart), palette.tone("green")).isEmpty()  # the tones stay in both themes
    finally:
        palette.use(was)


def test_a_larger_font_makes_the_chart_taller_and_its_labels_wider(qtbot):
    chart = shown_chart(qtbot, BarChart("Outcome", rows=4, texts=AFTER))
    chart.set_rows(ROWS, summary="s")
    height, labels = chart.height(), chart.label_width()
    font = QFont(chart.font())
    font.setPointSizeF(font.pointSizeF() * 2)
    chart.setFont(font)
    assert chart.height() > height * 1.5 and chart.label_width() > labels * 1.5


def test_more_rows_than_it_was_made_for_are_refused(qtbot):
    chart = BarChart("Outcome", rows=2)
    qtbot.addWidget(chart)
    with pytest.raises(ValueError, match="more rows or segments"):
        chart.set_rows(ROWS, summary="")
