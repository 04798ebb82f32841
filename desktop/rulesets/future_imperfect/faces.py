"""A card's face as words (the generic table, the log's readers and screen readers read these),
with the same numbers beside them (`Face.data`) for the system's own card painter.

A face is fixed while its card lies on the table (the table keeps a card's first face), so the
marks it carries are those known when the card was drawn: the cells the check lets the player
take on a resolution card (and its exact and effect cells), the cells an extension card extends,
the corner a solo draw reads.
"""

from __future__ import annotations

import functools

import msgspec

from desktop.engine.presentation import Face, FaceField
from desktop.rulesets.future_imperfect.cards import SUITS, Card, cell_text


class Mark(msgspec.Struct, frozen=True, kw_only=True):
    kind: str  # resolution, extension, oracle, playing-card
    die: int = 0
    rows: tuple[int, ...] = ()
    exact: int = 0
    effect: tuple[int, int] | None = None  # (row, die)


class FaceData(msgspec.Struct, frozen=True, kw_only=True):
    impulse: int
    step: int
    suit: int
    yes: bool
    cause: tuple[tuple[int, ...], ...]
    effect: tuple[tuple[int, ...], ...]
    mark: Mark | None = None


@functools.lru_cache(maxsize=1024)
def card_face(card: Card, mark: Mark | None = None) -> Face:
    fields = [FaceField(
        f"impulse {card.impulse}, step {card.step}, suit {card.suit} ({SUITS[card.suit]}), {card.oracle}",
        style="tag", label="corners",
    )]
    for name, grid in (("cause", card.cause), ("effect", card.effect)):
        rows = "; ".join(" ".join(cell_text(value) for value in row) for row in grid)
        fields.append(FaceField(f"{name} grid, rows 1 to 5 (d4 d6 d8 d10 d12): {rows}", style="stat", label=name))
    tone = "plain"
    if mark is not None:
        fields.append(FaceField(mark_text(mark), style="timing", label="mark"))
        tone = {"resolution": "gold", "extension": "blue"}.get(mark.kind, "green")
    kind = card.playing_card.removeprefix("the ")
    data = FaceData(impulse=card.impulse, step=card.step, suit=card.suit, yes=card.yes,
                    cause=tuple(map(tuple, card.cause)), effect=tuple(map(tuple, card.effect)), mark=mark)
    return Face(title=f"Card {card.impulse}", tone=tone, kind=f"{kind} \u00b7 {card.oracle}", fields=fields,
                data=data)


def mark_text(mark: Mark) -> str:
    if mark.kind == "oracle":
        return "oracle: read the yes/no corner"
    if mark.kind == "playing-card":
        return "playing card: read the step and suit corners"
    rows = ", ".join(str(row) for row in mark.rows)
    text = f"{mark.kind}: d{mark.die} row{'s' if len(mark.rows) != 1 else ''} {rows}"
    if mark.exact:
        text += f"; exact row {mark.exact}"
    if mark.effect is not None:
        text += f"; effect ({mark.effect[0]})d{mark.effect[1]}"
    return text


def read_face(face: Face) -> FaceData | None:
    """The numbers of a face made by `card_face`; None for any other face."""
    return face.data if isinstance(face.data, FaceData) else None
