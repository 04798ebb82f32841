"""How each Twilight Imperium action changes the state.

Every handler first checks (raising RuleError with a sentence; checks.py) and only then mutates,
so a refusal leaves the state untouched. Effects beyond the cards (ships destroyed, votes) are recorded
in the log, never simulated.
"""

from __future__ import annotations

from collections.abc import Callable

from desktop.engine import mechanics
from desktop.engine.errors import RuleError
from desktop.engine.ruleset import Outcome
from desktop.engine.state import move_card
from desktop.rulesets.twilight_imperium import actions as a
from desktop.rulesets.twilight_imperium.checks import (
    card_def,
    check_own_turn,
    check_play,
    check_table_quiet,
    name_of,
    normal_target,
    not_in_hand,
)
from desktop.rulesets.twilight_imperium.events import EVENTS, PHASE_LABELS
from desktop.rulesets.twilight_imperium.hands import (
    draw,
    recheck_hand_limits,
    refill_after_discard,
    take_random_card,
)
from desktop.rulesets.twilight_imperium.state import (
    COMPONENT_ACTION,
    COUNTERS,
    PHASES,
    POLITICS,
    Resolving,
    Secondary,
    TIState,
    Window,
)

# ---- turns and phases ------------------------------------------------------------------------


def end_turn(state: TIState, outcome: Outcome) -> None:
    """Passes the turn to the next player in initiative order who has not passed."""
    seat = mechanics.next_in_order(state.initiative, state.active, skip=lambda s: s in state.passed)
    if seat is not None:
        state.active = seat
        outcome.say(f"It is {name_of(state, seat)}'s turn.")
        return
    state.active = None
    state.phase = "status"
    state.status_drawn = []
    outcome.say("Every player has passed: the status phase begins. Draw action cards in initiative order.")


def start_round(state: TIState, outcome: Outcome) -> None:
    """The phases have stepped past the last one: a new round, and what a round kept is cleared."""
    state.round += 1
    state.initiative = []
    state.active = None
    state.passed = []
    state.status_drawn = []
    state.this_round.clear()
    outcome.say(f"Round {state.round}: the strategy phase begins.")


# ---- handlers ----------------------------------------------------------------------------------


def set_initiative(state: TIState, act: a.SetInitiative, outcome: Outcome) -> None:
    if state.phase != "strategy":
        raise RuleError("The initiative order is entered in the strategy phase.")
    check_table_quiet(state, "ending the strategy phase")
    if sorted(act.order) != sorted(state.seat_ids()):
        raise RuleError("The initiative order must name every player exactly once.")
    state.initiative = list(act.order)
    state.phase = "action"
    state.passed = []
    state.active = act.order[0]
    names = ", ".join(name_of(state, seat) for seat in act.order)
    outcome.say(f"Initiative order: {names}. The action phase begins; {name_of(state, act.order[0])} acts first.")


def declare(state: TIState, act: a.Declare, outcome: Outcome) -> None:
    if act.event not in EVENTS:
        raise RuleError(f"'{act.event}' is not an event the app knows.")
    phase, label = EVENTS[act.event]
    if state.phase != phase:
        raise RuleError(f"\u201c{label}\u201d happens only in the {PHASE_LABELS[phase].lower()}.")
    check_table_quiet(state, "declaring another event")
    state.window = Window(event=act.event, opener=act.player, eligible=state.seat_ids())
    outcome.say(f"{name_of(state, act.player)} declares: {label}. Players may play fitting cards or pass.")


def pass_window(state: TIState, act: a.Pass, outcome: Outcome) -> None:
    window = state.window
    if window is None:
        raise RuleError("No timing window is open to pass in.")
    if state.resolving is not None:
        card = card_def(state, state.resolving.card).name
        raise RuleError(f"{card} is still resolving: wait until it resolves or is cancelled.")
    if act.player in window.passed:
        raise RuleError(f"{name_of(state, act.player)} has already passed in this timing window.")
    outcome.say(f"{name_of(state, act.player)} passes.")
    if window.pass_(act.player):
        outcome.say(f"Everyone passed: the window \u201c{EVENTS[window.event][1]}\u201d closes.")
        state.window = None


