"""The small widgets that keep text readable: a fitting label and an eliding button."""

from __future__ import annotations

from desktop.ui.widgets import eliding_button, fitting_label
from tests.benchmarks.window_timing import settle

LONG = ("Ann rolls Shadow Them: d20 + d6 Careful (Sneak) + d12 Opportunistic (Opening) + d6 Careful "
        "(Wayfinder) + d10 Risky (Light-footed) + d12 Opportunistic (Old Songs). Bo may Support.")


def test_a_long_banner_is_set_smaller_then_ends_in_an_ellipsis_never_cut(qtbot):
    label = fitting_label()
    qtbot.addWidget(label)
    label.resize(600, label.fontMetrics().lineSpacing() * 2 + 6)
    label.show()
    base = label.font().pointSizeF()
    label.setText("A short banner.")
    assert label.font().pointSizeF() == base
    label.setText(LONG)
    assert label.heightForWidth(label.width()) <= label.height()  # every line shown is whole
    assert label.text() == LONG and label.toolTip() == LONG  # and the whole is there to read
    label.resize(200, label.height())
    assert label.heightForWidth(label.width()) <= label.height()


def test_an_eliding_button_keeps_its_whole_text_readable(qtbot):
    button = eliding_button("Ann: Resolve Tactical Bombardment on the planet")
    qtbot.addWidget(button)
    button.resize(120, 30)
    button.show()
    assert button.text() == "Ann: Resolve Tactical Bombardment on the planet"
    assert button.text() in button.toolTip() and button.accessibleName() == button.text()


def test_an_eliding_button_measures_its_words_again_for_a_new_text_or_font(qtbot):
    """Its height for a width is remembered (a layout asks it many times an action), but never
    outlives the words or the font it was worked out for: a second line, then a larger font,
    give a taller button at once, and a short text gives the one line back."""
    from PySide6.QtGui import QFont

    button = eliding_button("Play")
    qtbot.addWidget(button)
    button.resize(150, 30)
    button.show()
    one_line = button.heightForWidth(150)
    assert button.sizeHint().height() == one_line == button.minimumSizeHint().height()
    button.setText("Ann: Resolve Tactical Bombardment on the planet")
    two_lines = button.heightForWidth(150)
    assert two_lines > one_line and "\n" in button._shown_text()
    larger = QFont(button.font())
    larger.setPointSizeF(button.font().pointSizeF() * 2)
    button.setFont(larger)
    assert button.heightForWidth(150) > two_lines
    button.setFont(QFont())
    button.setText("Play")
    assert button.heightForWidth(150) == one_line and button._shown_text() == "Play"


def test_buttons_passing_their_words_along_each_show_them_as_they_fit_that_button(qtbot):
    """Words fitted once are shared by the buttons of one font (an entry gone from the actions
    panel passes every text below to the button above), never by a button of another font or
    another width: each shows the words as they fit itself, and what a fresh button would."""
    from PySide6.QtGui import QFont

    long, short = "Ann: Resolve Tactical Bombardment on the planet", "Play"
    narrow, other, wide, larger = (eliding_button(text) for text in (long, short, long, long))
    font = QFont(larger.font())
    font.setPointSizeF(font.pointSizeF() * 1.6)
    larger.setFont(font)
    for button, width in ((narrow, 150), (other, 150), (wide, 400), (larger, 150)):
        qtbot.addWidget(button)
        button.resize(width, 30)
        button.show()
    assert "\n" in narrow._shown_text() and "\n" not in wide._shown_text()
    assert larger._shown_text() != narrow._shown_text()  # another font: its own lines
    narrow.setText(short)
    other.setText(long)  # the texts passed along, as in the actions panel
    assert narrow._shown_text() == short and narrow.heightForWidth(150) < other.heightForWidth(150)
    fresh = eliding_button(long)
    qtbot.addWidget(fresh)
    fresh.resize(150, 30)
    fresh.show()
    assert other._shown_text() == fresh._shown_text() and other.toolTip() == fresh.toolTip()


