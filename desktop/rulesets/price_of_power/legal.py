"""The actions each seat may take now, each one accepted by `apply` as it is: the candidates are
built from what the seat holds and kept when the same check the handler runs accepts them.

Free bookkeeping (`set_counter`) is not listed: its values are open-ended. A Basic Action is
listed with no cost and no words (the prompt asks for both); a card's cost modifier is listed
at 0.
"""

from __future__ import annotations

from itertools import combinations_with_replacement

from desktop.engine.mechanics import accepted
from desktop.rulesets.price_of_power import actions as a
from desktop.rulesets.price_of_power import battles, court, covert, draws, phases, play_checks
from desktop.rulesets.price_of_power.cards import DIE_TYPES, POWERS, Ability
from desktop.rulesets.price_of_power.core import card_def
from desktop.rulesets.price_of_power.state import PoPState

EVENTS = ("war-declared", "army-attacked", "cannot-pay", "ruler-discarded", "other")


def legal_actions(state: PoPState, player: str | None = None) -> list[a.Action]:
    seats = state.seat_ids() if player is None else [player]
    found: list[a.Action] = []
    for seat in seats:
        found.extend(_for_seat(state, seat))
    return found


def _for_seat(state: PoPState, seat: str) -> list[a.Action]:
    from desktop.rulesets.price_of_power.scenarios import PRACTICES

    found: list[a.Action] = PRACTICES.offers(state, seat)
    if state.owed:
        if state.owed[0].player == seat:
            found += [a.Discard(player=seat, card=card) for card in state.hand(seat)]
        return found
    if state.covert or state.trigger is not None:
        if court.acting(state, seat):
            found.append(a.Pass(player=seat))
            found += _plays(state, seat) + _uses(state, seat) + _loan(state, seat)
            if state.trigger is not None:
                found += accepted((a.Appoint(player=seat, card=card) for card in state.hand(seat)),
                                  lambda act: court.check_appoint(state, act))
        return found
    found += _bookkeeping(state, seat)
    battle = state.battle
    if battle is not None:
        if battle.step == "between":
            found += [a.NextRound(player=seat), a.EndBattle(player=seat)]
        elif battle.seat_of(battle.step) == seat:
            found += _plays(state, seat) + _uses(state, seat) + [a.Done(player=seat)] + _loan(state, seat)
        return found
    if state.phase == "draw":
        if draws.drawer(state) == seat:
            found += accepted((a.Draw(player=seat, deck=power) for power in POWERS),
                              lambda act: draws.check_draw(state, act))
        elif draws.keeper(state) == seat:
            drawn = state.drawn(seat)
            found += accepted((a.Keep(player=seat, card=card) for card in drawn), lambda act: draws.check_keep(state, act))
            found += [a.Release(player=seat, card=card) for card in drawn]
            if draws.setup_round(state):
                found += accepted((a.Appoint(player=seat, card=card) for card in drawn),
                                  lambda act: court.check_appoint(state, act))
            found += _loan(state, seat)
    elif state.phase == "action":
        if state.active == seat:
            found += _plays(state, seat) + _uses(state, seat)
            found += accepted((a.Appoint(player=seat, card=card) for card in state.hand(seat)),
                              lambda act: court.check_appoint(state, act))
            # The Event is an entry of its own (nothing to ask); a Basic Action asks its words and costs.
            found += accepted([a.TakeEvent(player=seat)], lambda act: phases.check_basic(state, phases.as_basic(act)))
            found += accepted([a.Basic(player=seat)], lambda act: phases.check_basic(state, act))
            found += accepted([a.Fabricate(player=seat)], lambda act: covert.check_fabricate(state, act))
            if not state.event_required or seat in state.event_taken:
                found.append(a.PassPhase(player=seat))
            found += _loan(state, seat) + accepted([a.Repay(player=seat)], lambda act: court.check_repay(state, act))
            found += _battles(state, seat)
    elif state.phase == "peace":
        found += _battles(state, seat) + [a.Advance(player=seat)]
        found += [a.SetFirst(player=seat, first=other) for other in state.seat_ids() if other != state.first]
    elif state.phase == "income":
        if phases.upkeep_seat(state) == seat:
            waiting = phases.advisors_waiting(state, seat)
            found += accepted((a.Upkeep(player=seat, card=card, pay=True) for card in waiting),
                              lambda act: phases.check_upkeep(state, act))
            found += [a.Upkeep(player=seat, card=card, pay=False) for card in waiting]
            found += _loan(state, seat)
    elif state.phase == "cleanup":
        found.append(a.Advance(player=seat))
    return found


def _bookkeeping(state: PoPState, seat: str) -> list[a.Action]:
    found: list[a.Action] = [a.Declare(player=seat, event=event) for event in EVENTS]
    found += [a.Dismiss(player=seat, card=card) for card in state.court(seat)]
    return found


def _loan(state: PoPState, seat: str) -> list[a.Action]:
    return accepted([a.Loan(player=seat)], lambda act: court.check_loan(state, act))


def _variants(state: PoPState, seat: str, ability: Ability) -> list[dict]:
    """The choices a play of `ability` leaves open: its target, each "?" die's type (every mix
    of types, each listed once: the dice join one pool, so their order says nothing), a confirm."""
    targets = [other for other in state.seat_ids() if other != seat] if ability.targeted else [None]
    mixes = list(combinations_with_replacement(DIE_TYPES, ability.wild_dice)) if ability.wild_dice else [()]
    confirm = play_checks.needs_confirm(ability)
    return [{"target": target, "dice": mix, "confirm": confirm} for target in targets for mix in mixes]


def _plays(state: PoPState, seat: str) -> list[a.Action]:
    candidates = []
    for card in state.hand(seat):
        definition = card_def(state, card)
        replaces = [None]
        if definition.display:
            replaces = [None] + list(state.display(seat))
        for variant in _variants(state, seat, definition.play):
            candidates += [a.Play(player=seat, card=card, replace=replace, **variant) for replace in replaces]
    return accepted(candidates, lambda act: play_checks.check_play(state, act))


def _uses(state: PoPState, seat: str) -> list[a.Action]:
    candidates = []
    for card in state.display(seat):
        for ability in card_def(state, card).actions:
            candidates += [a.Use(player=seat, card=card, action=ability.name, **variant)
                           for variant in _variants(state, seat, ability)]
    return accepted(candidates, lambda act: play_checks.check_use(state, act))


def _battles(state: PoPState, seat: str) -> list[a.Action]:
    others = [other for other in state.seat_ids() if other != seat]
    candidates = []
    for sea in (False, True):
        candidates += [a.DeclareBattle(player=seat, attacker=seat, defender=other, sea=sea) for other in [*others, None]]
        candidates.append(a.DeclareBattle(player=seat, attacker=None, defender=seat, sea=sea))
    return accepted(candidates, lambda act: battles.check_declare_battle(state, act))
