"""What the handlers do to the state: moving cards, Fatigue, Conditions, drawing and rebuilding,
counting the cards played towards the next phase."""

from __future__ import annotations

from desktop.engine import mechanics
from desktop.engine.ruleset import Outcome
from desktop.engine.state import move_card
from desktop.rulesets.worlds_that_remember.cards import ConditionDef
from desktop.rulesets.worlds_that_remember.cards import card as card_def
from desktop.rulesets.worlds_that_remember.decks import DECK_MAX
from desktop.rulesets.worlds_that_remember.reading import (
    definition,
    name,
    owned,
    trashable,
)
from desktop.rulesets.worlds_that_remember.state import (
    CARDS_PER_PHASE,
    SCENE_CARDS,
    WTRState,
)

# ---- moving cards, Fatigue, Conditions, drawing --------------------------------------------------


def move(state: WTRState, card: str, source: str, target: str, bottom: bool = False) -> None:
    move_card(state, card, source, target)
    if bottom:
        cards = state.zones[target].cards
        cards.insert(0, cards.pop())


def gain_fatigue(state: WTRState, seat: str, amount: int, why: str, outcome: Outcome) -> None:
    """Adds Fatigue; what happens at the maximum depends on the `at_max` option."""
    who, top = name(state, seat), state.fatigue_max
    total = state.fatigue(seat) + amount
    if state.at_max == "condition" and total >= top:
        exhausted = 0
        while total >= top:
            total -= top
            exhausted += 1
        state.counters[seat]["fatigue"] = total
        outcome.say(
            f"{who} gains {amount} Fatigue ({why}) and reaches the maximum of {top}: Fatigue falls to "
            f"{total}, and {who} gains Exhausted."
        )
        for _ in range(exhausted):
            add_condition(state, seat, "exhausted", outcome)
        return
    state.counters[seat]["fatigue"] = min(top, total)
    outcome.say(f"{who} gains {amount} Fatigue ({why}): {min(top, total)} of {top}.")
    if total >= top and state.at_max == "out":
        outcome.say(f"{who} is at the maximum Fatigue and out of the Scene: no turns and no Support until the next Scene.")
    elif total > top:
        outcome.say(f"{who}'s Fatigue stays at the maximum of {top}; the rest is lost.")


def can_take_condition(state: WTRState, seat: str) -> bool:
    """A full deck must be able to make room (by removing a non-Condition card)."""
    return len(owned(state, seat)) < DECK_MAX or bool(trashable(state, seat))


def supply_copy(state: WTRState, condition: str) -> str | None:
    return next((card for card in reversed(state.zones["supply"].cards) if state.cards[card] == condition), None)


def add_condition(state: WTRState, seat: str, condition: str, outcome: Outcome) -> bool:
    """A Condition from the supply enters the bottom of the seat's Unready deck."""
    who, title = name(state, seat), card_def(condition).name
    card = supply_copy(state, condition)
    if card is None:
        outcome.say(f"No {title} card is left in the supply: {who} gains none.")
        return False
    if not can_take_condition(state, seat):
        outcome.say(f"{who}'s deck is full and holds no Action card to remove: {title} stays in the supply.")
        return False
    move(state, card, "supply", f"unready:{seat}", bottom=True)
    outcome.say(f"{title} enters {who}'s Unready deck.")
    size = len(owned(state, seat))
    if size > DECK_MAX:
        mechanics.owe(state.owed, "trash", seat)
        outcome.say(f"{who}'s deck now holds {size} cards: {who} must at once remove a card that is not a Condition.")
    return True


def trigger(state: WTRState, seat: str, card: str, condition: ConditionDef, outcome: Outcome) -> None:
    """A Condition becomes Ready: everyone sees it, and its trigger applies."""
    state.revealed.append(card)
    outcome.say(f"{name(state, seat)} draws {condition.name}, a Condition: {' '.join(condition.effects())}")
    if condition.fatigue:
        gain_fatigue(state, seat, condition.fatigue, condition.name, outcome)
    if condition.then == "spend" and card in state.ready(seat):
        move(state, card, f"ready:{seat}", f"spent:{seat}")


def rebuild(state: WTRState, seat: str, outcome: Outcome, keep: int = 0) -> bool:
    """Shuffles the Spent pile into a new Unready deck, but for its top `keep` cards (those spent
    in this very action, which land on the pile after the draw); False when nothing is left."""
    count = len(state.spent(seat)) - keep
    if count <= 0:
        return False
    rule = mechanics.Reshuffle(deck=f"unready:{seat}", discard=f"spent:{seat}", keep=keep)
    mechanics.reshuffle(state, rule, Outcome())
    outcome.say(f"{name(state, seat)}'s Unready deck is empty: {count} Spent card{'' if count == 1 else 's'} "
                "are shuffled into a new deck (a rebuild).")
    gain_fatigue(state, seat, 1, "rebuild", outcome)
    return True


def refill(state: WTRState, seat: str, outcome: Outcome, fresh: int = 0) -> None:
    """Draws until the Ready Hand holds the hand size; an empty deck is rebuilt (once a refill).

    `fresh`: cards the action spent just before (on top of the Spent pile): they are not
    shuffled back by a rebuild in the same action, nor is a Condition spent by its own trigger.
    """
    hand, deck = state.ready(seat), state.unready(seat)
    if len(hand) >= state.hand_size:
        return
    lines = Outcome()
    drawn, rebuilt = 0, False
    who = name(state, seat)
    while len(hand) < state.hand_size:
        if not deck:
            if rebuilt:
                lines.say(f"{who}'s deck ran out again: a refill rebuilds only once.")
                break
            if not rebuild(state, seat, lines, keep=fresh):
                lines.say(f"{who}'s Unready deck is empty and no Spent card can be shuffled into it: nothing is drawn.")
                break
            rebuilt = True
            continue
        card = deck.pop()
        hand.append(card)
        state.card_states.pop(card, None)
        drawn += 1
        found = definition(state, card)
        if isinstance(found, ConditionDef):
            spent = len(state.spent(seat))
            trigger(state, seat, card, found, lines)
            fresh += len(state.spent(seat)) - spent
        else:
            lines.say(f"You drew {found.name}.", seat=seat)
    if drawn:
        outcome.say(f"{who} draws {drawn} card{'' if drawn == 1 else 's'} into the Ready Hand.")
    outcome.log.extend(lines.log)
    outcome.reveals = True


def refill_now(state: WTRState, seat: str, outcome: Outcome, fresh: int = 0) -> None:
    """In the "immediately" refill mode, a Ready Hand is topped up as soon as a card leaves it."""
    if state.refill == "immediately":
        refill(state, seat, outcome, fresh)


def count_card(state: WTRState, outcome: Outcome) -> None:
    """One more card played (or spent on Support): the phase clock moves on."""
    before = state.phase
    state.played += 1
    after = state.phase
    if state.played == SCENE_CARDS:
        outcome.say(f"{SCENE_CARDS} cards have been played: the Scene ends when this turn ends.")
    elif after != before:
        outcome.say(PHASE_LINES[after])


PHASE_LINES = {
    "Day": f"{CARDS_PER_PHASE} cards have been played: Day begins.",
    "Dusk": "Dusk falls: every roll gains a d4 COST, and Support costs 2 Fatigue.",
    "Night": "Night falls: no one may Support.",
    "Collapse": f"Collapse: no one may Support, and the Scene ends after {CARDS_PER_PHASE} more cards.",
}


