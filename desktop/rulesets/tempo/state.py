"""The Tempo Combat part of the game state: the characters with their sheets, the round's planned
actions (entries), the count (tempo 0 to 9, the player characters then the NPCs at each tempo),
the turn under way with its triggers, and the reactions used this round.

Zones, per character: `actions:<character>` (its action cards: the thirteen actions of the table
and its abilities) and `timeline:<character>` (the cards of its actions this round, each in the
slot of its tempo; a taken action's card stays there, revealed, until the round ends). A player
character's zones are seen by its seat and, by default, the other player seats (its allies); an
NPC's by the GM seat alone.

Counters, per character: `hp`, `max_hp`, `for`, `speed`, `momentum`, `exertion` and the four Mana
counters `mana` (uncommitted), `mana_scene`, `mana_day`, `mana_ever` (committed indefinitely).
"""

from __future__ import annotations

from typing import Literal

import msgspec

from desktop.engine.mechanics import Steps, Uses
from desktop.engine.practice import PracticeRun
from desktop.engine.state import GameState

TEMPOS = Steps(steps=tuple(str(tempo) for tempo in range(10)), parts=("pcs", "npcs"))
Side = Literal["pc", "npc"]
Speed = Literal["quick", "standard", "slow"]
Tag = Literal["plan", "extra", "free", "exert", "granted"]
Status = Literal["planned", "done", "lost"]
COUNTERS = ("hp", "max_hp", "for", "speed", "momentum", "exertion", "mana", "mana_scene", "mana_day", "mana_ever")
MANA_TIERS = ("mana_ever", "mana_scene", "mana_day")  # D20: the lowest committed tier first
TIER_WORDS = {"mana_ever": "committed indefinitely", "mana_scene": "committed for the scene",
              "mana_day": "committed for the day", "mana": "uncommitted"}
DURATIONS = {"scene": "mana_scene", "day": "mana_day", "indefinite": "mana_ever"}


class Weapon(msgspec.Struct, frozen=True, kw_only=True):
    name: str
    speed: Speed = "standard"
    reload: bool = False  # a Reload weapon: loaded by an Inventory action, emptied by a Strike


class Item(msgspec.Struct, frozen=True, kw_only=True):
    """A consumable: drawn and consumed by an Inventory action; a Strike counts as an Attack (T16)."""

    name: str
    strike: bool = False


class Spell(msgspec.Struct, frozen=True, kw_only=True):
    name: str
    tempo: int | None = None  # None: typed at planning (D21)
    text: str = ""


class Reaction(msgspec.Struct, frozen=True, kw_only=True):
    """A reaction a character knows: its tempo threshold (T24), what triggers it, how often a
    round it may be used (T26), and a prerequisite asked as a confirmation (T23)."""

    name: str
    tempo: int = 0
    trigger: Literal["hit", "attack", "skill", "other"] = "hit"
    per_round: int = 1
    prerequisite: str = ""
    text: str = ""


class Ability(msgspec.Struct, frozen=True, kw_only=True):
    """An action a character gains from an ability (T14, T56-T61): Extra, Free or neither; it
    counts as the action it names (`action`), or is an action of its own."""

    name: str
    tag: Literal["", "extra", "free"] = ""
    action: str = ""  # a base action's id ("move", "quick_attack"...): it is that action (T14)
    tempo: int | None = None  # None: the named action's usual tempo (T57, T60)
    text: str = ""


class Character(msgspec.Struct, kw_only=True):
    id: str
    name: str
    side: Side
    seat: str  # the seat that controls it: its player's, or the GM's for an NPC
    weapons: list[Weapon] = msgspec.field(default_factory=list)
    held: list[str] = msgspec.field(default_factory=list)  # names of the weapons in its hands
    loaded: list[str] = msgspec.field(default_factory=list)  # Reload weapons that are loaded
    items: list[Item] = msgspec.field(default_factory=list)
    spells: list[Spell] = msgspec.field(default_factory=list)
    reactions: list[Reaction] = msgspec.field(default_factory=list)  # known from its sheet
    abilities: list[Ability] = msgspec.field(default_factory=list)
    stats: dict[str, int] = msgspec.field(default_factory=dict)  # STR, DEX, AWR, INT, INS, Defence...
    action_sets: str = ""
    paradigms: list[str] = msgspec.field(default_factory=list)
    paradigm: str = ""
    conditions: list[str] = msgspec.field(default_factory=list)
    active: list[str] = msgspec.field(default_factory=list)  # spells cast, with their duration
    may_exert: bool = False  # player characters; an NPC only if its sheet says so (D1)
    exerted_scene: bool = False
    resting: bool = False  # took Rest this round (D18)
    dead: bool = False  # out of the fight: dead, or (an NPC) defeated at 0 HP
    defeated: bool = False  # an NPC that fell at 0 HP (its sheet may say it fights on, `defeated_at_0_hp`)
    defeated_at_0: bool = False  # NPCs, unless their sheet says otherwise
    guarding: str | None = None  # the character it Guarded this round (T47, T48)
    teamwork: str | None = None  # the ally whose next skill roll it may Teamwork (D23)


