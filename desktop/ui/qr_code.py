"""A QR code drawn in Qt: segno works out the modules of a text, this widget paints them.

Dark modules on a light square whatever the window's theme (a phone's camera reads dark on
light), with the quiet zone of four modules all round that the standard asks for. Each module is
a whole number of pixels, so its edges are sharp at any size; the code is centred in the widget
and as large as it allows. The text itself is never a tooltip or an accessible name: a pairing
address is shown only where it is printed under its code.
"""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QSizePolicy, QWidget

QUIET = 4  # modules of light border all round (ISO/IEC 18004's quiet zone)
DARK = QColor(0, 0, 0)
LIGHT = QColor(255, 255, 255)


def modules(text: str) -> list[list[bool]]:
    """The rows of the QR code of `text`, its quiet zone included: True for a dark module."""
    import segno

    code = segno.make(text, error="m", micro=False)
    return [[bool(module) for module in row] for row in code.matrix_iter(scale=1, border=QUIET)]


class QrCode(QWidget):
    """The QR code of a text (`show_text`), as large as the widget allows, always square."""

    def __init__(self, parent: QWidget | None = None, least: int = 160) -> None:
        super().__init__(parent)
        self._text = ""
        self._rows: list[list[bool]] = []
        self._least = least
        # The room the layout gives, width and height alike: the code is the largest square that
        # fits in it (a height that follows the width pushed the words under it out of sight).
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(least, least)

    def show_text(self, text: str) -> None:
        """Draws the code of `text` ("" draws nothing); worked out again only when it changes."""
        if text == self._text:
            return
        self._text = text
        self._rows = modules(text) if text else []
        self.update()

    @property
    def rows(self) -> list[list[bool]]:
        """The modules drawn now, quiet zone included."""
        return self._rows

    def square(self) -> QRect:
        """Where the code (with its quiet zone) is painted: whole pixels a module, centred."""
        count = len(self._rows)
        if not count:
            return QRect()
        side = max(1, min(self.width(), self.height()) // count) * count
        return QRect((self.width() - side) // 2, (self.height() - side) // 2, side, side)

    def sizeHint(self) -> QSize:
        # Its least: what room is left is given by the layout (a larger hint made a scroll area
        # lay its cards out taller than it is).
        return QSize(self._least, self._least)

    def paintEvent(self, _event) -> None:
        if not self._rows:
            return
        area = self.square()
        size = area.width() // len(self._rows)
        painter = QPainter(self)
        painter.fillRect(area, LIGHT)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(DARK)
        for y, row in enumerate(self._rows):
            x = 0
            while x < len(row):  # a run of dark modules is one rectangle
                if not row[x]:
                    x += 1
                    continue
                start = x
                while x < len(row) and row[x]:
                    x += 1
                painter.drawRect(area.x() + start * size, area.y() + y * size, (x - start) * size, size)
        painter.end()
