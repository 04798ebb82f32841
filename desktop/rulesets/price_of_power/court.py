"""Appoint (a Minor Action; a General or Ruler as a Reaction), Loans, and what happened on the
board: the events a player declares so that Reactions may answer them, and a character dismissed.

Every check is a function of its own (`check_appoint`, `check_loan`...) that the legal actions
call too, so what is listed is what is accepted.
"""

from __future__ import annotations

from desktop.engine.errors import RuleError
from desktop.engine.ruleset import Outcome
from desktop.engine.state import move_card
from desktop.rulesets.price_of_power import actions as a
from desktop.rulesets.price_of_power import sections
from desktop.rulesets.price_of_power.cards import POWER_WORDS, TRIGGER_WORDS, happened
from desktop.rulesets.price_of_power.core import (
    Cost,
    card_def,
    check_cost,
    name_of,
    not_held,
    pay,
    to_discard,
)
from desktop.rulesets.price_of_power.draws import keeper, settle_draws, setup_round
from desktop.rulesets.price_of_power.phases import check_turn, upkeep_seat
from desktop.rulesets.price_of_power.state import (
    INTEREST_MAX,
    LOAN,
    PoPState,
    Trigger,
)

# ---- Appoint -----------------------------------------------------------------------------------


def check_appoint(state: PoPState, act: a.Appoint) -> tuple[str, Cost | None]:
    """Where the card comes from and what hiring costs. Appoint is a Minor Action on one's Turn
    (the Turn goes on), at setup from the cards drawn, and a Reaction for a General (an army in
    one's Realm attacked) or a Ruler (one's Ruler discarded)."""
    who = name_of(state, act.player)
    trigger = state.trigger
    if setup_round(state) and keeper(state) == act.player:
        source = f"drawn:{act.player}"
        if act.card not in state.drawn(act.player):
            raise RuleError(not_held(state, act.player, act.card, "drawn cards"), rule=sections.APPOINT)
    elif trigger is not None and trigger.opener == act.player:
        source = f"hand:{act.player}"
        if act.card not in state.hand(act.player):
            raise RuleError(not_held(state, act.player, act.card), rule=sections.APPOINT)
        kind = card_def(state, act.card).character.kind
        allowed = {"army-attacked": ("general", "admiral"), "ruler-discarded": ("ruler",)}.get(trigger.event, ())
        if kind not in allowed:
            raise RuleError(
                "As a Reaction, a General is appointed when your army inside your Realm is attacked, and a Ruler "
                f"when your Ruler is discarded; {card_def(state, act.card).character.name} is not one of these now.",
                rule=sections.APPOINT,
            )
    else:
        source = f"hand:{act.player}"
        if act.card not in state.hand(act.player):
            raise RuleError(not_held(state, act.player, act.card), rule=sections.APPOINT)
        check_turn(state, act.player, "appoint")
    character = card_def(state, act.card).character
    if character.kind == "ruler":
        if not state.counters[act.player]["interregnum"]:
            raise RuleError(f"{who} has a Ruler: a new Ruler is appointed only during an Interregnum.", rule=sections.APPOINT)
        return source, None
    if character.kind == "advisor":
        cost = Cost(power_type="adm", power=0, ducats=character.hire, printed=0)
    else:
        cost = Cost(power_type="mil", power=character.hire, ducats=0, printed=character.hire)
    check_cost(state, act.player, f"Hiring {character.name}", cost)
    return source, cost


def appoint(state: PoPState, act: a.Appoint, outcome: Outcome) -> None:
    source, cost = check_appoint(state, act)
    card = card_def(state, act.card)
    character = card.character
    who = name_of(state, act.player)
    if cost is not None:
        pay(state, act.player, cost)
    if character.kind == "advisor":
        for other in list(state.court(act.player)):
            held = card_def(state, other).character
            if held.kind == "advisor" and held.power == character.power:
                to_discard(state, other, f"court:{act.player}")
                outcome.say(f"{held.name} leaves {who}'s court for the new {POWER_WORDS[character.power]} Advisor (to the discard pile).")
    if character.kind == "ruler":
        state.counters[act.player]["interregnum"] = 0
    move_card(state, act.card, source, f"court:{act.player}")
    price = f" for {cost.words()}" if cost is not None and (cost.power or cost.ducats) else ""
    outcome.say(f"{who} appoints {character.name} ({character.title}, from {card.name}){price}.")
    if state.phase == "action" and state.active == act.player and state.trigger is None:
        outcome.say(f"Appointing is a Minor Action: {who}'s turn goes on.")
    if source.startswith("drawn:"):
        # A card appointed at setup leaves the drawn cards as a kept or released one does: the
        # last one chosen for must move the setup on (to the next seat, or to Phase 2).
        settle_draws(state, outcome)


# ---- Loans, and what happened on the board ------------------------------------------------------


