"""The card file: the shipped sample, or the cards a player transcribed from their own copy.

A card file is JSON: an object `{"system": "price-of-power", "cards": [...]}` or the bare list of
card records. Every field is described in docs/systems/price-of-power.md ("The card file"); in
short, one record per card:

    {"id": "dip-spy-network", "name": "Spy Network", "deck": "dip", "cost": 2, "copies": 2,
     "text": "Place on display.", "squares": 3,
     "actions": [{"name": "Sow Discontent", "cost": 1, "cubes": 2, "covert": true,
                  "targeted": true, "text": "..."}],
     "character": {"name": "Marta Lisowska", "kind": "advisor", "power": "dip", "hire": 3,
                   "upkeep": 1, "skill": 1}}

`problems(records)` lists every mistake, one sentence each naming the card (its number in the
file and its name) and the field; `read_cards` builds the definitions or refuses with the first.
Nothing from the file is evaluated: it is plain data checked field by field.
"""

from __future__ import annotations

import hashlib

import msgspec

from desktop.engine.actions import value_words
from desktop.engine.errors import SetupError
from desktop.engine.records import MOST_PROBLEMS, RecordReader, is_whole, listed, typed
from desktop.engine.text import MAX_DECK_CARDS, NAME_LIMIT, TEXT_LIMIT, problem, shown
from desktop.rulesets.price_of_power.cards import (
    BUILTIN,
    DECK_NAMES,
    POWERS,
    SHIPPED,
    TRIGGERS,
    Ability,
    CardDef,
    Character,
    Gain,
    card_set,
    known,
    register_set,
)
from desktop.shipped import resource_path

SYSTEM = "price-of-power"
COST_HIGH = 10
DUCATS_HIGH = 20
COPIES_HIGH = 10
SQUARES_HIGH = 6
ACTIONS_HIGH = 4
DICE_HIGH = 6
DRAW_HIGH = 3
LONG_TEXT = 1000

CARD_FIELDS = (
    "id", "name", "deck", "cost", "ducats", "copies", "text", "takes_turn", "covert", "targeted",
    "requires", "battle", "dice", "trigger", "when", "gain", "draw", "squares", "actions", "character",
)
ACTION_FIELDS = (
    "name", "cost", "power", "ducats", "cubes", "text", "takes_turn", "covert", "targeted", "requires",
    "battle", "dice", "trigger", "when", "gain", "draw",
)
CHARACTER_FIELDS = ("name", "kind", "power", "hire", "upkeep", "skill", "discount", "skills")
GAIN_FIELDS = ("adm", "dip", "mil", "ducats")
KINDS = ("advisor", "ruler", "general", "admiral")
DICE = ("infantry", "cavalry", "artillery", "any")


def problems(records: object) -> list[str]:
    """Every mistake of a card file's records, one sentence each (empty: the cards are playable)."""
    return _read(records)[1]


def _read(records: object) -> tuple[dict[str, CardDef], list[str]]:
    reader = RecordReader()
    if not isinstance(records, list):
        return {}, ["A Price of Power card file holds a list of card records (or an object with \"cards\")."]
    if len(records) > MAX_DECK_CARDS:
        return {}, [f"The card file lists {len(records):,} cards; a card file may have at most {MAX_DECK_CARDS:,}."]
    cards: dict[str, CardDef] = {}
    first_number: dict[str, int] = {}
    total = 0
    for number, record in enumerate(records, start=1):
        card = _card(reader, record, number)
        if card is None:
            continue
        if card.id in cards:
            reader.add(f"Card {number} ({shown(card.name, 60)})",
                       f"its id {shown(card.id, 40)!r} is the id of card {first_number[card.id]} too; each card needs its own")
            continue
        first_number[card.id] = number
        cards[card.id] = card
        total += card.copies
    if total > MAX_DECK_CARDS:
        reader.add("The card file", f"its cards make {total:,} with their copies; at most {MAX_DECK_CARDS:,} are allowed")
    if not reader.found:
        for power in POWERS:
            if not any(card.deck == power for card in cards.values()):
                reader.add("The card file", f"it has no card of the {DECK_NAMES[power]} deck; each of the three decks needs at least one")
    return cards, reader.found


