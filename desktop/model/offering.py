"""Actions grouped into the offers a reader is shown: one per kind and seat, each with its label,
leaving out any action that names a card the reader cannot see (listing it would tell what a
hand holds). No Qt here: the session decides which actions and whose view."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from desktop.engine import Action
from desktop.engine.presentation import View
from desktop.engine.prompts import Offer, group
from desktop.engine.views import cards_named

Label = Callable[[str, list[Action], View], str]  # (kind, members, view) -> the offer's words


def offers_for(actions: Iterable[Action], cards: dict[str, str], view: View, label: Label) -> list[Offer]:
    """`actions` as `view`'s reader may be offered them (`cards`: every card instance of the game)."""
    hidden = set(cards) - view.seen_cards()
    shown = [action for action in actions if not (cards_named(action, cards) & hidden)]
    return [Offer(seat, kind, label(kind, members, view), members) for seat, kind, members in group(shown)]
