"""The game state: seats, card instances, zones, counters and the generator state.

Everything here is plain data (msgspec structs) so a state can be copied for undo, compared in
tests and written to disk without custom code. A ruleset extends `GameState` with its own fields.
"""

from __future__ import annotations

from typing import Literal

import msgspec

Visibility = Literal["public", "owner", "hidden"]


class Seat(msgspec.Struct, frozen=True):
    id: str
    name: str


class Zone(msgspec.Struct, kw_only=True):
    """An ordered pile of card instance ids; the last id is the top of a deck."""

    id: str
    label: str
    visibility: Visibility
    owner: str | None = None
    cards: list[str] = msgspec.field(default_factory=list)
    # Seats besides the owner that see an "owner" zone (allies sharing plans); empty: the owner alone.
    seen_by: list[str] = msgspec.field(default_factory=list)


class CardState(msgspec.Struct, frozen=True, kw_only=True):
    """What a system keeps on one physical card: tokens on it, face up or down, the position it
    holds in its zone (a display slot, a column of a track), and a caption of what it did."""

    tokens: int = 0
    face_up: bool = True
    slot: int | None = None  # a position: the slot or column the card sits in
    caption: str = ""  # words beside the card: "row 2 taken: 10"


class Entity(msgspec.Struct, frozen=True, kw_only=True):
    """A thing at the table that carries counters and is controlled by a seat (a character, a
    monster). Seats carry counters too, under their own id."""

    id: str
    name: str
    controller: str | None = None


class LogEntry(msgspec.Struct, frozen=True):
    """One line of the game log. A line with a `seat` is shown to that seat only."""

    text: str
    seat: str | None = None


class GameState(msgspec.Struct, kw_only=True):
    ruleset: str
    seats: list[Seat]
    cards: dict[str, str]  # instance id -> card definition id
    zones: dict[str, Zone]
    counters: dict[str, dict[str, int]] = msgspec.field(default_factory=dict)
    revealed: list[str] = msgspec.field(default_factory=list)  # owner-zone cards shown to all
    card_states: dict[str, CardState] = msgspec.field(default_factory=dict)  # only where set
    entities: list[Entity] = msgspec.field(default_factory=list)
    rng: int | str = 0  # generator state (desktop/engine/rng.py); never shown to a seat
    step: int = 0  # how many actions have been applied

    def seat_ids(self) -> list[str]:
        return [seat.id for seat in self.seats]

    def seat_name(self, seat_id: str) -> str:
        for seat in self.seats:
            if seat.id == seat_id:
                return seat.name
        return seat_id

    def zone_of(self, card: str) -> Zone | None:
        for zone in self.zones.values():
            if card in zone.cards:
                return zone
        return None

    def copy(self):
        """A deep copy (msgpack round trip: much faster than copy.deepcopy)."""
        return self.restored(self.snapshot())

    def snapshot(self) -> bytes:
        """The state as msgpack bytes: what `Game` keeps for undo (bytes, unlike a live state,
        are not walked by the garbage collector)."""
        return msgspec.msgpack.encode(self)

    @classmethod
    def restored(cls, snapshot: bytes):
        """The state a `snapshot` was taken of."""
        return msgspec.msgpack.decode(snapshot, type=cls)


def move_card(state: GameState, card: str, source: str, target: str, keep_state: bool = False) -> None:
    state.zones[source].cards.remove(card)
    state.zones[target].cards.append(card)
    if card in state.revealed:  # a revealed card is face up only until it leaves the hand
        state.revealed.remove(card)
    if not keep_state:
        state.card_states.pop(card, None)  # tokens and slots belong to where the card was
