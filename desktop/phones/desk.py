"""The phones' side of the table: each connected phone's seat, its view kept current, its actions
taken through the model as that seat (docs/phones.md).

A `Desk` lives on the session's thread and is the only thing that touches the session for the
phones. The server hands it each connection's coming and going and each message already decoded
(`desktop/phones/protocol.py`); it answers through `send(connection, bytes)` and `close(connection)`,
which only queue work for the network thread and return at once.

- A phone pairs (`Join`, a seat's one-time secret or code) or comes back (`Resume`, its token),
  and is sent its seat's whole view.
- Each seat's view has a version, moved on whenever what the seat's phones are shown changes;
  every phone of the seat is sent the new view then (`refresh`, after every change of the
  game), and only then.
- An action (`Take`, `Answer`, `Cancel`) is judged against the seat's view worked out afresh: one
  built on an older version is refused (`protocol.STALE`), one whose id was taken already gets
  the first reply again and is not taken twice. It goes to the model as that seat
  (`take_offer(..., by=seat)`, `answer(seat, ...)`, `cancel(seat, ...)`), and a refusal comes
  back as the model's own sentence.

No Qt here.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field

from desktop.phones import protocol, seat_feed
from desktop.phones.pairing import Pairing
from desktop.phones.protocol import (
    Answer,
    Cancel,
    Join,
    Look,
    Paired,
    Refused,
    Resume,
    Take,
    Taken,
    Unpaired,
)

IDS_KEPT = 256  # replies kept per seat for an action sent again (a phone resends its last few)
NOT_PAIRED_YET = "Pair this phone with a seat first: scan the seat's code at the table."
NO_OFFER = "That entry is not offered now: look again."
NOT_YOURS = "That question is not open for this seat now."
CANNOT = "That cannot be done now."
PAIRED_ELSEWHERE = "This seat was paired with another phone at the table."
UNPAIRED = "This seat was unpaired at the table: scan its code again to play it here."

Send = Callable[[int, bytes], None]
Notify = Callable[[str, str], None]  # ("paired" | "unpaired" | "connected" | "disconnected", seat)


@dataclass
class Client:
    address: str
    seat: str | None = None


@dataclass
class SeatState:
    """What a seat's phones were last shown, and what came of their recent actions."""

    version: int = 0
    body: bytes = b""  # the feed last sent, encoded
    fresh: bool = False  # `body` is the view now: nothing changed since it was worked out
    own_talks: set[int] = field(default_factory=set)  # the table's moves its phone chose
    replies: OrderedDict[str, bytes] = field(default_factory=OrderedDict)  # action id -> reply


