"""The round of Price of Power as far as the cards touch it: the Action phase's Turns, Phase 3
(battles), Income & Upkeep, Cleanup's Step C, and the new round. (Draw Cards, and the first
round's setup draw, are in `draws.py`.)
"""

from __future__ import annotations

from desktop.engine import mechanics
from desktop.engine.errors import RuleError
from desktop.engine.ruleset import Outcome
from desktop.rulesets.price_of_power import actions as a
from desktop.rulesets.price_of_power import sections
from desktop.rulesets.price_of_power.cards import DECK_NAMES, POWER_WORDS, POWERS
from desktop.rulesets.price_of_power.core import (
    card_def,
    end_turn,
    gain,
    name_of,
    not_held,
    to_discard,
)
from desktop.rulesets.price_of_power.draws import settle_draws
from desktop.rulesets.price_of_power.state import (
    DRAWS,
    HAND_LIMIT,
    PHASE_LABELS,
    PHASES,
    PoPState,
)

# ---- the Action phase --------------------------------------------------------------------------


def check_turn(state: PoPState, seat: str, doing: str) -> None:
    """A Turn is taken in Phase 2 by the seat whose Turn it is, with nothing left to answer."""
    who = name_of(state, seat)
    if state.phase != "action":
        raise RuleError(f"{who} can {doing} only on their Turn in Phase 2 Actions; it is {PHASE_LABELS[state.phase]}.", rule=sections.TURN)
    if seat in state.passed:
        raise RuleError(f"{who} has passed: only Reactions and Battle Actions are open to them this phase.", rule=sections.TURN)
    if state.active != seat:
        raise RuleError(f"It is {name_of(state, state.active)}'s turn, not {who}'s.", rule=sections.TURN)
    if state.battle is not None:
        raise RuleError(f"A battle is under way: end it before {who} goes on with the turn.", rule=sections.TURN)
    if state.covert or state.trigger is not None:
        raise RuleError(f"An answer is awaited first: {who} goes on with the turn after it.", rule=sections.TURN)


def pass_phase(state: PoPState, act: a.PassPhase, outcome: Outcome) -> None:
    check_turn(state, act.player, "pass")
    who = name_of(state, act.player)
    if state.event_required and act.player not in state.event_taken:
        raise RuleError(f"{who} must take the round's Event (a Basic Action) before passing.")
    state.passed.append(act.player)
    outcome.say(f"{who} passes for the rest of the Action phase.")
    end_turn(state, outcome)


def check_basic(state: PoPState, act: a.Basic) -> None:
    check_turn(state, act.player, "take a Basic Action")
    who = name_of(state, act.player)
    if act.event and act.player in state.event_taken:
        raise RuleError(f"{who} has already taken the Event this round: it is taken once a round.", rule=sections.TURN)
    for power in POWERS:
        value = getattr(act, power)
        if not 0 <= value <= 10:
            raise RuleError(f"A Basic Action's {POWER_WORDS[power]} cost is 0 to 10.", rule=sections.TURN)
    if not 0 <= act.ducats <= 99:
        raise RuleError("A Basic Action's Ducat cost is 0 to 99.", rule=sections.TURN)
    short = [
        f"{getattr(act, key)} {POWER_WORDS.get(key, 'Ducats')}" for key in (*POWERS, "ducats")
        if getattr(act, key) > state.counters[act.player][key]
    ]
    if short:
        have = ", ".join(
            f"{state.counters[act.player][key]} {POWER_WORDS.get(key, 'Ducats')}" for key in (*POWERS, "ducats")
            if getattr(act, key) > state.counters[act.player][key]
        )
        raise RuleError(f"That Basic Action needs {' and '.join(short)}; {who} has {have}.", rule=sections.TURN)


def as_basic(act: a.TakeEvent) -> a.Basic:
    """The Event is a Basic Action with no cost of its own (what its card does is the board's)."""
    return a.Basic(player=act.player, event=True, name=act.name)


