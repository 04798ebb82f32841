"""A new game's options: what each is (`Option`), and its text parsed once into a typed value.

Options travel as text (the command line's KEY=VALUE, the wizard's fields, a save's `options`
object): that stored form never changes. When a game is set up, the base of the contract parses
every option once (`parse_options`), refusing an unknown option or a bad value with one sentence
that names the option and what it takes; the system then reads typed values (`OptionValues`) and
never parses a string again. A save is parsed the same way each time it is loaded.

What an option's value is follows from its declaration:

| declared | value |
| --- | --- |
| `number=(low, high)` | an int in that range (`choices`, if any, are only what a form suggests) |
| `choices=["on", "off"]` | a bool: on is True |
| other `choices` | the choice, as the list spells it (typed in any case) |
| `names="seat"` | the id of the player it names, or None when it is empty |
| `names="seats"` | a tuple of the ids of the players it names (comma-separated) |
| nothing | the text, without surrounding spaces |
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Literal

import msgspec

from desktop.engine.errors import SetupError
from desktop.engine.seating import seat_id
from desktop.engine.state import Seat
from desktop.engine.text import shown

ON_OFF = ["on", "off"]


class Option(msgspec.Struct, frozen=True, kw_only=True):
    """A setting of a new game, with its default and the help a player reads in the wizard."""

    key: str
    label: str
    default: str
    help: str
    choices: list[str] | None = None  # None: free text (or a number, below)
    # A whole number from low to high; the value is then an int, and `choices` only suggest.
    number: tuple[int, int] | None = None
    # What the text names: "seat" (one player's name, or none), "seats" (names separated by
    # commas); a new-game form then offers the players' names instead of a text box.
    names: Literal["", "seat", "seats"] = ""
    # How a form names the empty value of a "seat" option: what the system does when no player is
    # chosen ("nobody" holds the role; or a seat the rules pick, such as the last one).
    empty: str = "nobody"
    # Kept so that games saved before a rules correction replay as they were played; set for them
    # on loading (`legacy_options`). A new-game form need not offer it.
    legacy: bool = False

    def parse(self, text: str, seats: Sequence[Seat]) -> Any:
        """This option's typed value from its text; SetupError naming the option and what it takes."""
        value = text.strip()
        if self.number is not None:
            return self._number(value)
        if self.choices is not None:
            found = next((choice for choice in self.choices if choice.lower() == value.lower()), None)
            if found is None:
                raise SetupError(f"The option {self.key} must be {either(self.choices)}.")
            return found == "on" if sorted(self.choices) == sorted(ON_OFF) else found
        if self.names == "seat":
            return self._seat(value, seats) if value else None
        if self.names == "seats":
            named = [self._seat(part, seats) for part in value.split(",") if part.strip()]
            return tuple(dict.fromkeys(named))  # each player once, in the order named
        return value

    def _number(self, value: str) -> int:
        low, high = self.number
        try:
            number = int(value)
        except ValueError:
            number = None
        if number is None or not low <= number <= high:
            raise SetupError(f"The option {self.key} must be a whole number from {low} to {high}.")
        return number

    def _seat(self, name: str, seats: Sequence[Seat]) -> str:
        wanted = seat_id(name)
        if wanted not in {seat.id for seat in seats}:
            players = either([seat.name for seat in seats], "and")
            raise SetupError(f"The option {self.key} names {shown(name.strip(), 40)!r}, who is not one of "
                             f"the players ({players}).")
        return wanted


def either(words: Sequence[str], joiner: str = "or") -> str:
    """ "a", "a or b", "a, b or c"."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} {joiner} {words[-1]}"


class OptionValues(Mapping[str, Any]):
    """The options of one game, parsed: every declared option's typed value (its default's where
    the game did not set it), read as `values.key` or `values["key"]`. Read-only."""

    __slots__ = ("_values",)

    def __init__(self, values: Mapping[str, Any]) -> None:
        object.__setattr__(self, "_values", dict(values))

    def __getitem__(self, key: str) -> Any:
        return self._values[key]

    def __getattr__(self, key: str) -> Any:
        try:
            return self._values[key]
        except KeyError:
            raise AttributeError(f"no option {key!r}") from None

    def __setattr__(self, key: str, value: Any) -> None:
        raise AttributeError("the options of a game are read-only")

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __repr__(self) -> str:
        return f"OptionValues({self._values!r})"


def parse_options(declared: Sequence[Option], options: Mapping[str, str], seats: Sequence[Seat],
                  title: str) -> OptionValues:
    """Every option of `declared` parsed from `options` (the game's texts; a missing one takes its
    default). An option the system does not have is refused, naming the ones it has."""
    known = {option.key: option for option in declared}
    unknown = sorted(set(options) - set(known))
    if unknown:
        has = f"its options are {', '.join(sorted(known))}" if known else "it has none"
        raise SetupError(f"{title} has no option {shown(unknown[0], 40)!r}; {has}.")
    return OptionValues({key: option.parse(options.get(key, option.default), seats) for key, option in known.items()})
