"""What one seat sees, as typed values: the redacted view, and the table a ruleset describes.

The GUI and the headless `replay --as` read only these. A face-down card is `None`, without its
instance id (an id would let a reader match the card to its definition); a face is described as
title and fields, so a generic painter can draw any system's card.
"""

from __future__ import annotations

from typing import Any, Literal

import msgspec
import msgspec.structs

Visibility = Literal["public", "owner", "hidden"]

# What a zone is on the table; the table lays zones out by role and by the seat they belong to.
# "track": a row of a track (`ZoneSpec.track`), its cards in the columns their slots name.
ZoneRole = Literal["deck", "discard", "hand", "play", "display", "track", "trash", "pile"]

# A colour family for a card's band, named by meaning; the UI maps it to its palette.
Tone = Literal["gold", "red", "blue", "grey", "green", "purple", "plain"]


class SeenCard(msgspec.Struct, frozen=True):
    """A card whose face the viewer may see: its instance id and its definition id."""

    id: str
    face: str


class ZoneSeen(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    label: str
    visibility: Visibility
    owner: str | None
    count: int
    cards: list[SeenCard | None]
    seen_by: list[str] = msgspec.field(default_factory=list)  # seats besides the owner that see it


class SeatSeen(msgspec.Struct, frozen=True):
    id: str
    name: str


class EntitySeen(msgspec.Struct, frozen=True):
    """Something a seat controls that carries counters (a character, a monster)."""

    id: str
    name: str
    controller: str | None


class CardMarks(msgspec.Struct, frozen=True, kw_only=True):
    """The public state of one visible card: tokens on it, face up or down, the position it holds
    (a slot or column), and a caption of what it did."""

    tokens: int = 0
    face_up: bool = True
    slot: int | None = None
    caption: str = ""


class FaceField(msgspec.Struct, frozen=True):
    """One line block of a card face. `style` tells the painter how to set it."""

    text: str
    style: Literal["timing", "text", "stat", "tag"] = "text"
    label: str = ""


class Face(msgspec.Struct, frozen=True, kw_only=True):
    """How a card face reads, in order: the title on a band of `tone`, then the fields."""

    title: str
    tone: Tone = "plain"
    kind: str = ""  # a short word under the title: "Action", "Condition", ...
    fields: list[FaceField] = msgspec.field(default_factory=list)
    # The system's own values for its card painter (a frozen msgspec struct of numbers), beside
    # the words: a painter never parses the fields' text back into numbers.
    data: Any = None

    def plain_text(self) -> str:
        return "\n".join(field.text for field in self.fields)


class PracticeSeen(msgspec.Struct, frozen=True, kw_only=True):
    """A practice as its learner reads it over the table (engine/practice.py): the scenario's
    title, the step to take now, numbered from 1 (`steps` + 1 once every step is done), and its
    words (the scenario's last sentence once done). Only the learner's view holds one: the words
    may name the cards in its hand. `cards`: the instance ids of the cards the step names, among
    those this view shows face up (never a card hidden from the learner), for the table to point
    at. `yours`: the step is the learner's to take (False: another seat's, the app's where it
    plays that seat)."""

    title: str
    step: int
    steps: int
    words: str
    cards: tuple[str, ...] = ()
    yours: bool = True

    @property
    def done(self) -> bool:
        return self.step > self.steps


class View(msgspec.Struct, frozen=True, kw_only=True):
    """Everything `viewer` may know (None: what the whole table sees)."""

    ruleset: str
    viewer: str | None
    step: int
    seats: list[SeatSeen]
    zones: dict[str, ZoneSeen]
    counters: dict[str, dict[str, int]]
    entities: list[EntitySeen] = msgspec.field(default_factory=list)
    marks: dict[str, CardMarks] = msgspec.field(default_factory=dict)
    faces: dict[str, Face] = msgspec.field(default_factory=dict)
    extra: Any = None  # the ruleset's own public state, already redacted by the ruleset
    practice: PracticeSeen | None = None  # the learner's step of a practice (the base's `view` fills it)

    def seat_name(self, seat: str | None) -> str:
        for entry in self.seats:
            if entry.id == seat:
                return entry.name
        for entity in self.entities:
            if entity.id == seat:
                return entity.name
        return seat or ""

    def definition_of(self, card: str) -> str | None:
        """The definition (the key of its face) of a card the viewer sees, or None: a system
        reads its own card data by it."""
        for zone in self.zones.values():
            for entry in zone.cards:
                if entry is not None and entry.id == card:
                    return entry.face
        return None

    def face_of(self, card: str) -> Face | None:
        """The face of a card the viewer sees, or None."""
        definition = self.definition_of(card)
        return self.faces.get(definition) if definition is not None else None

    def card_name(self, card: str) -> str:
        face = self.face_of(card)
        return face.title if face is not None else "a card"

    def seen_cards(self) -> set[str]:
        return {entry.id for zone in self.zones.values() for entry in zone.cards if entry is not None}


# ---- the table description ------------------------------------------------------------------


class TitleParts(msgspec.Struct, frozen=True, kw_only=True):
    """A zone's title in its parts, so that a zone too narrow for it drops parts instead of
    having its words cut or guessed at: whose zone it is (`owner`, as the title begins with it:
    "Bo's "), what it is (`name`: "Reserve pile"), and what follows (`details`, each with its own
    joining words, the least needed last: ": 10", " (top 5 stay on reshuffle)"). The table drops
    the details from the last, then the owner (a seat's zones sit together under its name),
    keeping the name (`docs/table.md`, "Titles")."""

    name: str
    owner: str = ""
    details: tuple[str, ...] = ()

    def text(self) -> str:
        return self.owner + self.name + "".join(self.details)


def title_parts(name: str, *details: str, owner: str = "") -> TitleParts:
    """`TitleParts` as a ruleset writes them: `title_parts("pile", ": 3", owner="Bo's ")`."""
    return TitleParts(name=name, owner=owner, details=details)


class ZoneSpec(msgspec.Struct, frozen=True, kw_only=True):
    """One zone as the table shows it. `seat` None: shared, in the middle of the table."""

    zone: str
    role: ZoneRole
    # With its count: "Discard pile: 12". Given whole, or made from `parts` (the table then
    # shortens it by its parts; a title given whole keeps its words, cut last if need be).
    title: str = ""
    parts: TitleParts | None = None
    seat: str | None = None
    # "cascade": a face-up pile one card wide whose top cards (CASCADE_SHOWN) each show their
    # title strip above the next, the newest whole (a discard pile read without browsing it).
    layout: Literal["fan", "pile", "row", "cascade"] = "row"
    hint: str = ""  # what a player may do with it: "drop a card here to play it"
    # The viewer may start a drag here; on a face-down pile (a deck), from its top card, whose
    # drop the ruleset's `drops` receives with the card "" and reads by the zone (a draw).
    drag_from: bool = False
    # A zone of slots (a display-card panel): how many cards it holds at most, each in a slot of
    # its own (a card's `slot` mark names it). 0: an ordinary zone.
    slots: int = 0
    # A row of a track: zones of slots sharing a track id are drawn as the rows of one grid, in
    # the order the table lists them, their slots as shared columns (a count of ten steps:
    # ten columns, a row per character); their role is "track". "": a zone on its own.
    track: str = ""
    # Out of play (a character out of the fight): the table draws a row of a track greyed, its
    # cards faded.
    inactive: bool = False
    # Where the backs differ (a deck each, and which deck a card came from is public): the back
    # of each card, in the zone's order, as a key of `Table.backs`. Empty: the plain back.
    backs: list[str] = msgspec.field(default_factory=list)
    # A zone whose cards are all to be read now (cards drawn to be chosen from):
    # how many it spreads side by side, each overlapping the next by at most a quarter, before
    # the band's other zones share what is left. 0: it shares the band as usual.
    spread: int = 0

    def __post_init__(self) -> None:
        if self.parts is not None:
            whole = self.parts.text()
            if self.title and self.title != whole:
                raise ValueError(f"zone {self.zone}: its title {self.title!r} is not its parts {whole!r}")
            msgspec.structs.force_setattr(self, "title", whole)

    def title_in_parts(self) -> TitleParts:
        """Its title's parts (a title given whole is its name alone)."""
        return self.parts if self.parts is not None else TitleParts(name=self.title)


class CardBack(msgspec.Struct, frozen=True, kw_only=True):
    """A back of its own (a deck's): the word on it and its colour."""

    label: str
    tone: Tone = "plain"


class CounterSpec(msgspec.Struct, frozen=True, kw_only=True):
    """A counter of a seat or an entity, with how it reads and what values it takes."""

    entity: str
    key: str
    label: str
    value: int
    low: int = 0
    high: int = 99
    public: bool = True
    editable: bool = False  # players may correct it by hand (bookkeeping)
    flag: bool = False  # 0 or 1: shown by its label alone when set
    # An entity that is not a seat (a character): the seat it belongs to, whose panel offers to
    # change its counts. A seat's own counters leave it empty.
    seat: str = ""


class TrackMark(msgspec.Struct, frozen=True, kw_only=True):
    """What is current on a track (zones sharing `ZoneSpec.track`), as the table draws it: the
    current column (-1: none), a note on it ("the enemies act"), the rows (zone ids) acting now, and
    the columns' labels (empty: 0, 1, 2 ...). A ruleset never names a row acting before the
    players may know it acts (a hidden plan's step)."""

    track: str
    current: int = -1
    note: str = ""
    acting: list[str] = msgspec.field(default_factory=list)
    labels: list[str] = msgspec.field(default_factory=list)


class Table(msgspec.Struct, frozen=True, kw_only=True):
    headline: str  # round, phase, whose turn
    banner: str = ""  # what the table waits for, as sentences
    practice: PracticeSeen | None = None  # the learner's practice step, shown over the table (the view's)
    zones: list[ZoneSpec] = msgspec.field(default_factory=list)
    counters: list[CounterSpec] = msgspec.field(default_factory=list)
    marks: dict[str, list[str]] = msgspec.field(default_factory=dict)  # seat -> "turn", "passed"
    status: dict[str, str] = msgspec.field(default_factory=dict)  # seat -> a line under the name
    tracks: list[TrackMark] = msgspec.field(default_factory=list)  # what is current on each track
    backs: dict[str, CardBack] = msgspec.field(default_factory=dict)  # the backs zones name (ZoneSpec.backs)
    # What a system's own card painter reads beyond a card's face and marks, by card id: a frozen
    # struct of the system's (an action's state on a track, which changes without its card). The
    # table hands it to the painter with the card and draws the card again when it changes.
    looks: dict[str, Any] = msgspec.field(default_factory=dict)

    def zone(self, zone_id: str) -> ZoneSpec | None:
        return next((spec for spec in self.zones if spec.zone == zone_id), None)

    def counters_of(self, entity: str) -> list[CounterSpec]:
        return [spec for spec in self.counters if spec.entity == entity]

    def editable_at(self, seat: str) -> list[CounterSpec]:
        """The counts the viewer may change from `seat`'s panel: the seat's own, and those of
        the entities that belong to it."""
        return self.editable_by_seat().get(seat, [])

    def editable_by_seat(self) -> dict[str, list[CounterSpec]]:
        """Every seat's `editable_at`, in one pass (the seats panel reads them all at once)."""
        found: dict[str, list[CounterSpec]] = {}
        for spec in self.counters:
            if spec.editable:
                found.setdefault(spec.seat or spec.entity, []).append(spec)
        return found


# ---- who may act now ------------------------------------------------------------------------

StageKind = Literal["turn", "respond", "discard", "answer", "plan", "table"]


class Stage(msgspec.Struct, frozen=True, kw_only=True):
    """A seat that may act now, and how.

    `respond` is an out-of-turn answer (several seats may hold it at once); the other kinds are
    what the table waits for. `private`: acting needs the seat's hidden cards, so the screen
    must be passed to it behind the curtain.
    """

    seat: str
    kind: StageKind
    label: str = ""
    private: bool = True


def looker(stages: list[Stage]) -> str | None:
    """The one seat that must look at its hidden cards next, if there is exactly one."""
    waiting = {stage.seat for stage in stages if stage.private and stage.kind != "respond"}
    return waiting.pop() if len(waiting) == 1 else None


def planners(stages: list[Stage]) -> list[str]:
    """The seats planning at once with hidden cards, in the stages' order: a queue the curtain
    goes through, one seat after another (`looker` names a seat only when it is alone)."""
    found: list[str] = []
    for stage in stages:
        if stage.kind == "plan" and stage.private and stage.seat not in found:
            found.append(stage.seat)
    return found


def responders(stages: list[Stage]) -> dict[str, str]:
    """Seats that may answer out of turn, with what they may do."""
    return {stage.seat: stage.label for stage in stages if stage.kind == "respond"}
