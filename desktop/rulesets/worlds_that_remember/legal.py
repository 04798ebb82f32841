"""The actions each seat may take now, each one accepted by `apply` as it is.

Free values come filled with a starting point the player edits in the prompt: the card's own
intent, every tag that may apply (the prompt ticks them all, the player unticks), a plain Support
sentence. `set_fatigue` is not listed (its value is open-ended: the Fatigue counter edits it).
"""

from __future__ import annotations

from desktop.rulesets.worlds_that_remember import actions as a
from desktop.rulesets.worlds_that_remember.cards import ActionDef, conditions
from desktop.rulesets.worlds_that_remember.checks import may_support, support_payments
from desktop.rulesets.worlds_that_remember.effects import can_take_condition, supply_copy
from desktop.rulesets.worlds_that_remember.pools import extra_tags
from desktop.rulesets.worlds_that_remember.reading import (
    blocking,
    definition,
    is_condition,
    name,
    trashable,
)
from desktop.rulesets.worlds_that_remember.state import WTRState


def legal_actions(state: WTRState, player: str | None = None) -> list[a.Action]:
    seats = state.seat_ids() if player is None else [player]
    if state.owed:
        duty = state.owed[0]
        if duty.player not in seats:
            return []
        return [a.Trash(player=duty.player, card=card) for card in trashable(state, duty.player)]
    found: list[a.Action] = []
    for seat in seats:
        found += _for_seat(state, seat)
    return found


def _for_seat(state: WTRState, seat: str) -> list[a.Action]:
    from desktop.rulesets.worlds_that_remember.scenarios import PRACTICES

    found: list[a.Action] = PRACTICES.offers(state, seat)
    if state.scene_over:
        found.append(a.NewScene(player=seat))
    elif state.roll is not None:
        found += _during_roll(state, seat)
    elif seat == state.active:
        found += _turn(state, seat)
    found += _bookkeeping(state, seat)
    return found


def _turn(state: WTRState, seat: str) -> list[a.Action]:
    found: list[a.Action] = []
    if not state.played_this_turn:
        character = state.characters[seat]
        for card in state.ready(seat):
            found_def = definition(state, card)
            if isinstance(found_def, ActionDef):
                found.append(a.Play(player=seat, card=card, intent=found_def.intent, tags=_tags(found_def, character)))
        if _may_force(state, seat):
            for card in state.unready(seat):
                found_def = definition(state, card)
                if not isinstance(found_def, ActionDef):
                    continue
                tags = _tags(found_def, character)
                found += [
                    a.Force(player=seat, card=card, discard=paid, intent=found_def.intent, tags=tags)
                    for paid in state.ready(seat)
                ]
    found.append(a.EndTurn(player=seat))
    return found


def _may_force(state: WTRState, seat: str) -> bool:
    if state.forced_this_turn or not state.ready(seat) or blocking(state, seat, "no_force") is not None:
        return False
    return not (state.at_max == "cap" and state.fatigue(seat) + 1 > state.fatigue_max)


def _tags(card: ActionDef, character) -> list[str]:
    return [tag.label for tag in extra_tags(card, character)]


def _during_roll(state: WTRState, seat: str) -> list[a.Action]:
    roll = state.roll
    if seat == roll.player:
        return [a.Roll(player=seat)]
    if not may_support(state, seat):
        return []
    narration = f"I back {name(state, roll.player)} up."
    labels = ["", *(tag.label for tag in state.characters[seat].all_tags())]
    found: list[a.Action] = [
        a.Support(player=seat, card=card, tag=label, narration=narration)
        for card in support_payments(state, seat)
        for label in labels
    ]
    found.append(a.Pass(player=seat))
    return found


def _bookkeeping(state: WTRState, seat: str) -> list[a.Action]:
    found: list[a.Action] = []
    if can_take_condition(state, seat):
        found += [
            a.GainCondition(player=seat, condition=condition.id)
            for condition in conditions()
            if supply_copy(state, condition.id) is not None
        ]
    zones = (state.ready(seat), state.unready(seat), state.spent(seat))
    found += [a.ClearCondition(player=seat, card=card) for cards in zones for card in cards if is_condition(state, card)]
    return found