class Entry(msgspec.Struct, kw_only=True):
    """One action of a character this round: planned, taken (done) or lost."""

    id: int
    character: str
    action: str  # a base action's id, or "ability:<n>" (the n-th ability of the character)
    tempo: int
    usual: int  # its usual tempo (moved by Exert when they differ)
    tag: Tag = "plan"
    card: str | None = None  # the card on the timeline, if it has one
    spell: str = ""
    status: Status = "planned"
    strike: bool = False  # an Inventory Strike: it also counted as the Attack (T16)
    words: str = ""  # what it did, once taken
    reactions: list[str] = msgspec.field(default_factory=list)  # "Ann's Intercept": used in its turn


class Trigger(msgspec.Struct, frozen=True, kw_only=True):
    """Something that happened in the turn under way that a reaction may answer."""

    id: int
    kind: Literal["attack", "hit", "skill", "other"]
    subject: str  # the character it happened to (the attacker for "attack")
    by: str = ""  # who caused it
    damage: int = 0
    text: str = ""


class Turn(msgspec.Struct, kw_only=True):
    """The turn under way: one action of one character (T2, D4), with its Normal Move unless it is
    an Extra or a Free turn (T56, T59), the characters that reacted in it (T20, T25) and what
    happened in it (the triggers). It ends, with its end-of-turn moment, on Advance (D7)."""

    character: str
    entry: int
    tempo: int
    normal_move: bool
    target: str = ""  # the character its Strike (or other action) aims at
    reacted: list[str] = msgspec.field(default_factory=list)
    triggers: list[Trigger] = msgspec.field(default_factory=list)
    intercepted: dict[str, str] = msgspec.field(default_factory=dict)  # hit trigger id -> interceptor


class ScanNote(msgspec.Struct, frozen=True, kw_only=True):
    """A Scan's answer, a snapshot shown to the player seats (D6)."""

    by: str
    target: str
    question: int
    round: int
    tempo: int
    text: str


class TempoState(GameState, kw_only=True):
    gm: str  # the seat that plays the GM and every NPC
    plans: Literal["party", "secret", "open"] = "party"
    pc_order: Literal["seat", "free"] = "seat"
    recover_amount: int = 1
    auto_dying: bool = False
    prepared: int = 1  # the "prepared" Exertion an app GM states (D11)
    practice_on: bool = False
    encounter: str = ""
    # The rules of edition 4 (games saved in file format 4 or before, ahead of the corrections of
    # issue 26): an NPC at 0 HP stands and acts, an Attack no weapon could fit may be planned, every
    # plan binds the Unique Action Restriction during the count, the end of a scene Reclaims no Mana
    # (docs/systems/tempo.md).
    edition4: bool = False
    # The side found all down when the scene was last ended ("pc", "npc"): the fight it
    # decided is over, and the GM is not asked again to end a scene for it (`count.decided`).
    closed: str = ""
    characters: list[Character] = msgspec.field(default_factory=list)
    round: int = 1
    scene: int = 1
    phase: Literal["planning", "count"] = "planning"
    tempo: int = 0
    part: Literal["pcs", "npcs"] = "pcs"
    entries: list[Entry] = msgspec.field(default_factory=list)
    next_id: int = 1  # entries and triggers
    waived: list[str] = msgspec.field(default_factory=list)  # characters that let this tempo pass
    turn: Turn | None = None
    uses: Uses = msgspec.field(default_factory=Uses)  # reactions this round (T26, T27)
    scans: list[ScanNote] = msgspec.field(default_factory=list)
    asked: list[ScanNote] = msgspec.field(default_factory=list)  # questions the GM answers in words
    practice: PracticeRun | None = None

    def character(self, character_id: str) -> Character:
        for character in self.characters:
            if character.id == character_id:
                return character
        raise KeyError(character_id)

    def has(self, character_id: object) -> bool:
        return isinstance(character_id, str) and any(c.id == character_id for c in self.characters)

    def pcs(self) -> list[Character]:
        """Player characters in seat order (then in the encounter's order), then nothing else."""
        seats = self.seat_ids()
        found = [c for c in self.characters if c.side == "pc"]
        return sorted(found, key=lambda c: seats.index(c.seat) if c.seat in seats else len(seats))

    def npcs(self) -> list[Character]:
        return [c for c in self.characters if c.side == "npc"]

    def order(self) -> list[Character]:
        """The rows of the timeline: player characters in seat order, then NPCs in the GM's order."""
        return self.pcs() + self.npcs()

    def entry(self, entry_id: int) -> Entry | None:
        return next((entry for entry in self.entries if entry.id == entry_id), None)

    def value(self, character_id: str, key: str) -> int:
        return self.counters[character_id][key]