def let_resolve(state: TIState, act: a.LetResolve, outcome: Outcome) -> None:
    resolving = state.resolving
    if resolving is None:
        raise RuleError("No card is resolving: there is nothing to let resolve.")
    card = card_def(state, resolving.card).name
    if resolving.player == act.player:
        raise RuleError(f"{name_of(state, act.player)} played {card}: resolve it.")
    if act.player in resolving.let_resolve:
        raise RuleError(f"{name_of(state, act.player)} has already let {card} resolve.")
    resolving.let_resolve.append(act.player)
    outcome.say(f"{name_of(state, act.player)} lets {card} resolve.")


def play(state: TIState, act: a.Play, outcome: Outcome) -> None:
    card = check_play(state, act)
    who = name_of(state, act.player)
    if card.is_sabotage:
        cancelled = state.resolving
        victim = card_def(state, cancelled.card)
        move_card(state, act.card, f"hand:{act.player}", "discard")
        mechanics.settle_pending(state, cancelled, "discard")  # its cost stays paid
        state.resolving = None
        outcome.say(
            f"{who} plays Sabotage: {name_of(state, cancelled.player)}'s {victim.name} is "
            "cancelled and discarded; it does not count as played."
        )
        if state.window is not None:
            state.window.reopen()
        if cancelled.component_action:
            end_turn(state, outcome)
        return
    state.resolving = mechanics.hold(
        state, act.card, act.player, f"hand:{act.player}", "play", kind=Resolving,
        paid=COMPONENT_ACTION if card.is_action else "", target_player=act.target_player, target=act.target,
    )
    aim = []
    if act.target_player:
        aim.append(f"against {name_of(state, act.target_player)}")
    if act.target:
        aim.append(f"on {act.target}")
    how = " as a component action" if card.is_action else ""
    outcome.say(f"{who} plays {card.name}{how}{' ' + ' '.join(aim) if aim else ''}.")


def resolve(state: TIState, act: a.Resolve, outcome: Outcome) -> None:
    resolving = state.resolving
    if resolving is None:
        raise RuleError("There is no card in the play area to resolve.")
    card = card_def(state, resolving.card)
    if resolving.player != act.player:
        raise RuleError(f"Only {name_of(state, resolving.player)}, who played {card.name}, resolves it.")
    mechanics.settle_pending(state, resolving, "discard")
    state.resolving = None
    note = f" ({act.note})" if act.note else ""
    outcome.say(f"{card.name} resolves: {card.text}{note}")
    if card.effect == "take-random-card" and resolving.target_player:
        take_random_card(state, resolving.player, resolving.target_player, outcome)
    if state.window is not None:
        state.window.played.record(card.name, by=resolving.player, on=normal_target(resolving.target))
        state.window.reopen()
    if resolving.component_action:
        end_turn(state, outcome)


def end_turn_action(state: TIState, act: a.EndTurn, outcome: Outcome) -> None:
    check_own_turn(state, act.player, "an action")
    note = f": {act.note}" if act.note else ""
    outcome.say(f"{name_of(state, act.player)} takes an action on the board{note}.")
    end_turn(state, outcome)


def pass_phase(state: TIState, act: a.PassPhase, outcome: Outcome) -> None:
    check_own_turn(state, act.player, "a pass")
    state.passed.append(act.player)
    outcome.say(f"{name_of(state, act.player)} passes for the rest of the action phase.")
    end_turn(state, outcome)


