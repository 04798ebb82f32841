"""How each action card lying on the timeline looks, for the table description (`Table.looks`):
its action's state, which changes without the card moving (its turn begins, a reaction is used in
it, the count goes by it). The chip painter (desktop/ui/systems/tempo) draws a chip from its look
alone and the table draws a chip again only when its look changes."""

from __future__ import annotations

from typing import Literal

import msgspec

State = Literal["planned", "acting", "done", "passed", "lost"]


class ChipLook(msgspec.Struct, frozen=True, kw_only=True):
    """What a chip shows: its state; its tag (plan, extra, free, exert, granted); its tempo and
    the usual one an Exert moved it from; the reactions used in its turn."""

    state: State
    tag: str = "plan"
    tempo: int = 0
    usual: int = 0
    reactions: tuple[str, ...] = ()


def state(chip) -> State:
    """A `ChipSeen`'s state as drawn: lost or passed (its tempo went by untaken) first, then
    acting while its turn is under way, then done or still planned."""
    if chip.status == "lost":
        return "lost"
    if chip.passed:
        return "passed"
    if chip.acting:
        return "acting"
    return "done" if chip.status == "done" else "planned"


def chip_looks(rows) -> dict[str, ChipLook]:
    """The look of every chip whose card the viewer sees, by card id (`rows`: the view's rows)."""
    return {chip.card: ChipLook(state=state(chip), tag=chip.tag, tempo=chip.tempo, usual=chip.usual,
                                reactions=tuple(chip.reactions))
            for row in rows for chip in row.chips if chip.card}