def take_event(state: PoPState, act: a.TakeEvent, outcome: Outcome) -> None:
    basic(state, as_basic(act), outcome)


def basic(state: PoPState, act: a.Basic, outcome: Outcome) -> None:
    check_basic(state, act)
    paid = []
    for key in (*POWERS, "ducats"):
        amount = getattr(act, key)
        if amount:
            state.counters[act.player][key] -= amount
            paid.append(f"{amount} {POWER_WORDS.get(key, 'Ducats')}")
    words = act.name.strip() or ("the Event" if act.event else "a Basic Action")
    if act.event:
        state.event_taken.append(act.player)
        words = f"the round's Event ({words})" if act.name.strip() and act.name.strip().lower() != "event" else "the round's Event"
    cost = f", paying {' and '.join(paid)}" if paid else ""
    outcome.say(f"{name_of(state, act.player)} takes {words} on the board{cost}.")
    end_turn(state, outcome)


# ---- Phases 3 to 5 -----------------------------------------------------------------------------


def advance(state: PoPState, act: a.Advance, outcome: Outcome) -> None:
    if state.battle is not None:
        raise RuleError("A battle is under way: end it before the phase ends.")
    if state.phase == "peace":
        begin_income(state, outcome)
        return
    if state.phase == "cleanup":
        if state.owed:
            raise RuleError("Step C is not over: every hand must first be down to five cards.")
        new_round(state, outcome)
        return
    if state.phase == "action":
        raise RuleError("The Action phase ends when every player has passed.")
    if state.phase == "income":
        raise RuleError(f"Phase 4 ends when every player has paid or let go their Advisors; {name_of(state, upkeep_seat(state))} decides now.")
    raise RuleError("Phase 1 ends when every player has drawn and kept their cards.")


def upkeep_seat(state: PoPState) -> str | None:
    if state.phase != "income":
        return None
    for seat in state.order():
        if seat not in state.upkeep_done:
            return seat
    return None


def advisors_waiting(state: PoPState, seat: str) -> list[str]:
    return [
        card for card in state.court(seat)
        if card_def(state, card).character.kind == "advisor" and card not in state.upkept
    ]


def begin_income(state: PoPState, outcome: Outcome) -> None:
    state.phase, _, _ = PHASES.following(state.phase)  # Phase 4
    state.upkeep_done = []
    state.upkept = []
    outcome.say("Phase 4 Income & Upkeep: in turn order, each player pays their Advisors' upkeep or lets them go, then collects the income of their Ruler and Advisors.")
    settle_income(state, outcome)


def settle_income(state: PoPState, outcome: Outcome) -> None:
    while (seat := upkeep_seat(state)) is not None:
        if advisors_waiting(state, seat):
            return
        collect_income(state, seat, outcome)
        state.upkeep_done.append(seat)
    begin_cleanup(state, outcome)


def collect_income(state: PoPState, seat: str, outcome: Outcome) -> None:
    """The Ruler's skills and each Advisor's skill of its type (the rest of the income is the
    board's, entered on the counters)."""
    income = dict.fromkeys(POWERS, 0)
    for card in state.court(seat):
        character = card_def(state, card).character
        if character.kind == "ruler":
            for power, skill in zip(POWERS, character.skills):
                income[power] += skill
        elif character.kind == "advisor":
            income[character.power] += character.skill
    for power in POWERS:
        gain(state, seat, power, income[power], outcome, "Ruler and Advisors' income")


def check_upkeep(state: PoPState, act: a.Upkeep) -> None:
    seat = upkeep_seat(state)
    if seat is None:
        raise RuleError("Advisors' upkeep is paid in Phase 4 Income & Upkeep.", rule=sections.ROUND)
    if seat != act.player:
        raise RuleError(f"{name_of(state, seat)} pays upkeep now, not {name_of(state, act.player)}.", rule=sections.ROUND)
    if act.card not in advisors_waiting(state, act.player):
        raise RuleError(f"The card {act.card[:40]!r} is not an Advisor of {name_of(state, act.player)}'s court still waiting for its upkeep.", rule=sections.ROUND)
    price = card_def(state, act.card).character.upkeep
    have = state.counters[act.player]["ducats"]
    if act.pay and price > have:
        raise RuleError(
            f"{card_def(state, act.card).character.name}'s upkeep is {price} Ducats; {name_of(state, act.player)} has {have} "
            f"({price - have} short): let the Advisor go, or take a Loan.",
            rule=sections.ROUND,
        )


