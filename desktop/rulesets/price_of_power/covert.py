"""Covert Actions and Counterespionage in Price of Power: a covert play waits while every other
seat in turn may counter it (or pass), then resolves or is prevented, a counter of a counter
letting the play beneath go ahead; and Fabricate Claims, the covert Basic Action.

Every other seat is asked, holders of Counterespionage or not, so that nobody learns who holds
one."""

from __future__ import annotations

from desktop.engine import mechanics
from desktop.engine.errors import RuleError
from desktop.engine.ruleset import Outcome
from desktop.rulesets.price_of_power import actions as a
from desktop.rulesets.price_of_power.core import (
    Cost,
    card_def,
    check_cost,
    cubes_on,
    end_turn,
    leave_display,
    name_of,
    pay,
    resolve_effect,
)
from desktop.rulesets.price_of_power.phases import check_turn
from desktop.rulesets.price_of_power.state import (
    CLAIM_PRICE,
    CLAIMS_MOST,
    COVERT_ZONE,
    Covert,
    PoPState,
    discard_zone,
)


def answer_window(state: PoPState, player: str) -> mechanics.Responses:
    """Every other seat in turn from the player's left: asking all of them, holders or not, keeps
    secret who holds Counterespionage."""
    return mechanics.Responses(opener=player, eligible=mechanics.seating_from(state.order(), player))


def open_covert(state: PoPState, play: Covert, outcome: Outcome) -> None:
    """The play waits (a card in `covert`, a Display action on its card) while the others answer."""
    if play.form == "counter" and not state.counter_chain:
        state.covert.append(play)
        outcome.say(f"{play.name} cannot itself be countered (the option counter_chain is off).")
        settle_covert(state, outcome)
        return
    state.covert.append(play)
    first = play.window.waiting()[0]
    outcome.say(f"Each other player in turn may counter {play.name} with Counterespionage or pass; {name_of(state, first)} answers first.")


def pass_(state: PoPState, act: a.Pass, outcome: Outcome) -> None:
    who = name_of(state, act.player)
    if state.covert:
        top = state.covert[-1]
        waiting = top.window.waiting()
        if waiting[0] != act.player:
            raise RuleError(f"{name_of(state, waiting[0])} answers {top.name} now, not {who}.")
        outcome.say(f"{who} does not counter {top.name}.")
        if top.window.pass_(act.player):
            settle_covert(state, outcome)
        else:
            outcome.say(f"{name_of(state, top.window.waiting()[0])} answers next.")
        return
    if state.trigger is not None:
        if state.trigger.opener != act.player:
            raise RuleError(f"{name_of(state, state.trigger.opener)} answers what happened to them, not {who}.")
        outcome.say(f"{who} plays no more Reactions to it.")
        state.trigger = None
        return
    raise RuleError("There is nothing to pass on: no Covert Action or Reaction waits for an answer.")


def settle_covert(state: PoPState, outcome: Outcome) -> None:
    """Nobody counters the last play: it resolves. A Counterespionage that resolves prevents
    the play beneath it; if that was itself a Counterespionage, the play beneath it goes ahead."""
    top = state.covert.pop()
    if top.form != "counter":
        resolve_covert(state, top, outcome)
        return
    victim = state.covert.pop()
    if top.zone == COVERT_ZONE:
        mechanics.settle_pending(state, top, discard_zone(card_def(state, top.card).deck))
    elif cubes_on(state, top.card) == 0:
        leave_display(state, top.card, outcome, "its last cube is spent")
    outcome.say(f"{name_of(state, top.player)}'s {top.name} resolves: {name_of(state, victim.player)}'s {victim.name} is prevented.")
    cancel_covert(state, victim, outcome)
    if victim.form == "counter" and state.covert:
        outcome.say(f"With its counter prevented, {state.covert[-1].name} goes ahead.")
        settle_covert(state, outcome)


def resolve_covert(state: PoPState, play: Covert, outcome: Outcome) -> None:
    if play.form == "basic":
        outcome.say(f"Nobody counters {play.name}: it resolves.")
        where = f" ({play.note})" if play.note else ""
        outcome.say(f"{name_of(state, play.player)} places {claims_words(play.claims)} on the board{where}.")
        end_turn(state, outcome)
        return
    card = card_def(state, play.card)
    ability = card.actions[play.action] if play.form == "display" else card.play
    outcome.say(f"Nobody counters {play.name}: it resolves.")
    resolve_effect(state, play.player, ability, card.deck, outcome)
    if play.form == "display":
        if cubes_on(state, play.card) == 0:
            leave_display(state, play.card, outcome, "its last cube is spent")
    else:
        mechanics.settle_pending(state, play, discard_zone(card.deck))
    if play.turn:
        end_turn(state, outcome)


def cancel_covert(state: PoPState, play: Covert, outcome: Outcome) -> None:
    """A countered card is discarded and its cost stays paid; a countered Display action keeps
    its cubes spent, and its last cube still discards the card (the seed's 6.2)."""
    if play.form == "display":
        outcome.say(f"{play.name} is prevented; its cost ({play.paid}) and its cubes stay spent.")
        if cubes_on(state, play.card) == 0:
            leave_display(state, play.card, outcome, "its last cube was spent")
    elif play.form == "basic":
        outcome.say(f"{play.name} is prevented: no Claim is placed; its cost ({play.paid}) stays paid.")
    elif play.zone == COVERT_ZONE:
        mechanics.settle_pending(state, play, discard_zone(card_def(state, play.card).deck))
        outcome.say(f"{play.name} is discarded; its cost ({play.paid}) stays paid.")
    else:  # a Display card's Counterespionage action, itself countered
        outcome.say(f"{play.name} is prevented; its cost ({play.paid}) and its cubes stay spent.")
        if cubes_on(state, play.card) == 0:
            leave_display(state, play.card, outcome, "its last cube was spent")
    if play.turn:
        outcome.say(f"{name_of(state, play.player)}'s turn is spent.")
        end_turn(state, outcome)


# ---- Fabricate Claims: a covert Basic Action --------------------------------------------------


def claims_words(claims: int) -> str:
    return f"{claims} Claim{'s' if claims != 1 else ''}"


def fabricate_cost(act: a.Fabricate) -> Cost:
    price = CLAIM_PRICE * act.claims
    return Cost(power_type="dip", power=price, ducats=0, printed=price)


def check_fabricate(state: PoPState, act: a.Fabricate) -> Cost:
    check_turn(state, act.player, "Fabricate Claims")
    if not 1 <= act.claims <= CLAIMS_MOST:
        raise RuleError(f"Fabricate Claims places 1 to {CLAIMS_MOST} Claims ({CLAIM_PRICE} DIP each).")
    cost = fabricate_cost(act)
    check_cost(state, act.player, f"Fabricating {claims_words(act.claims)}", cost)
    return cost


def fabricate(state: PoPState, act: a.Fabricate, outcome: Outcome) -> None:
    """Paid now, then answered like a covert card: countered, its cost stays paid and the Turn is
    spent; not countered, the Claims go on the board (the board's rules say where)."""
    cost = check_fabricate(state, act)
    pay(state, act.player, cost)
    paid = cost.words()
    outcome.say(f"{name_of(state, act.player)} fabricates {claims_words(act.claims)}, a Covert Action, for {paid}.")
    open_covert(state, Covert(card="", player=act.player, zone="", paid=paid, form="basic", name="Fabricate Claims",
                              turn=True, claims=act.claims, note=act.note.strip(), window=answer_window(state, act.player)),
                outcome)
