"""Twilight Imperium's app seats (desktop/rulesets/twilight_imperium/policy.py): each level plays
whole games with no move refused, the same way for the same seed; the standard level holds
Sabotage for a card aimed at itself, plays its cards in their windows, takes Politics first and
keeps its most useful cards under the hand limit; the learning level is gentler."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from desktop.bots import RandomBot, bot_for
from desktop.engine import Game, GameSetup, registry
from desktop.engine.levels import LEARNING, RANDOM, STANDARD
from desktop.engine.state import move_card
from desktop.rulesets.twilight_imperium import actions as a
from desktop.rulesets.twilight_imperium.hands import recheck_hand_limits
from desktop.rulesets.twilight_imperium.policy import SESSION_ROUNDS, TwilightImperiumBot
from tests.bots.versus_twice import played_twice

TI = "twilight-imperium"
RULES = registry.get(TI)


def table(players=("Ann", "Bo", "Cy"), seed=3) -> Game:
    """A game in its first action phase, Ann's turn, every hand empty."""
    game = Game.new(GameSetup(ruleset=TI, players=list(players), seed=seed))
    game.apply(a.SetInitiative(player="ann", order=game.state.seat_ids()))
    return game


def give(game: Game, seat: str, definition: str) -> str:
    """A card of `definition` from the deck into the seat's hand."""
    card = next(card for card in game.state.zones["deck"].cards if game.state.cards[card] == definition)
    move_card(game.state, card, "deck", f"hand:{seat}")
    return card


def choice(game: Game, seat: str, level: str = STANDARD, seed: int = 1):
    return TwilightImperiumBot(seed, level).choose(game.legal_actions(seat), game.view(seat))


def test_its_levels_are_its_own_and_random_stays_the_floor():
    assert [level.id for level in RULES.levels] == [LEARNING, STANDARD]
    assert bot_for(RULES, LEARNING, 1).level == LEARNING and bot_for(RULES, STANDARD, 1).level == STANDARD
    assert isinstance(bot_for(RULES, RANDOM, 1), RandomBot)


@pytest.mark.parametrize(
    "card, aimed, sabotages, level, cancels",
    [
        ("plague", "bo", 1, STANDARD, True),  # aimed at itself: always
        ("plague", "cy", 1, STANDARD, False),  # aimed at another: cancelling it helps Cy
        ("war-effort", None, 1, STANDARD, False),  # a gain for Ann only: held for a worse card
        ("war-effort", None, 2, STANDARD, True),  # with Sabotage to spare
        ("plague", "cy", 2, STANDARD, True),  # to spare, and Ann leads (the one card Bo saw played)
        ("plague", "bo", 1, LEARNING, False),  # a learner never Sabotages
    ],
)
def test_sabotage_is_held_for_the_card_that_hurts(card, aimed, sabotages, level, cancels):
    game = table()
    played = give(game, "ann", card)
    held = [give(game, "bo", "sabotage") for _ in range(sabotages)]
    game.apply(a.Play(player="ann", card=played, target_player=aimed, confirm=aimed is not None))
    chosen = choice(game, "bo", level)
    if cancels:
        assert chosen.type == "play" and chosen.card in held
    else:
        assert chosen == a.LetResolve(player="bo")


def test_sabotage_in_a_timing_window_cancels_the_card_aimed_at_it():
    """Bo's ship uses Sustain Damage; Ann plays Direct Hit on it: Bo's Sabotage cancels it, and the
    card does not take effect."""
    game = table()
    hit = give(game, "ann", "direct-hit")
    sabotage = give(game, "bo", "sabotage")
    game.apply(a.Declare(player="bo", event="sustain-damage"))
    game.apply(a.Play(player="ann", card=hit, target_player="bo"))
    chosen = choice(game, "bo")
    assert chosen.type == "play" and chosen.card == sabotage
    game.apply(chosen)
    assert game.state.resolving is None and hit in game.state.zones["discard"].cards


def test_it_plays_a_card_in_its_window_at_the_player_the_event_happened_to():
    game = table()
    hit = give(game, "bo", "direct-hit")
    give(game, "cy", "sabotage")  # Cy's hand holds a card too: Cy would be the threat by count
    give(game, "cy", "war-effort")
    game.apply(a.Declare(player="ann", event="sustain-damage"))
    assert choice(game, "bo") == a.Play(player="bo", card=hit, target_player="ann")
    assert choice(game, "cy") == a.Pass(player="cy")  # nothing fits: it passes


def test_standard_takes_politics_before_its_action_card_and_a_learner_plays_the_card_first():
    game = table()
    effort = give(game, "ann", "war-effort")
    assert choice(game, "ann") == a.Politics(player="ann")
    assert choice(game, "ann", LEARNING) == a.Play(player="ann", card=effort)


def test_over_the_hand_limit_it_keeps_sabotage_and_action_cards_and_drops_a_second_copy_first():
    game = table()
    kept = [give(game, "bo", "sabotage"), give(game, "bo", "war-effort"), give(game, "bo", "plague")]
    first_hit = give(game, "bo", "direct-hit")
    second_hit = give(game, "bo", "direct-hit")
    for definition in ("morale-boost", "shields-holding", "flank-speed", "imperial-rider"):
        give(game, "bo", definition)
    recheck_hand_limits(game.state)  # 9 cards, a limit of 7: Bo owes two discards
    bot = TwilightImperiumBot(5, STANDARD)
    first = bot.choose(game.legal_actions("bo"), game.view("bo"))
    assert first.type == "discard" and first.card in (first_hit, second_hit)
    game.apply(first)
    game.apply(bot.choose(game.legal_actions("bo"), game.view("bo")))
    hand = game.state.hand("bo")
    assert len(hand) == 7 and set(kept) <= set(hand) and not game.state.obligations
    assert (first_hit in hand) != (second_hit in hand)  # one Direct Hit is kept


def test_every_seat_the_apps_ends_the_session_at_the_end_of_round_six():
    """When every seat is the app's (the window's own app seats), the standard level ends the
    session; with people at the table, ending is theirs (app_moves.next_move)."""
    from tests.engine.game_ends import play

    ending = play(TI, "app", seed=4)
    assert ending.ended == f"The session is over (round {SESSION_ROUNDS})." and ending.stalled is None


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32 - 1),
    levels=st.lists(st.sampled_from([LEARNING, STANDARD, RANDOM]), min_size=2, max_size=5),
)
def test_every_level_plays_to_the_session_end_never_refused_and_the_same_for_a_seed(seed, levels):
    first, again = played_twice(TI, levels, seed, length=2)
    assert first.reached_end and first.refused == 0 and first.stalled is None
    assert first.ended == "The session is over (round 2)."
    assert first.game.actions == again.game.actions and first.record() == again.record()
    held = {found.seat: len(first.game.state.hand(found.seat)) for found in first.seats}
    assert all(count <= 7 for count in held.values())  # every hand kept under its limit