def _card(reader: RecordReader, record: object, number: int) -> CardDef | None:
    if not isinstance(record, dict):
        reader.add(f"Card {number}", f"it must be an object with fields such as id, name, deck and cost, not {value_words(record)}")
        return None
    name = record.get("name")
    where = f"Card {number} ({shown(name, 60)})" if isinstance(name, str) and name.strip() and not problem(name, TEXT_LIMIT) else f"Card {number}"
    before = len(reader.found)
    reader.unknown(record, where, CARD_FIELDS, "a card")
    card_id = reader.text(record, "id", where, NAME_LIMIT, required=True)
    reader.text(record, "name", where, TEXT_LIMIT, required=True)
    deck = reader.choice(record, "deck", where, POWERS)
    copies = reader.whole(record, "copies", where, 1, COPIES_HIGH, default=1)
    squares = reader.whole(record, "squares", where, 0, SQUARES_HIGH, default=0)
    play = _ability(reader, record, where, deck, card=True)
    actions: list[Ability] = []
    listed = record.get("actions", [])
    if not isinstance(listed, list):
        reader.add(where, f"its actions must be a list of action records, not {value_words(listed)}")
        listed = []
    if squares and not 1 <= len(listed) <= ACTIONS_HIGH:
        reader.add(where, f"a Display card ({squares} squares) lists 1 to {ACTIONS_HIGH} actions, not {len(listed)}")
    if not squares and listed:
        reader.add(where, "only a Display card (with squares) has actions; give it its squares or remove the actions")
    if squares and (play.battle or play.trigger or play.covert):
        reader.add(where, "a Display card is played on its player's Turn: its Battle Actions, Reactions and Covert Actions are among its actions")
    for index, entry in enumerate(listed[:ACTIONS_HIGH], start=1):
        if not isinstance(entry, dict):
            reader.add(f"{where}, action {index}", f"it must be an object with a name, a cost and a text, not {value_words(entry)}")
            continue
        label = entry.get("name")
        part = f"{where}, action {index}" + (f" ({shown(label, 40)})" if isinstance(label, str) and label.strip() and not problem(label, TEXT_LIMIT) else "")
        reader.unknown(entry, part, ACTION_FIELDS, "an action")
        action = _ability(reader, entry, part, deck, card=False)
        if squares and action.cubes > squares:
            reader.add(part, f"it spends {action.cubes} cubes, more than the card's {squares} squares")
        if any(other.name == action.name for other in actions):
            reader.add(part, "another action of the card has this name; each needs its own (it is chosen by name)")
        actions.append(action)
    character = _character(reader, record.get("character"), where, deck)
    if len(reader.found) > before or character is None:
        return None
    return CardDef(id=card_id, deck=deck, copies=copies, play=play, squares=squares, actions=tuple(actions), character=character)


def _ability(reader: RecordReader, record: dict, where: str, deck: str, card: bool) -> Ability:
    # A card's name was read with the card; an action's is its own.
    name = reader.text(record, "name", where, TEXT_LIMIT, required=True) if not card else (
        record["name"] if isinstance(record.get("name"), str) else "")
    cost = reader.whole(record, "cost", where, 0, COST_HIGH)
    power = deck if card else reader.choice(record, "power", where, POWERS, default=deck)
    ducats = reader.whole(record, "ducats", where, 0, DUCATS_HIGH, default=0)
    cubes = 1 if card else reader.whole(record, "cubes", where, 1, SQUARES_HIGH, default=1)
    text = reader.text(record, "text", where, LONG_TEXT)
    takes_turn = reader.flag(record, "takes_turn", where, True)
    covert = reader.flag(record, "covert", where, False)
    targeted = reader.flag(record, "targeted", where, False)
    requires = reader.text(record, "requires", where, TEXT_LIMIT)
    battle = reader.flag(record, "battle", where, False)
    trigger = reader.choice(record, "trigger", where, TRIGGERS, default="")
    when = reader.text(record, "when", where, TEXT_LIMIT)
    dice = record.get("dice", [])
    if not isinstance(dice, list) or len(dice) > DICE_HIGH or any(die not in DICE for die in dice):
        reader.add(where, f"its dice must be a list of at most {DICE_HIGH} of {listed(DICE)} (\"any\" is the ? die), not {value_words(dice)}")
        dice = []
    if covert and deck != "dip":
        reader.add(where, "only Diplomatic cards have Covert Actions (the seed's 6.2)")
    if battle and trigger:
        reader.add(where, "it is a Battle Action or a Reaction, not both")
    if dice and not battle:
        reader.add(where, "only a Battle Action adds Battle Dice; mark it \"battle\": true or remove its dice")
    if trigger == "other" and not when.strip():
        reader.add(where, "a Reaction whose trigger is \"other\" says when it is played in its field when")
    if when and not trigger:
        reader.add(where, "only a Reaction has a when; give it its trigger")
    if targeted and (battle or trigger):
        reader.add(where, "a Battle Action or a Reaction is not aimed at a player; remove targeted")
    gain = _gain(reader, record.get("gain", {}), where)
    draw = reader.whole(record, "draw", where, 0, DRAW_HIGH, default=0)
    return Ability(
        name=name, cost=cost, power=power, ducats=ducats, text=text, takes_turn=takes_turn, covert=covert,
        targeted=targeted, requires=requires, battle=battle, dice=tuple(dice), trigger=trigger, when=when,
        gain=gain, draw=draw, cubes=cubes,
    )


