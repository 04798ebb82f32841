"""The phones panel: how each seat's player joins the game with their phone, read across a table.

One card per seat: the seat's name, its state (waiting for a phone, paired and connected, away),
and while it waits, its QR code (the seat's pairing address, drawn by desktop/ui/qr_code.py) with
the page's address and the seat's short code printed under it, for a phone that cannot scan. A
paired seat has an "Unpair" button (a lost phone: its phone is let go and the seat gets a new
code). "Turn phones off" closes every phone's connection. The panel is not modal: the table goes
on behind it, and it follows the server's signals (a code renewed, a phone paired or gone).

The pairing address and code are shown here on purpose and nowhere else: never in a title, a
tooltip, an accessible name, the status bar or the log.
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont, QFontDatabase
from PySide6.QtWidgets import (
    QDialog,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from desktop.ui.qr_code import QrCode

WAITING, CONNECTED, AWAY, APP = "waiting", "connected", "away", "app"
SAYS = {
    WAITING: "Waiting for a phone",
    CONNECTED: "Paired: played on the phone",
    AWAY: "Paired, away: the phone sleeps or left the Wi-Fi; it comes back by itself",
    APP: "Played by the app: no phone needed",
}
HOW = ("Each player scans their seat's code with their phone's camera and plays their hand there; "
       "the phone must be on the same Wi-Fi as this computer, with nothing to install. A phone that "
       "cannot scan opens the address under the code and types the code.")


def scaled(font: QFont, factor: float, bold: bool = False) -> QFont:
    bigger = QFont(font)
    bigger.setPointSizeF(font.pointSizeF() * factor)
    bigger.setBold(bold)
    return bigger


class SeatCard(QFrame):
    """One seat: its name, its state, and its code while it waits for a phone."""

    unpairRequested = Signal(str)

    def __init__(self, seat: str, name: str, font: QFont, least: int = 160) -> None:
        super().__init__()
        self.seat = seat
        self.setObjectName(f"phone-{seat}")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        # Every card as wide as the others, whatever its words: the panel's stretch decides.
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.name = QLabel(name)
        self.name.setFont(scaled(font, 1.8, bold=True))
        self.name.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.state = QLabel()
        self.state.setFont(scaled(font, 1.2))
        self.state.setWordWrap(True)
        self.state.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.qr = QrCode(least=least)
        self.qr.setAccessibleName(f"{name}'s code, for a phone's camera")
        self.address = QLabel()
        self.address.setTextFormat(Qt.TextFormat.RichText)
        self.address.setFont(scaled(font, 1.15))
        self.address.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.address.setWordWrap(True)
        self.address.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.code = QLabel()
        code_font = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        code_font.setPointSizeF(font.pointSizeF() * 2.2)
        code_font.setBold(True)
        code_font.setLetterSpacing(QFont.SpacingType.AbsoluteSpacing, 4)
        self.code.setFont(code_font)
        self.code.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.unpair = QPushButton(f"Unpair {name}'s phone")
        self.unpair.setToolTip(f"A lost phone: it is let go at once, and {name}'s seat gets a new code")
        self.unpair.clicked.connect(lambda: self.unpairRequested.emit(seat))
        layout = QVBoxLayout(self)
        for widget in (self.name, self.state):
            layout.addWidget(widget)
        layout.addWidget(self.qr, 1)
        for widget in (self.address, self.code, self.unpair):
            layout.addWidget(widget)
        self._shown: tuple | None = None

    def show_state(self, state: str, url: str = "", page: str = "", code: str = "") -> None:
        """The seat as it stands: its code drawn only while it waits for a phone."""
        shown = (state, url, page, code)
        if shown == self._shown:
            return
        self._shown = shown
        self.state.setText(SAYS[state])
        waiting = state == WAITING and bool(url)
        self.qr.show_text(url if waiting else "")
        self.qr.setVisible(waiting)
        shown_page = escape(page.removesuffix("/"))
        self.address.setText(f"No camera? Open<br><b>{shown_page}</b><br>and type this code:" if waiting else "")
        self.address.setVisible(waiting)
        self.code.setText(code if waiting else "")
        self.code.setVisible(waiting)
        self.unpair.setVisible(state in (CONNECTED, AWAY))


class PhonesPanel(QDialog):
    """The seats' codes and states (`server`: the window's `PhoneServer`); not modal."""

    turnOffRequested = Signal()

    def __init__(self, window, server) -> None:
        super().__init__(window)
        self.setWindowTitle("Phones \u2014 Action Deck")
        self.setModal(False)
        self.server = server
        self.session = server.session
        font = window.font()
        self.how = QLabel(HOW)
        self.how.setFont(scaled(font, 1.15))
        self.how.setWordWrap(True)
        self.cards: dict[str, SeatCard] = {}
        grid_box = QWidget()
        grid = QGridLayout(grid_box)
        seats = [(seat.id, seat.name) for seat in self.session.game.state.seats]
        columns = len(seats) if len(seats) <= 4 else min(4, (len(seats) + 1) // 2)
        for index, (seat, name) in enumerate(seats):
            card = SeatCard(seat, name, font, least=160 if len(seats) <= 4 else 130)
            card.unpairRequested.connect(self.server.unpair)
            grid.addWidget(card, index // columns, index % columns)
            grid.setColumnStretch(index % columns, 1)
            self.cards[seat] = card
        scroll = QScrollArea()
        scroll.setWidget(grid_box)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Tab reaches the buttons
        self.off = QPushButton("Turn phones &off")
        self.off.setToolTip("Every phone is let go and its seat is played at this screen again; "
                            "turned on again, the phones come back by themselves")
        self.off.setAutoDefault(False)  # Return never turns the phones off: it closes the panel
        self.off.clicked.connect(self.turnOffRequested)
        self.close_button = QPushButton("&Close")
        self.close_button.setToolTip("The phones stay on: Game > Phones\u2026 shows this again")
        self.close_button.clicked.connect(self.close)
        self.close_button.setDefault(True)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.off)
        buttons.addWidget(self.close_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.how)
        layout.addWidget(scroll, 1)
        layout.addLayout(buttons)
        for signal in (server.paired, server.unpaired, server.connected, server.disconnected, server.invited):
            signal.connect(self.refresh)
        self.session.changed.connect(self._game_changed)
        self.refresh()

    def state_of(self, seat: str) -> str:
        if seat in self.session.app_seats:
            return APP
        if seat in self.server.paired_seats():
            return CONNECTED if seat in self.server.connected_seats() else AWAY
        return WAITING

    def refresh(self, *_seat) -> None:
        """Every card as its seat stands now (a code renewed, a phone paired, gone, back)."""
        for seat, card in self.cards.items():
            state = self.state_of(seat)
            invitation = self.server.invitation(seat) if state == WAITING else None
            if invitation is None:
                card.show_state(state)
            else:
                card.show_state(state, invitation.url, invitation.page, invitation.code)

    def _game_changed(self, changes) -> None:
        if changes is None or changes.everything:  # who the app plays may have changed
            self.refresh()

    def place(self, window) -> None:
        """Most of the window, over its centre: codes large enough to scan across a table."""
        area = window.geometry()
        self.resize(round(area.width() * 0.86), round(area.height() * 0.86))
        self.move(area.center() - self.rect().center())

    def forget(self) -> None:
        """The panel goes with its server: its signals let go."""
        for signal in (self.server.paired, self.server.unpaired, self.server.connected,
                       self.server.disconnected, self.server.invited):
            try:
                signal.disconnect(self.refresh)
            except (RuntimeError, TypeError):
                pass
        try:
            self.session.changed.disconnect(self._game_changed)
        except (RuntimeError, TypeError):
            pass