def politics(state: TIState, act: a.Politics, outcome: Outcome) -> None:
    check_own_turn(state, act.player, "the Politics strategic action")
    if state.politics_used:
        raise RuleError("The Politics strategy card has already been used this round.")
    state.this_round.record(POLITICS, by=act.player)
    outcome.say(f"{name_of(state, act.player)} uses Politics: the primary ability draws 2.")
    draw(state, act.player, 2, outcome)
    # The secondary goes round the table (the order players were seated in) from the primary.
    waiting = mechanics.seating_from(state.seat_ids(), act.player)
    state.secondary = Secondary(primary=act.player, waiting=waiting)
    if not waiting:
        state.secondary = None
        end_turn(state, outcome)


def politics_secondary(state: TIState, act: a.PoliticsSecondary, outcome: Outcome) -> None:
    secondary = state.secondary
    if secondary is None or act.player not in secondary.waiting:
        raise RuleError(f"No Politics secondary ability is waiting for {name_of(state, act.player)}'s answer.")
    if secondary.waiting[0] != act.player:
        raise RuleError(
            f"{name_of(state, secondary.waiting[0])} answers Politics first: the secondary goes "
            "round the table in seating order."
        )
    who = name_of(state, act.player)
    if act.follow:
        if state.counters[act.player]["strategy_tokens"] < 1:
            raise RuleError(f"{who} has no command token in the strategy pool to spend.")
        state.counters[act.player]["strategy_tokens"] -= 1
        outcome.say(f"{who} spends a strategy token to follow Politics and draws 2.")
        draw(state, act.player, 2, outcome)
    else:
        outcome.say(f"{who} does not follow Politics.")
    secondary.waiting.remove(act.player)
    if not secondary.waiting:
        state.secondary = None
        end_turn(state, outcome)


def status_draw(state: TIState, act: a.StatusDraw, outcome: Outcome) -> None:
    if state.phase != "status":
        raise RuleError("Action cards are drawn for the status phase only in the status phase.")
    check_table_quiet(state, "drawing")
    waiting = [seat for seat in state.initiative if seat not in state.status_drawn]
    if not waiting:
        raise RuleError("Every player has drawn for this status phase.")
    if waiting[0] != act.player:
        raise RuleError(
            f"{name_of(state, waiting[0])} draws next: status-phase draws go in initiative order."
        )
    state.status_drawn.append(act.player)
    extra = state.counters[act.player]["neural_motivator"]
    draw(state, act.player, 1 + (1 if extra else 0), outcome)


def advance_phase(state: TIState, act: a.AdvancePhase, outcome: Outcome) -> None:
    check_table_quiet(state, "ending the phase")
    if state.phase == "strategy":
        raise RuleError("The strategy phase ends when the initiative order is entered.")
    if state.phase == "action":
        raise RuleError("The action phase ends when every player has passed.")
    if state.phase == "status":
        missing = [s for s in state.initiative if s not in state.status_drawn]
        if missing:
            raise RuleError(f"{name_of(state, missing[0])} has not drawn for the status phase yet.")
    state.phase, _, new_round = PHASES.following(state.phase, skip=() if state.agenda_phase else ("agenda",))
    if new_round:
        start_round(state, outcome)
    else:
        outcome.say("The agenda phase begins.")


SESSION_PHASES = ("status", "agenda")  # where the board game ends: scoring, and the agendas


def round_done(state: TIState) -> bool:
    """The round's end: every seat drew for the status phase, or the agenda phase."""
    if state.phase == "status":
        return all(seat in state.status_drawn for seat in state.initiative)
    return state.phase == "agenda"


def may_end_session(state: TIState) -> bool:
    """The session may end at the round's end while the table is quiet: no card resolving, no
    window open, no Politics answer or owed discard waiting."""
    return (round_done(state) and not state.ended and state.resolving is None
            and state.window is None and state.secondary is None and not state.obligations)


