"""The encounter: the characters of a fight, from a file or the built-in one.

An encounter file is JSON: `{"system": "tempo", "characters": [...]}` or the bare list. One
record per character (every field in docs/systems/tempo.md, "The encounter file"):

    {"name": "Ann", "side": "pc", "player": "Ann", "for": 1, "hp": 12, "speed": 6, "mana": 3,
     "weapons": [{"name": "Dagger", "speed": "quick"}, {"name": "Sword"}], "held": ["Dagger", "Sword"],
     "items": [{"name": "Fire flask", "strike": true}], "spells": [{"name": "Spark", "tempo": 5}],
     "reactions": [{"name": "Riposte", "tempo": 5, "trigger": "hit"}],
     "abilities": [{"name": "Flurry", "tag": "free", "action": "quick_attack"}]}

`problems(records)` lists every mistake, one sentence each naming the character (its number in
the file and its name) and the field; `read_encounter` builds the sheets or refuses with the
first. Nothing is evaluated: it is plain data checked field by field.
"""

from __future__ import annotations

import msgspec

from desktop.engine.actions import value_words
from desktop.engine.errors import SetupError
from desktop.engine.records import RecordReader, is_whole, typed
from desktop.engine.seating import seat_id
from desktop.engine.text import NAME_LIMIT, problem, shown
from desktop.rulesets.tempo.core import KINDS
from desktop.rulesets.tempo.state import Ability, Item, Reaction, Spell, Weapon

SYSTEM = "tempo"
MOST_CHARACTERS = 24
TEXT_LIMIT = 300
STATS = ("STR", "DEX", "AWR", "INT", "INS", "Defence", "Deflection", "Sturdy")
FIELDS = ("name", "side", "player", "for", "hp", "max_hp", "speed", "momentum", "mana", "stats", "weapons", "held",
          "items", "spells", "reactions", "abilities", "paradigms", "paradigm", "action_sets", "exert", "conditions",
          "defeated_at_0_hp")
WEAPON_FIELDS = ("name", "speed", "reload")
ITEM_FIELDS = ("name", "strike")
SPELL_FIELDS = ("name", "tempo", "text")
REACTION_FIELDS = ("name", "tempo", "trigger", "per_round", "prerequisite", "text")
ABILITY_FIELDS = ("name", "tag", "action", "tempo", "text")
RESERVED_REACTIONS = ("intercept", "dual wield", "teamwork")


class Sheet(msgspec.Struct, frozen=True, kw_only=True):
    """One character as the encounter describes it, before it is seated."""

    name: str
    side: str
    player: str = ""
    for_: int = 0
    hp: int = 10
    max_hp: int = 10
    speed: int = 6
    momentum: int = 0
    mana: int = 0
    stats: dict[str, int] = msgspec.field(default_factory=dict)
    weapons: tuple[Weapon, ...] = ()
    held: tuple[str, ...] = ()
    items: tuple[Item, ...] = ()
    spells: tuple[Spell, ...] = ()
    reactions: tuple[Reaction, ...] = ()
    abilities: tuple[Ability, ...] = ()
    paradigms: tuple[str, ...] = ()
    paradigm: str = ""
    action_sets: str = ""
    exert: bool = False
    conditions: tuple[str, ...] = ()
    defeated_at_0_hp: bool = True  # an NPC falls at 0 HP (a player character never does: D14)


def problems(records: object) -> list[str]:
    """Every mistake of an encounter's records, one sentence each (empty: it is playable)."""
    return _read(records)[1]


def read_encounter(records: object) -> list[Sheet]:
    sheets, found = _read(records)
    if found:
        raise SetupError(f"The encounter file cannot be used: {found[0]}")
    return typed(sheets, list[Sheet], "The encounter file")


def records_of(data: object) -> object:
    if isinstance(data, dict):
        if data.get("system", SYSTEM) != SYSTEM:
            raise SetupError(f"This file is for {shown(data.get('system'), 40)!r}, not Tempo Combat.")
        return data.get("characters")
    return data


