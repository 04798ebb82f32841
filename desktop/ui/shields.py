"""Shields: a widget held by one of these lays out what is above it only when what it needs
changed.

Qt lays a window out again whenever any widget in it asks (`updateGeometry`), up through every
layout to the main window's, whether or not any size changed: a layout that has placed its
widgets again tells the widget above it, unasked, that its sizes may have changed. A held widget
has no layout above it, so its requests come to the shield, which compares what it needs now
with what the layout above last read, and passes the request on only when they differ.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QSize
from PySide6.QtWidgets import QWidget


class _Holder(QWidget):
    """Holds one widget, which has no layout above it, and gives it all its room."""

    def __init__(self, inner: QWidget, name: str):
        super().__init__()
        self.setObjectName(name)
        self.inner = inner
        inner.setParent(self)
        self.setSizePolicy(inner.sizePolicy())

    def resizeEvent(self, event) -> None:
        self.inner.setGeometry(self.rect())


class LayoutShield(_Holder):
    """Holds one panel and gives it all its room; the window is laid out again only when the
    panel's least size changed. Why: a word changed on a button of the Actions panel laid out the
    docks, the toolbar and the central area at every action (three main-window layouts an
    action, each starting geometry animations of the docks). The room a panel is given is the
    window's to decide, no less than its least size. (A shielded panel has no greatest size of
    its own: the shield's is Qt's default, whatever the panel's.)"""

    def __init__(self, inner: QWidget, name: str = "", steady: bool = False):
        super().__init__(inner, name)
        self._asked: QSize | None = None  # the inner widget's least size, as the layout above last read it
        # Steady: its room is set from outside (a fixed height, the column's width) whatever it
        # holds, so no request is passed up, and its least size is not even worked out to compare.
        self._steady = steady

    def event(self, event) -> bool:
        if event.type() == QEvent.Type.LayoutRequest and not self._steady and self.inner.minimumSizeHint() != self._asked:
            self.updateGeometry()  # the layout above reads the new least size (minimumSizeHint below)
        return super().event(event)

    def sizeHint(self) -> QSize:
        # Read to size a new window; once the window has its size, only the least size matters.
        return self.inner.sizeHint()

    def minimumSizeHint(self) -> QSize:
        self._asked = self.inner.minimumSizeHint()
        return self._asked


class ColumnShield(_Holder):
    """Holds one part of a column whose height follows its width (a seat's box in the players'
    column) and gives it all its room; the column is laid out again only when the height the part
    needs at its width, or its least size, changed.

    Why: a seat's words change at nearly every action (its counts, its turn), and each change
    laid out its box, then the whole column of seats with every other box's lines, then the
    column's scroll area, although a box keeps the most height it has needed (`KeepsTallest`)
    and its height seldom changes."""

    def __init__(self, inner: QWidget):
        super().__init__(inner, f"{inner.objectName()}-shield")
        self._read: tuple | None = None  # what the layout above last read, at the width it read it

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._read = self._needs()  # the layout above placed it from these, at this width

    def event(self, event) -> bool:
        if event.type() == QEvent.Type.LayoutRequest:
            needs = self._needs()
            if needs != self._read:
                self._read = needs
                self.updateGeometry()
        return super().event(event)

    def _needs(self) -> tuple:
        """What the column reads of it at this width: its height for the width, and its least
        height. (Not its preferred size: set at the widest line of its words, which changes with
        nearly every new word, its height followed; a column of parts whose height follows their
        width reads their height for its width instead.)"""
        width = self.width()
        return (width, self.heightForWidth(width), self.minimumSizeHint().height())

    def hasHeightForWidth(self) -> bool:
        return self.inner.hasHeightForWidth()

    def heightForWidth(self, width: int) -> int:
        height = self.inner.heightForWidth(width) if self.inner.hasHeightForWidth() else -1
        return max(height, self.inner.minimumHeight()) if height >= 0 else height

    def sizeHint(self) -> QSize:
        return self.inner.sizeHint().expandedTo(self.inner.minimumSize())

    def minimumSizeHint(self) -> QSize:
        return self.inner.minimumSizeHint().expandedTo(self.inner.minimumSize())
