"""Property tests over random legal games of every registered rule system (DESIGN.md section 4,
Reliability; docs/architecture.md, "Adding a system").

Nothing here knows a system: each example sets up a game of one system from its metadata alone
(a player count in its range, names, a seed below or above 2**64, its options at their defaults or
one of their listed choices), then plays legal actions chosen by a list of integers until the list
or the legal actions run out. A new system is picked up from the registry; the toy duel of the
tests (tests/rulesets/toy) is registered with them.

The only per-system data are variants a system's metadata cannot express (a small deck that runs
out and reshuffles often, option values that name a player), in dicts keyed by system id.
"""

from __future__ import annotations

import os
import re

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from desktop.engine import Game, GameSetup, GameState, registry
from desktop.engine.presentation import SeenCard, looker
from desktop.engine.views import cards_named, may_see, names_any
from desktop.storage.savefile import decode_save, game_from_record, save_bytes
from tests.rulesets.toy import every_ruleset_id

RULESETS = every_ruleset_id()
pytestmark = pytest.mark.usefixtures("toy_ruleset")

NAMES = ["Ann", "Bo", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal"] + [f"Player {n}" for n in range(9, 21)]
STEPS = 100

# A test's examples are shared among the systems, so the file's run time stays about the same as
# systems are added (under a minute on two cores with four systems: the costliest sets the pace).
# ACTIONDECK_PROPERTY_EXAMPLES raises the budget for a longer soak.
EXAMPLES = int(os.environ.get("ACTIONDECK_PROPERTY_EXAMPLES", 180))


def examples(weight: float) -> int:
    return max(8, int(EXAMPLES * weight / len(RULESETS)))


SETTINGS = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}


# ---- variants beyond the metadata, by system id ------------------------------------------------


def small_twilight_imperium_deck() -> list[dict]:
    """11 cards with every kind: Sabotage, Action cards (offensive, with a requirement, plain),
    window cards for "any", "declarer" and "other" seats, two windows."""
    from desktop.rulesets.twilight_imperium.cards import builtin_deck

    copies = {"sabotage": 3, "morale-boost": 2, "war-effort": 1, "spy": 1, "flank-speed": 1,
              "bunker": 1, "emergency-repairs": 1, "summit": 1}
    _, defs = builtin_deck()
    return [{**msgspec.to_builtins(defs[card]), "copies": count} for card, count in copies.items()]


EXTRA_DECKS = {"twilight-imperium": [small_twilight_imperium_deck]}
SEAT = "{seat}"  # stands for a player's name in an option value
EXTRA_OPTION_VALUES = {
    "twilight-imperium": {"hand_limit": ["1", "3", "5"], "neural_motivator": [SEAT], "yssaril": [SEAT]},
}


@st.composite
def setups(draw, ruleset_id: str) -> GameSetup:
    ruleset = registry.get(ruleset_id)
    low, high = ruleset.players
    players = NAMES[: draw(st.integers(low, high))]
    options: dict[str, str] = {}
    extra = EXTRA_OPTION_VALUES.get(ruleset_id, {})
    for option in ruleset.options:
        if draw(st.booleans()):
            value = draw(st.sampled_from([option.default, *(option.choices or []), *extra.get(option.key, [])]))
            options[option.key] = value.replace(SEAT, draw(st.sampled_from(players)))
    decks = [None, *EXTRA_DECKS.get(ruleset_id, [])]
    deck = draw(st.sampled_from(decks))
    seed = draw(st.one_of(st.integers(0, 2**64 - 1), st.integers(2**64, 2**130)))
    return GameSetup(ruleset=ruleset_id, players=players, seed=seed, options=options,
                     deck=None if deck is None else deck())