def test_the_log_under_the_actions_stays_put_when_fewer_actions_are_offered(qtbot):
    """The actions panel grows to show every button, and keeps that height when fewer come: the
    log below it does not jump up and down (and is not laid out again) from action to action."""
    from PySide6.QtWidgets import QApplication, QPlainTextEdit

    from desktop.ui.actions_panel import ActionsAndLog, ActionsPanel

    panel, log = ActionsPanel(), QPlainTextEdit()
    splitter = ActionsAndLog(panel, log)
    qtbot.addWidget(splitter)
    splitter.resize(300, 500)
    splitter.show()
    qtbot.waitExposed(splitter)
    five = [(f"Ann: action {number}", object()) for number in range(5)]
    panel.show_offers(five)
    qtbot.waitUntil(lambda: all(button.isVisible() for button in panel.buttons))
    qtbot.waitUntil(lambda: log.geometry().top() >= panel.wanted_height())  # the five shown whole
    where = log.geometry()
    panel.show_offers(five[:1])
    for _ in range(3):  # the layouts' posted requests, and what they post in turn
        QApplication.sendPostedEvents()
        QApplication.processEvents()
    assert log.geometry() == where
    assert [button.text() for button in panel.buttons] == ["Ann: action 0"]


def _events(kind, *widgets) -> list:
    """The widgets among `widgets` each event of `kind` goes to from now on, in turn."""
    from PySide6.QtCore import QObject

    class Watcher(QObject):
        def __init__(self):
            super().__init__()
            self.seen = []

        def eventFilter(self, watched, event):
            if event.type() == kind:
                self.seen.append(watched)
            return False

    watcher = Watcher()
    for widget in widgets:
        widget.installEventFilter(watcher)
    widgets[0]._watcher = watcher  # kept alive with the first widget
    return watcher.seen


def _layout_requests(widget) -> list:
    from PySide6.QtCore import QEvent

    return _events(QEvent.Type.LayoutRequest, widget)


def _heading_in_a_column(qtbot):
    """The table's heading (its headline over the banner's place) in a column above the table,
    shown, the banner saying something."""
    from PySide6.QtWidgets import QVBoxLayout, QWidget

    from desktop.ui.table_heading import TableHeading

    column = QWidget()
    qtbot.addWidget(column)
    heading = TableHeading(column.font())
    layout = QVBoxLayout(column)
    layout.addWidget(heading.header)
    layout.addWidget(heading.place)
    layout.addWidget(QWidget(), 1)  # the table
    column.resize(900, 600)
    heading.fit(1000)
    column.show()
    qtbot.waitExposed(column)
    heading.banner.setText("Ann can: Play a card")
    settle()  # every posted event and ready timer handled, until none is left
    return column, heading


def test_a_shielded_panel_lays_out_the_window_only_when_its_sizes_change(qtbot):
    """A word changed in a shielded panel lays out the panel alone; a button more, which needs
    more room, still makes the window lay itself out and give it that room."""
    from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget

    from desktop.ui.shields import LayoutShield

    window = QWidget()
    qtbot.addWidget(window)
    panel = QWidget()
    inner = QVBoxLayout(panel)
    label = QLabel("Fatigue 3 of 6")
    inner.addWidget(label)
    outer = QVBoxLayout(window)
    outer.addWidget(LayoutShield(panel))
    window.show()
    qtbot.waitExposed(window)
    settle()  # every posted event and ready timer handled, until none is left
    requests = _layout_requests(window)

    label.setText("Fatigue 4 of 6")  # the same size
    settle()  # every posted event and ready timer handled, until none is left
    assert requests == []

    grown = panel.minimumSizeHint().height()
    inner.addWidget(QPushButton("Cy: End the turn"))
    qtbot.waitUntil(lambda: len(requests) > 0)
    qtbot.waitUntil(lambda: window.minimumSizeHint().height() > grown)


