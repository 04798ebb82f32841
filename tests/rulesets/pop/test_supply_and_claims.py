"""Issue 26, item 20: each player's 30-cube supply (a Display card is charged with cubes from it,
and they go back to it), and Fabricate Claims as a Covert Action the other players may counter
(defaults D20 and D29; docs/systems/price-of-power.md)."""

from __future__ import annotations

from desktop.rulesets.price_of_power import actions as a
from desktop.rulesets.price_of_power.core import supply
from tests.demos import demo_played

from .helpers import (
    PLAYERS,
    cubes,
    do,
    give,
    new,
    power,
    refused,
    said,
    set_power,
    state,
    to_actions,
    zone,
)


def status(game, seat: str, viewer: str = "bo") -> str:
    return game.ruleset.table(game.view(viewer)).status[seat]


# ---- the supply ------------------------------------------------------------------------------------


def test_D20_the_supply_is_30_cubes_less_the_power_pools_the_display_cards_and_the_board():
    game = to_actions(new())
    assert supply(state(game), "ann") == 21, "3 ADM, 3 DIP and 3 MIL are cubes of the 30"
    assert status(game, "ann").endswith("21\u00a0cubes in supply \u00b7 0\u00a0cubes on the board")
    do(game, a.SetCounter(player="ann", counter="board", value=6))  # Influence and Colonists, say
    assert supply(state(game), "ann") == 15 and "15\u00a0cubes in supply \u00b7 6\u00a0cubes on the board" in status(game, "ann")
    assert refused(game, a.SetCounter(player="ann", counter="board", value=31)) == "Cubes on the board must be between 0 and 30."
    spent = a.Basic(player="ann", name="Increase Stability", adm=2)
    do(game, spent)
    assert supply(state(game), "ann") == 17, "power spent goes back to the supply as cubes"


def test_P31_D20_a_display_card_is_charged_from_the_supply_and_its_cubes_go_back_to_it():
    game = to_actions(new())
    spy, = give(game, "ann", "dip-spy-network")  # 2 DIP, 3 squares
    do(game, a.Play(player="ann", card=spy))
    # 30 less 3 ADM, 1 DIP, 3 MIL and the 3 cubes on Spy Network.
    assert supply(state(game), "ann") == 20 and cubes(game, spy) == 3
    assert "Spy Network goes on display charged with 3 cubes from Ann's supply (20 left there)" in said(game)
    assert "20\u00a0cubes in supply" in status(game, "ann", viewer="ann")
    do(game, a.PassPhase(player="bo"))
    do(game, a.Use(player="ann", card=spy, action="Gather Intelligence"))  # 1 DIP and 1 cube
    assert "for 1 DIP and 1 cube (2 left; it goes back to Ann's supply)" in said(game)
    assert supply(state(game), "ann") == 22, "the cube spent and the DIP paid are back in the supply"


def test_D20_a_display_card_discarded_with_cubes_left_gives_them_back():
    game = to_actions(new())
    spy, mint = give(game, "ann", "dip-spy-network", "adm-royal-mint", zone="display")
    before = supply(state(game), "ann")
    camp, = give(game, "ann", "mil-fortified-camp")  # 1 MIL, 2 squares
    do(game, a.Play(player="ann", card=camp, replace=mint))
    # 1 MIL paid and Royal Mint's 3 cubes back; Fortified Camp's 2 taken.
    assert supply(state(game), "ann") == before + 1 + 3 - 2 == 17
    assert "its 3 cubes go back to the supply" in said(game)


def test_D20_short_of_cubes_a_display_card_is_still_charged_in_full_and_the_player_is_told_where_from():
    game = to_actions(new())
    do(game, a.SetCounter(player="ann", counter="board", value=22))
    assert "0\u00a0cubes in supply (1 short: correct the counts)" in status(game, "ann")
    spy, = give(game, "ann", "dip-spy-network")
    do(game, a.Play(player="ann", card=spy))
    assert cubes(game, spy) == 3, "charged to its squares, as the seed says"
    assert "Ann's supply held 1: take 2 more of your cubes from elsewhere" in said(game)
    do(game, a.SetCounter(player="ann", counter="board", value=20))  # the player took 2 off the board
    assert supply(state(game), "ann") == 0 and "(" not in status(game, "ann").split("in supply")[1].split("\u00b7")[0]


# ---- Fabricate Claims --------------------------------------------------------------------------------


def claims_table(**options):
    game = to_actions(new(PLAYERS, **options))
    for seat in PLAYERS:
        set_power(game, seat.lower(), dip=6)
    return game