def upkeep(state: PoPState, act: a.Upkeep, outcome: Outcome) -> None:
    check_upkeep(state, act)
    character = card_def(state, act.card).character
    who = name_of(state, act.player)
    if act.pay:
        state.counters[act.player]["ducats"] -= character.upkeep
        state.upkept.append(act.card)
        outcome.say(f"{who} pays {character.upkeep} Ducats of upkeep for {character.name}.")
    else:
        to_discard(state, act.card, f"court:{act.player}")
        outcome.say(f"{who} lets {character.name} go: the card goes to the {DECK_NAMES[card_def(state, act.card).deck]} discard pile.")
    settle_income(state, outcome)


def begin_cleanup(state: PoPState, outcome: Outcome) -> None:
    """Phase 5, Step C: the only time the hand limit is checked (the seed's 6); Display and
    appointed cards are not in the hand, so they do not count."""
    state.phase, _, _ = PHASES.following(state.phase)  # Phase 5
    over = [seat for seat in state.order() if len(state.hand(seat)) > HAND_LIMIT]
    for seat in over:
        mechanics.owe(state.owed, "discard", seat)
    if over:
        told = "; ".join(f"{name_of(state, s)} holds {len(state.hand(s))} and discards {len(state.hand(s)) - HAND_LIMIT}" for s in over)
        outcome.say(f"Phase 5 Cleanup, Step C: the hand limit of {HAND_LIMIT} is checked: {told}.")
    else:
        outcome.say(f"Phase 5 Cleanup, Step C: every hand holds at most {HAND_LIMIT} cards.")


def check_discard(state: PoPState, act: a.Discard) -> None:
    if not state.owed or state.owed[0].player != act.player:
        raise RuleError(f"{name_of(state, act.player)} discards only at Step C of Phase 5, to keep at most {HAND_LIMIT} cards.", rule=sections.HANDS)
    if act.card not in state.hand(act.player):
        raise RuleError(not_held(state, act.player, act.card), rule=sections.HANDS)


def discard(state: PoPState, act: a.Discard, outcome: Outcome) -> None:
    check_discard(state, act)
    card = card_def(state, act.card)
    to_discard(state, act.card, f"hand:{act.player}")
    left = len(state.hand(act.player))
    outcome.say(f"{name_of(state, act.player)} discards {card.name} at Step C ({left} left in hand).")
    if left <= HAND_LIMIT:
        mechanics.settle(state.owed, "discard", act.player)
        if not state.owed:
            outcome.say("Every hand is down to five: the round can end.")


def new_round(state: PoPState, outcome: Outcome) -> None:
    state.phase, _, _ = PHASES.following(state.phase)  # past Phase 5: a new round's Phase 1
    state.round += 1
    state.draw_step = "draw"
    state.drew = {}
    state.kept = {}
    state.active = None
    state.passed = []
    state.upkeep_done = []
    state.upkept = []
    outcome.say(f"Round {state.round}, Phase 1 Draw Cards: in turn order each player draws {DRAWS} cards, one at a time, from any decks.")
    settle_draws(state, outcome)


def set_first(state: PoPState, act: a.SetFirst, outcome: Outcome) -> None:
    if state.phase != "peace" or state.busy() or state.battle is not None:
        raise RuleError("The first player is changed in Phase 3, between the Action phases.")
    if act.first not in state.seat_ids():
        raise RuleError(f"There is no player {act.first[:40]!r} at this table.")
    state.first = act.first
    outcome.say(f"{name_of(state, act.first)} is the first player from now on: turn order starts with them.")
