"""The base of every action record.

A ruleset declares its vocabulary as subclasses with a `tag`; msgspec then decodes a JSON object
such as {"type": "play", "player": "ann", "card": "ac07"} into the right class, refusing unknown
types and fields with a message that names them.
"""

from __future__ import annotations

import re
from typing import NamedTuple

import msgspec

from desktop.engine.errors import RuleError
from desktop.engine.text import clipped, shown


class Action(msgspec.Struct, frozen=True, kw_only=True, tag_field="type", forbid_unknown_fields=True):
    player: str

    @property
    def type(self) -> str:
        return type(self).__struct_config__.tag

    def to_dict(self) -> dict:
        return msgspec.to_builtins(self)


def moves_on(action: Action) -> bool:
    """Whether `action` moves the game on: not bookkeeping (a type that sets `aside`: revealing
    cards, declaring board events, correcting counts), which every bot leaves aside."""
    return not getattr(type(action), "aside", False)


class Onward(NamedTuple):
    """The moves a policy weighs (`opening`): those that move the game on, and the same grouped
    by type, in the order the rules listed them."""

    moves: list[Action]
    by_type: dict[str, list[Action]]


def opening(legal: list[Action], view, chooser) -> Action | Onward | None:
    """The opening every system's policy shares: None when no move goes on (only bookkeeping, or
    nothing), one of them drawn by `chooser` (a random.Random) without a view to read (or a view
    without the system's extra), else the moves that go on, grouped by type for the policy."""
    onward = [action for action in legal if moves_on(action)]
    if not onward:
        return None
    if view is None or view.extra is None:
        return chooser.choice(onward)
    by_type: dict[str, list[Action]] = {}
    for action in onward:
        by_type.setdefault(action.type, []).append(action)
    return Onward(onward, by_type)


# ---- counts set together ------------------------------------------------------------------------
# A bookkeeping action that sets a count (`counter`, `value`) may also set others of the same
# entity in the same action: its class declares `also: dict[<its counters>, int] = {}` (and
# `omit_defaults=True`, so an action setting one count keeps the form older files hold).


def sets_several(kind: type) -> bool:
    """Whether actions of `kind` may set several counts at once (they declare `also`)."""
    fields = getattr(kind, "__struct_fields__", ())
    return all(name in fields for name in ("counter", "value", "also"))


def one_count_each(action: Action) -> list[Action]:
    """`action` as the actions that set one count each, its own count first: the base's `apply`
    runs its handler on each in turn inside the one action, so the rules judge every count as
    they would alone, and a refusal of any refuses them all (the engine puts the state back).
    An action that sets one count, or none, is itself."""
    if not sets_several(type(action)) or not action.also:
        return [action]
    if action.counter in action.also:
        raise RuleError(f"The action sets {shown(str(action.counter), 40)} twice: once is enough.")
    first = msgspec.structs.replace(action, also={})
    return [first, *(msgspec.structs.replace(first, counter=key, value=value) for key, value in action.also.items())]


# ---- decoding errors in words ------------------------------------------------------------------
# msgspec says what is wrong as a parser would ("Expected `int`, got `bool` - at `$.row`"); a
# player typing an action on the command line is told which field, what was given and what is
# allowed instead.

_WORDS = {
    "int": "a whole number", "str": "text", "bool": "true or false", "array": "a list",
    "object": "an object", "float": "a number", "null": "null", "number": "a number",
}
_EXPECTED = re.compile(r"Expected `(?P<want>[^`]+)`(?P<limit>[^,]*?)(?:, got `[^`]+`)?(?: - at `(?P<path>[^`]+)`)?$")
_MISSING = re.compile(r"Object missing required field `(?P<field>[^`]+)`(?: - at `(?P<path>[^`]+)`)?$")
_UNKNOWN = re.compile(r"Object contains unknown field `(?P<field>[^`]+)`(?: - at `(?P<path>[^`]+)`)?$")
_INVALID = re.compile(r"Invalid (?:enum )?value (?P<value>.+?)(?: - at `(?P<path>[^`]+)`)?$")
_INVALID_KEY = re.compile(r"Invalid (?:enum )?value (?P<value>.+?) - at `key` in `(?P<path>[^`]+)`$")
_STEP = re.compile(r"\.([A-Za-z_][A-Za-z0-9_]*)|\[(\d+)\]")


