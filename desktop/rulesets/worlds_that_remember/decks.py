"""Deck files: one character and its deck, as JSON, checked with one sentence per mistake.

```json
{"system": "worlds-that-remember", "name": "Wren",
 "tags": [{"label": "Wayfinder", "approach": "Careful"}],
 "gear": [{"label": "Rope and Hook", "approach": "Careful"}],
 "cards": [{"card": "slip-past", "copies": 2}, {"card": "read-the-room"}]}
```

`problems(data)` lists every mistake (which card or tag, what is wrong), `load(data)` gives the
Character or raises DeckError with the first, `read_text` / `export_text` go to and from the file's
text. Qt-free: the deck builder dialog and the game setup both use it.
"""

from __future__ import annotations

import msgspec

from desktop.engine.text import NAME_LIMIT, problem, shown
from desktop.rulesets.worlds_that_remember.cards import (
    APPROACH_NAMES,
    SYSTEM,
    Character,
    ConditionDef,
    catalog,
)

DECK_MIN = 12
DECK_MAX = 20
TAGS_MIN, TAGS_MAX = 1, 6
GEAR_MAX = 4
FILE_CHARS = 64 * 1024  # a deck file of 20 cards is well under 2 KB


class DeckError(ValueError):
    """A deck file or deck that cannot be played, in one sentence."""


def problems(data: object) -> list[str]:
    """Every mistake of a deck given as decoded JSON, one sentence each (empty: it is playable)."""
    if not isinstance(data, dict):
        return ["A deck file holds one object with a name, tags and cards."]
    found: list[str] = []
    known = {"system", "name", "tags", "gear", "cards"}
    for key in data:
        if key not in known:
            found.append(f"A deck has no field called \u201c{shown(key, 40)}\u201d; its fields are name, tags, gear and cards.")
    system = data.get("system", SYSTEM)
    if system != SYSTEM:
        found.append(f"This deck is for \u201c{shown(system, 40)}\u201d, not for Worlds That Remember.")
    name = data.get("name")
    trouble = problem(name, NAME_LIMIT) if name is not None else "is missing"
    if trouble or not str(name).strip():
        found.append(f"The character's name {trouble or 'is empty'}.")
    found += _tag_problems(data.get("tags"), "tags", TAGS_MIN, TAGS_MAX)
    found += _tag_problems(data.get("gear", []), "gear", 0, GEAR_MAX)
    found += _card_problems(data.get("cards"))
    return found


def _tag_problems(tags: object, field: str, low: int, high: int) -> list[str]:
    what = "tags" if field == "tags" else "gear tags"
    if not isinstance(tags, list):
        return [f"The {what} must be a list of objects with a label and an approach."]
    found = []
    if not low <= len(tags) <= high:
        found.append(f"The character has {len(tags)} {what}; a character has {low} to {high}.")
    seen: set[str] = set()
    for number, tag in enumerate(tags[:high + 1], start=1):
        if not isinstance(tag, dict) or set(tag) != {"label", "approach"}:
            found.append(f"Entry {number} of the {what} must be an object with a label and an approach.")
            continue
        label, approach = tag["label"], tag["approach"]
        trouble = problem(label, NAME_LIMIT)
        if trouble or not str(label).strip():
            found.append(f"The label of entry {number} of the {what} {trouble or 'is empty'}.")
            continue
        if approach not in APPROACH_NAMES:
            found.append(
                f"The tag \u201c{label}\u201d has the approach \u201c{shown(approach, 40)}\u201d; an "
                "approach is Careful, Forceful, Risky or Opportunistic."
            )
        if label.lower() in seen:
            found.append(f"The tag \u201c{label}\u201d is listed twice.")
        seen.add(label.lower())
    return found


def _card_problems(cards: object) -> list[str]:
    if not isinstance(cards, list):
        return ["The cards must be a list of objects such as {\"card\": \"slip-past\", \"copies\": 2}."]
    found = []
    total = actions = 0
    seen: set[str] = set()
    known = catalog()
    for number, entry in enumerate(cards[:DECK_MAX + 1], start=1):
        if not isinstance(entry, dict) or "card" not in entry or not set(entry) <= {"card", "copies"}:
            found.append(f"Entry {number} of the cards must be an object with a card and its copies.")
            continue
        card, copies = entry["card"], entry.get("copies", 1)
        if not isinstance(card, str) or card not in known:
            found.append(f"Entry {number} of the cards names \u201c{shown(card, 40)}\u201d, which is not a Worlds That Remember card.")
            continue
        name = known[card].name
        if isinstance(copies, bool) or not isinstance(copies, int) or not 1 <= copies <= DECK_MAX:
            found.append(f"{name} has {shown(copies, 20)} copies; a card has 1 to {DECK_MAX}.")
            continue
        if card in seen:
            found.append(f"{name} is listed twice; give all its copies in one entry.")
        seen.add(card)
        total += copies
        actions += 0 if isinstance(known[card], ConditionDef) else copies
    if len(cards) > DECK_MAX:
        found.append(f"The deck lists {len(cards)} entries; a deck holds at most {DECK_MAX} cards.")
    elif not found and not DECK_MIN <= total <= DECK_MAX:
        found.append(f"The deck has {total} cards; a deck holds {DECK_MIN} to {DECK_MAX} (Condition cards count).")
    elif not found and not actions:
        found.append("The deck holds no Action card; it needs at least one.")
    return found


def load(data: object) -> Character:
    """The character of a deck given as decoded JSON, or DeckError with its first mistake."""
    found = problems(data)
    if found:
        raise DeckError(found[0])
    return msgspec.convert(data, Character)


def read_text(text: str | bytes) -> Character:
    """A deck file's text, checked."""
    if len(text) > FILE_CHARS:
        raise DeckError(f"The deck file is longer than {FILE_CHARS:,} characters; a deck of 20 cards is far shorter.")
    try:
        data = msgspec.json.decode(text)
    except msgspec.DecodeError as error:
        raise DeckError(f"The deck file is not valid JSON: {shown(error)}.") from None
    except (UnicodeError, RecursionError):
        raise DeckError("The deck file is not text a deck can be read from.") from None
    return load(data)


def export_text(character: Character) -> bytes:
    """The deck file of `character`, ready to write (it reads back equal)."""
    data = msgspec.to_builtins(character)
    if not data.get("gear"):
        data.pop("gear", None)
    ordered = {"system": SYSTEM, **{key: data[key] for key in ("name", "tags", "gear", "cards") if key in data}}
    return msgspec.json.format(msgspec.json.encode(ordered), indent=2) + b"\n"


def card_list(character: Character) -> list[str]:
    """The definition ids of every card of the deck, copies one after the other."""
    return [entry.card for entry in character.cards for _ in range(entry.copies)]
