"""Property tests over random legal games (DESIGN.md section 4, Reliability).

Each example sets up a Twilight Imperium game for 3 to 5 players (the shipped deck, or a small
imported deck so that the deck runs out and reshuffles often), then plays legal actions chosen by
a list of integers until the list or the legal actions run out.
"""

from __future__ import annotations

import msgspec
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from desktop.engine import Game, GameSetup
from desktop.rulesets.twilight_imperium.cards import builtin_deck
from desktop.storage.savefile import decode_save, game_from_record, save_bytes

NAMES = ["Ann", "Bo", "Cy", "Dee", "Eli"]
STEPS = 120

# A deck of 11 cards that still has every kind of card: Sabotage, Action cards (offensive, with a
# requirement, plain), window cards for "any", "declarer" and "other" seats, two windows.
SMALL_DECK = {
    "sabotage": 3,
    "morale-boost": 2,
    "war-effort": 1,
    "spy": 1,
    "flank-speed": 1,
    "bunker": 1,
    "emergency-repairs": 1,
    "summit": 1,
}


def small_deck() -> list[dict]:
    _, defs = builtin_deck()
    records = []
    for card_id, copies in SMALL_DECK.items():
        record = msgspec.to_builtins(defs[card_id])
        record["copies"] = copies
        records.append(record)
    return records


@st.composite
def setups(draw) -> GameSetup:
    count = draw(st.integers(3, 5))
    players = NAMES[:count]
    options: dict[str, str] = {}
    if draw(st.booleans()):
        options["hand_limit"] = str(draw(st.integers(1, 7)))
    motivated = draw(st.lists(st.sampled_from(players), unique=True, max_size=2))
    if motivated:
        options["neural_motivator"] = ",".join(motivated)
    if draw(st.booleans()):
        options["yssaril"] = draw(st.sampled_from(players))
    if draw(st.booleans()):
        options["agenda"] = "off"
    deck = small_deck() if draw(st.booleans()) else None
    return GameSetup(
        ruleset="twilight-imperium",
        players=players,
        seed=draw(st.integers(0, 2**64 - 1)),
        options=options,
        deck=deck,
    )


choices = st.lists(st.integers(0, 10_000), min_size=STEPS // 2, max_size=STEPS)

# Declaring events and revealing cards are always legal and outnumber the actions that move the
# game on; three picks in four choose among the other actions when there are any, so that random
# games reach the status phase, later rounds, full hands and an empty deck.
SIDE_STEPS = ("declare", "reveal")


def choose(legal: list, pick: int):
    if pick % 4:
        onward = [action for action in legal if action.type not in SIDE_STEPS]
        if onward:
            return onward[(pick // 4) % len(onward)]
    return legal[(pick // 4) % len(legal)]


def encoded(state) -> bytes:
    return msgspec.msgpack.encode(state)


def play_out(setup: GameSetup, picks: list[int], each_step=None) -> Game:
    """Plays `picks` as indices into the legal actions; `each_step(game)` runs after each one."""
    game = Game.new(setup)
    if each_step:
        each_step(game)
    for pick in picks:
        legal = game.legal_actions()
        if not legal:
            break
        game.apply(choose(legal, pick))
        if each_step:
            each_step(game)
    return game


def assert_cards_conserved(game: Game) -> None:
    state = game.state
    placed = [card for zone in state.zones.values() for card in zone.cards]
    assert len(placed) == len(set(placed)), "a card is in two places at once"
    assert sorted(placed) == sorted(state.cards), "a card was lost or invented"


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=setups(), picks=choices)
def test_no_card_is_ever_duplicated_or_lost(setup, picks):
    game = play_out(setup, picks, each_step=assert_cards_conserved)
    # the shipped deck has 80 cards; the game never changes how many there are
    assert len(game.state.cards) == (80 if setup.deck is None else sum(SMALL_DECK.values()))


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=setups(), picks=choices)
def test_every_listed_action_is_accepted(setup, picks):
    def every_legal_action_applies(game: Game) -> None:
        # each seat's list is part of the whole list, and each action in it is accepted
        everyone = game.legal_actions()
        for seat in game.state.seat_ids():
            assert all(action in everyone for action in game.legal_actions(seat))
        for action in everyone:
            # raises RuleError if a listed action is refused
            game.ruleset.apply(game.state.copy(), action)

    play_out(setup, picks, each_step=every_legal_action_applies)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=setups(), picks=choices)
def test_undo_restores_the_exact_earlier_state(setup, picks):
    game = Game.new(setup)
    history = [encoded(game.state)]  # history[n]: the state after n actions
    for pick in picks:
        legal = game.legal_actions()
        if not legal:
            break
        before = encoded(game.state)
        chosen = choose(legal, pick)
        outcome = game.apply(chosen)
        if outcome.reveals:
            assert not game.can_undo(), "a draw or a reveal must close the undo window"
        else:
            assert game.can_undo()
            after = encoded(game.state)
            undone = game.undo()
            assert undone == chosen
            assert encoded(game.state) == before
            game.apply(undone)
            assert encoded(game.state) == after
        history.append(encoded(game.state))
    # undo everything that may still be undone, one step at a time, back to the undo floor
    while game.can_undo():
        game.undo()
        assert encoded(game.state) == history[len(game.actions)]
    assert len(game.actions) == game.undo_floor


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=setups(), picks=choices)
def test_save_then_load_gives_the_same_state(setup, picks):
    game = play_out(setup, picks)
    loaded = game_from_record(decode_save(save_bytes(game, name="property")))
    assert encoded(loaded.state) == encoded(game.state)
    assert loaded.actions == game.actions
    assert loaded.log == game.log


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=setups(), picks=choices)
def test_replay_is_deterministic(setup, picks):
    game = play_out(setup, picks)
    again = Game.replay(setup, list(game.actions))
    assert encoded(again.state) == encoded(game.state)
    assert again.log == game.log
    # and the same picks from the same setup choose the same actions
    assert play_out(setup, picks).actions == game.actions
    # a replayed game can undo the last actions after the last draw, as the game it copies
    assert again.undo_floor == max(game.undo_floor, len(game.actions) - Game.UNDO_AFTER_LOAD)
    while again.can_undo():
        assert again.undo() == game.undo()
        assert encoded(again.state) == encoded(game.state)


