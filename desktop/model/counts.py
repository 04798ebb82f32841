"""A seat's "Change counts", the model's for every front end (no Qt).

Whose counts the person looking may change from a seat's box (the seat's own, and those of the
entities that belong to it: `Table.editable_at`, worked out for the seat looking), what each may
be set to, and the one action that sets the changed ones together. The rules judge that action
as one (`RulesetBase.counts_action`): every count changed, or none, with the first refusal's
sentence; one undo step takes them all back; the journal holds one line. "Change counts" is a
talk of the model's conversation (`take`, `talk`): whose counts, then the counts together, are
questions as data, which the window answers in its dialogs and any other front end as data; a
tool may also call `sheets` and `change` itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from desktop.engine import RuleError
from desktop.engine.presentation import CounterSpec
from desktop.engine.prompts import Ask, Option, Question
from desktop.engine.text import shown
from desktop.model.conversation import Talk

WHOSE = "Whose counts?"
TITLE = "Change counts"


@dataclass(frozen=True)
class Sheet:
    """The counts of one entity (a seat, or one of its characters) the person looking may change,
    in the table's order, with their ranges and values now."""

    entity: str
    name: str
    counts: tuple[CounterSpec, ...]


def sheets(session, seat: str, by: str | None = None) -> list[Sheet]:
    """What `seat`'s box offers to change for `by` (None: the person looking): one sheet per
    entity, the seat's own first where it has any. Empty: nothing there may be changed by hand."""
    if by is None or by == session.viewer:
        view, table = session.view(), session.table()  # the seat looking's, read once per change
    else:  # a seat's own front end: the table as that seat sees it
        view = session.game.view(by)
        table = session.ruleset.table(view)
    found = {}
    for spec in table.editable_at(seat):
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


def change(session, seat: str, entity: str, values: Mapping[str, int], by: str | None = None) -> bool:
    """Sets `entity`'s counts named in `values` from `seat`'s box, for `by` (None: the person
    looking), in one action (counts left as they were are not sent). True when it was taken; False when nothing
    changed, or when refused (the session's `refused` carries the sentence, and nothing is
    changed at all)."""
    if session._copy_refuses():  # a read-only copy: said in words, nothing asked or sent
        return False
    by = session.viewer if by is None else by
    sheet = next((found for found in sheets(session, seat, by) if found.entity == entity), None)
    if sheet is None:
        name = session.view().seat_name(entity)
        return session._refuse(f"{name}'s counts cannot be changed from here now.")
    try:
        changed = changed_values(sheet, values)
        if not changed:
            return False
        action = session.ruleset.counts_action(entity, changed, by=by or "")
    except RuleError as refusal:
        return session._refuse(refusal)
    return session.submit(action)


def take(session, seat: str, asker=None, by: str | None = None) -> bool:
    """`seat`'s "Change counts", for `by` (None: the seat looking), opened as a talk of the model's conversation (`talk`): its
    questions are data any front end answers (`session.open_questions`, `session.answer`), the
    window in its dialogs. With `asker` (a front end that answers at once) they are answered
    before this returns. True when counts were changed by then."""
    return session.talks.change_counts(seat, asker, by)


def talk(session, seat: str, by: str | None = None) -> Talk | None:
    """The talk of `seat`'s "Change counts", asked of `by` (None: the seat looking): whose counts first when
    there are several, then every count of that sheet at once (a question of kind "counts"),
    then `change` with the values given: one action, all or nothing. None when the box offers
    nothing to change. `session` is the session's weak proxy (desktop/model/talks.py)."""
    shared = by is None  # chosen at the shared screen: it goes when the screen changes hands
    by = session.viewer if by is None else by
    found = sheets(session, seat, by)
    if not found:
        return None

    def finish(chosen) -> bool:
        return chosen is not None and change(session, seat, *chosen, by=by)

    return Talk(seat=by, title=TITLE, finish=finish, prompt=CountsPrompt(found), listed=False, shared=shared)


class CountsPrompt:
    """The questions of a "Change counts", walked as an engine's `Prompt` is: "Whose counts?"
    (a choice among the sheets, by position) when there are several, then the sheet's counts
    together (kind "counts": each option's value is the count's `CounterSpec`, its key, label,
    bounds and value now; `initial` the values now by key; the answer gives key -> value, every
    count or some). `action()` is (entity, values) for `change`."""

    def __init__(self, found: list[Sheet]) -> None:
        self.sheets = found
        self.sheet: Sheet | None = found[0] if len(found) == 1 else None
        self.values: dict[str, int] | None = None
        self.cancelled = False  # no confirmation to say No to

    def next(self) -> Question | None:
        if self.sheet is None:
            return Question(Ask(field="entity", kind="choice", question=WHOSE), WHOSE,
                            [Option(index, one.name) for index, one in enumerate(self.sheets)])
        if self.values is None:
            text = f"{self.sheet.name}: counts"
            return Question(Ask(field="values", kind="counts", question=text), text,
                            [Option(spec, spec.label) for spec in self.sheet.counts],
                            {spec.key: spec.value for spec in self.sheet.counts})
        return None

    def answer(self, value) -> None:
        if self.sheet is None:
            self.sheet = self.sheets[value]
        else:
            self.values = dict(value)

    def action(self) -> tuple[str, dict[str, int]] | None:
        return None if self.sheet is None or self.values is None else (self.sheet.entity, self.values)