def explain(problem: Exception, data: object, action_type: object) -> str:
    """The end of a sentence ("its field 'row' must be a whole number, not true") saying in
    words why `data` is not an action of `action_type` (msgspec's ValidationError `problem`)."""
    message = str(problem)
    kind = data.get("type") if isinstance(data, dict) else None
    named = f"a {kind} action" if isinstance(kind, str) and _by_tag(action_type, kind) else "the action"
    found = _EXPECTED.match(message)
    if found and not found.group("path"):
        return f"an action is a JSON object such as {{\"type\": \"pass\", \"player\": \"ann\"}}, not {value_words(data)}"
    if found and found.group("path").endswith("[...]"):  # a value of an object's entries
        where, _ = _place(found.group("path").removesuffix("[...]"), data)
        want = " or ".join(_WORDS.get(part.strip(), part.strip()) for part in found.group("want").split("|"))
        return f"every value {where.replace('its field', 'of the field')} must be {want}"
    if found:
        where, value = _place(found.group("path"), data)
        if where == "its field 'type'":
            return f"its field 'type' must be the name of an action, such as \"pass\", not {value_words(value)}"
        want = " or ".join(_WORDS.get(part.strip(), part.strip()) for part in found.group("want").split("|"))
        limit = found.group("limit").strip()
        return f"{where} must be {want}{' ' + limit if limit else ''}, not {value_words(value)}"
    found = _MISSING.match(message)
    if found:
        if found.group("field") == "type" and not found.group("path"):
            return "it has no field 'type', which says which action it is (such as \"pass\")"
        return f"{named} needs the field '{shown(found.group('field'), 40)}'"
    found = _UNKNOWN.match(message)
    if found:
        allowed = _fields(action_type, kind)
        told = f"; its fields are {', '.join(allowed)}" if allowed else ""
        return f"{named} has no field '{shown(found.group('field'), 40)}'{told}"
    found = _INVALID_KEY.match(message)
    if found:  # a name of an object's entries ("also": {"luck": 1}): said with the names it may hold
        where, _ = _place(found.group("path"), data)
        allowed = _choices(action_type, kind, found.group("path"), key=True)
        name = _literal(found.group("value"))
        return f"{where} cannot hold the name '{shown(str(name), 40)}'{allowed}"
    found = _INVALID.match(message)
    if found:
        where, value = _place(found.group("path") or "$", data)
        if where == "its field 'type'":
            return f"there is no action called '{shown(value, 40)}'" if isinstance(value, str) else "its field 'type' is not an action's name"
        return f"{where} cannot be {value_words(value)}{_choices(action_type, kind, found.group('path'))}"
    return clipped(message)


def value_words(value: object) -> str:
    """A value as a sentence names it: true, null, 5, the text 'abc', a list; long ones cut, so
    that a refusal never echoes a 4,300-digit number."""
    if value is True or value is False:
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, int):
        digits = len(str(abs(value))) if abs(value) < 10**100 else None
        if digits is None or digits > 20:
            return "a number too large for any field"
        return str(value)
    if isinstance(value, float):
        return shown(repr(value), 30)
    if isinstance(value, str):
        return f"the text '{shown(value, 40)}'" if value else "empty text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return "that value"


def _place(path: str, data: object) -> tuple[str, object]:
    """How a sentence names the place `path` ($.order[0]) and the value found there."""
    steps = _STEP.findall(path)
    value: object = data
    for name, index in steps:
        try:
            value = value[name] if name else value[int(index)]
        except (KeyError, IndexError, TypeError):
            value = None
            break
    fields = [name for name, _ in steps if name]
    items = [int(index) + 1 for name, index in steps if not name]
    if not fields:
        return "the action", value
    place = f"its field '{shown('.'.join(fields), 40)}'"
    if items:
        place = f"item {items[-1]} of {place[4:]}" if len(steps) == 2 and not steps[1][0] else f"a value inside {place[4:]}"
        place = place.replace("of field", "of the field").replace("inside field", "inside the field")
    return place, value


def _by_tag(action_type: object, tag: str):
    import typing

    classes = typing.get_args(action_type) or (action_type,)
    for cls in classes:
        config = getattr(cls, "__struct_config__", None)
        if config is not None and config.tag == tag:
            return cls
    return None


def _fields(action_type: object, tag: object) -> list[str]:
    cls = _by_tag(action_type, tag) if isinstance(tag, str) else None
    return list(cls.__struct_fields__) if cls is not None else []


_LITERAL = re.compile(r"^(?:list\[)*(?:typing\.)?Literal\[(?P<values>.*)\]\]*$")


def _literal(text: str) -> object:
    """A value as msgspec quotes it in a message ('luck', 5), read back without evaluating it."""
    import ast

    try:
        return ast.literal_eval(text)
    except (ValueError, SyntaxError):
        return text


_DICT = re.compile(r"^dict\[(?P<key>[^,]+),")


def _choices(action_type: object, tag: object, path: str | None, key: bool = False) -> str:
    """"; it must be one of a, b, c" for a field whose values are a fixed list (`key`: the names
    of an object's entries, `dict[Literal[...], int]`).

    Read from the field's annotation as written (`Literal["a", "b"]`) with ast.literal_eval, or a
    name given to such a Literal in the action's module (looked up, not evaluated): resolving
    annotations would evaluate them, and nothing on the way from a file may."""
    import ast
    import sys
    import typing

    cls = _by_tag(action_type, tag) if isinstance(tag, str) else None
    steps = _STEP.findall(path or "")
    if cls is None or not steps or not steps[0][0]:
        return ""
    annotation = None
    for klass in cls.__mro__:
        annotation = getattr(klass, "__annotations__", {}).get(steps[0][0])
        if annotation is not None:
            break
    if isinstance(annotation, str):
        text = annotation.strip()
        if key:
            found = _DICT.match(text)
            text = found.group("key").strip() if found else ""
        found = _LITERAL.match(text)
        try:
            values = ast.literal_eval(f"({found.group('values')},)") if found else ()
        except (ValueError, SyntaxError):
            values = ()
        if not found and text.isidentifier():
            named = getattr(sys.modules.get(cls.__module__), text, None)
            values = typing.get_args(named) if typing.get_origin(named) is typing.Literal else ()
    else:
        while typing.get_origin(annotation) is list:
            annotation = typing.get_args(annotation)[0]
        values = typing.get_args(annotation) if typing.get_origin(annotation) is typing.Literal else ()
    if values and len(values) <= 40:
        return "; it must be one of " + ", ".join(str(value) for value in values)
    return ""
