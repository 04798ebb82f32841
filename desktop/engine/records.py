"""Reading a player's own file (a card file, an encounter): each record's fields checked one by
one, every problem kept as one sentence naming the entry and the field ("Card 3 (Royal Mint):
its cost must be a whole number from 0 to 10, not the text 'two'."), so a file with a typo is
refused with what to fix, never half read. The systems' readers share this collector; what a
record means stays theirs."""

from __future__ import annotations

import msgspec

from desktop.engine.actions import value_words
from desktop.engine.errors import SetupError
from desktop.engine.text import NAME_LIMIT, clipped, problem, shown

MOST_PROBLEMS = 50  # a file with more is reported by its first ones: the rest add nothing
MOST_ENTRIES = 12  # the longest list a record's field may hold (weapons, reactions, skills)


def is_whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def typed(value, kind, what: str):
    """`value`, built by a reader from a player's file, checked against `kind` (its declared
    types) by msgspec, as the engine's typed copies of a state will check it: the readers check
    every field by hand, with sentences of their own; this makes sure a value they let through
    never reaches a game with the wrong type (a list where a name belongs). A SetupError naming
    the place if one did."""
    try:
        msgspec.convert(msgspec.to_builtins(value), kind)
    except msgspec.ValidationError as wrong:
        raise SetupError(f"{what} holds a value of the wrong type: {clipped(wrong)}.") from None
    return value


def listed(values) -> str:
    """'a, b or c'."""
    values = [str(value) for value in values]
    return ", ".join(values[:-1]) + f" or {values[-1]}" if len(values) > 1 else values[0]


class RecordReader:
    """Collects the problems of one file; `where` names the entry (and part) a sentence is about.
    Each reader returns a harmless value on a problem, so reading goes on to the next field."""

    def __init__(self, most: int = MOST_PROBLEMS) -> None:
        self.found: list[str] = []
        self.most = most

    def add(self, where: str, text: str) -> None:
        if len(self.found) < self.most:
            self.found.append(f"{where}: {text}.")

    def whole(self, record: dict, field: str, where: str, low: int, high: int, default: int | None = None) -> int:
        if field not in record:
            if default is None:
                self.add(where, f"it has no {field}, a whole number from {low} to {high}")
                return low
            return default
        value = record[field]
        if not is_whole(value) or not low <= value <= high:
            self.add(where, f"its {field} must be a whole number from {low} to {high}, not {value_words(value)}")
            return max(low, min(high, value)) if is_whole(value) else (default if default is not None else low)
        return value

    def flag(self, record: dict, field: str, where: str, default: bool) -> bool:
        value = record.get(field, default)
        if not isinstance(value, bool):
            self.add(where, f"its {field} must be true or false, not {value_words(value)}")
            return default
        return value

    def text(self, record: dict, field: str, where: str, limit: int, required: bool = False) -> str:
        value = record.get(field, "")
        trouble = problem(value, limit)
        if trouble:
            self.add(where, f"its {field} {trouble}")
            return ""
        if required and not value.strip():
            self.add(where, f"its {field} is empty")
        return value.strip()

    def choice(self, record: dict, field: str, where: str, choices, default: str | None = None) -> str:
        if field not in record and default is not None:
            return default
        value = record.get(field)
        if not isinstance(value, str) or value not in choices:  # a list or an object is no choice (nor a key)
            told = "missing" if field not in record else value_words(value)
            self.add(where, f"its {field} must be {listed(choices)}, not {told}")
            return default if default is not None else choices[0]
        return value

    def records(self, record: dict, field: str, where: str, most: int = MOST_ENTRIES) -> list:
        value = record.get(field, [])
        if not isinstance(value, list):
            self.add(where, f"its {field} must be a list, not {value_words(value)}")
            return []
        if len(value) > most:
            self.add(where, f"its {field} holds {len(value)} entries, more than {most}")
            return []
        return value

    def names(self, record: dict, field: str, where: str) -> tuple[str, ...]:
        found = []
        for n, value in enumerate(self.records(record, field, where), 1):
            trouble = problem(value, NAME_LIMIT)
            if trouble or not value.strip():
                self.add(where, f"entry {n} of its {field} {trouble or 'is empty'}")
                continue
            found.append(value.strip())
        return tuple(found)

    def unknown(self, record: dict, where: str, fields: tuple[str, ...], what: str) -> None:
        for key in record:
            if key not in fields:
                self.add(where, f"{what} has no field {shown(key, 40)!r}; its fields are {', '.join(fields)}")