def strings_in(data) -> set[str]:
    found: set[str] = set()
    pending = [data]
    while pending:
        item = pending.pop()
        if isinstance(item, str):
            found.add(item)
        elif isinstance(item, dict):
            pending.extend(item)
            pending.extend(item.values())
        elif isinstance(item, list):
            pending.extend(item)
    return found


def hidden_from(game: Game, viewer: str) -> set[str]:
    """Instance ids `viewer` may not see: the deck, and other seats' unrevealed hand cards."""
    state = game.state
    hidden = set(state.zones["deck"].cards)
    for seat in state.seat_ids():
        if seat != viewer:
            hidden |= {card for card in state.hand(seat) if card not in state.revealed}
    return hidden


def assert_views_hide_secrets(game: Game) -> None:
    state = game.state
    for viewer in [*state.seat_ids(), None]:  # None: what the whole table sees
        hidden = hidden_from(game, viewer)
        seen_defs = {state.cards[card] for card in state.cards if card not in hidden}
        secret_defs = {state.cards[card] for card in hidden} - seen_defs
        view = msgspec.to_builtins(game.view(viewer))
        strings = strings_in(view)  # every key and value
        assert not hidden & strings, f"{viewer} can see hidden cards {sorted(hidden & strings)}"
        assert not secret_defs & strings, f"{viewer} can tell {sorted(secret_defs & strings)} are out"
        # what may be seen is there: every count, and the viewer's own hand
        for zone_id, zone in state.zones.items():
            assert view["zones"][zone_id]["count"] == len(zone.cards)
        if viewer is not None:
            own = view["zones"][f"hand:{viewer}"]["cards"]
            assert [entry["id"] for entry in own] == state.hand(viewer)


def assert_logs_tell_draws_to_the_drawer_only(game: Game) -> None:
    entries = [entry for step in game.log for entry in step]
    assert all(
        entry.seat is not None for entry in entries if entry.text.startswith("You drew")
    ), "a drawn card was named to the whole table"
    for viewer in game.state.seat_ids():
        own_draws = [e.text for e in entries if e.seat == viewer and e.text.startswith("You drew")]
        told = [line for line in game.log_for(viewer) if line.startswith("You drew")]
        assert told == own_draws, f"{viewer} reads another seat's draw"
    assert not any(line.startswith("You drew") for line in game.log_for(None))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=setups(), picks=choices)
def test_views_and_logs_hide_other_seats_cards(setup, picks):
    game = play_out(setup, picks, each_step=assert_views_hide_secrets)
    assert_logs_tell_draws_to_the_drawer_only(game)
