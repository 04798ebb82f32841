"""The privacy curtain: covers the whole window while the screen is passed to another player.

Lifting it is deliberate: a click on its button, or Space or Enter held down for `HOLD_MS` and
then let go (lifting on the release keeps the key's repeats off the table). A key tapped (once or twice, by the player who just acted) does nothing, and neither does a key
still held from before the curtain came up (its repeats are ignored until a fresh press).
The button takes no keyboard focus, so no key can press it.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QFont, QPainter
from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget

from desktop.ui import palette

_LIFT_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space)


class Curtain(QWidget):
    confirmed = Signal()
    holding = Signal(bool)  # a lifting key is held down (True) or let go early (False)
    held = Signal()  # held long enough: letting go now lifts the curtain

    HOLD_MS = 800  # a deliberate hold: far longer than a tap or a double-tap
    REPEAT_GAP_MS = 90  # a held key's repeats come closer than this; two taps do not

    def __init__(self, parent: QWidget):
        super().__init__(parent)
        self.setObjectName("curtain")
        self.setAccessibleName("Privacy curtain")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self._hold = QTimer(self)
        self._hold.setSingleShot(True)
        self._hold.timeout.connect(self._held)
        # A key's release counts as letting go only when no press follows at once: some X
        # servers send a held key's repeats as plain release-press pairs.
        self._let_go = QTimer(self)
        self._let_go.setSingleShot(True)
        self._let_go.timeout.connect(self._released)
        self._name = ""
        self._ready = False  # held long enough; the curtain lifts when the key is let go
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
        self.button.setObjectName("curtain-button")
        self.button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # only a click presses it
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
        self._name = name
        self._hold.stop()
        self._ready = False
        self._headline.setText(f"Pass the screen to {name}")
        self._detail.setText(f"Only {name} should look: their hand is shown next.\n"
                             "Click the button, or hold Space, to show it.")
        self._detail.setWordWrap(True)
        self._label_button()
        self.button.setAccessibleName(f"I am {name}: show my hand")
        self.setGeometry(self.parentWidget().rect())
        self.show()
        self.raise_()
        self.setFocus()

    def _label_button(self, held: bool = False) -> None:
        self.button.setText("Keep holding\u2026" if held else f"I am {self._name}: show my hand")

    def keyPressEvent(self, event) -> None:
        # Every key stops here: nothing typed at the curtain reaches the game.
        event.accept()
        if event.key() not in _LIFT_KEYS:
            return
        if self._let_go.isActive():
            self._let_go.stop()  # a repeat of the key still held
        elif not event.isAutoRepeat() and not self._hold.isActive():
            self._hold.start(self.HOLD_MS)
            self._label_button(held=True)
            self.holding.emit(True)

    def keyReleaseEvent(self, event) -> None:
        event.accept()
        if event.key() in _LIFT_KEYS and not event.isAutoRepeat() and (self._hold.isActive() or self._ready):
            self._let_go.start(self.REPEAT_GAP_MS)

    def _released(self) -> None:
        if self._ready:
            # Lifted on letting go, not while the key is down: its repeats would reach the table.
            self._ready = False
            self._label_button()
            if self.isVisible():
                self.confirmed.emit()
            return
        self._hold.stop()  # let go too soon: a tap, not a decision
        self._label_button()
        self.holding.emit(False)

    def hideEvent(self, event) -> None:
        self._hold.stop()
        self._let_go.stop()
        self._ready = False
        super().hideEvent(event)

    def _held(self) -> None:
        self._ready = True
        self.button.setText("Let go to show the hand")
        self.held.emit()

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        painter.fillRect(self.rect(), palette.color("curtain"))
        painter.end()
