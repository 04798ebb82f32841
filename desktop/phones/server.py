"""The phone server as the window and the headless command use it: a `PhoneServer` QObject on the
UI thread, for one game session (docs/phones.md).

    server = PhoneServer(session)
    address = server.start("192.168.1.20")     # or host=None: this machine's LAN address
    for invite in server.invitations():        # one per seat without a phone
        print(invite.seat, invite.url, invite.code)
    server.paired.connect(...)                 # paired, unpaired, connected, disconnected, invited
    server.unpair(seat)                        # a lost phone: revoked, and a new code
    server.stop()

The network runs on a thread of its own (`wire.Wire`, aiohttp on its own asyncio loop); what it
reads reaches the `Desk` (the only reader of the session for the phones) through signals queued
to this object's thread, and what the desk sends goes back by handing work to the network's loop.
Nothing here waits on the network, but `start` (until the port is bound, a few milliseconds) and
`stop` (until the sockets are closed, at most a second or two).
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QObject, Qt, QTimer, Signal, Slot

from desktop.phones.desk import Desk
from desktop.phones.pairing import Pairing
from desktop.phones.wire import Wire

RENEW_MS = 15_000  # how often expired invitations are renewed


@dataclass(frozen=True)
class Invitation:
    """How a phone pairs with `seat`: the address its QR code holds, and the code to type at the
    page's own address (`page`). Secret: shown on the shared screen or printed, never logged."""

    seat: str
    name: str
    url: str
    code: str
    page: str

    def __repr__(self) -> str:  # never the secret or the code
        return f"Invitation(seat={self.seat!r}, page={self.page!r})"


class _Bridge(QObject):
    """Signals the network thread emits; each is connected queued, so its slot runs on the thread
    of the `PhoneServer`, never on the network's."""

    opened = Signal(int, str)
    message = Signal(int, object)
    closed = Signal(int)