class Desk:
    def __init__(self, session, pairing: Pairing, send: Send, close: Callable[[int], None],
                 notify: Notify = lambda what, seat: None) -> None:
        self.session = session
        self.pairing = pairing
        self.send = send
        self.close = close
        self.notify = notify
        self.clients: dict[int, Client] = {}
        self.seats: dict[str, SeatState] = {}
        self.dirty = False  # the game changed since the views were last worked out

    # ---- connections -------------------------------------------------------------------------

    def opened(self, connection: int, address: str) -> None:
        self.clients[connection] = Client(address)

    def closed(self, connection: int) -> None:
        client = self.clients.pop(connection, None)
        if client is not None and client.seat is not None and not self.connections_of(client.seat):
            self.notify("disconnected", client.seat)

    def connections_of(self, seat: str) -> list[int]:
        return [connection for connection, client in self.clients.items() if client.seat == seat]

    def connected(self) -> list[str]:
        """The seats with a phone connected now, in the seats' order."""
        held = {client.seat for client in self.clients.values()}
        return [seat for seat in self.pairing.seats if seat in held]

    def unpair(self, seat: str, sentence: str = UNPAIRED):
        """`seat` loses its phone (revoked, told, disconnected); returns its new invitation."""
        invite = self.pairing.unpair(seat)
        self._drop_phones(seat, sentence)
        self.notify("unpaired", seat)
        return invite

    def _drop_phones(self, seat: str, sentence: str) -> None:
        """Every phone of `seat` is told it no longer holds it, and let go."""
        for connection in self.connections_of(seat):
            self.send(connection, protocol.write(Unpaired(sentence)))
            self.clients[connection].seat = None
            self.close(connection)
        self.seats.pop(seat, None)

    # ---- messages ----------------------------------------------------------------------------

    def received(self, connection: int, message) -> None:
        client = self.clients.get(connection)
        if client is None:
            return
        if isinstance(message, Join):
            self._join(connection, client, message.secret)
        elif isinstance(message, Resume):
            self._resume(connection, client, message.token)
        elif client.seat is None:
            self._refuse(connection, NOT_PAIRED_YET, getattr(message, "id", ""))
        elif isinstance(message, Look):
            self._send_view(connection, client.seat)
        else:
            self._act(connection, client.seat, message)

    def _join(self, connection: int, client: Client, secret: str) -> None:
        found = self.pairing.redeem(secret, client.address)
        if isinstance(found, str):
            self._refuse(connection, found)
            return
        seat, token = found
        self._drop_phones(seat, PAIRED_ELSEWHERE)  # the seat's last token no longer works
        client.seat = seat
        name = self.session.game.view(None).seat_name(seat)
        self.send(connection, protocol.write(Paired(seat, name, token)))
        self._send_view(connection, seat)
        self.notify("paired", seat)
        self.notify("connected", seat)

    def _resume(self, connection: int, client: Client, token: str) -> None:
        try:
            seat = self.pairing.seat_of(token, client.address)
        except LookupError as refusal:
            self._refuse(connection, str(refusal))
            return
        first = not self.connections_of(seat)
        client.seat = seat
        self._send_view(connection, seat)
        if first:
            self.notify("connected", seat)

    def _refuse(self, connection: int, sentence: str, action_id: str = "") -> bytes:
        reply = protocol.write(Refused(sentence, action_id))
        self.send(connection, reply)
        return reply

    # ---- views -------------------------------------------------------------------------------

    def _current(self, seat: str, again: bool = False) -> SeatState:
        """The seat's view now, worked out again if the game changed since (or if `again`); its
        phones are sent it if it differs from the last."""
        state = self.seats.setdefault(seat, SeatState())
        if state.fresh and not again:
            return state
        state.fresh = True
        body = protocol.write(seat_feed.build(self.session, seat, state.own_talks))
        if body != state.body:
            state.version += 1
            state.body = body
            message = protocol.view_of(state.version, body)
            for connection in self.connections_of(seat):
                self.send(connection, message)
        return state

    def _send_view(self, connection: int, seat: str) -> None:
        state = self.seats.get(seat)
        before = state.version if state is not None else 0
        state = self._current(seat)
        if state.version == before:  # not sent by `_current`: the phone gets it all the same
            self.send(connection, protocol.view_of(state.version, state.body))

    def changed(self) -> None:
        """The game or its questions changed (the session's `changed`, `questionsChanged`): the
        views are worked out at the next `refresh`, or when a phone asks."""
        self.dirty = True
        for state in self.seats.values():
            state.fresh = False

    def refresh(self, force: bool = False) -> None:
        """Every connected seat's view worked out again, sent where it changed."""
        if not (self.dirty or force):
            return
        self.dirty = False
        for seat in self.connected():
            self._current(seat)

    # ---- actions -----------------------------------------------------------------------------

    def _act(self, connection: int, seat: str, message: Take | Answer | Cancel) -> None:
        state = self._current(seat, again=True)  # judged on what the seat is shown now, always
        earlier = state.replies.get(message.id)
        if earlier is not None:  # sent twice: taken once, answered alike
            self.send(connection, earlier)
            return
        if message.version != state.version:
            self._refuse(connection, protocol.STALE, message.id)
            return
        notices = len(self.session.notices)
        self.session.refusals_shown = False  # told to this phone alone (desktop/model/session.py)
        try:
            reply = self._take(seat, state, message) if isinstance(message, Take) else self._answer(seat, state, message)
        finally:
            self.session.refusals_shown = True
        if isinstance(reply, str):  # refused: in the model's own words where it said them
            said = self.session.notices[notices:]
            reply = Refused(said[-1] if said else reply, message.id)
        data = protocol.write(reply)
        state.replies[message.id] = data
        while len(state.replies) > IDS_KEPT:
            state.replies.popitem(last=False)
        self.changed()  # the other seats' views at the next `refresh`, once for every action waiting
        self._current(seat)  # this one's first: a phone reading the reply has the view it acts on
        self.send(connection, data)

    def _take(self, seat: str, state: SeatState, message: Take) -> Taken | str:
        session = self.session
        offers = [] if seat in session.app_seats else session.offers_of(seat)
        if message.offer >= len(offers):
            return NO_OFFER
        offer = offers[message.offer]
        known = {asked.talk for asked in session.every_question()}
        if session.take_offer(offer, by=seat):
            return Taken(message.id, True)
        opened = {asked.talk for asked in session.every_question()} - known
        if not opened:
            return CANNOT
        if offer.seat is None:
            state.own_talks |= opened
        return Taken(message.id, False)

    def _answer(self, seat: str, state: SeatState, message: Answer | Cancel) -> Taken | str:
        session = self.session
        asked = next((asked for asked in seat_feed.questions_of(session, seat, state.own_talks)
                      if asked.id == message.question), None)
        if asked is None:
            return NOT_YOURS
        if isinstance(message, Cancel):
            return Taken(message.id, False) if session.cancel(seat, asked.id) else CANNOT
        value, problem = seat_feed.value_of(asked, message.value)
        if problem:
            return problem
        if not session.answer(seat, asked.id, value):
            return CANNOT
        state.own_talks &= {question.talk for question in session.every_question()}
        return Taken(message.id, session.outcome(asked.talk) is True)
