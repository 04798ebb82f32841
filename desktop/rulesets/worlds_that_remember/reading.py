"""Reading a Worlds That Remember state: names, definitions, what a seat owns, the open roll's pool."""

from __future__ import annotations

from desktop.rulesets.worlds_that_remember.cards import ActionDef, CardDef, ConditionDef, Tag
from desktop.rulesets.worlds_that_remember.cards import card as card_def
from desktop.rulesets.worlds_that_remember.pools import (
    chosen_tags,
    pool_dice,
    support_die,
)
from desktop.rulesets.worlds_that_remember.state import (
    DUSK,
    WTRState,
)

# ---- reading the state -------------------------------------------------------------------------


def name(state: WTRState, seat: str) -> str:
    return state.seat_name(seat)


def definition(state: WTRState, card: str) -> CardDef:
    return card_def(state.cards[card])


def card_name(state: WTRState, card: str) -> str:
    return definition(state, card).name


def is_condition(state: WTRState, card: str) -> bool:
    return isinstance(definition(state, card), ConditionDef)


def owned(state: WTRState, seat: str) -> list[str]:
    """Every card of the seat's deck in the deck-building sense: Ready, Unready, Spent, in play."""
    cards = [*state.ready(seat), *state.unready(seat), *state.spent(seat)]
    if state.roll is not None and state.roll.player == seat:
        cards.append(state.roll.card)
    return cards


def trashable(state: WTRState, seat: str) -> list[str]:
    """The cards the seat may remove when its deck is too big: non-Conditions not in play."""
    return [card for card in (*state.ready(seat), *state.unready(seat), *state.spent(seat)) if not is_condition(state, card)]


def ready_conditions(state: WTRState, seat: str) -> list[ConditionDef]:
    return [d for d in (definition(state, card) for card in state.ready(seat)) if isinstance(d, ConditionDef)]


def blocking(state: WTRState, seat: str, flag: str) -> ConditionDef | None:
    return next((found for found in ready_conditions(state, seat) if getattr(found, flag)), None)


def is_out(state: WTRState, seat: str) -> bool:
    """In the "out" mode, a character at the maximum Fatigue is out of the Scene."""
    return state.at_max == "out" and state.fatigue(seat) >= state.fatigue_max


def find_tag(state: WTRState, seat: str, label: str) -> Tag | None:
    return next((tag for tag in state.characters[seat].all_tags() if tag.label == label), None)


def required_dice(state: WTRState) -> list:
    """The dice the rules add to the open roll by themselves: Dusk's d4 and the roller's Ready
    Conditions' dice (not chosen, never removed)."""
    roll = state.roll
    bare = ActionDef(id="", name="", tags=[], text="", intent="")
    return pool_dice(bare, [], ready_conditions(state, roll.player), state.phase == DUSK)


def current_pool(state: WTRState) -> list:
    """The Aspect dice of the open roll as it stands (the Fate d20 is implied)."""
    roll = state.roll
    card = definition(state, roll.card)
    tags = chosen_tags(card, state.characters[roll.player], roll.tags)
    supports = [support_die(name(state, s.seat), find_tag(state, s.seat, s.tag) if s.tag else None) for s in roll.supports]
    return pool_dice(card, tags, ready_conditions(state, roll.player), state.phase == DUSK, supports)