def _read(records: object) -> tuple[list[Sheet], list[str]]:
    reader = RecordReader()
    if not isinstance(records, list):
        return [], ['The encounter file must hold a list of characters (or an object with "characters").']
    if not records:
        return [], ["The encounter file holds no character."]
    if len(records) > MOST_CHARACTERS:
        return [], [f"The encounter file holds {len(records)} characters, more than {MOST_CHARACTERS}."]
    sheets: list[Sheet] = []
    seen: set[str] = set()
    for number, record in enumerate(records, 1):
        if not isinstance(record, dict):
            reader.add(f"Character {number}", f"it must be an object, not {value_words(record)}")
            continue
        label = record.get("name") if isinstance(record.get("name"), str) and not problem(record.get("name"), NAME_LIMIT) else ""
        where = f"Character {number}" + (f" ({label.strip()})" if label and label.strip() else "")
        sheet = _sheet(reader, record, where)
        key = seat_id(sheet.name)
        if sheet.name and not key:
            reader.add(where, "its name needs at least one letter or digit")
        elif key in seen:
            reader.add(where, "another character has the same name; give each a different one")
        seen.add(key)
        sheets.append(sheet)
    if not reader.found and not any(sheet.side == "pc" for sheet in sheets):
        reader.add("The encounter", "it has no player character (side \"pc\")")
    return sheets, reader.found


def _sheet(reader: RecordReader, record: dict, where: str) -> Sheet:
    reader.unknown(record, where, FIELDS, "a character")
    name = reader.text(record, "name", where, NAME_LIMIT, required=True)
    if "name" not in record:
        reader.add(where, "it has no name")
    side = reader.choice(record, "side", where, ("pc", "npc"))
    player = reader.text(record, "player", where, NAME_LIMIT)
    if player and side == "npc":
        reader.add(where, "an NPC is played by the GM seat: leave out its player")
    hp = reader.whole(record, "hp", where, 0, 999, 10)
    max_hp = reader.whole(record, "max_hp", where, 1, 999, max(hp, 1))
    if hp > max_hp:
        reader.add(where, f"its hp {hp} is above its max_hp {max_hp}")
    stats = record.get("stats", {})
    parsed: dict[str, int] = {}
    if not isinstance(stats, dict):
        reader.add(where, f"its stats must be an object, not {value_words(stats)}")
    else:
        for key, value in stats.items():
            if key not in STATS:
                reader.add(where, f"its stats have no {shown(key, 40)!r}; they are {', '.join(STATS)}")
            elif not is_whole(value) or not -20 <= value <= 99:
                reader.add(where, f"its stat {key} must be a whole number from -20 to 99, not {value_words(value)}")
            else:
                parsed[key] = value
    weapons = _weapons(reader, record, where)
    held = reader.names(record, "held", where)
    names = [weapon.name for weapon in weapons]
    for weapon in held:
        if weapon not in names:
            reader.add(where, f"it holds {weapon!r}, which is not one of its weapons")
    if len(held) > 2:
        reader.add(where, "it holds more than two weapons: it has two hands")
    paradigms = reader.names(record, "paradigms", where)
    paradigm = reader.text(record, "paradigm", where, NAME_LIMIT)
    defeated = reader.flag(record, "defeated_at_0_hp", where, side != "pc")
    if defeated and side == "pc":
        reader.add(where, "a player character at 0 HP is not defeated (it may be Dying): leave out its defeated_at_0_hp")
    if paradigm and paradigm not in paradigms:
        reader.add(where, f"its paradigm {paradigm!r} is not one of its paradigms")
    return Sheet(
        name=name, side=side, player=player,
        for_=reader.whole(record, "for", where, -10, 10, 0), hp=hp, max_hp=max_hp,
        speed=reader.whole(record, "speed", where, 0, 99, 6), momentum=reader.whole(record, "momentum", where, 0, 99, 0),
        mana=reader.whole(record, "mana", where, 0, 99, 0), stats=parsed, weapons=weapons,
        held=held if len(held) <= 2 else held[:2],
        items=_items(reader, record, where), spells=_spells(reader, record, where),
        reactions=_reactions(reader, record, where), abilities=_abilities(reader, record, where),
        paradigms=paradigms, paradigm=paradigm or (paradigms[0] if paradigms else ""),
        action_sets=reader.text(record, "action_sets", where, TEXT_LIMIT),
        exert=reader.flag(record, "exert", where, side == "pc"),
        conditions=reader.names(record, "conditions", where), defeated_at_0_hp=defeated and side != "pc",
    )


def _entries(reader: RecordReader, record: dict, field: str, where: str, fields: tuple[str, ...], what: str):
    for n, entry in enumerate(reader.records(record, field, where), 1):
        place = f"{where}, {what} {n}"
        if not isinstance(entry, dict):
            reader.add(place, f"it must be an object, not {value_words(entry)}")
            continue
        reader.unknown(entry, place, fields, f"a {what}")
        name = reader.text(entry, "name", place, NAME_LIMIT, required=True)
        if "name" not in entry:
            reader.add(place, "it has no name")
        yield place, entry, name


