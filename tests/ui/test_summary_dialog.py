"""The summary's dialog left open while the game goes on (desktop/ui/summary_panel.py): a system
whose summary opens at every scene's end shows each scene's summary in the same dialog, which then
reads exactly as that summary (its heading, each section's title and lines, its bars), nothing
left of the one before, whether the sections are the same as before or others; and a section's
lines may be selected with the mouse."""

from __future__ import annotations

import random

import msgspec
import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QLabel, QWidget

from desktop.engine import Game, GameSetup
from desktop.engine.summary import Section, summarize
from desktop.ui.charts import BarChart
from desktop.ui.summary_panel import SummaryDialog


def scene_ends(count: int) -> list:
    """The summaries of a game of Tempo Combat played at random, at its first `count` scene ends."""
    chooser = random.Random(4)
    game = Game.new(GameSetup(ruleset="tempo", players=["Ann", "Bo", "Cy"], seed=4))
    found = []
    while len(found) < count:
        legal = [action for action in game.legal_actions() if not getattr(type(action), "ends", False)]
        game.apply(chooser.choice(legal))
        if game.ruleset.finished(game.state) is not None:
            found.append(summarize(game))
    return found


def shown_texts(dialog: SummaryDialog) -> list[str]:
    """What the dialog shows in words, top to bottom: its heading, then each label and each
    chart's rows (label, value, the words after the bar) as they come in its sections."""
    shown = [dialog.heading.text()]
    for index in range(dialog.sections.count()):
        widget = dialog.sections.itemAt(index).widget()
        if isinstance(widget, QLabel) and widget.isVisibleTo(dialog):
            shown.append(widget.text())
        elif isinstance(widget, BarChart) and widget.isVisibleTo(dialog):
            rows = zip([row.label for row in widget._rows], widget.values(), widget.texts())
            shown.append(f"{widget.accessibleName()}: {[(label, values, texts) for label, values, texts in rows]}")
    return shown


def expected(summary) -> list[str]:
    wanted = [summary.title]
    for section in summary.sections:
        wanted.append(section.title)
        if section.lines:
            wanted.append("\n".join(section.lines))
        figures = section.figures
        if len(figures) > 1 and any(figure.value for figure in figures):
            rows = [(figure.label, [float(figure.value)], [figure.text or str(figure.value)]) for figure in figures]
            wanted.append(f"{section.title}: {rows}")
    return wanted


@pytest.fixture
def dialog(qtbot):
    parent = QWidget()
    qtbot.addWidget(parent)
    parent.resize(1200, 800)
    parent.show()
    yield SummaryDialog(parent)  # the parent held meanwhile: the dialog goes with it


def test_each_scenes_end_shows_its_own_summary_in_the_dialog_left_open(qtbot, dialog):
    ends = scene_ends(5)
    titles = [[section.title for section in summary.sections] for summary in ends]
    # Two scene ends in a row with the same sections (the same widgets show the second), and one
    # after them.
    at = next(index for index in range(len(ends) - 2) if titles[index] == titles[index + 1])
    first, second, third = ends[at:at + 3]
    # Other sections: one left out, another's lines gone, a chart of fewer bars.
    sections = list(third.sections)
    damage = next(index for index, section in enumerate(sections) if section.figures)
    sections[damage] = msgspec.structs.replace(sections[damage], figures=sections[damage].figures[:2])
    other = msgspec.structs.replace(third, title="Another ending.",
                                    sections=(Section(sections[0].title), *sections[2:]))
    dialog.show_summary(first)
    dialog.show()
    qtbot.waitExposed(dialog)
    qtbot.waitUntil(lambda: shown_texts(dialog) == expected(first))
    for summary in (second, other, third, first):
        dialog.show_summary(summary)
        # New widgets show at the next turn of the event loop (their layout shows them).
        qtbot.waitUntil(lambda summary=summary: shown_texts(dialog) == expected(summary))


def test_a_sections_lines_may_be_selected_with_the_mouse(qtbot, dialog):
    first, second = scene_ends(2)
    dialog.show_summary(first)
    dialog.show()
    qtbot.waitExposed(dialog)
    # As shown first, after the next scene's end, and after a summary of the same words again.
    for summary in (first, second, second):
        dialog.show_summary(summary)
        lines = next(label for label in dialog.findChildren(QLabel) if label.accessibleName() == "Damage")
        qtbot.waitUntil(lines.isVisible)
        qtbot.mouseMove(lines, QPoint(3, 5))
        qtbot.mousePress(lines, Qt.MouseButton.LeftButton, pos=QPoint(3, 5))
        qtbot.mouseMove(lines, QPoint(lines.width() - 3, 5))
        qtbot.mouseRelease(lines, Qt.MouseButton.LeftButton, pos=QPoint(lines.width() - 3, 5))
        assert lines.hasSelectedText() and lines.selectedText() in lines.text()
