"""Issue 26, item 15: the looking seat's drawn cards read while it chooses from them.

Six setup cards used to pile up in a zone one card wide beside the display's slots, one of them
readable while choosing four. The table description now spreads the looking seat's drawn cards
(`ZoneSpec.spread`), and the layout gives them the width to show most of each card. Tested from
the real table description through the real layout arithmetic (desktop/ui/table/layout.py, the
same calls the table view makes), at 1280x720 and 1920x1080.
"""

from __future__ import annotations

import pytest

from desktop.rulesets.price_of_power import actions as a
from desktop.ui.table.layout import CARD_RATIO, ZonePlace, card_positions, lay_out

from .helpers import PLAYERS, do, new, zone


def setup_drawn(players=PLAYERS):
    game = new(players)
    for seat in game.state.order():
        for deck in ("adm", "dip", "mil", "adm", "dip", "mil"):
            do(game, a.Draw(player=seat, deck=deck))
    return game


def drawn_spots(game, seat: str, width: int, height: int):
    """Where the table puts the seat's drawn cards when that seat looks: (positions, card width,
    the zone's box), as `desktop/ui/table/view.py` lays a table out."""
    table = game.ruleset.table(game.view(seat))
    places = [ZonePlace(s.zone, s.seat, s.layout, s.role, s.slots, s.track, s.spread) for s in table.zones]
    placed = {where.zone: where for where in lay_out(places, seat, width, height)}
    where = placed[f"drawn:{seat}"]
    spec = table.zone(f"drawn:{seat}")
    count = len(zone(game, f"drawn:{seat}"))
    spots = card_positions(spec.layout, count, where.box, where.card_width, where.card_height, where.title_height)
    return spots, where.card_width, where.box, placed


def test_only_the_looking_seats_drawn_cards_are_spread_and_only_while_it_holds_several():
    game = setup_drawn()
    table = game.ruleset.table(game.view("ann"))
    assert table.zone("drawn:ann").spread == 6
    assert table.zone("drawn:bo").spread == 0 and table.zone("drawn:cy").spread == 0, "backs need no reading"
    assert all(spec.spread == 0 for spec in table.zones if spec.zone != "drawn:ann")
    for card in list(zone(game, "drawn:ann"))[:5]:
        do(game, a.Release(player="ann", card=card))
    assert game.ruleset.table(game.view("ann")).zone("drawn:ann").spread == 0, "one card needs no spreading"


@pytest.mark.parametrize("width,height", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("players", [PLAYERS[:2], PLAYERS, ["Ann", "Bo", "Cy", "Dee", "Eli", "Fay"]])
def test_each_of_six_setup_cards_shows_most_of_its_face_while_the_seat_chooses(width, height, players):
    game = setup_drawn(players)
    spots, card_w, box, placed = drawn_spots(game, "ann", width, height)
    assert len(spots) == 6
    steps = [later[0] - earlier[0] for earlier, later in zip(spots, spots[1:])]
    # Each card but the last is covered by the next one: it still shows three quarters of its
    # width (its cost, title and character read), not a sliver.
    assert min(steps) >= 0.75 * card_w - 0.5, (steps, card_w)
    assert box.x <= spots[0][0] and spots[-1][0] + card_w <= box.x + box.width + 0.5
    # The cards stay big enough to read: at least 0.7 of the hand's cards in the same band.
    hand = placed["hand:ann"]
    assert card_w >= 0.7 * hand.card_height * CARD_RATIO - 0.5
    # The band's other zones keep a card's width (the display's slots shrink for it).
    for other in ("hand:ann", "court:ann"):
        assert placed[other].box.width >= placed[other].card_width + 10
    assert placed["display:ann"].box.x >= box.x + box.width


@pytest.mark.parametrize("width,height", [(1280, 720), (1920, 1080)])
def test_three_drawn_cards_of_a_later_round_read_side_by_side(width, height):
    game = new(PLAYERS, setup_draw="off")
    for _ in range(3):
        do(game, a.Draw(player="ann", deck="adm"))
    spots, card_w, _, _ = drawn_spots(game, "ann", width, height)
    steps = [later[0] - earlier[0] for earlier, later in zip(spots, spots[1:])]
    assert len(spots) == 3 and min(steps) >= 0.75 * card_w - 0.5
