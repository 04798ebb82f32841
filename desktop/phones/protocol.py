"""The messages between a phone and the table, both ways (docs/phones.md, "The protocol").

Every message is one JSON object in one WebSocket text frame, tagged by its `type`. What a phone
sends is decoded strictly (`read`): a frame over `MOST_BYTES`, a binary frame, text that is not
JSON, a type the table does not know, a field missing, unknown or of the wrong shape is refused
with one sentence, and nothing else happens. A phone names only what its seat's view gave it: an
offer by its index in that view, a question by its id, an answer's entries by their index in the
question's options. It never sends a card, a seat or an action, so it cannot name what its seat
cannot see. Actions carry the view's `version` they were built on (one from an older view is
refused: `STALE`) and an id the phone chooses (the same id sent twice is taken once).

No Qt and no network here: the server decodes and encodes with these.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

import msgspec

MOST_BYTES = 16 * 1024  # the longest message a phone may send; a whole answer is far shorter
STALE = "The table changed: look again."
TOO_LONG = "That message is too long for the table (more than 16 KiB): it was not read."
NOT_TEXT = "The table reads text messages only: that one was not read."

Id = Annotated[str, msgspec.Meta(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_.:-]+$")]
Secret = Annotated[str, msgspec.Meta(min_length=1, max_length=64)]
Version = Annotated[int, msgspec.Meta(ge=0, le=2**53)]
Index = Annotated[int, msgspec.Meta(ge=0, le=100_000)]
Number = Annotated[int, msgspec.Meta(ge=-(10**9), le=10**9)]
Words = Annotated[str, msgspec.Meta(max_length=4_000)]
Indices = Annotated[list[Index], msgspec.Meta(max_length=1_000)]
Counts = Annotated[dict[Annotated[str, msgspec.Meta(max_length=64)], Number], msgspec.Meta(max_length=200)]
# An answer as a phone gives it: an entry's index (a seat, a card, a choice), Yes or No, a
# number, a few words, indices in an order or a subset, or counts by their key.
Value = bool | Number | Words | Indices | Counts


class _In(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag_field="type"):
    pass


class Join(_In, tag="join"):
    """Pairs this phone with a seat: the secret of the seat's pairing address, or its short code."""

    secret: Secret


class Resume(_In, tag="resume"):
    """Comes back to the seat this phone was paired with, by the token it was given then."""

    token: Secret


class Look(_In, tag="look"):
    """Sends this seat's view again (after a refusal, or when the page thinks it missed one)."""


class Take(_In, tag="take"):
    """Chooses the offer at `offer` in the view of `version`."""

    id: Id
    version: Version
    offer: Index


class Answer(_In, tag="answer"):
    """Answers the open question `question` of the view of `version`."""

    id: Id
    version: Version
    question: Index
    value: Value


class Cancel(_In, tag="cancel"):
    """Leaves the open question `question`: its move is dropped, nothing is done."""

    id: Id
    version: Version
    question: Index


FromPhone = Join | Resume | Look | Take | Answer | Cancel
Action = Take | Answer | Cancel  # what carries a version and an id
_decoder = msgspec.json.Decoder(FromPhone)


# ---- what the table sends ------------------------------------------------------------------


class _Out(msgspec.Struct, frozen=True, tag_field="type"):
    pass


class Paired(_Out, tag="paired"):
    """This phone now holds `seat`: it keeps `token` in its own storage to come back with."""

    seat: str
    name: str
    token: str


class Taken(_Out, tag="taken"):
    """The action `id` was taken: `made` when its move was made, else its questions are open."""

    id: str
    made: bool


class Refused(_Out, tag="refused"):
    """A message refused, in one sentence; `id` names the action refused, if it was one."""

    sentence: str
    id: str = ""


class Unpaired(_Out, tag="unpaired"):
    """This phone no longer holds its seat (unpaired at the shared screen, or paired elsewhere)."""

    sentence: str


class ViewOf(_Out, tag="view"):
    """A seat's whole view now (`feed`, a `seat_feed.Feed` encoded once), at `version`."""

    version: int
    feed: msgspec.Raw


ToPhone = Paired | Taken | Refused | Unpaired | ViewOf


class OfferShown(msgspec.Struct, frozen=True):
    """One entry the seat may choose now; a phone takes it by `index`."""

    index: int
    label: str
    kind: str
    mine: bool  # the seat's own entry (False: the table's own, which any seat may take)


class OptionShown(msgspec.Struct, frozen=True, omit_defaults=True):
    """One entry of a question; a count of a "counts" question has its key and bounds."""

    label: str
    key: str = ""
    low: int = 0
    high: int = 0


class QuestionShown(msgspec.Struct, frozen=True):
    """One open question, as the model holds it (desktop/model/conversation.py, `Asked`): kinds
    `seat`, `card`, `choice` (answered by an option's index), `confirm` (true or false),
    `number` (from `low` to `high`), `text` (at most `limit` characters), `order` and `subset`
    (option indices), `counts` (key to number). `default` is what the answer opens at."""

    id: int
    title: str
    text: str
    kind: str
    options: list[OptionShown]
    low: int
    high: int
    limit: int
    default: Any
    preface: bool
    answered: list[tuple[str, str]]
    chooser: str | None


Status = Literal["answer", "turn", "wait"]


class Feed(msgspec.Struct, frozen=True):
    """What one seat's phone shows: the seat's own view and table (the same per-seat view the
    window draws: its hand, its drawn cards, its plans; the others' hidden cards as backs), what
    it may choose now, its open questions, where it stands, and its latest log lines."""

    seat: str
    name: str
    status: Status
    says: str
    offers: list[OfferShown]
    questions: list[QuestionShown]
    log: list[str]
    view: Any
    table: Any


# ---- reading and writing -------------------------------------------------------------------


class ProtocolError(ValueError):
    """A message refused before it reached the table; `str()` is the sentence for the phone."""


_WHERE = re.compile(r"at `(\$[\w.\[\]]{0,80})`")


def read(frame: str | bytes) -> FromPhone:
    """The message in `frame`, or ProtocolError with a sentence. The sentence never quotes what
    was sent (a secret typed in the wrong field stays out of replies and logs alike): it says
    where the message went wrong, by the field's path."""
    if len(frame) > MOST_BYTES or (isinstance(frame, str) and len(frame.encode("utf-8", "replace")) > MOST_BYTES):
        raise ProtocolError(TOO_LONG)
    try:
        return _decoder.decode(frame)
    except msgspec.DecodeError as problem:
        found = _WHERE.search(str(problem))
        where = f" (at {found.group(1)})" if found else ""
        if isinstance(problem, msgspec.ValidationError):
            raise ProtocolError(f"That message is not one the table takes{where}: it was not read.") from None
        raise ProtocolError("That message is not JSON the table can read: it was not read.") from None


_encoder = msgspec.json.Encoder()


def write(message: ToPhone | Feed) -> bytes:
    return _encoder.encode(message)


def view_of(version: int, feed: bytes) -> bytes:
    """A seat's view message around a feed already encoded (`write(Feed(...))`)."""
    return _encoder.encode(ViewOf(version, msgspec.Raw(feed)))
