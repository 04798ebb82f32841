"""Each reader of the log finds it at a hand-over as they left it, where they had scrolled back
to (a page of their own, kept while another reader reads: given back their lines in the one
editor, they were taken to the first line)."""

from __future__ import annotations

from types import SimpleNamespace

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication

from desktop.ui.log_panel import GameLog
from tests.ui.log_lines import Lines


def settle() -> None:
    for _ in range(6):
        QApplication.sendPostedEvents()
        QApplication.processEvents()


def wheel_up(log, notches: int) -> None:
    viewport = log.viewport()
    centre = QPointF(viewport.rect().center())
    event = QWheelEvent(centre, QPointF(viewport.mapToGlobal(centre.toPoint())), QPoint(0, 0),
                        QPoint(0, 120 * notches), Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier,
                        Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(viewport, event)


def first_line_shown(log) -> str:
    return log.firstVisibleBlock().text()


def readers_at_a_log(qtbot):
    log = GameLog()
    qtbot.addWidget(log)
    log.resize(260, 300)
    log.show()
    sessions = {reader: SimpleNamespace(viewer=reader, log=Lines(reader, 120)) for reader in ("ann", "bo")}
    return log, sessions


def test_a_reader_who_scrolled_back_finds_the_same_lines_after_a_hand_over(qtbot):
    log, sessions = readers_at_a_log(qtbot)
    log.show_from(sessions["ann"])
    settle()
    wheel_up(log, 4)
    settle()
    assert not log.following()
    reading = first_line_shown(log)
    assert not reading.startswith("ann reads line 119")
    for session in (None, sessions["bo"], None, sessions["ann"]):  # the curtain, Bo reads, the curtain, Ann again
        if session is None:
            log.show_from(sessions["ann"], covered=True)
        else:
            log.show_from(session)
        settle()
    assert first_line_shown(log) == reading
    assert not log.following()
