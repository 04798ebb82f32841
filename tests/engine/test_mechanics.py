"""The shared mechanics the next systems stand on: what was used once per span, a pending play
others may cancel (its cost kept), a stepped phase cursor, and refilling a deck from a discard
that was empty when the deck ran out."""

from __future__ import annotations

import pytest

from desktop.engine import mechanics
from desktop.engine.mechanics import Pending, Reshuffle, Steps, Uses
from desktop.engine.ruleset import Outcome
from desktop.engine.state import GameState, Seat, Zone


def table(deck=(), discard=(), hand=()) -> GameState:
    zones = {
        "deck": Zone(id="deck", label="Deck", visibility="hidden", cards=list(deck)),
        "discard": Zone(id="discard", label="Discard", visibility="public", cards=list(discard)),
        "hand": Zone(id="hand", label="Hand", visibility="owner", owner="ann", cards=list(hand)),
        "play": Zone(id="play", label="Play", visibility="public"),
    }
    cards = {card: card for card in (*deck, *discard, *hand)}
    return GameState(ruleset="test", seats=[Seat("ann", "Ann"), Seat("bo", "Bo")], cards=cards, zones=zones,
                     counters={}, rng=mechanics.rng.seed_state(7))


# ---- Uses ---------------------------------------------------------------------------------------


def test_a_battle_action_is_used_once_per_side_per_round_and_several_different_ones_are_allowed():
    this_round = Uses()
    this_round.record("Cavalry Charge", by="attacker")
    assert this_round.has("Cavalry Charge", by="attacker")
    assert not this_round.has("Cavalry Charge", by="defender")  # the other side has its own use
    assert not this_round.has("Artillery", by="attacker")  # a different Battle Action
    this_round.clear()  # the next round of battle
    assert not this_round.has("Cavalry Charge", by="attacker")


def test_uses_compare_what_a_use_affected_where_a_rule_needs_it():
    window = Uses()
    window.record("Shields Holding", by="ann", on="the hits on the flagship")
    assert window.has("Shields Holding", on="the hits on the flagship")
    assert not window.has("Shields Holding", on="the hits on the carrier")
    assert window.find(by="ann") == [mechanics.Use(what="Shields Holding", by="ann", on="the hits on the flagship")]
    assert window.has("Shields Holding")  # None: by anyone, on anything


def test_a_use_record_survives_a_save_round_trip():
    import msgspec

    uses = Uses()
    uses.record("politics")
    assert msgspec.json.decode(msgspec.json.encode(uses), type=Uses) == uses


# ---- Pending ------------------------------------------------------------------------------------


def test_a_pending_play_waits_where_it_was_put_and_only_others_may_cancel_it():
    state = table(hand=["spy"])
    pending = mechanics.hold(state, "spy", "ann", "hand", "play", paid="a component action")
    assert state.zones["play"].cards == ["spy"] and state.zones["hand"].cards == []
    assert pending.may_cancel("bo") and not pending.may_cancel("ann")


def test_a_cancelled_play_goes_to_the_discard_and_its_cost_stays_paid():
    state = table(hand=["spy"])
    mp = {"ann": 3}
    mp["ann"] -= 2  # the system takes the cost when the card is played
    pending = mechanics.hold(state, "spy", "ann", "hand", "play", paid="2 DIP")
    mechanics.settle_pending(state, pending, "discard")  # countered
    assert state.zones["discard"].cards == ["spy"] and state.zones["play"].cards == []
    assert mp == {"ann": 1} and pending.paid == "2 DIP"  # nothing refunds it


def test_a_system_keeps_its_own_fields_on_a_pending_play():
    class Covert(Pending, kw_only=True):
        target: str = ""

    state = table(hand=["plot"])
    pending = mechanics.hold(state, "plot", "ann", "hand", "play", kind=Covert, target="bo")
    assert isinstance(pending, Covert) and pending.target == "bo" and pending.zone == "play"


# ---- Steps: the stepped phase cursor --------------------------------------------------------------


def test_phases_advance_in_order_skip_what_is_off_and_wrap_to_a_new_round():
    phases = Steps(steps=("strategy", "action", "status", "agenda"))
    assert phases.first == ("strategy", "")
    assert phases.following("strategy") == ("action", "", False)
    assert phases.following("status") == ("agenda", "", False)
    # no agenda phase: the status phase leads to the next round
    assert phases.following("status", skip={"agenda"}) == ("strategy", "", True)
    assert phases.following("agenda") == ("strategy", "", True)


def test_a_tempo_count_with_players_then_npcs_at_each_tempo():
    tempo = Steps(steps=tuple(str(count) for count in range(10)), parts=("PCs", "NPCs"))
    assert tempo.first == ("0", "PCs")
    assert tempo.following("0", "PCs") == ("0", "NPCs", False)
    assert tempo.following("0", "NPCs") == ("1", "PCs", False)
    assert tempo.following("9", "NPCs") == ("0", "PCs", True)  # after 9: the next round
    assert tempo.reached("4", "4") and tempo.reached("7", "4") and not tempo.reached("3", "4")  # a reaction of tempo 4


def test_steps_that_are_all_skipped_say_so():
    with pytest.raises(ValueError):
        Steps(steps=("a", "b")).following("a", skip={"a", "b"})


# ---- refilling a deck as soon as there is a discard ------------------------------------------------


def test_a_deck_that_ran_out_with_an_empty_discard_is_refilled_when_cards_are_discarded():
    rule = Reshuffle(deck="deck", discard="discard")
    state = table(deck=["c1"], hand=[])
    outcome = Outcome()
    mechanics.draw(state, rule, "hand", 1, outcome)
    assert state.zones["deck"].cards == [] and state.zones["discard"].cards == []
    assert mechanics.refill_if_empty(state, rule, Outcome()) is False  # nothing to shuffle yet
    state.zones["hand"].cards.remove("c1")
    state.zones["discard"].cards.append("c1")
    later = Outcome()
    assert mechanics.refill_if_empty(state, rule, later) is True
    assert state.zones["deck"].cards == ["c1"] and state.zones["discard"].cards == []
    assert later.reveals and "shuffled into a new deck of 1" in later.log[0].text


def test_a_deck_with_cards_is_not_refilled():
    rule = Reshuffle(deck="deck", discard="discard")
    state = table(deck=["c1"], discard=["c2"])
    assert mechanics.refill_if_empty(state, rule, Outcome()) is False
    assert state.zones["discard"].cards == ["c2"]


def test_an_owed_choice_comes_first_but_for_its_answer_and_bookkeeping():
    """The check every system with owed choices makes first (a discard down to the hand limit, a
    card to remove): the owing seat's answer goes ahead, so does bookkeeping; anything else,
    by anyone, waits for the first owed choice."""
    from desktop.engine.actions import Action

    class Discard(Action, frozen=True, tag="discard"):
        pass

    class Count(Action, frozen=True, tag="count"):
        pass

    class Play(Action, frozen=True, tag="play"):
        pass

    queue: list[mechanics.Owed] = []
    assert mechanics.owed_before(queue, Play(player="ann"), Discard) is None
    mechanics.owe(queue, "discard", "bo")
    mechanics.owe(queue, "discard", "ann")
    assert mechanics.owed_before(queue, Discard(player="bo"), Discard) is None
    assert mechanics.owed_before(queue, Discard(player="ann"), Discard) == mechanics.Owed("discard", "bo")  # bo first
    assert mechanics.owed_before(queue, Play(player="bo"), Discard) == mechanics.Owed("discard", "bo")
    assert mechanics.owed_before(queue, Count(player="cy"), Discard, always=(Count,)) is None