def _gain(reader: RecordReader, record: object, where: str) -> Gain:
    if not isinstance(record, dict):
        reader.add(where, f"its gain must be an object such as {{\"adm\": 1, \"ducats\": 2}}, not {value_words(record)}")
        return Gain()
    reader.unknown(record, f"{where}, gain", GAIN_FIELDS, "a gain")
    values = {power: reader.whole(record, power, f"{where}, gain", 0, COST_HIGH, default=0) for power in POWERS}
    return Gain(**values, ducats=reader.whole(record, "ducats", f"{where}, gain", 0, DUCATS_HIGH, default=0))


def _character(reader: RecordReader, record: object, where: str, deck: str) -> Character | None:
    if not isinstance(record, dict):
        reader.add(where, "every card depicts a character: its character must be an object with a name and a kind (the seed's 6)")
        return None
    part = f"{where}, character"
    reader.unknown(record, part, CHARACTER_FIELDS, "a character")
    name = reader.text(record, "name", part, TEXT_LIMIT, required=True)
    kind = reader.choice(record, "kind", part, KINDS)
    power = reader.choice(record, "power", part, POWERS, default=deck)
    if kind == "advisor":
        hire = reader.whole(record, "hire", part, 0, DUCATS_HIGH)
    elif kind == "ruler":
        hire = reader.whole(record, "hire", part, 0, 0, default=0)
    else:
        hire = reader.whole(record, "hire", part, 1, 2)
    upkeep = reader.whole(record, "upkeep", part, 0, COST_HIGH, default=0)
    skill = reader.whole(record, "skill", part, 0, 3, default=0)
    discount = reader.whole(record, "discount", part, 0, 3, default=0)
    skills = record.get("skills", [0, 0, 0])
    if not isinstance(skills, list) or len(skills) != 3 or not all(is_whole(v) and 0 <= v <= 6 for v in skills):
        reader.add(part, f"its skills must be three whole numbers from 0 to 6 (ADM, DIP, MIL), not {value_words(skills)}")
        skills = [0, 0, 0]
    if kind != "advisor":
        for field in ("upkeep", "skill", "discount"):
            if record.get(field, 0):
                reader.add(part, f"only an Advisor has {field}; a {kind.capitalize()} has none")
        if "power" in record and kind != "advisor":
            reader.add(part, f"only an Advisor sits in the slot of a power type; a {kind.capitalize()} has no power")
    if kind != "ruler" and any(skills):
        reader.add(part, f"only a Ruler has skills (ADM, DIP, MIL); a {kind.capitalize()} has none")
    return Character(name=name, kind=kind, power=power, hire=hire, upkeep=upkeep, skill=skill, discount=discount,
                     skills=tuple(skills))


def read_cards(records: object) -> dict[str, CardDef]:
    """The definitions of a card file's records, or a SetupError with its first problem."""
    cards, found = _read(records)
    if found:
        more = len(found) - 1
        told = found[0].rstrip(".")
        if more:
            told += f" ({more}{'+' if len(found) == MOST_PROBLEMS else ''} more problem{'s' if more > 1 else ''} in the file)"
        raise SetupError(f"{told}.")
    return typed(cards, dict[str, CardDef], "The card file")


def records_of(data: object) -> list:
    """The card records of a decoded card file: its "cards", or the file itself if it is a list."""
    if isinstance(data, dict):
        system = data.get("system", SYSTEM)
        if system != SYSTEM:
            raise SetupError(f"This card file is for {value_words(system)}, not for Price of Power.")
        for key in data:
            if key not in ("system", "title", "version", "cards"):
                raise SetupError(f"A card file has no field {shown(key, 40)!r}; its fields are system, title, version and cards.")
        data = data.get("cards")
    if not isinstance(data, list):
        raise SetupError('A Price of Power card file holds a list of cards (or an object with "cards").')
    return data


def builtin_cards() -> tuple[str, dict[str, CardDef]]:
    if not known(BUILTIN):
        path = resource_path(*SHIPPED)
        try:
            raw = path.read_bytes()
        except OSError:
            raise SetupError(f"The built-in card data is missing ({path}); reinstall Action Deck.") from None
        register_set(BUILTIN, read_cards(records_of(msgspec.json.decode(raw))))
    return BUILTIN, card_set(BUILTIN)


def imported_cards(records: list) -> tuple[str, dict[str, CardDef]]:
    """Checks a transcribed card file; its key is a hash of its content."""
    cards = read_cards(records)
    key = "imported-" + hashlib.sha256(msgspec.json.encode(records)).hexdigest()[:16]
    register_set(key, cards)
    return key, cards