def end_session(state: TIState, act: a.EndSession, outcome: Outcome) -> None:
    if state.phase not in SESSION_PHASES:
        raise RuleError(
            "The session ends at the end of a round, in the status or the agenda phase (where the board "
            f"game ends): this is the {PHASE_LABELS[state.phase].lower()}."
        )
    check_table_quiet(state, "ending the session")
    missing = [seat for seat in state.initiative if seat not in state.status_drawn]
    if state.phase == "status" and missing:
        raise RuleError(f"{name_of(state, missing[0])} has not drawn for the status phase yet: the round ends after the draws.")
    state.ended = True
    outcome.say(f"{name_of(state, act.player)} ends the session in round {state.round}'s "
                f"{PHASE_LABELS[state.phase].lower()}. The session is over.")


def discard(state: TIState, act: a.Discard, outcome: Outcome) -> None:
    duties = [duty for duty in state.obligations if duty.player == act.player]
    if not duties or state.obligations[0].player != act.player:
        raise RuleError(
            f"{name_of(state, act.player)} may discard an action card only when the hand limit or Scheming "
            "asks for it."
        )
    if act.card not in state.hand(act.player):
        raise RuleError(not_in_hand(state, act.player, act.card))
    duty = state.obligations[0]
    move_card(state, act.card, f"hand:{act.player}", "discard")
    if duty.kind == "scheming":
        state.obligations.pop(0)
    why = "for Scheming" if duty.kind == "scheming" else "to keep within the hand limit"
    outcome.say(f"{name_of(state, act.player)} discards {card_def(state, act.card).name} {why}.")
    recheck_hand_limits(state)


def reveal(state: TIState, act: a.Reveal, outcome: Outcome) -> None:
    if not act.cards:
        raise RuleError("Choose at least one card to reveal.")
    hand = state.hand(act.player)
    if any(card not in hand for card in act.cards):
        raise RuleError(f"{name_of(state, act.player)} can reveal only cards in their own hand.")
    for card in act.cards:
        if card not in state.revealed:
            state.revealed.append(card)
    names = ", ".join(card_def(state, card).name for card in act.cards)
    outcome.say(f"{name_of(state, act.player)} reveals {names}.")
    outcome.reveals = True


COUNTER_RANGES = {
    "hand_limit": (0, 30),
    "strategy_tokens": (0, 16),
    "neural_motivator": (0, 1),
    "yssaril": (0, 1),
}


def set_counter(state: TIState, act: a.SetCounter, outcome: Outcome) -> None:
    low, high = COUNTER_RANGES[act.counter]
    if not low <= act.value <= high:
        raise RuleError(f"The {act.counter.replace('_', ' ')} must be between {low} and {high}.")
    if act.counter == "yssaril" and act.value:
        others = [s for s in state.seat_ids() if s != act.player and state.counters[s]["yssaril"]]
        if others:
            raise RuleError(f"{name_of(state, others[0])} already plays the Yssaril Tribes.")
    state.counters[act.player][act.counter] = act.value
    outcome.say(f"{name_of(state, act.player)} sets {act.counter.replace('_', ' ')} to {act.value}.")
    recheck_hand_limits(state)


HANDLERS: dict[type, Callable[[TIState, a.Action, Outcome], None]] = {
    a.SetInitiative: set_initiative,
    a.Declare: declare,
    a.Pass: pass_window,
    a.LetResolve: let_resolve,
    a.Play: play,
    a.Resolve: resolve,
    a.EndTurn: end_turn_action,
    a.PassPhase: pass_phase,
    a.Politics: politics,
    a.PoliticsSecondary: politics_secondary,
    a.StatusDraw: status_draw,
    a.AdvancePhase: advance_phase,
    a.EndSession: end_session,
    a.Discard: discard,
    a.Reveal: reveal,
    a.SetCounter: set_counter,
}
assert set(COUNTER_RANGES) == set(COUNTERS)

# What follows every accepted action (engine/ruleset.py, "after").
AFTER = (refill_after_discard,)
