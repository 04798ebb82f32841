"""The game's summary in the window: shown when the game reaches the end its system states, and
from Game > Summary of the game (or the button under the actions) at any time after.

`SummaryWatch` follows the session: when the game comes to its end it tells the actions panel (its
"Summary" button, and "the game is over" where nobody can act) and opens the `SummaryDialog`. The
dialog is not modal: the table stays usable beside it (a system that goes on to its next scene or
round). It shows the model's summary (desktop/model/ending.py), sections of lines and, where a
section has figures, bars (desktop/ui/charts.py); "Copy" puts its text on the clipboard, "Save
as..." writes it as a .txt file. The summary holds only what every seat may see, so it is shown
whoever looks and whether or not the curtain is up.
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QAction, QFont, QGuiApplication
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from desktop.model import ending

TEXT_FILTER = "Text files (*.txt)"


class SummaryDialog(QDialog):
    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("summary")
        self.setWindowTitle("Summary \u2014 Action Deck")
        self.summary = None
        self._shown: list[tuple[tuple, _SectionWidgets]] = []  # each section's shape shown, and its widgets
        self.heading = QLabel()
        self.heading.setWordWrap(True)
        font = QFont(self.font())
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.2)
        self.heading.setFont(font)
        self.body = QWidget()
        self.sections = QVBoxLayout(self.body)
        self.sections.setContentsMargins(0, 0, 8, 0)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setWidget(self.body)
        self.note = QLabel()  # what Copy or Save did, or why a save failed
        self.note.setWordWrap(True)
        buttons = QDialogButtonBox()
        self.copy = QPushButton("&Copy")
        self.copy.setToolTip("Put the summary's text on the clipboard")
        self.save = QPushButton("&Save as\u2026")
        self.save.setToolTip("Save the summary as a text file")
        self.close_button = buttons.addButton(QDialogButtonBox.StandardButton.Close)
        buttons.addButton(self.copy, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.save, QDialogButtonBox.ButtonRole.ActionRole)
        self.close_button.setDefault(True)  # Return closes it, as Escape does
        buttons.rejected.connect(self.reject)
        self.copy.clicked.connect(self.copy_text)
        self.save.clicked.connect(self.save_text)
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addWidget(scroll, 1)
        layout.addWidget(self.note)
        layout.addWidget(buttons)
        self.resize(760, 560)

    def show_summary(self, summary) -> None:
        """Shows `summary` (engine.summary.Summary) in place of what the dialog showed. A summary
        of the same sections as the one shown (the next scene's end) goes into the same widgets,
        each changed only where its words changed: made anew, the sections' labels and charts
        were laid out and painted again whole, 15 ms at every scene's end."""
        self.summary = summary
        self.heading.setText(summary.title)
        self.heading.setAccessibleName(summary.title)
        if [_shape(section) for section in summary.sections] != [shape for shape, _ in self._shown]:
            self._rebuild(summary.sections)
        for section, (_, widgets) in zip(summary.sections, self._shown):
            _fill(widgets, section)
        self.note.clear()

    def _rebuild(self, sections) -> None:
        from desktop.ui.widgets import discard_widgets

        items = [self.sections.itemAt(i) for i in range(self.sections.count())]
        discard_widgets(self.sections, [item.widget() for item in items if item.widget() is not None])
        while self.sections.count():  # the spacings and the stretch left
            self.sections.takeAt(0)
        self._shown = [(_shape(section), self._add_section(section)) for section in sections]
        self.sections.addStretch(1)

    def _add_section(self, section) -> _SectionWidgets:
        title = QLabel()
        font = QFont(title.font())
        font.setBold(True)
        title.setFont(font)
        self.sections.addWidget(title)
        lines = chart = None
        if section.lines:
            lines = _Lines(section.title)
            self.sections.addWidget(lines)
        if _charted(section):  # bars worth comparing
            chart = _chart(section.title, len(section.figures))
            self.sections.addWidget(chart)
        self.sections.addSpacing(6)
        return _SectionWidgets(title, lines, chart)

    def text(self) -> str:
        return self.summary.text() if self.summary is not None else ""

    def copy_text(self) -> None:
        QGuiApplication.clipboard().setText(self.text())
        self.note.setText("The summary is on the clipboard.")

    def save_text(self) -> None:
        from desktop.model.library import saves_folder

        chosen, _ = QFileDialog.getSaveFileName(self, "Save the summary", str(saves_folder() / "summary.txt"),
                                                TEXT_FILTER)
        if not chosen:
            return
        path = Path(chosen)
        if not path.suffix:
            path = path.with_suffix(".txt")
        try:
            ending.save_text(path, self.text())
        except ending.Refused as problem:
            self.note.setText(str(problem))
            return
        self.note.setText(f"Saved as {path.name}.")


class _SectionWidgets(NamedTuple):
    title: QLabel
    lines: _Lines | None
    chart: QWidget | None


def _charted(section) -> bool:
    figures = section.figures
    return len(figures) > 1 and any(figure.value for figure in figures)


def _shape(section) -> tuple:
    """What a section's widgets are made for: its lines or none, its chart's rows or none."""
    return bool(section.lines), len(section.figures) if _charted(section) else 0


def _fill(widgets: _SectionWidgets, section) -> None:
    """Puts `section` into widgets made for its shape (`_shape`); a label whose words are the
    same is left as it is (QLabel compares them)."""
    from desktop.ui.charts import Row, Segment

    widgets.title.setText(section.title)
    if widgets.lines is not None:
        widgets.lines.show_text("\n".join(section.lines), section.title)
    if widgets.chart is not None:
        figures = section.figures
        widgets.chart.setAccessibleName(section.title)
        widgets.chart.set_rows(
            [Row(figure.label, (Segment(figure.value, "blue", figure.text or str(figure.value)),)) for figure in figures],
            summary="; ".join(f"{figure.label}: {figure.text or figure.value}" for figure in figures))


def _chart(name: str, rows: int) -> QWidget:
    from desktop.ui.charts import AFTER, BarChart

    return BarChart(name, rows=rows, texts=AFTER)


class _Lines(QLabel):
    """A section's lines, wrapped, that a person may select with the mouse. A label whose words
    may be selected lays them out in a text document of its own at every change of its words,
    twice the work of a plain label's (7 ms for a summary's sections at each scene's end): so a
    label is selectable from the moment the mouse comes over it or presses on it, and plain
    again when its words change."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self.setWordWrap(True)
        self.setAccessibleName(name)

    def show_text(self, text: str, name: str) -> None:
        # Plain again at each new summary, its words the same or not: a selection left from the
        # last one would stay, and a press in it drags the old words instead of selecting anew.
        self.setTextInteractionFlags(Qt.TextInteractionFlag.NoTextInteraction)
        if text != self.text():
            self.setText(text)
        self.setAccessibleName(name)

    def _selectable(self) -> None:
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

    def enterEvent(self, event) -> None:  # the text cursor shows over it
        self._selectable()
        super().enterEvent(event)

    def mousePressEvent(self, event) -> None:  # a press without a move before it (a touch)
        self._selectable()
        super().mousePressEvent(event)


class SummaryWatch(QObject):
    """The window's summary: follows the session to the game's end, offers the summary there
    (the actions panel, Game > Summary of the game), and opens it when the end comes.

    At an end reached in play the summary is worked out on a thread of its own and shown when it
    is ready: it replays the whole game, about 0.15 s at action 3,000 of a long game (one whose
    scenes end every few dozen moves) and more as the game grows, and on the UI thread it held
    the move that ended the scene, and the table, that long."""

    workedOut = Signal(object, object)  # (the asking's token, the summary or the exception)

    def __init__(self, window) -> None:
        super().__init__(window)
        self._window = window
        self.dialog: SummaryDialog | None = None
        self._ended: str | None = None
        self._asking: object | None = None  # the summary being worked out off the UI thread
        self._workers = 0  # summaries being worked out (the collector is off meanwhile)
        self._collecting = False  # whether it was on before
        self.workedOut.connect(self._worked_out)
        self.action = QAction("S&ummary of the game\u2026", window)
        self.action.setToolTip("Who did what, the cards played and what each counted, as everyone may see it")
        self.action.triggered.connect(self.open)
        window.menus.game.insertAction(window.menus.phones_action, self.action)
        window.actions.summaryRequested.connect(self.open)

    def follow(self, session) -> None:
        """The window shows `session` now: a game opened at its end offers its summary, and
        opens it only when an end comes while it is played here."""
        if self.dialog is not None:
            self.dialog.close()
        self._ended = ending.ended(session)
        self._window.actions.show_end(self._ended)
        session.changed.connect(self._changed)

    def _changed(self, _changes=None) -> None:
        now = ending.ended(self._window.session)
        if now == self._ended:
            return
        self._ended = now
        self._window.actions.show_end(now)
        if now is not None:
            self._open_when_worked_out()

    def close(self) -> None:
        """The window closes: so does the summary (a window of its own, it stayed open, active,
        and took the keys meant for the next window's questions)."""
        self._asking = None  # a summary still being worked out is not shown
        if self.dialog is not None:
            self.dialog.close()

    def _open_when_worked_out(self) -> None:
        import gc
        import threading

        work, token = ending.summary_work(self._window.session), object()
        self._asking = token
        # No collection while the worker allocates: one started there would destroy any Qt object
        # in the garbage on the worker's thread (desktop/ui/collector.py); on again once done.
        if not self._workers:
            self._collecting = gc.isenabled()
            gc.disable()
        self._workers += 1

        def run() -> None:
            try:
                found = work()
            except Exception as problem:  # noqa: BLE001 - worked out again on the UI thread, below
                found = problem
            self.workedOut.emit(token, found)  # queued to the UI thread

        threading.Thread(target=run, name="summary", daemon=True).start()

    def _worked_out(self, token, found) -> None:
        import gc

        self._workers -= 1
        if not self._workers and self._collecting:
            gc.enable()
        if token is not self._asking or self._window.session is None:
            return  # another game is shown now, or the window closed
        self._asking = None
        if isinstance(found, Exception):
            self.open()  # worked out here: what went wrong surfaces as it would have
            return
        self._show(found)

    def open(self) -> None:
        """The summary as the game stands, at once (a person asked for it)."""
        self._asking = None
        self._show(ending.summary(self._window.session))

    def _show(self, summary) -> None:
        if self.dialog is None:
            self.dialog = SummaryDialog(self._window)
        self.dialog.show_summary(summary)
        self.dialog.show()
        self.dialog.raise_()
        self.dialog.activateWindow()
