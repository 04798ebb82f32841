"""The checks shared by `apply` and `legal_actions`: each raises RuleError with one sentence."""

from __future__ import annotations

from desktop.engine import mechanics
from desktop.engine.errors import RuleError
from desktop.engine.text import TEXT_LIMIT, problem, shown
from desktop.rulesets.worlds_that_remember import actions as a
from desktop.rulesets.worlds_that_remember import sections
from desktop.rulesets.worlds_that_remember.cards import ActionDef, ConditionDef
from desktop.rulesets.worlds_that_remember.decks import DECK_MAX
from desktop.rulesets.worlds_that_remember.pools import (
    extra_tags,
)
from desktop.rulesets.worlds_that_remember.reading import (
    blocking,
    card_name,
    definition,
    is_condition,
    is_out,
    name,
)
from desktop.rulesets.worlds_that_remember.state import (
    SUPPORT_COST,
    WTRState,
)

# ---- checks shared by apply and legal_actions ----------------------------------------------------


def check_owed(state: WTRState, act: a.Action) -> None:
    duty = mechanics.owed_before(state.owed, act, a.Trash)
    if duty is None:
        return
    who = name(state, duty.player)
    raise RuleError(
        f"{who}'s deck holds more than {DECK_MAX} cards: {who} must first remove a card that is not a Condition.",
        rule=sections.DECK,
    )


def check_turn(state: WTRState, player: str) -> None:
    if state.scene_over:
        raise RuleError("The Scene is over: start the next Scene first.", rule=sections.PHASES)
    if state.roll is not None:
        roll = state.roll
        raise RuleError(f"{name(state, roll.player)}'s roll of {card_name(state, roll.card)} is still open: it must be rolled first.", rule=sections.TURN)
    if player != state.active:
        raise RuleError(f"It is {name(state, state.active)}'s turn, not {name(state, player)}'s.", rule=sections.TURN)


def check_intent(intent: str, card: str) -> None:
    trouble = problem(intent, TEXT_LIMIT)
    if trouble:
        raise RuleError(f"The intent {trouble}.", rule=sections.TURN)
    if not intent.strip():
        raise RuleError(f"Declare your intent: say in a short sentence what you mean to do with {card}.", rule=sections.TURN)


def check_tags(state: WTRState, seat: str, card: ActionDef, labels: list[str]) -> None:
    allowed = {tag.label for tag in extra_tags(card, state.characters[seat])}
    printed = {tag.label for tag in card.tags}
    seen: set[str] = set()
    for label in labels:
        if label in printed:
            raise RuleError(f"{label} is printed on {card.name}: it always applies and adds its die once.", rule=sections.POOL)
        if label not in allowed:
            raise RuleError(f"{state.characters[seat].name} has no tag or gear called \u201c{label}\u201d.", rule=sections.POOL)
        if label in seen:
            raise RuleError(f"The tag {label} is named twice: no tag adds more than one die.", rule=sections.POOL)
        seen.add(label)


def check_fatigue_room(state: WTRState, seat: str, cost: int) -> None:
    """In the "cap" mode a player may not take on Fatigue above the maximum by choice."""
    if state.at_max == "cap" and state.fatigue(seat) + cost > state.fatigue_max:
        raise RuleError(
            f"{name(state, seat)}'s Fatigue is {state.fatigue(seat)} of {state.fatigue_max}: {name(state, seat)} "
            f"cannot take on {cost} more by choice.",
            rule=sections.FATIGUE,
        )


def check_play(state: WTRState, act: a.Play) -> ActionDef:
    check_turn(state, act.player)
    who = name(state, act.player)
    if state.forced_this_turn or state.played_this_turn:
        raise RuleError(f"{who} has already played a card this turn.", rule=sections.TURN)
    if act.card not in state.ready(act.player):
        raise RuleError(f"The card {shown(act.card, 40)!r} is not in {who}'s Ready Hand.", rule=sections.CARDS)
    card = definition(state, act.card)
    if isinstance(card, ConditionDef):
        raise RuleError(f"{card.name} is a Condition: it cannot be played as an action.", rule=sections.CONDITIONS)
    check_intent(act.intent, card.name)
    check_tags(state, act.player, card, act.tags)
    return card


