"""A cascade (a face-up pile that shows its top cards' title strips, the newest whole): Price of
Power's discard piles, read without browsing them."""

from __future__ import annotations

from table_helpers import window_on

from desktop.engine.game import Game, GameSetup
from desktop.ui.table.layout import (
    CASCADE_SHOWN,
    CASCADE_STRIP,
    Box,
    ZonePlace,
    card_positions,
    lay_out,
)


def test_a_cascade_sets_each_card_a_title_strip_below_the_last_inside_its_zone():
    zones = [ZonePlace("deck", None, "pile", "deck"), ZonePlace("discard", None, "cascade", "discard"),
             ZonePlace("hand:a", "a", "fan", "hand")]
    for width, height in ((1280, 720), (2560, 1440)):
        placed = {p.zone: p for p in lay_out(zones, "a", width, height)}
        pile, cascade = placed["deck"], placed["discard"]
        assert cascade.box.width == pile.box.width  # one card wide, like a pile
        card_h = cascade.card_height
        spots = card_positions("cascade", CASCADE_SHOWN, cascade.box, card_h * 0.71, card_h, cascade.title_height)
        ys = [y for _, y, _ in spots]
        assert all(abs(later - earlier - card_h * CASCADE_STRIP) < 1e-6 for earlier, later in zip(ys, ys[1:]))
        assert ys[0] >= cascade.box.y + cascade.title_height
        assert ys[-1] + card_h <= cascade.box.y + cascade.box.height + 0.5  # the fifth card fits
        x = spots[0][0]
        assert cascade.box.x <= x and x + card_h * 0.71 <= cascade.box.x + cascade.box.width


def test_a_pile_still_stacks_its_cards_in_one_place():
    spots = card_positions("pile", 3, Box(0, 0, 100, 200), 50, 70, 20)
    assert len({(x, y) for x, y, _ in spots}) == 1


def played_game(steps: int = 150) -> Game:
    from desktop.rulesets.price_of_power.bot import PriceOfPowerBot

    game = Game.new(GameSetup(ruleset="price-of-power", players=["Ann", "Bo", "Cy", "Dee"], seed=5))
    bot = PriceOfPowerBot(5)
    for _ in range(steps):
        seat = game.stages()[0].seat
        game.apply(bot.choose(game.legal_actions(seat), game.view(seat)))
    return game


def test_each_discard_pile_shows_the_title_strip_of_its_top_five_cards(qtbot):
    game = played_game()
    session, window = window_on(qtbot, game)
    for power in ("adm", "dip", "mil"):
        cards = game.state.zones[f"discard:{power}"].cards
        zone = window.table_view.zones[f"discard:{power}"]
        shown = [item.card_id for item in zone.cards]
        assert shown == cards[-CASCADE_SHOWN:], f"the {power} discard shows its top cards, the last on top"
        items = zone.cards
        for lower, upper in zip(items, items[1:]):
            strip = lower.size()[1] * CASCADE_STRIP
            # The card above starts a strip lower: the lower card's title band stays in sight.
            assert upper.pos().y() - lower.pos().y() >= strip - 1
            assert upper.zValue() > lower.zValue()
    assert any(len(game.state.zones[f"discard:{p}"].cards) >= 4 for p in ("adm", "dip", "mil"))
