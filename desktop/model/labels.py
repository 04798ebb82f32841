"""Short button texts for actions, read by players at a table."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from desktop.engine import Action


def seat_name(view: dict, seat: str | None) -> str:
    for entry in view["seats"]:
        if entry["id"] == seat:
            return entry["name"]
    return seat or ""


def card_name(view: dict, card: str) -> str:
    for zone in view["zones"].values():
        for entry in zone["cards"]:
            if entry and entry["id"] == card:
                return view["defs"][entry["def"]].name
    return "a card"


def action_label(view: dict, action: Action) -> str:
    """What a button offering `action` says (the player is shown beside it)."""
    kind = action.type
    if kind == "play":
        label = f"Play {card_name(view, action.card)}"
        if action.target_player:
            label += f" against {seat_name(view, action.target_player)}"
        return label
    if kind == "discard":
        return f"Discard {card_name(view, action.card)}"
    if kind == "reveal":
        return "Reveal " + ", ".join(card_name(view, card) for card in action.cards)
    if kind == "resolve":
        resolving = view["table"]["resolving"]
        return f"Resolve {card_name(view, resolving['card'])}" if resolving else "Resolve"
    if kind == "politics_secondary":
        return "Follow Politics (1 strategy token, draw 2)" if action.follow else "Decline Politics"
    return {
        "pass": "Pass",
        "end_turn": "End turn (board action)",
        "pass_phase": "Pass for the phase",
        "politics": "Use Politics (draw 2)",
        "status_draw": "Draw action cards",
        "advance_phase": "Next phase",
        "set_initiative": "Set initiative order",
        "declare": "Declare an event",
    }.get(kind, kind.replace("_", " ").capitalize())


def touches_hidden_cards(action: Action) -> bool:
    """Actions naming cards in a hand: offered only to the seat looking at that hand."""
    return hasattr(action, "card") or hasattr(action, "cards")
