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


def test_offers_keep_one_order_seats_then_the_declared_kinds_whatever_the_legal_list():
    """A list that reordered itself after each action put another entry under the pointer
    (misclicks took a Loan, cleared a Condition): seats in the table's order, the table's own
    entries last, and each seat's entries in the order its system declares its kinds."""
    import random

    from desktop.engine import Game, GameSetup, registry
    from desktop.model import GameSession
    from desktop.model.offering import declared_kinds

    for ruleset_id in registry.ids():
        ruleset = registry.get(ruleset_id)
        kinds = declared_kinds(ruleset.action_type)
        picker = random.Random(ruleset_id)
        players = ["Ann", "Bo", "Cy", "Dee", "Eli", "Fay"][: max(ruleset.players[0], min(4, ruleset.players[1]))]
        game = Game.new(GameSetup(ruleset=ruleset_id, players=players, seed=picker.randrange(2**32)))
        for _ in range(40):
            session = GameSession(game)
            for viewer in [*game.state.seat_ids(), None]:
                session.viewer = viewer
                session._offers = None
                seats = [seat.id for seat in session.view().seats]
                places = [(len(seats) if offer.seat is None else seats.index(offer.seat), kinds[offer.kind])
                          for offer in session.offers()]
                assert places == sorted(places), (ruleset_id, [(o.seat, o.kind) for o in session.offers()])
            legal = game.legal_actions()
            if not legal:
                break
            game.apply(picker.choice(legal))
