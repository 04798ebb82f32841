"""Cards coming into and going out of Twilight Imperium's hands outside a play: draws (with
Yssaril's Scheming), Spy's random take, the hand-limit discards owed, and the refill of an empty
deck. Kept apart from the handlers (rules.py) because several of them draw (Politics, its
secondary, the status phase) and every action ends with the refill."""

from __future__ import annotations

from desktop.engine import mechanics, rng
from desktop.engine.ruleset import Outcome
from desktop.engine.state import move_card
from desktop.rulesets.twilight_imperium.checks import card_def, cards_word, name_of
from desktop.rulesets.twilight_imperium.state import TIState

# An empty deck is refilled at once by shuffling the whole discard pile.
RESHUFFLE = mechanics.Reshuffle(deck="deck", discard="discard")


def draw(state: TIState, player: str, count: int, outcome: Outcome) -> None:
    """Draws from the top; Yssaril's Scheming draws one more and then owes a discard."""
    scheming = bool(state.counters[player]["yssaril"])
    count += 1 if scheming else 0
    private = Outcome()  # the faces drawn, told to the drawing seat only
    drawn = mechanics.draw(
        state, RESHUFFLE, f"hand:{player}", count, private, seat=player,
        name=lambda card: card_def(state, card).name, what="action deck",
    )
    outcome.say(f"{name_of(state, player)} draws {cards_word(len(drawn))}.")
    outcome.log.extend(private.log)
    outcome.reveals = True
    if scheming and drawn:
        mechanics.owe(state.obligations, "scheming", player)
    recheck_hand_limits(state)


def take_random_card(state: TIState, taker: str, victim: str, outcome: Outcome) -> None:
    """Spy: a card chosen by the seeded generator moves between hands, seen by those two only."""
    hand = state.hand(victim)
    if not hand:
        outcome.say(f"{name_of(state, victim)} has no action card to take.")
        return
    state.rng, index = rng.below(state.rng, len(hand))
    card = hand[index]
    move_card(state, card, f"hand:{victim}", f"hand:{taker}")
    name = card_def(state, card).name
    outcome.say(f"{name_of(state, taker)} takes a random action card from {name_of(state, victim)}.")
    outcome.say(f"You took {name}.", seat=taker)
    outcome.say(f"{name_of(state, taker)} took your {name}.", seat=victim)
    outcome.reveals = True
    recheck_hand_limits(state)


def recheck_hand_limits(state: TIState) -> None:
    """Adds a keep-down obligation for every seat over its limit; drops the satisfied ones."""
    state.obligations = [
        duty
        for duty in state.obligations
        if duty.kind != "hand_limit" or over_limit(state, duty.player)
    ]
    owed = {duty.player for duty in state.obligations if duty.kind == "hand_limit"}
    for seat in state.seat_ids():
        if seat not in owed and over_limit(state, seat):
            mechanics.owe(state.obligations, "hand_limit", seat)


def over_limit(state: TIState, seat: str) -> bool:
    return len(state.hand(seat)) > state.counters[seat]["hand_limit"]


def refill_after_discard(state: TIState, outcome: Outcome) -> None:
    """The seed shuffles the discard pile into a new deck "immediately" when the deck is depleted:
    if it ran out while the discard pile was empty, the shuffle comes as soon as the pile holds a
    card, at the end of the action that discarded it."""
    if state.refill_on_discard:
        mechanics.refill_if_empty(state, RESHUFFLE, outcome, what="action deck")
