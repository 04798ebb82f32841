"""Offers are the actions grouped by kind and seat, never one naming a card its reader cannot see."""

from __future__ import annotations

from table_helpers import give, started_game

from desktop.model.offering import offers_for


def label(kind, members, view):
    return f"{kind} x{len(members)}"


def test_an_action_naming_a_card_hidden_from_the_reader_is_not_offered():
    game = started_game()
    for name in ("Sabotage", "Spy", "Morale Boost", "Direct Hit", "Upgrade"):
        give(game, "ann", name)
    legal = game.legal_actions()
    secret = next(action.card for action in legal if action.type == "play")  # a card of Ann's hand
    cards = game.state.cards
    as_ann = offers_for(legal, cards, game.view("ann"), label)
    as_bo = offers_for(legal, cards, game.view("bo"), label)
    plays = [offer for offer in as_ann if offer.kind == "play"]
    assert plays and any(secret == action.card for offer in plays for action in offer.choices)
    assert not any(getattr(action, "card", None) == secret for offer in as_bo for action in offer.choices)
    assert all(offer.label == f"{offer.kind} x{len(offer.choices)}" for offer in as_ann)