def _weapons(reader: RecordReader, record: dict, where: str) -> tuple[Weapon, ...]:
    found = []
    for place, entry, name in _entries(reader, record, "weapons", where, WEAPON_FIELDS, "weapon"):
        if name in [weapon.name for weapon in found]:
            reader.add(place, "another weapon has the same name")
        found.append(Weapon(name=name, speed=reader.choice(entry, "speed", place, ("quick", "standard", "slow"), "standard"),
                            reload=reader.flag(entry, "reload", place, False)))
    return tuple(found)


def _items(reader: RecordReader, record: dict, where: str) -> tuple[Item, ...]:
    return tuple(Item(name=name, strike=reader.flag(entry, "strike", place, False))
                 for place, entry, name in _entries(reader, record, "items", where, ITEM_FIELDS, "item"))


def _spells(reader: RecordReader, record: dict, where: str) -> tuple[Spell, ...]:
    found = []
    for place, entry, name in _entries(reader, record, "spells", where, SPELL_FIELDS, "spell"):
        tempo = reader.whole(entry, "tempo", place, 0, 9, -1) if entry.get("tempo") is not None else -1
        found.append(Spell(name=name, tempo=None if tempo < 0 else tempo, text=reader.text(entry, "text", place, TEXT_LIMIT)))
    return tuple(found)


def _reactions(reader: RecordReader, record: dict, where: str) -> tuple[Reaction, ...]:
    found = []
    for place, entry, name in _entries(reader, record, "reactions", where, REACTION_FIELDS, "reaction"):
        if name.lower() in RESERVED_REACTIONS:
            reader.add(place, f"{name} is given by the rules (Guard, two weapons, Help): leave it out")
        found.append(Reaction(
            name=name, tempo=reader.whole(entry, "tempo", place, 0, 9, 0),
            trigger=reader.choice(entry, "trigger", place, ("hit", "attack", "skill", "other"), "hit"),
            per_round=reader.whole(entry, "per_round", place, 1, 9, 1),
            prerequisite=reader.text(entry, "prerequisite", place, TEXT_LIMIT), text=reader.text(entry, "text", place, TEXT_LIMIT),
        ))
    return tuple(found)


def _abilities(reader: RecordReader, record: dict, where: str) -> tuple[Ability, ...]:
    found = []
    for place, entry, name in _entries(reader, record, "abilities", where, ABILITY_FIELDS, "ability"):
        action, named = entry.get("action") if entry.get("action") is not None else "", True  # null: none, as tempo
        if action != "" and (not isinstance(action, str) or action not in KINDS):  # a list is no key of KINDS
            reader.add(place, f"its action must be one of {', '.join(KINDS)}, not {value_words(action)}")
            action, named = "", False
        tempo = reader.whole(entry, "tempo", place, 0, 9, -1) if entry.get("tempo") is not None else -1
        if tempo < 0 and not action and named:
            reader.add(place, "it needs a tempo, or the action it counts as (whose tempo it takes)")
            tempo = 5
        if action == "magic" and tempo < 0:
            reader.add(place, "a Magic ability needs its tempo")
            tempo = 5
        found.append(Ability(name=name, tag=reader.choice(entry, "tag", place, ("", "extra", "free"), ""), action=action,
                             tempo=None if tempo < 0 else tempo, text=reader.text(entry, "text", place, TEXT_LIMIT)))
    return tuple(found)


# ---- the built-in encounter ------------------------------------------------------------------