def test_D29_fabricate_claims_is_offered_on_a_turn_and_paid_two_dip_a_claim():
    game = claims_table()
    assert a.Fabricate(player="ann") in game.legal_actions("ann")
    assert not [act for act in game.legal_actions("bo") if act.type == "fabricate_claims"]
    assert refused(game, a.Fabricate(player="ann", claims=4)) == (
        "Fabricating 4 Claims needs 8 DIP; Ann has 6 DIP (2 DIP short).")
    assert refused(game, a.Fabricate(player="ann", claims=0)) == "Fabricate Claims places 1 to 5 Claims (2 DIP each)."
    assert refused(game, a.Fabricate(player="bo")) == "It is Ann's turn, not Bo's."
    do(game, a.Fabricate(player="ann", claims=2, note="Flanders"))
    assert power(game, "ann", "dip") == 2
    assert "Ann fabricates 2 Claims, a Covert Action, for 4 DIP." in said(game)
    assert [(stage.seat, stage.kind) for stage in game.stages()] == [("bo", "answer")]
    assert zone(game, "covert") == [], "no card waits: the banner names it"
    assert "Ann's Fabricate Claims waits" in game.ruleset.table(game.view("cy")).banner


def test_D29_fabricate_claims_not_countered_places_its_claims_and_ends_the_turn():
    game = claims_table()
    do(game, a.Fabricate(player="ann", claims=1, note="Flanders"))
    do(game, a.Pass(player="bo"))
    do(game, a.Pass(player="cy"))
    assert "Nobody counters Fabricate Claims: it resolves." in said(game)
    assert "Ann places 1 Claim on the board (Flanders)." in said(game)
    assert state(game).active == "bo" and not state(game).covert


def test_P52_P53_D29_fabricate_claims_countered_places_nothing_its_cost_stays_paid_and_the_turn_is_spent():
    game = claims_table()
    counter, = give(game, "cy", "dip-counterespionage")
    do(game, a.Fabricate(player="ann", claims=2))
    do(game, a.Pass(player="bo"))
    do(game, a.Play(player="cy", card=counter))
    do(game, a.Pass(player="ann"))
    do(game, a.Pass(player="bo"))
    text = said(game)
    assert "Fabricate Claims is prevented: no Claim is placed; its cost (4 DIP) stays paid." in text
    assert "Ann's turn is spent." in text and "places" not in text
    assert power(game, "ann", "dip") == 2 and state(game).active == "bo"
    assert zone(game, "discard:dip") == [counter]


def test_D29_fabricate_claims_goes_ahead_when_its_counter_is_countered():
    game = claims_table()
    counter, = give(game, "bo", "dip-counterespionage")
    again, = give(game, "cy", "dip-counterespionage")
    do(game, a.Fabricate(player="ann"))
    do(game, a.Play(player="bo", card=counter))
    do(game, a.Play(player="cy", card=again))
    do(game, a.Pass(player="ann"))
    do(game, a.Pass(player="bo"))
    assert "With its counter prevented, Fabricate Claims goes ahead." in said(game)
    assert "Ann places 1 Claim on the board." in said(game)
    assert state(game).active == "bo"


# ---- games saved before these changes -------------------------------------------------------------


def test_a_save_in_the_older_action_forms_replays_to_the_same_state():
    """A game saved before `take_event`, `dice` and the supply (the demo's opening: Display cards
    charged and used, a battle under way), with the Event as a Basic Action: it loads and replays
    to the state it had. The supply only reads counts the game always kept; no action is refused
    or changed. (One type for all of a card's ? dice: test_battles.py.)"""
    import json

    import msgspec

    from desktop.storage.savefile import decode_save, game_from_record, save_bytes

    game = demo_played("price-of-power")
    while game.state.battle is not None:
        seat = game.stages()[0].seat
        done = [act for act in game.legal_actions(seat) if act.type in ("done", "end_battle")]
        game.apply(done[0])
    active = game.state.active
    if active not in game.state.event_taken:
        game.apply(a.Basic(player=active, event=True, name="Event"))
    raw = json.loads(save_bytes(game))
    for action in raw["actions"]:
        action.pop("dice", None)  # the older form had no such field
    assert "take_event" not in json.dumps(raw) and any(act["type"] == "use" for act in raw["actions"])
    again = game_from_record(decode_save(json.dumps(raw).encode()))
    assert msgspec.msgpack.encode(again.state) == msgspec.msgpack.encode(game.state)
