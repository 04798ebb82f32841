"""The note over the table after a player was shown something private (cards drawn): they see it
first, then pass the screen on with the note's button."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton

from desktop.ui import palette


class HandOverNote(QFrame):
    """A note over the table: what you just got is in your hand; pass the screen when ready.
    Square and opaque, it paints every pixel of its own: the table under it is not painted for it
    (with rounded corners, every card under the note was drawn again as it came up, a
    millisecond of the move that brought it at eight seats)."""

    passed = Signal()

    def __init__(self, parent):
        super().__init__(parent)
        self.setObjectName("handover")
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
        self.button = QPushButton(self)
        self.button.setObjectName("handover-button")
        self.button.clicked.connect(self._done)
        self.text_label = QLabel(self)
        self.text_label.setWordWrap(True)
        row = QHBoxLayout(self)
        row.setContentsMargins(12, 8, 12, 8)
        row.addWidget(self.text_label, 1)
        row.addWidget(self.button)
        self.hide()

    def restyle(self) -> None:
        self.setStyleSheet(
            f"#handover QLabel {{ color: {palette.css('notice_ink')}; font-size: 16px; }}"
        )
        self.update()

    def paintEvent(self, event) -> None:  # noqa: N802 - Qt's name
        painter = QPainter(self)
        painter.fillRect(self.rect(), palette.color("notice"))  # its background: opaque, so drawn here
        painter.end()
        super().paintEvent(event)

    def ask(self, name: str, table) -> None:
        """`name`: the seat the screen passes to; "" when it goes to nobody (a player on a phone
        acts next): the hand is hidden once seen."""
        # Said of any private news (a card drawn, a plan made, an answer given), not only cards.
        if name:
            self.text_label.setText(f"What is new for you is on the table and in the log. When you have seen it, "
                                    f"pass the screen to {name}.")
            self.button.setText(f"Pass to {name}")
            self.button.setAccessibleName(f"Pass the screen to {name}")
        else:
            self.text_label.setText("What is new for you is on the table and in the log. When you have seen it, "
                                    "hide your hand.")
            self.button.setText("Hide my hand")
            self.button.setAccessibleName("Hide my hand")
        width = min(table.width() - 40, 760)
        self.setFixedWidth(max(320, width))
        self.adjustSize()
        self.move((table.width() - self.width()) // 2, 8)
        self.show()
        self.raise_()
        self.button.setFocus()

    def follow(self, seat: str | None) -> None:
        """The session's hand-over as it stands: the note stays only while it waits to pass the
        screen (a plan taken back, hands hidden, a move with nothing new for the looker: gone)."""
        if seat is None and self.isVisible():
            self.hide()

    def _done(self) -> None:
        self.hide()
        self.passed.emit()