def acting(state: PoPState, seat: str) -> bool:
    """Whether `seat` is the one the game waits for now (who may cover a cost with a Loan)."""
    if state.covert:
        waiting = state.covert[-1].window.waiting()
        return bool(waiting) and waiting[0] == seat
    if state.trigger is not None:
        return state.trigger.opener == seat
    battle = state.battle
    if battle is not None and battle.step != "between":
        return battle.seat_of(battle.step) == seat
    if battle is not None:
        return False
    if state.phase == "draw":
        return keeper(state) == seat and not setup_round(state)
    if state.phase == "action":
        return state.active == seat
    if state.phase == "income":
        return upkeep_seat(state) == seat
    return False


def check_loan(state: PoPState, act: a.Loan) -> None:
    who = name_of(state, act.player)
    if not state.loans:
        raise RuleError("Loans are off in this game (the option loans).", rule=sections.COSTS)
    if state.owed:
        raise RuleError(f"{name_of(state, state.owed[0].player)} must first discard down to five.", rule=sections.COSTS)
    if not acting(state, act.player):
        raise RuleError(f"{who} takes a Loan on their own turn, or when they must cover a cost now.", rule=sections.COSTS)
    if state.counters[act.player]["interest"] >= INTEREST_MAX:
        raise RuleError(f"{who} has {INTEREST_MAX} Interest tokens: no more Loans.", rule=sections.COSTS)


def loan(state: PoPState, act: a.Loan, outcome: Outcome) -> None:
    check_loan(state, act)
    state.counters[act.player]["ducats"] += LOAN
    state.counters[act.player]["interest"] += 1
    tokens = state.counters[act.player]["interest"]
    outcome.say(f"{name_of(state, act.player)} takes a Loan: {LOAN} Ducats and an Interest token ({tokens}).")


def check_repay(state: PoPState, act: a.Repay) -> None:
    who = name_of(state, act.player)
    if not state.loans:
        raise RuleError("Loans are off in this game (the option loans).", rule=sections.COSTS)
    check_turn(state, act.player, "repay a Loan")
    if not state.counters[act.player]["interest"]:
        raise RuleError(f"{who} has no Loan to repay.", rule=sections.COSTS)
    if state.counters[act.player]["ducats"] < LOAN:
        have = state.counters[act.player]["ducats"]
        raise RuleError(f"Repaying a Loan needs {LOAN} Ducats; {who} has {have} ({LOAN - have} short).", rule=sections.COSTS)


def repay(state: PoPState, act: a.Repay, outcome: Outcome) -> None:
    check_repay(state, act)
    state.counters[act.player]["ducats"] -= LOAN
    state.counters[act.player]["interest"] -= 1
    outcome.say(f"{name_of(state, act.player)} repays a Loan: {LOAN} Ducats, one Interest token less.")


def check_quiet(state: PoPState, doing: str) -> None:
    if state.owed:
        raise RuleError(f"{name_of(state, state.owed[0].player)} must first discard down to five, before {doing}.", rule=sections.HANDS)
    if state.covert:
        raise RuleError(f"{state.covert[-1].name} waits for answers: {doing} comes after.", rule=sections.COVERT)
    if state.trigger is not None:
        raise RuleError(f"{name_of(state, state.trigger.opener)} is answering what happened to them: {doing} comes after.", rule=sections.REACTIONS)


def declare(state: PoPState, act: a.Declare, outcome: Outcome) -> None:
    check_quiet(state, "declaring what happened")
    if act.event not in TRIGGER_WORDS or act.event == "covert-action":
        raise RuleError("A Covert Action is answered when it is played; declare another event.")
    if act.text and act.event != "other":
        raise RuleError("Words are given only for an \"other\" event.")
    state.trigger = Trigger(opener=act.player, eligible=[act.player], event=act.event, text=act.text)
    who = name_of(state, act.player)
    what = (act.text or "something else happened") if act.event == "other" else happened(act.event, who)
    outcome.say(f"{who} declares: {what}. {who} may play Reactions to it, then passes.")


def dismiss(state: PoPState, act: a.Dismiss, outcome: Outcome) -> None:
    check_quiet(state, "a character leaving the court")
    if act.card not in state.court(act.player):
        raise RuleError(not_held(state, act.player, act.card, "court"))
    character = card_def(state, act.card).character
    who = name_of(state, act.player)
    to_discard(state, act.card, f"court:{act.player}")
    outcome.say(f"{character.name} leaves {who}'s court (to the discard pile).")
    if character.kind == "ruler":
        state.counters[act.player]["interregnum"] = 1
        state.trigger = Trigger(opener=act.player, eligible=[act.player], event="ruler-discarded")
        outcome.say(f"{who}'s Ruler is discarded: an Interregnum begins; {who} may answer with Reactions (or appoint a Ruler), then passes.")