class PhoneServer(QObject):
    paired = Signal(str)  # a phone paired with this seat
    unpaired = Signal(str)  # the seat's phone was unpaired at the table
    connected = Signal(str)  # the seat has a phone connected now
    disconnected = Signal(str)  # the seat's last phone went away (it may come back with its token)
    invited = Signal(str)  # the seat's invitation changed (expired and renewed, unpaired): show it again

    def __init__(self, session, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.pairing = Pairing(session.game.state.seat_ids())
        self._bridge = _Bridge(self)
        self._wire: Wire | None = None
        self._desk: Desk | None = None
        self.address = ""  # "http://host:port" while running
        self._refresh = QTimer(self, singleShot=True, interval=0)
        self._refresh.timeout.connect(self._push)
        self._renew = QTimer(self, interval=RENEW_MS)
        self._renew.timeout.connect(self._renew_invitations)
        self._bridge.opened.connect(self._opened, Qt.ConnectionType.QueuedConnection)
        self._bridge.message.connect(self._message, Qt.ConnectionType.QueuedConnection)
        self._bridge.closed.connect(self._closed, Qt.ConnectionType.QueuedConnection)
        # A paired seat is played on its phone: the shared screen's curtain leaves it alone.
        self.paired.connect(self._on_phone)
        self.unpaired.connect(self._off_phone)

    # ---- starting and stopping ----------------------------------------------------------------

    @property
    def running(self) -> bool:
        return self._wire is not None

    def start(self, host: str | None = None, port: int = 0) -> str:
        """Starts serving on `host` (None: this machine's address on the local network) and
        `port` (0: any free one); returns the page's address. Raises OSError when it cannot."""
        if self._wire is not None:
            return self.address
        if host is None:
            from desktop.phones.lan import lan_address

            host = lan_address()
        wire = Wire(self._bridge.opened.emit, self._bridge.message.emit, self._bridge.closed.emit)
        host, port = wire.start(host, port)
        self._wire = wire
        self._desk = Desk(self.session, self.pairing, wire.send, wire.close, self._notify)
        shown = f"[{host}]" if ":" in host else host
        self.address = f"http://{shown}:{port}"
        for seat in self.pairing.seats:
            if seat not in self.pairing.paired():
                self.pairing.invite(seat)
        self.session.changed.connect(self._game_changed)
        self.session.questionsChanged.connect(self._game_changed)
        self._renew.start()
        for seat in self.pairing.paired():  # their phones come back with their tokens
            self._answered_elsewhere(seat, True)
        return self.address

    def stop(self) -> None:
        """Closes every phone's connection and the server. Pairings are kept: started again, the
        phones come back with their tokens."""
        if self._wire is None:
            return
        self._renew.stop()
        self._refresh.stop()
        for signal in (self.session.changed, self.session.questionsChanged):
            try:
                signal.disconnect(self._game_changed)
            except (RuntimeError, TypeError):  # the session went first
                pass
        wire, self._wire, self._desk = self._wire, None, None
        wire.stop()
        self.address = ""
        for seat in self.pairing.paired():  # no phone reaches them now: played at the screen again
            self._answered_elsewhere(seat, False)

    # ---- seats -----------------------------------------------------------------------------------

    def invitations(self) -> list[Invitation]:
        """How to pair each seat that has no phone, in the seats' order."""
        return [found for seat in self.pairing.seats if (found := self.invitation(seat)) is not None]

    def invitation(self, seat: str) -> Invitation | None:
        """How to pair `seat` now (None: it holds a phone, or the server is off)."""
        invite = self.pairing.invitation(seat)
        if invite is None or not self.address or seat in self.pairing.paired():
            return None
        name = self.session.game.view(None).seat_name(seat)
        return Invitation(seat, name, self.address + invite.path(), invite.code, self.address + "/")

    def unpair(self, seat: str) -> None:
        """`seat`'s phone no longer holds it: its token is revoked, its phone let go, and a new
        invitation is made (`invited`)."""
        if self._desk is not None:
            self._desk.unpair(seat)  # told through `_notify`
            return
        self.pairing.unpair(seat)
        self.unpaired.emit(seat)
        self.invited.emit(seat)

    def paired_seats(self) -> list[str]:
        return self.pairing.paired()

    def connected_seats(self) -> list[str]:
        return self._desk.connected() if self._desk is not None else []

    # ---- from the network (queued: on this object's thread) -------------------------------------

    @Slot(int, str)
    def _opened(self, connection: int, address: str) -> None:
        if self._desk is not None:
            self._desk.opened(connection, address)

    @Slot(int, object)
    def _message(self, connection: int, message: object) -> None:
        if self._desk is not None:
            with self._wire.together():  # its views and its reply in one hand-over
                self._desk.received(connection, message)

    @Slot(int)
    def _closed(self, connection: int) -> None:
        if self._desk is not None:
            self._desk.closed(connection)

    def _notify(self, what: str, seat: str) -> None:
        getattr(self, what).emit(seat)
        if what == "unpaired":
            self.invited.emit(seat)

    # ---- the game ----------------------------------------------------------------------------

    @Slot(str)
    def _on_phone(self, seat: str) -> None:
        self._answered_elsewhere(seat, True)

    @Slot(str)
    def _off_phone(self, seat: str) -> None:
        self._answered_elsewhere(seat, False)

    def _answered_elsewhere(self, seat: str, on: bool) -> None:
        try:
            self.session.set_remote_seat(seat, on)
        except RuntimeError:  # the session went first (the window closing)
            pass

    def _game_changed(self, *_args) -> None:
        """After the session's `changed` and `questionsChanged`: the phones' views are worked out
        once the change is over (one action emits several)."""
        if self._desk is not None:
            self._desk.changed()
            self._refresh.start()

    def _push(self) -> None:
        if self._desk is not None:
            with self._wire.together():  # every phone's new view in one hand-over
                self._desk.refresh()

    def _renew_invitations(self) -> None:
        for seat in self.pairing.out_of_date():
            self.pairing.invite(seat)
            self.invited.emit(seat)
