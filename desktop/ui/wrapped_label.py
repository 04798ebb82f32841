"""A word-wrapped label that remembers its height for a width."""

from __future__ import annotations

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QLabel

# The changes that change what its words need (its height for a width).
_FORGETS = frozenset({QEvent.Type.FontChange, QEvent.Type.StyleChange, QEvent.Type.ApplicationFontChange,
                      QEvent.Type.LayoutDirectionChange, QEvent.Type.ContentsRectChange})


class WrappedLabel(QLabel):
    """A QLabel that remembers its height for each width, for the text, font, style and margins
    it has (forgotten when one of them changes). Qt keeps no answer: it lays the whole text out
    again each time a layout asks, and the column of seats asks every seat's lines each time one
    seat changes (at 8 seats, 16 labels laid out several times an action, a tenth of its time).
    What it shows is QLabel's own: only the asking is spared."""

    def __init__(self, text: str = ""):
        super().__init__(text)
        self._heights: dict[int, int] = {}

    def setText(self, text: str) -> None:
        if text != self.text():
            self._heights.clear()
            super().setText(text)

    def setWordWrap(self, on: bool) -> None:
        self._heights.clear()
        super().setWordWrap(on)

    def setTextFormat(self, text_format) -> None:
        self._heights.clear()
        super().setTextFormat(text_format)

    def setIndent(self, indent: int) -> None:
        self._heights.clear()
        super().setIndent(indent)

    def setMargin(self, margin: int) -> None:
        self._heights.clear()
        super().setMargin(margin)

    def changeEvent(self, event) -> None:
        if event.type() in _FORGETS:
            self._heights.clear()
        super().changeEvent(event)

    def heightForWidth(self, width: int) -> int:
        height = self._heights.get(width)
        if height is None:
            if len(self._heights) > 32:
                self._heights.clear()
            height = self._heights[width] = super().heightForWidth(width)
        return height