_W = Weapon
PC_KITS: tuple[dict, ...] = (
    {"for_": 1, "hp": 12, "max_hp": 12, "speed": 6, "mana": 3,
     "stats": {"STR": 2, "DEX": 1, "AWR": 1, "INT": 0, "INS": 1, "Defence": 12, "Deflection": 2, "Sturdy": 3},
     "weapons": (_W(name="Sword"), _W(name="Dagger", speed="quick")), "held": ("Sword", "Dagger"),
     "items": (Item(name="Fire flask", strike=True), Item(name="Healing draught")),
     "spells": (Spell(name="Spark", tempo=5),)},
    {"for_": 0, "hp": 10, "max_hp": 10, "speed": 7, "mana": 2,
     "stats": {"STR": 0, "DEX": 3, "AWR": 2, "INT": 1, "INS": 0, "Defence": 13, "Deflection": 1, "Sturdy": 1},
     "weapons": (_W(name="Dirk", speed="quick"), _W(name="Knife", speed="quick")), "held": ("Dirk", "Knife"),
     "items": (Item(name="Smoke bomb"),), "abilities": (Ability(name="Flurry", tag="free", action="quick_attack"),)},
    {"for_": 2, "hp": 14, "max_hp": 14, "speed": 5, "mana": 0,
     "stats": {"STR": 3, "DEX": 0, "AWR": 1, "INT": 0, "INS": 1, "Defence": 11, "Deflection": 3, "Sturdy": 4},
     "weapons": (_W(name="Crossbow", speed="slow", reload=True), _W(name="Shortsword")), "held": ("Crossbow",),
     "abilities": (Ability(name="Second Wind", tag="extra", action="move"),)},
    {"for_": -1, "hp": 8, "max_hp": 8, "speed": 6, "mana": 6,
     "stats": {"STR": -1, "DEX": 1, "AWR": 2, "INT": 3, "INS": 2, "Defence": 10, "Deflection": 0, "Sturdy": 0},
     "weapons": (_W(name="Staff", speed="slow"),), "held": ("Staff",),
     "spells": (Spell(name="Frost Bolt", tempo=6), Spell(name="Ward")), "paradigms": ("Flame", "Frost"), "paradigm": "Flame"},
)
NPC_KITS: tuple[dict, ...] = (
    {"name": "Orc", "for_": 2, "hp": 14, "max_hp": 14, "speed": 5,
     "stats": {"STR": 3, "DEX": 0, "AWR": 0, "INT": -1, "INS": 0, "Defence": 11, "Deflection": 2, "Sturdy": 3},
     "weapons": (_W(name="Greataxe", speed="slow"), _W(name="Cleaver")), "held": ("Greataxe",),
     "action_sets": "Brute: attacks the nearest foe, Guards a hurt ally."},
    {"name": "Goblin", "for_": 0, "hp": 7, "max_hp": 7, "speed": 7,
     "stats": {"STR": 0, "DEX": 3, "AWR": 1, "INT": 0, "INS": 0, "Defence": 13, "Deflection": 0, "Sturdy": 0},
     "weapons": (_W(name="Left knife", speed="quick"), _W(name="Right knife", speed="quick")),
     "held": ("Left knife", "Right knife"), "action_sets": "Skirmisher: two knives, hides when hurt."},
    {"name": "Orc archer", "for_": 1, "hp": 10, "max_hp": 10, "speed": 5,
     "stats": {"STR": 1, "DEX": 2, "AWR": 2, "INT": 0, "INS": 0, "Defence": 12, "Deflection": 1, "Sturdy": 2},
     "weapons": (_W(name="Longbow", speed="slow"), _W(name="Hatchet")), "held": ("Longbow",),
     "reactions": (Reaction(name="Riposte", tempo=5, trigger="hit", prerequisite="it holds a weapon"),),
     "action_sets": "Archer: shoots the Marked foe."},
    {"name": "Shaman", "for_": 0, "hp": 9, "max_hp": 9, "speed": 6, "mana": 5,
     "stats": {"STR": 0, "DEX": 1, "AWR": 2, "INT": 2, "INS": 3, "Defence": 10, "Deflection": 1, "Sturdy": 1},
     "weapons": (_W(name="Bone staff", speed="slow"),), "held": ("Bone staff",),
     "spells": (Spell(name="Hex", tempo=2),), "action_sets": "Caster: Hex at tempo 2, then Guard."},
)


def builtin(pc_names: list[str], npcs: int) -> list[Sheet]:
    """One player character per player seat (named after its player), and `npcs` NPCs."""
    sheets = [Sheet(name=name, side="pc", player=name, exert=True, defeated_at_0_hp=False, **PC_KITS[n % len(PC_KITS)])
              for n, name in enumerate(pc_names)]
    used: dict[str, int] = {}
    for n in range(npcs):
        kit = dict(NPC_KITS[n % len(NPC_KITS)])
        base = kit.pop("name")
        used[base] = used.get(base, 0) + 1
        label = base if n < len(NPC_KITS) else f"{base} {used[base]}"
        sheets.append(Sheet(name=label, side="npc", **kit))
    return sheets
