"""Turning legal actions into offers a player picks, and asking what each still needs.

An action type declares its open parameters as `asks` (a seat, a card, a choice, a number, a
text, an order, a confirmation). The legal actions of one kind and seat become one `Offer`; a
prompt then walks the asks: a choice among the values the legal actions still allow narrows
them, a free value (text, number, order) is filled in at the end. No widget needs to know an
action's fields, and the engine still judges the finished action.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

import msgspec

from desktop.engine.actions import Action

# "counts": several bounded numbers answered together (the model's "Change counts"; no ruleset asks it)
AskKind = Literal["seat", "card", "choice", "number", "text", "order", "subset", "confirm", "counts"]
CHOSEN = ("seat", "card", "choice")  # picked among the values the legal actions hold


class Ask(msgspec.Struct, frozen=True, kw_only=True):
    """One open parameter of an action: the field it fills and the question that fills it."""

    field: str
    kind: AskKind
    question: str
    # A free value that may stay at its default, or a chosen one where any value will do: the GUI
    # does not ask it (the first legal value is taken).
    optional: bool = False
    low: int = 0
    high: int = 0
    limit: int = 200  # longest text accepted
    # Asked only when the action taking shape holds this value in this field (an attack's damage
    # when the event is a hit): ("event", "hit"). Otherwise the field keeps its value unasked.
    only_when: tuple[str, Any] = ()
    # Not asked while the action taking shape holds this value in this field (a reason for a cost
    # modifier, unless the modifier answered just before is 0): ("modifier", 0). The field keeps
    # its value unasked. Both read a free answer already given before the legal action's value.
    unless: tuple[str, Any] = ()


def asks_of(action_type: type) -> tuple[Ask, ...]:
    return getattr(action_type, "asks", ())


@dataclass
class Option:
    value: Any
    label: str


@dataclass
class Question:
    """What the prompt asks next. `options` for chosen kinds and orders; `initial` for free ones."""

    ask: Ask
    text: str
    options: list[Option] = field(default_factory=list)
    initial: Any = None


@dataclass
class Offer:
    """One entry a seat (or the table, when `seat` is None) can choose now."""

    seat: str | None
    kind: str
    label: str
    choices: list[Action]

    @property
    def asks(self) -> tuple[Ask, ...]:
        return asks_of(type(self.choices[0]))


def group(actions: list[Action]) -> list[tuple[str | None, str, list[Action]]]:
    """Legal actions grouped by kind, and by player unless the player is itself asked."""
    groups: dict[tuple[str | None, str], list[Action]] = {}
    for action in actions:
        asked = {ask.field for ask in asks_of(type(action))}
        seat = None if "player" in asked else action.player
        groups.setdefault((seat, action.type), []).append(action)
    return [(seat, kind, members) for (seat, kind), members in groups.items()]


class Prompt:
    """Walks an offer's asks. `next()` gives the next Question, or None when `action()` is ready.

    `labels(ask, value)` names a value for a person (a seat's name, a card's title);
    `wording(ask, candidate)` may reword a question for the action taking shape;
    `initial(ask, candidate)` may name the value it opens at (None: the first option, the action's
    own value): one of the options, or a number within its bounds, else it is not taken.
    """

    def __init__(self, offer: Offer, labels, wording=None, initial=None) -> None:
        self.offer = offer
        self.remaining = list(offer.choices)
        self.free: dict[str, Any] = {}
        self._labels = labels
        self._wording = wording or (lambda ask, candidate: ask.question)
        self._initial = initial or (lambda ask, candidate: None)
        self._pending = list(offer.asks)
        self.cancelled = False

    def next(self) -> Question | None:
        while self._pending and not self.cancelled:
            ask = self._pending[0]
            candidate = self.remaining[0]
            if not self._applies(ask, candidate):
                self._pending.pop(0)  # not this action's question (the answers so far say)
                continue
            if ask.kind in CHOSEN:
                values = _distinct(getattr(action, ask.field) for action in self.remaining)
                if len(values) == 1 or ask.optional:
                    self.answer(values[0])  # nothing to choose, or any value will do
                    continue
                options = [Option(value, self._labels(ask, value)) for value in values]
                opening = self._initial(ask, candidate)
                opening = opening if any(_same(value, opening) for value in values) else None
                return Question(ask, self._wording(ask, candidate), options, opening)
            if ask.kind == "confirm":
                if not getattr(candidate, ask.field):
                    self._pending.pop(0)  # this choice needs no confirmation
                    continue
                return Question(ask, self._wording(ask, candidate))
            if ask.optional:
                self._pending.pop(0)
                continue
            initial = getattr(candidate, ask.field)
            opening = self._initial(ask, candidate)
            if ask.kind == "number" and type(opening) is int and ask.low <= opening <= ask.high \
                    or ask.kind == "text" and isinstance(opening, str):
                initial = opening
            options = []
            if ask.kind == "order":
                seat = Ask(field=ask.field, kind="seat", question="")
                options = [Option(value, self._labels(seat, value)) for value in initial]
            elif ask.kind == "subset":
                # Some of the values the legal action lists (tags that apply, cards to keep...).
                one = Ask(field=ask.field, kind="choice", question="")
                options = [Option(value, self._labels(one, value)) for value in initial]
            return Question(ask, self._wording(ask, candidate), options, initial)
        return None

    def _applies(self, ask: Ask, candidate: Action) -> bool:
        """Whether `ask` is put at all, given the answers so far (`only_when`, `unless`)."""
        if ask.only_when and self._value(candidate, ask.only_when[0]) != ask.only_when[1]:
            return False
        return not (ask.unless and self._value(candidate, ask.unless[0]) == ask.unless[1])

    def _value(self, candidate: Action, name: str) -> Any:
        """A field of the action taking shape: a free answer given, else the legal action's."""
        return self.free[name] if name in self.free else getattr(candidate, name, None)

    def answer(self, value: Any) -> None:
        """Gives the answer to the current question; a declined confirmation cancels."""
        ask = self._pending.pop(0)
        if ask.kind in CHOSEN:
            self.remaining = [a for a in self.remaining if getattr(a, ask.field) == value]
            if not self.remaining:
                raise ValueError(f"{value!r} is not one of the offered values")
        elif ask.kind == "confirm":
            if not value:
                self.cancelled = True
        else:
            self.free[ask.field] = value

    def action(self) -> Action:
        chosen = self.remaining[0]
        return msgspec.structs.replace(chosen, **self.free) if self.free else chosen


def _distinct(values) -> list:
    seen: list = []
    for value in values:
        if value not in seen:
            seen.append(value)
    return seen


def _same(value, other) -> bool:
    """Equal and of one type (True is not the option 1)."""
    return type(value) is type(other) and value == other
