"""A seat's "Change counts", the model's for every front end (no Qt).

Whose counts the person looking may change from a seat's box (the seat's own, and those of the
entities that belong to it: `Table.editable_at`, worked out for the seat looking), what each may
be set to, and the one action that sets the changed ones together. The rules judge that action
as one (`RulesetBase.counts_action`): every count changed, or none, with the first refusal's
sentence; one undo step takes them all back; the journal holds one line. The window only shows
the choice of whose counts and the dialog (`take`, through its asker); a test or another front
end calls `sheets` and `change` itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from desktop.engine import RuleError
from desktop.engine.presentation import CounterSpec
from desktop.engine.prompts import Ask, Option, Question
from desktop.engine.text import shown

WHOSE = "Whose counts?"


@dataclass(frozen=True)
class Sheet:
    """The counts of one entity (a seat, or one of its characters) the person looking may change,
    in the table's order, with their ranges and values now."""

    entity: str
    name: str
    counts: tuple[CounterSpec, ...]


def sheets(session, seat: str) -> list[Sheet]:
    """What `seat`'s box offers to change for the person looking: one sheet per entity, the
    seat's own first where it has any. Empty: nothing there may be changed by hand now."""
    view, found = session.view(), {}
    for spec in session.table().editable_at(seat):
        found.setdefault(spec.entity, []).append(spec)
    return [Sheet(entity, view.seat_name(entity), tuple(specs)) for entity, specs in found.items()]


def changed_values(sheet: Sheet, values: Mapping[str, int]) -> dict[str, int]:
    """The counts of `sheet` that `values` (key -> value, as a dialog gives them all back) sets
    to something new, in the sheet's order. Raises RuleError naming a key the sheet has not
    (a count this seat may not change, or none of that name)."""
    keys = {spec.key for spec in sheet.counts}
    strange = [key for key in values if key not in keys]
    if strange:
        raise RuleError(f"{sheet.name} has no count {shown(str(strange[0]), 40)!r} that may be changed from here.")
    return {spec.key: values[spec.key] for spec in sheet.counts
            if spec.key in values and values[spec.key] != spec.value}


def change(session, seat: str, entity: str, values: Mapping[str, int]) -> bool:
    """Sets `entity`'s counts named in `values` from `seat`'s box, for the person looking, in one
    action (counts left as they were are not sent). True when it was taken; False when nothing
    changed, or when refused (the session's `refused` carries the sentence, and nothing is
    changed at all)."""
    if session._copy_refuses():  # a read-only copy: said in words, nothing asked or sent
        return False
    sheet = next((found for found in sheets(session, seat) if found.entity == entity), None)
    if sheet is None:
        name = session.view().seat_name(entity)
        return session._refuse(f"{name}'s counts cannot be changed from here now.")
    try:
        changed = changed_values(sheet, values)
        if not changed:
            return False
        action = session.ruleset.counts_action(entity, changed, by=session.viewer or "")
    except RuleError as refusal:
        return session._refuse(str(refusal))
    return session.submit(action)


def take(session, seat: str, asker) -> bool:
    """`seat`'s "Change counts" through a front end's `asker`: whose counts first when there
    are several (the asker's question dialog, `walk`, or its `choose`), then their values (`asker.counters(name, specs)`: every
    count's value, or None when left), then `change`. True when counts were changed."""
    if session._copy_refuses():
        return False
    found = sheets(session, seat)
    if not found:
        return False
    sheet = found[0]
    if len(found) > 1:
        index = _whose(asker, [one.name for one in found])
        if index is None:
            return False
        sheet = found[index]
    values = asker.counters(sheet.name, list(sheet.counts))
    return values is not None and change(session, seat, sheet.entity, values)


class _Whose:
    """"Whose counts?" as a prompt the asker's question dialog walks (`walk`), like a move's own
    questions: one choice among the sheets' names, by position."""

    def __init__(self, names: list[str]) -> None:
        self.question = Question(Ask(field="", kind="choice", question=WHOSE), WHOSE,
                                 [Option(index, name) for index, name in enumerate(names)])
        self.chosen: int | None = None

    def next(self) -> Question | None:
        return self.question if self.chosen is None else None

    def answer(self, value: int) -> None:
        self.chosen = value

    @property
    def cancelled(self) -> bool:
        return self.chosen is None


def _whose(asker, names: list[str]) -> int | None:
    """Which of `names` the person chose (None: they left), through the question dialog where
    the asker has one."""
    if not hasattr(asker, "walk"):
        return asker.choose(WHOSE, names)
    prompt = _Whose(names)
    return prompt.chosen if asker.walk("Change counts", prompt) else None