def test_a_seats_words_changing_lay_out_the_column_only_when_its_box_needs_another_height(qtbot):
    """The players' column: a seat's count changing, its box as tall as before, lays out that box
    alone (the column and every other seat stay as they are); a line more, which needs more height,
    lays the column out and moves the seats below."""
    from types import SimpleNamespace as Fake

    from PySide6.QtCore import QPoint

    from desktop.engine.presentation import CounterSpec, Table
    from desktop.ui.seats import SeatsPanel

    panel = SeatsPanel()
    qtbot.addWidget(panel)
    panel.resize(240, 900)
    panel.show()
    qtbot.waitExposed(panel)
    seats = [Fake(id=seat, name=seat.title()) for seat in ("ann", "bo", "cy")]
    view = Fake(seats=seats, zones={}, viewer=None)

    def show(ann_victories: int, status: dict | None = None) -> None:
        counters = [CounterSpec(entity=seat.id, key="victories", label="Victories",
                                value=ann_victories if seat.id == "ann" else 0) for seat in seats]
        panel.show_table(view, Table(headline="", counters=counters, status=status or {}), {}, ())
        settle()  # every posted event and ready timer handled, until none is left

    show(0)
    qtbot.waitUntil(lambda: panel._boxes["cy"].mapTo(panel, QPoint(0, 0)).y() > 0)
    requests = _layout_requests(panel)
    below = panel._boxes["bo"].mapTo(panel, QPoint(0, 0)).y()

    show(1)  # "Victories: 1": the same height
    assert panel._boxes["ann"].info.text() == "Victories: 1"
    assert requests == []

    show(2, {"ann": "a long status line that takes the box another line or two at this width"})
    qtbot.waitUntil(lambda: panel._boxes["bo"].mapTo(panel, QPoint(0, 0)).y() > below)
    assert requests


def test_the_banners_words_changing_lay_out_nothing_above_its_place(qtbot):
    """The banner's words change at nearly every action: its place keeps its height and its
    column's width, so nothing above it (the headline, the table) is laid out again; a refusal
    shown in its place lays out nothing either. Its words are still set, fitted to the place."""
    column, heading = _heading_in_a_column(qtbot)
    requests = _layout_requests(column)

    long = "Bo can: " + ", ".join(f"Play card number {n}" for n in range(60))
    heading.banner.setText(long)
    heading.refuse("Bo may not play now: it is Ann's turn.")
    settle()  # every posted event and ready timer handled, until none is left
    assert requests == []
    assert heading.banner.text() == long and heading.banner.height() == heading.place.height()
    assert heading.problem.isVisible() and heading.problem.geometry() == heading.banner.geometry()


def test_the_banners_words_changing_paint_the_banner_not_the_column_under_it(qtbot):
    """The banner's place fills its own ground: new words repaint the banner, and neither the
    column it lies in nor the window is painted again under it."""
    from PySide6.QtCore import QEvent

    column, heading = _heading_in_a_column(qtbot)
    painted = _events(QEvent.Type.Paint, column, heading.place, heading.banner)

    heading.banner.setText("Bo can: End the turn")
    qtbot.waitUntil(lambda: heading.banner in painted)
    settle()
    assert column not in painted and heading.place not in painted


def test_a_column_part_whose_preferred_size_changes_at_the_same_height_for_its_width_lays_out_nothing(qtbot):
    """A part of a column whose height follows its width is read by its height for the width: its
    preferred size (set at its widest line, which changes with nearly every new word) changing
    alone lays out nothing above it; its height for the width changing does."""
    from PySide6.QtCore import QSize
    from PySide6.QtWidgets import QVBoxLayout, QWidget

    from desktop.ui.shields import ColumnShield

    class Part(QWidget):
        preferred, tall = QSize(300, 40), 60

        def sizeHint(self) -> QSize:
            return self.preferred

        def hasHeightForWidth(self) -> bool:
            return True

        def heightForWidth(self, _width: int) -> int:
            return self.tall

    column = QWidget()
    qtbot.addWidget(column)
    part = Part()
    layout = QVBoxLayout(column)
    layout.addWidget(ColumnShield(part))
    layout.addStretch(1)
    column.resize(240, 400)
    column.show()
    qtbot.waitExposed(column)
    settle()
    requests = _layout_requests(column)

    part.preferred = QSize(520, 90)  # a wider line: preferred taller at its own width
    part.updateGeometry()
    settle()
    assert requests == []

    part.tall = 80  # another line at the column's width
    part.updateGeometry()
    qtbot.waitUntil(lambda: part.height() == 80)
    assert requests
