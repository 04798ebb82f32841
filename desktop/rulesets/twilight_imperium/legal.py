"""The actions each seat may take now, each one accepted by `apply` as it is.

Free bookkeeping (`set_counter`, revealing several cards at once) is not listed: its values are
open-ended. The initiative order is listed as one order per first player; any order is accepted.
"""

from __future__ import annotations

from desktop.engine.errors import RuleError
from desktop.rulesets.twilight_imperium import actions as a
from desktop.rulesets.twilight_imperium.checks import card_def, check_play
from desktop.rulesets.twilight_imperium.events import EVENTS
from desktop.rulesets.twilight_imperium.rules import may_end_session
from desktop.rulesets.twilight_imperium.state import TIState


def legal_actions(state: TIState, player: str | None = None) -> list[a.Action]:
    seats = state.seat_ids() if player is None else [player]
    if state.ended:
        return []
    if state.obligations:
        duty = state.obligations[0]
        if duty.player not in seats:
            return []
        return [a.Discard(player=duty.player, card=card) for card in state.hand(duty.player)]
    found: list[a.Action] = []
    for seat in seats:
        found.extend(_for_seat(state, seat))
    return found


def _for_seat(state: TIState, seat: str) -> list[a.Action]:
    from desktop.rulesets.twilight_imperium.scenarios import PRACTICES

    found: list[a.Action] = PRACTICES.offers(state, seat) + _plays(state, seat)
    found += [a.Reveal(player=seat, cards=[card]) for card in state.hand(seat) if card not in state.revealed]
    if state.resolving is not None:
        if state.resolving.player == seat:
            found.append(a.Resolve(player=seat))
        elif seat not in state.resolving.let_resolve:
            found.append(a.LetResolve(player=seat))
        return found
    if state.window is not None:
        if seat not in state.window.passed:
            found.append(a.Pass(player=seat))
        return found
    if state.secondary is not None:
        if state.secondary.waiting[0] == seat:
            if state.counters[seat]["strategy_tokens"] > 0:
                found.append(a.PoliticsSecondary(player=seat, follow=True))
            found.append(a.PoliticsSecondary(player=seat, follow=False))
        return found
    found += [a.Declare(player=seat, event=kind) for kind, (phase, _) in EVENTS.items() if phase == state.phase]
    if state.phase == "strategy":
        order = state.seat_ids()
        start = order.index(seat)
        found.append(a.SetInitiative(player=seat, order=order[start:] + order[:start]))
    elif state.phase == "action" and state.active == seat:
        if not state.politics_used:
            found.append(a.Politics(player=seat))
        found += [a.EndTurn(player=seat), a.PassPhase(player=seat)]
    elif state.phase == "status":
        waiting = [s for s in state.initiative if s not in state.status_drawn]
        if waiting and waiting[0] == seat:
            found.append(a.StatusDraw(player=seat))
        if not waiting:
            found.append(a.AdvancePhase(player=seat))
    elif state.phase == "agenda":
        found.append(a.AdvancePhase(player=seat))
    if may_end_session(state):
        found.append(a.EndSession(player=seat))
    return found


def _plays(state: TIState, seat: str) -> list[a.Action]:
    plays: list[a.Action] = []
    others = [s for s in state.seat_ids() if s != seat]
    for card in state.hand(seat):
        definition = card_def(state, card)
        confirm = bool(definition.requirement)
        targets = others if definition.offensive else [None]
        for target in targets:
            candidate = a.Play(player=seat, card=card, target_player=target, confirm=confirm)
            try:
                check_play(state, candidate)
            except RuleError:
                break  # the same check refuses every target of this card
            plays.append(candidate)
    return plays