picks_strategy = st.lists(st.integers(0, 10_000), min_size=STEPS // 2, max_size=STEPS)


def choose(legal: list, pick: int):
    """Three picks in four choose among the actions that move the game on (not `aside`), so that
    random games get past bookkeeping that is always legal."""
    if pick % 4:
        onward = [action for action in legal if not getattr(type(action), "aside", False)]
        if onward:
            return onward[(pick // 4) % len(onward)]
    return legal[(pick // 4) % len(legal)]


def encoded(state) -> bytes:
    return msgspec.msgpack.encode(state)


def play_out(setup: GameSetup, picks: list[int], each_step=None) -> Game:
    """Plays `picks` as indices into the legal actions; `each_step(game, before, outcome)` runs
    after setup (before and outcome None) and after each action."""
    game = Game.new(setup)
    if each_step:
        each_step(game, None, None)
    for pick in picks:
        legal = game.legal_actions()
        if not legal:
            break
        before = game.state.copy()
        outcome = game.apply(choose(legal, pick))
        if each_step:
            each_step(game, before, outcome)
    return game


def given_games(weight: float):
    """The decorators of a property over random games of every system."""

    def wrap(test):
        test = given(data=st.data(), picks=picks_strategy)(test)
        test = settings(max_examples=examples(weight), **SETTINGS)(test)
        return pytest.mark.parametrize("ruleset_id", RULESETS)(test)

    return wrap


# ---- cards, stages and change-sets -----------------------------------------------------------------


def assert_cards_conserved(game: Game, count: int) -> None:
    state = game.state
    placed = [card for zone in state.zones.values() for card in zone.cards]
    assert len(placed) == len(set(placed)), "a card is in two places at once"
    assert sorted(placed) == sorted(state.cards), "a card was lost or invented"
    assert len(state.cards) == count, "the number of cards changed"


def assert_stages_name_seats(game: Game) -> None:
    seats = set(game.state.seat_ids())
    stages = game.stages()
    assert all(stage.seat in seats for stage in stages), stages
    assert looker(stages) is None or looker(stages) in seats


OWN_FIELDS = set(GameState.__struct_fields__)


def assert_changes_are_exact(before: GameState, after: GameState, changes) -> None:
    """The change-set names exactly the zones whose cards changed (and a zone where a card was
    revealed or hidden again, which reads differently), the counters and marks that changed, and
    `table` exactly when the system's own state changed."""
    moved = {
        zone for zone in before.zones.keys() | after.zones.keys()
        if getattr(before.zones.get(zone), "cards", None) != getattr(after.zones.get(zone), "cards", None)
    }
    flipped = {
        (after.zone_of(card) or before.zone_of(card)).id
        for card in set(before.revealed) ^ set(after.revealed)
    }
    assert moved <= changes.zones, f"zones changed but not reported: {moved - changes.zones}"
    assert changes.zones - moved <= flipped, f"zones reported but unchanged: {changes.zones - moved}"
    assert changes.counters == {
        entity for entity in before.counters.keys() | after.counters.keys()
        if before.counters.get(entity) != after.counters.get(entity)
    }
    assert changes.cards == {
        card for card in before.card_states.keys() | after.card_states.keys()
        if before.card_states.get(card) != after.card_states.get(card)
    }
    own_before = {k: v for k, v in msgspec.to_builtins(before).items() if k not in OWN_FIELDS}
    own_after = {k: v for k, v in msgspec.to_builtins(after).items() if k not in OWN_FIELDS}
    assert changes.table == (own_before != own_after or before.entities != after.entities)
    # The system's own fields by name, so that a panel reading some of them can tell.
    assert changes.extra == {name for name in own_before.keys() | own_after.keys()
                             if own_before.get(name) != own_after.get(name)}
    assert changes.moved  # every action steps the game: what is legal may differ


@given_games(weight=2.0)
def test_cards_are_never_duplicated_or_lost_and_change_sets_are_exact(ruleset_id, data, picks):
    setup = data.draw(setups(ruleset_id))
    count = len(Game.new(setup).state.cards)

    def check(game: Game, before, outcome) -> None:
        assert_cards_conserved(game, count)
        assert_stages_name_seats(game)
        if outcome is not None:
            assert_changes_are_exact(before, game.state, outcome.changes)
            # The log names this action's entry when it logged a line, and no other.
            assert outcome.changes.log == ({len(game.log) - 1} if outcome.log else set())

    play_out(setup, picks, each_step=check)


@given_games(weight=1.0)
def test_every_listed_action_is_accepted(ruleset_id, data, picks):
    def every_legal_action_applies(game: Game, before, outcome) -> None:
        # each seat's list is part of the whole list, and each action in it is accepted
        everyone = game.legal_actions()
        for seat in game.state.seat_ids():
            assert all(action in everyone for action in game.legal_actions(seat))
        for action in everyone:
            game.ruleset.apply(game.state.copy(), action)  # raises RuleError if refused

    play_out(data.draw(setups(ruleset_id)), picks, each_step=every_legal_action_applies)


def named_in_record(action, cards: dict[str, str]) -> set[str]:
    """The cards an action names, read from its record in plain values (what a save keeps)."""
    named, pending = set(), [msgspec.to_builtins(action)]
    while pending:
        value = pending.pop()
        if isinstance(value, str):
            named |= {value} & cards.keys()
        elif isinstance(value, list):
            pending.extend(value)
        elif isinstance(value, dict):
            pending.extend(value.values())
    return named


@given_games(weight=0.5)
def test_the_cards_an_action_names_are_read_alike_from_its_fields_and_from_its_record(ruleset_id, data, picks):
    # What keeps an offer naming a hidden card off a reader's list (desktop/model/offering.py).
    def names_alike(game: Game, before, outcome) -> None:
        cards = game.state.cards
        some = set(list(cards)[::2])  # as a reader's hidden cards: some, not all
        for action in game.legal_actions():
            named = named_in_record(action, cards)
            assert cards_named(action, cards) == named, action
            assert names_any(action, some) == bool(named & some), action

    play_out(data.draw(setups(ruleset_id)), picks, each_step=names_alike)


# ---- undo, saves and replays -----------------------------------------------------------------------


def first_sight(before: GameState, after: GameState) -> bool:
    """Whether a card that no seat could see before is now seen by some seat (a draw)."""
    seats = after.seat_ids()
    where_before = {card: zone for zone in before.zones.values() for card in zone.cards}
    return any(
        not any(may_see(before, where_before[card], card, seat) for seat in seats)
        and any(may_see(after, zone, card, seat) for seat in seats)
        for zone in after.zones.values() for card in zone.cards
    )


@given_games(weight=1.5)
def test_undo_restores_the_exact_earlier_state(ruleset_id, data, picks):
    game = Game.new(data.draw(setups(ruleset_id)))
    history = [encoded(game.state)]  # history[n]: the state after n actions
    for pick in picks:
        legal = game.legal_actions()
        if not legal:
            break
        prior = game.state.copy()
        before = encoded(prior)
        chosen = choose(legal, pick)
        outcome = game.apply(chosen)
        if first_sight(prior, game.state) or prior.rng != game.state.rng:
            assert outcome.reveals, f"{chosen} showed a card nobody had seen, or shuffled, but reveals nothing"
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
        _, changes = game.undo_with_changes()
        assert encoded(game.state) == history[len(game.actions)]
        assert changes.moved and changes.log == {len(game.log)}, "an undo names the log entry it took back"
    assert len(game.actions) == game.undo_floor


@given_games(weight=0.8)
def test_save_then_load_gives_the_same_game(ruleset_id, data, picks):
    game = play_out(data.draw(setups(ruleset_id)), picks)
    loaded = game_from_record(decode_save(save_bytes(game, name="property")))
    assert loaded.setup == game.setup
    assert encoded(loaded.state) == encoded(game.state)
    assert loaded.actions == game.actions
    assert loaded.log == game.log


@given_games(weight=0.8)
def test_replay_is_deterministic(ruleset_id, data, picks):
    setup = data.draw(setups(ruleset_id))
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


# ---- hidden information ------------------------------------------------------------------------


def hidden_from(state: GameState, viewer: str | None) -> set[str]:
    return {
        card for zone in state.zones.values() for card in zone.cards
        if not may_see(state, zone, card, viewer)
    }


# Every string of a JSON text, keys too; written as runs between escapes, which reads a view
# in half the time of one character at a time (a view is searched for every seat at every step).
QUOTED = re.compile(r'"([^"\\]*(?:\\.[^"\\]*)*)"')


def assert_views_hide_secrets(game: Game, hidden: dict[str | None, set[str]]) -> None:
    """No view holds a card id the viewer may not see, nor the definition id of such a card
    unless a copy in sight shares it, nor the generator state; every count is right and every
    card the viewer may see is there. (The view is searched as JSON: an id is a quoted string.)"""
    state = game.state
    for viewer, secret in hidden.items():
        seen_defs = {state.cards[card] for card in state.cards if card not in secret}
        secret_defs = {state.cards[card] for card in secret} - seen_defs
        view = game.view(viewer)
        text = msgspec.json.encode(view).decode()
        leaked = (secret | secret_defs) & set(QUOTED.findall(text))
        assert not leaked, f"{viewer} can see or tell {sorted(leaked)}"
        if isinstance(state.rng, str):
            assert state.rng.split(":")[1] not in text, "the generator's key reached a view"
        elif abs(state.rng) >= 2**20:
            assert str(state.rng) not in text, "the generator state reached a view"
        # what may be seen is there: every zone, every count, each visible card as it is
        assert set(view.zones) == set(state.zones)
        for zone_id, zone in state.zones.items():
            seen = view.zones[zone_id]
            assert seen.count == len(zone.cards) == len(seen.cards)
            assert seen.cards == [None if card in secret else SeenCard(card, state.cards[card]) for card in zone.cards]
        assert set(view.faces) == {entry.face for zone in view.zones.values() for entry in zone.cards if entry}


def assert_new_secrets_are_not_told(game: Game, before: GameState, hidden: dict[str | None, set[str]]) -> None:
    """A card that has just gone where some seats may not see it (a draw, a card taken) is not
    named, in the lines of this step, to a reader who may not see it and did not see it before,
    unless that reader sees another copy of it."""
    state = game.state
    where_before = {card: zone for zone in before.zones.values() for card in zone.cards}
    where = {card: zone for zone in state.zones.values() for card in zone.cards}
    moved = [card for card in state.cards if where[card].id != where_before[card].id]
    in_sight = {
        reader: {state.cards[card] for card in state.cards if card not in secret}
        for reader, secret in hidden.items()
    }
    for card in moved:
        zone = where[card]
        if zone.owner is None:
            continue  # no seat sees its face now: nothing to name it by
        face = game.view(zone.owner).face_of(card)
        if face is None:
            continue
        pattern = re.compile(rf"\b{re.escape(face.title)}\b")
        for reader, secret in hidden.items():
            if card not in secret or state.cards[card] in in_sight[reader]:
                continue  # it sees this card, or another copy of it: the name tells nothing
            if may_see(before, where_before[card], card, reader):
                continue  # it saw the card where it was: "Bo took your Summit." tells nothing new
            for entry in game.log[-1]:
                if entry.seat in (None, reader):
                    assert not pattern.search(entry.text), f"{reader} reads {entry.text!r}"


def assert_log_lines_reach_their_seats_only(game: Game) -> None:
    seats = game.state.seat_ids()
    entries = [entry for step in game.log for entry in step]
    assert all(entry.seat is None or entry.seat in seats for entry in entries)
    for viewer in [*seats, None]:
        assert game.log_for(viewer) == [entry.text for entry in entries if entry.seat in (None, viewer)]
    # a line that speaks to "you" is addressed to that seat, never read out to the table
    assert not [entry.text for entry in entries if entry.seat is None and entry.text.startswith("You ")]


@given_games(weight=0.8)
def test_views_and_logs_hide_what_a_seat_may_not_see(ruleset_id, data, picks):
    def check(game: Game, before, outcome) -> None:
        hidden = {viewer: hidden_from(game.state, viewer) for viewer in [*game.state.seat_ids(), None]}
        assert_views_hide_secrets(game, hidden)
        if before is not None:
            assert_new_secrets_are_not_told(game, before, hidden)

    game = play_out(data.draw(setups(ruleset_id)), picks, each_step=check)
    assert_log_lines_reach_their_seats_only(game)
