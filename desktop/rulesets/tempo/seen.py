"""What a seat sees of a Tempo Combat table, as the typed parts of the redacted view's `extra`
(presentation.py's `view` fills them): the timeline's rows and their chips, the turn, the
triggers and reactions, Scan snapshots."""

from __future__ import annotations

import msgspec


class ChipSeen(msgspec.Struct, frozen=True, kw_only=True):
    """One action on a row: planned (a ghost), acting (its turn is under way), done (a tick) or
    lost (struck through); `passed`: still planned, its tempo gone by untaken (lost at the end
    of the round unless an Exert moves it); `reactions`: those used in its turn (an R badge)."""

    entry: int
    action: str  # its name
    tempo: int
    usual: int  # differs when an Exert moved it
    tag: str  # plan, extra (E), free (F), exert (X), granted
    status: str
    spell: str = ""
    words: str = ""
    card: str = ""  # its card, where the viewer sees it
    normal_move: bool = True
    acting: bool = False
    passed: bool = False
    reactions: list[str] = msgspec.field(default_factory=list)
    blocked: str = ""  # its moment is now but it cannot be taken: why (the first refusal's words)


class ReactionSeen(msgspec.Struct, frozen=True, kw_only=True):
    name: str
    tempo: int
    used: int  # this round
    per_round: int
    text: str
    prerequisite: str = ""  # a board fact the player confirms (T23), in the sheet's words


class RowSeen(msgspec.Struct, frozen=True, kw_only=True):
    """A character's row and side panel, as the viewer may read it (-1 or None: hidden)."""

    id: str
    name: str
    side: str
    seat: str
    dead: bool  # out of the fight: dead, or defeated
    sheet: bool  # the viewer reads its sheet
    hp: int
    max_hp: int
    speed: int
    momentum: int
    exertion: int
    max_exertion: int
    exerted_scene: bool
    mana: list[int]  # uncommitted, scene, day, indefinite ([] hidden)
    conditions: list[str]
    weapons: list[str]
    reactions: list[ReactionSeen]
    reaction_free: bool  # its reaction of this turn is unused
    resting: bool
    guarding: str
    left: int  # actions still to come this round (always public: "2 actions left")
    chips: list[ChipSeen]
    defeated: bool = False  # an NPC that fell at 0 HP (D30)


class TriggerSeen(msgspec.Struct, frozen=True, kw_only=True):
    id: int
    kind: str
    subject: str
    text: str
    damage: int
    intercepted_by: str


class TurnSeen(msgspec.Struct, frozen=True, kw_only=True):
    character: str
    action: str
    tempo: int
    normal_move: bool
    reacted: list[str]
    triggers: list[TriggerSeen]


class ScanSeen(msgspec.Struct, frozen=True, kw_only=True):
    by: str
    target: str
    question: str
    round: int
    tempo: int
    text: str


class TempoTable(msgspec.Struct, frozen=True, kw_only=True):
    round: int
    scene: int
    phase: str
    tempo: int
    part: str
    gm: str
    plans: str
    pc_order: str
    planners: list[str]  # seats still planning, in seat order: the curtain goes through them
    on: list[str]  # characters whose turn may begin now (an NPC only for the GM seat)
    turn: TurnSeen | None
    rows: list[RowSeen]
    scans: list[ScanSeen]
    asked: list[str]  # Scan questions the GM answers in words (the GM seat only)
    practice: str
    decided: str = ""  # the side all down, while the scene of that fight is not ended (D30): "pc", "npc"
