"""A refused drop names the card as the seat dragging it sees it: Price of Power and Worlds That
Remember give `card_title` (a card's name read off its definition, used for a card the seat may
see where it lies, where a view of the whole table was most of a drag's first frame), and must
say what the seat's view says, never more."""

from __future__ import annotations

import random

import pytest

from desktop.engine import RuleError
from desktop.engine.demo import demo_game

OWN = {"price-of-power": ("hand", "drawn"), "worlds-that-remember": ("ready", "unready")}


@pytest.mark.parametrize("system", sorted(OWN))
def test_a_refused_drop_names_the_card_as_the_seats_view_does(system):
    game = demo_game(system)
    chooser = random.Random(3)
    checked = 0
    for _ in range(60):
        state = game.state
        for seat in state.seat_ids():
            view = game.ruleset.view(state, seat)
            zones = [spec.zone for spec in game.ruleset.table(view).zones]
            for kind in OWN[system]:
                source = f"{kind}:{seat}"
                for card in state.zones[source].cards[:2]:
                    name = view.card_name(card)
                    named = name[:1].upper() + name[1:]
                    for zone in zones:
                        try:
                            game.ruleset.drops(state, seat, card, source, zone)
                        except RuleError as refusal:
                            sentence = str(refusal)
                            if "cannot go there" in sentence or "is already there" in sentence:
                                assert sentence.startswith(named), (sentence, named)
                                checked += 1
        legal = game.legal_actions()
        if not legal:
            break
        game.apply(chooser.choice(legal))
    assert checked > 50