def check_force(state: WTRState, act: a.Force) -> ActionDef:
    check_turn(state, act.player)
    who = name(state, act.player)
    if state.forced_this_turn:
        raise RuleError(f"{who} has already forced a card this turn.", rule=sections.FORCING)
    if state.played_this_turn:
        raise RuleError(f"{who} has already played a card this turn.", rule=sections.FORCING)
    if act.card == act.discard:
        raise RuleError(f"{who} cannot discard the card being forced: discard a different Ready card.", rule=sections.FORCING)
    if act.card not in state.unready(act.player):
        raise RuleError(f"The card {shown(act.card, 40)!r} is not in {who}'s Unready deck: only an Unready card is forced.", rule=sections.FORCING)
    card = definition(state, act.card)
    if isinstance(card, ConditionDef):
        raise RuleError(f"{card.name} is a Condition: it cannot be forced or played as an action.", rule=sections.FORCING)
    if act.discard not in state.ready(act.player):
        raise RuleError(f"The card {who} discards to force {card.name} must be in {who}'s Ready Hand.", rule=sections.FORCING)
    blocked = blocking(state, act.player, "no_force")
    if blocked is not None:
        raise RuleError(f"{blocked.name} is in {who}'s Ready Hand: {who} cannot force Unready cards.", rule=sections.FORCING)
    check_fatigue_room(state, act.player, 1)
    check_intent(act.intent, card.name)
    check_tags(state, act.player, card, act.tags)
    return card


def support_refusal(state: WTRState, seat: str) -> str | None:
    """Why `seat` may not Support the open roll now, or None."""
    roll = state.roll
    if roll is None:
        return "There is no roll open to Support."
    if seat == roll.player:
        return f"{name(state, seat)} cannot Support their own roll."
    phase = state.phase
    if phase not in SUPPORT_COST:
        return f"{phase} allows no proactive intervention: no one may Support."
    if seat in roll.supporters():
        return f"{name(state, seat)} has already supported this roll."
    if seat in roll.window.passed:
        return f"{name(state, seat)} has passed on this roll."
    if is_out(state, seat):
        return f"{name(state, seat)} is out of the Scene at the maximum Fatigue."
    blocked = blocking(state, seat, "no_support")
    if blocked is not None:
        return f"{blocked.name} is in {name(state, seat)}'s Ready Hand: {name(state, seat)} cannot Support."
    if not support_payments(state, seat):
        if state.ready(seat):
            return f"{name(state, seat)}'s Ready Hand holds only Conditions: Support is paid with an Action card."
        return f"{name(state, seat)} has no Ready card to spend on Support."
    cost = SUPPORT_COST[phase]
    if state.at_max == "cap" and state.fatigue(seat) + cost > state.fatigue_max:
        return f"{name(state, seat)}'s Fatigue is {state.fatigue(seat)} of {state.fatigue_max}: Support would cost {cost} more."
    return None


def support_payments(state: WTRState, seat: str) -> list[str]:
    """The Ready cards that may pay for Support: Action cards (the seed's 7.6, "Discard one Action
    Card from your Ready Hand"); a Condition too only in games of edition 2."""
    return [card for card in state.ready(seat) if state.conditions_pay_support or not is_condition(state, card)]


def support_card_refusal(state: WTRState, seat: str, card: str) -> str | None:
    """Why `card` may not pay for `seat`'s Support, or None."""
    if card not in state.ready(seat):
        return f"The card {name(state, seat)} spends on Support must be in {name(state, seat)}'s Ready Hand."
    if card not in support_payments(state, seat):
        return f"{card_name(state, card)} is a Condition: Support is paid with an Action card from the Ready Hand."
    return None


def may_support(state: WTRState, seat: str) -> bool:
    return support_refusal(state, seat) is None


def supporters_waiting(state: WTRState) -> list[str]:
    if state.roll is None:
        return []
    return [seat for seat in state.order if may_support(state, seat)]


