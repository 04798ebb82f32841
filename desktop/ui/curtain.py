"""The privacy curtain: covers the whole window while the screen is passed to another player."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont, QPainter
from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget

from desktop.ui import palette


class Curtain(QWidget):
    confirmed = Signal()

    def __init__(self, parent: QWidget):
        super().__init__(parent)
        self.setObjectName("curtain")
        self.setAccessibleName("Privacy curtain")
        # Opaque: Qt then paints nothing of the table under it (faster, and nothing to glimpse).
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
        self._headline = QLabel()
        self._headline.setAlignment(Qt.AlignmentFlag.AlignCenter)
        font = QFont(self.font())
        font.setPointSizeF(30)
        font.setBold(True)
        self._headline.setFont(font)
        self._detail = QLabel()
        self._detail.setAlignment(Qt.AlignmentFlag.AlignCenter)
        detail_font = QFont(self.font())
        detail_font.setPointSizeF(15)
        self._detail.setFont(detail_font)
        self.button = QPushButton()
        self.button.setDefault(True)
        self.button.setMinimumHeight(56)
        self.button.setMinimumWidth(360)
        button_font = QFont(self.font())
        button_font.setPointSizeF(15)
        self.button.setFont(button_font)
        self.button.clicked.connect(self.confirmed)
        self.restyle()
        layout = QVBoxLayout(self)
        layout.addStretch(2)
        layout.addWidget(self._headline)
        layout.addWidget(self._detail)
        layout.addSpacing(24)
        layout.addWidget(self.button, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addStretch(3)
        self.hide()

    def restyle(self) -> None:
        for label in (self._headline, self._detail):
            label.setStyleSheet(f"color: {palette.css('curtain_ink')};")
        self.update()

    def cover(self, name: str) -> None:
        self._headline.setText(f"Pass the screen to {name}")
        self._detail.setText(f"Only {name} should look: their hand is shown next.")
        self.button.setText(f"I am {name}: show my hand")
        self.setGeometry(self.parentWidget().rect())
        self.show()
        self.raise_()
        self.button.setFocus()

    def keyPressEvent(self, event) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            self.confirmed.emit()
            return
        super().keyPressEvent(event)

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        painter.fillRect(self.rect(), palette.color("curtain"))
        painter.end()
