"""Who may take a move for whom at a shared screen: the model's answers (no Qt).

A seat's move is taken only by that seat, looking at the screen: its offers, its undo, a choice
made for it, handing it to the app. What one seat may do for another is the table's own
bookkeeping, listed here (`FOR_ANOTHER`) and in docs/table.md ("What a seat may do for
another"); a test keeps the two equal, and the table's own entries of each system equal to the
kinds `for_the_table` finds.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from desktop.engine import Action
from desktop.engine.prompts import asks_of

# What whoever is looking may do for another seat, each the table's own bookkeeping, in the words
# docs/table.md lists them with (its section "What a seat may do for another").
FOR_ANOTHER: tuple[str, ...] = (
    "Take one of the table's own entries: an action whose kind asks who takes it (the systems' entries are listed below).",
    "Undo or redo one of the table's own entries, with the app's moves that followed it.",
    "Answer for a seat that holds nothing hidden: there is no screen to pass to it.",
    "Take a seat back from the app (choose \u201cA person\u201d beside it): a person plays it again, behind the curtain.",
    "Change the level the app plays a seat at (another \u201cThe app: ...\u201d beside it): its hand stays hidden.",
)


def table_kind(kind: type) -> bool:
    """An action kind of the table's own: it asks who takes it (its `player` is one of its asks),
    so whoever is looking takes it for everyone, spending no seat's cards or counts."""
    return any(ask.field == "player" for ask in asks_of(kind))


def for_the_table(action: Action) -> bool:
    """An entry of the table's own (`table_kind`)."""
    return table_kind(type(action))


def may_answer(asked_of: str | None, seat: str | None) -> bool:
    """Whether `seat` (None: nobody in particular, the person at the screen) may answer a question
    asked of `asked_of`: its own, or the table's (None), which whoever is at the table answers.
    Who a question is asked of is settled when it opens (desktop/model/taking.py): a seat's own
    move is asked of it, a move chosen for a seat that holds something hidden is asked of that
    seat, one for a seat with nothing hidden of whoever chose it."""
    return asked_of is None or asked_of == seat


Move = tuple[Action, bool]  # an action, and whether a seat the app plays took it


def may_take_for(action: Action, viewer: str | None, open_seat: Callable[[str], bool]) -> bool:
    """Whether the person looking as `viewer` (None: nobody looks) may take `action`, or take it
    back: it is the viewer's own, the table's, or a seat's with nothing hidden (`open_seat`)."""
    return (viewer is not None and action.player == viewer) or for_the_table(action) or open_seat(action.player)


def undo_span(moves: Iterable[Move], viewer: str | None, open_seat: Callable[[str], bool]) -> tuple[int, str | None]:
    """How many of `moves` (what can still be undone, newest first) Undo takes back for the person
    looking: the app's moves back to the last move a person made, and that move, when the viewer
    may take it back (`may_take_for`). A player who moved and was answered by the app takes back
    the answers with the move, as they expect of a game against the app. (0, seat) when the last
    person's move is another seat's (seat), or when only the app's moves are left (their seat).
    `moves` is read only as far as the last person's move (it may be a generator)."""
    newest = None
    for count, (action, by_app) in enumerate(moves, start=1):
        newest = newest or action.player
        if by_app:
            continue
        if may_take_for(action, viewer, open_seat):
            return count, None
        return 0, action.player
    return 0, newest


def redo_span(moves: Sequence[Move], viewer: str | None, open_seat: Callable[[str], bool]) -> tuple[int, str | None]:
    """How many of `moves` (what was undone, the next first) Redo brings back: the next one when
    the viewer may take it (`may_take_for`), with the app's moves that followed it. (0, seat)
    when the next move is another seat's."""
    if not moves:
        return 0, None
    first, by_app = moves[0]
    if by_app or not may_take_for(first, viewer, open_seat):
        return 0, first.player
    count = 1
    while count < len(moves) and moves[count][1]:
        count += 1
    return count, None
