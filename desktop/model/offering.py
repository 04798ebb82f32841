"""Actions grouped into the offers a reader is shown: one per kind and seat, each with its label,
leaving out any action that names a card the reader cannot see (listing it would tell what a
hand holds). No Qt here: the session decides which actions and whose view.

The offers keep one order whatever the legal list's: by seat in the table's order (the table's
own entries last), then by kind in the order the system declares its actions. A list that
reordered itself after each action put another entry under a player's pointer: misclicks borrowed
money and cleared a condition."""

from __future__ import annotations

import functools
import typing
from collections.abc import Callable, Iterable

from desktop.engine import Action
from desktop.engine.presentation import View
from desktop.engine.prompts import Offer, group
from desktop.engine.views import names_any

Label = Callable[[str, list[Action], View], str]  # (kind, members, view) -> the offer's words


@functools.cache
def declared_kinds(action_type) -> dict[str, int]:
    """Each kind's place in a system's tagged union of actions (its `action_type`)."""
    classes = typing.get_args(action_type) or (action_type,)
    return {cls.__struct_config__.tag: place for place, cls in enumerate(classes)}


def offers_for(actions: Iterable[Action], cards: dict[str, str], view: View, label: Label,
               kinds: dict[str, int] | None = None) -> list[Offer]:
    """`actions` as `view`'s reader may be offered them (`cards`: every card instance of the game),
    in a steady order: seats as the table lists them, then `kinds` (the declared order; a kind
    not in it after those that are, as the legal list gives it)."""
    hidden = set(cards) - view.seen_cards()
    shown = [action for action in actions if not names_any(action, hidden)]
    seats = {seat.id: place for place, seat in enumerate(view.seats)}
    kinds = kinds or {}

    def place(grouped) -> tuple[int, int]:
        seat, kind, _members = grouped
        return (len(seats) if seat is None else seats.get(seat, len(seats)), kinds.get(kind, len(kinds)))

    return [Offer(seat, kind, label(kind, members, view), members)
            for seat, kind, members in sorted(group(shown), key=place)]
