"""How each Twilight Imperium action changes the state.

Every handler first checks (raising RuleError with a sentence) and only then mutates, so a
refusal leaves the state untouched. Effects beyond the cards (ships destroyed, votes) are recorded
in the log, never simulated.
"""

from __future__ import annotations

from collections.abc import Callable

from desktop.engine import mechanics, rng
from desktop.engine.errors import RuleError
from desktop.engine.ruleset import Outcome
from desktop.engine.state import move_card
from desktop.engine.text import shown
from desktop.rulesets.twilight_imperium import actions as a
from desktop.rulesets.twilight_imperium.cards import CardDef, deck_for
from desktop.rulesets.twilight_imperium.events import EVENTS, PHASE_LABELS
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


def card_def(state: TIState, card: str) -> CardDef:
    return deck_for(state.deck_key)[state.cards[card]]


def name_of(state: TIState, seat: str) -> str:
    return state.seat_name(seat)


def not_in_hand(state: TIState, seat: str, card: str) -> str:
    """Names the card by its id: its face may be hidden from the seat that named it."""
    return f"The card {shown(card, 40)!r} is not in {name_of(state, seat)}'s hand."


def cards_word(count: int) -> str:
    return "1 action card" if count == 1 else f"{count} action cards"


# ---- checks shared by apply and legal_actions ---------------------------------------------


def check_seat(state: TIState, seat: str | None, what: str = "player") -> None:
    if seat not in state.seat_ids():
        raise RuleError(f"There is no {what} {shown(seat, 40)!r} at this table.")


def check_session_open(state: TIState, action: a.Action) -> None:
    """Once the players ended the session nothing more is played (undo takes the end back)."""
    if state.ended:
        raise RuleError("The session is over: nothing more can be played in this game (undo takes its end back).")


def check_no_obligation(state: TIState, action: a.Action) -> None:
    if not state.obligations:
        return
    duty = state.obligations[0]
    if isinstance(action, a.Discard) and action.player == duty.player:
        return
    if isinstance(action, a.SetCounter):
        return  # correcting a count (a hand limit set too low) is allowed at any time
    who = name_of(state, duty.player)
    if duty.kind == "scheming":
        raise RuleError(f"{who} must first discard one action card for Scheming.")
    limit = state.counters[duty.player]["hand_limit"]
    raise RuleError(
        f"{who} holds more than {limit} action cards and must discard down to {limit} "
        "before anything else happens."
    )


def check_table_quiet(state: TIState, doing: str) -> None:
    """Turn and phase actions wait for the play area, open windows and Politics to settle."""
    if state.resolving is not None:
        card = card_def(state, state.resolving.card).name
        raise RuleError(f"{card} is still resolving: resolve it before {doing}.")
    if state.window is not None:
        label = EVENTS[state.window.event][1]
        raise RuleError(
            f"The timing window \u201c{label}\u201d is open: every player must pass before {doing}."
        )
    if state.secondary is not None:
        raise RuleError(f"Politics is waiting for the other players' answers before {doing}.")


def check_own_turn(state: TIState, player: str, doing: str) -> None:
    if state.phase != "action":
        raise RuleError(f"{name_of(state, player)} can take {doing} only in the action phase.")
    check_table_quiet(state, f"taking {doing}")
    if state.active != player:
        raise RuleError(f"It is {name_of(state, state.active)}'s turn, not {name_of(state, player)}'s.")


def check_play(state: TIState, play: a.Play) -> CardDef:
    """All the rules that decide whether `play` is allowed right now; returns the card."""
    if play.card not in state.hand(play.player):
        raise RuleError(not_in_hand(state, play.player, play.card))
    card = card_def(state, play.card)
    resolving = state.resolving
    if card.is_sabotage:
        if resolving is None or card_def(state, resolving.card).is_sabotage:
            raise RuleError(
                "Sabotage can only be played when another player plays an action card "
                "other than Sabotage."
            )
        if resolving.player == play.player:
            raise RuleError(
                f"{name_of(state, play.player)} cannot Sabotage their own {card_def(state, resolving.card).name}."
            )
        if play.target_player is not None:
            check_seat(state, play.target_player, "target player")
        return card
    if resolving is not None:
        other = card_def(state, resolving.card).name
        raise RuleError(f"{other} is still resolving: only Sabotage can be played on it now.")
    if card.is_action:
        if state.phase != "action":
            raise RuleError(
                f"{card.name} is an Action card: it is played as a component action "
                "in the action phase."
            )
        check_own_turn(state, play.player, "a component action")
    else:
        check_window(state, play.player, card)
        check_same_name(state, card, play.player, play.target)
    check_targets(state, play, card)
    return card


def check_window(state: TIState, player: str, card: CardDef) -> None:
    window = state.window
    if window is None or window.event not in card.windows:
        wanted = " or ".join(f"\u201c{EVENTS[w][1]}\u201d" for w in card.windows if w in EVENTS)
        raise RuleError(f"{card.name} is played in the timing window {wanted}; no such timing window is open.")
    if player in window.passed:
        raise RuleError(f"{name_of(state, player)} has passed in this timing window.")
    if card.who == "declarer" and player != window.declarer:
        raise RuleError(
            f"{card.name} can be played only by {name_of(state, window.declarer)}, "
            "to whom the event happened."
        )
    if card.who == "other" and player == window.declarer:
        raise RuleError(f"{card.name} is played when the event happens to another player.")


def check_same_name(state: TIState, card: CardDef, player: str, target: str) -> None:
    """Two copies of one card may not affect the same units or game effect in one window. What a
    copy affects is the card's `scope`: its player's units ("player"), the event's ("event"), or
    what the play names ("named", compared by the words of its target)."""
    wanted = normal_target(target)
    scope = card.scope if state.card_scopes else "named"
    for played in state.window.played.find(card.name):
        if scope == "event":
            raise RuleError(
                f"{card.name} was already played in this timing window, and it affects what the event "
                "itself is about: a second copy would affect the same units or effect."
            )
        if scope == "player" and played.by == player:
            raise RuleError(
                f"{name_of(state, player)} already played {card.name} in this timing window, and it affects "
                f"all of {name_of(state, player)}'s units there: a second copy would affect the same units, "
                "whatever its target says."
            )
        if scope != "named":
            continue
        # An empty target names no units: it cannot be told apart from any other target, so it
        # counts as the same effect (otherwise a second copy slips through by leaving it blank).
        same = played.on == wanted or (not state.first_release_rules and (not played.on or not wanted))
        if same:
            raise RuleError(
                f"{card.name} was already played in this timing window on the same "
                "units or effect; a second copy needs a different target."
            )


def check_targets(state: TIState, play: a.Play, card: CardDef) -> None:
    if play.target_player is not None:
        check_seat(state, play.target_player, "target player")
    if card.offensive:
        if play.target_player is None:
            raise RuleError(f"{card.name} needs a target player: choose whom it affects.")
        if play.target_player == play.player:
            raise RuleError(f"{card.name} is an offensive card: {name_of(state, play.player)} cannot target themself.")
    if card.requirement and not play.confirm:
        raise RuleError(
            f"{card.name} needs {card.requirement}: play it only if it can fully resolve, "
            "and confirm that it can."
        )


def normal_target(target: str) -> str:
    return " ".join(target.lower().split())


# ---- drawing -------------------------------------------------------------------------------


# An empty deck is refilled at once by shuffling the whole discard pile.
RESHUFFLE = mechanics.Reshuffle(deck="deck", discard="discard")


def draw(state: TIState, player: str, count: int, outcome: Outcome) -> None:
    """Draws from the top; Yssaril's Scheming draws one more and then owes a discard."""
    scheming = bool(state.counters[player]["yssaril"])
    count += 1 if scheming else 0
    private = Outcome()  # the faces drawn, told to the drawing seat only
    drawn = mechanics.draw(
        state, RESHUFFLE, f"hand:{player}", count, private, seat=player,
        name=lambda card: card_def(state, card).name, what="action deck",
    )
    outcome.say(f"{name_of(state, player)} draws {cards_word(len(drawn))}.")
    outcome.log.extend(private.log)
    outcome.reveals = True
    if scheming and drawn:
        mechanics.owe(state.obligations, "scheming", player)
    recheck_hand_limits(state)


def take_random_card(state: TIState, taker: str, victim: str, outcome: Outcome) -> None:
    """Spy: a card chosen by the seeded generator moves between hands, seen by those two only."""
    hand = state.hand(victim)
    if not hand:
        outcome.say(f"{name_of(state, victim)} has no action card to take.")
        return
    state.rng, index = rng.below(state.rng, len(hand))
    card = hand[index]
    move_card(state, card, f"hand:{victim}", f"hand:{taker}")
    name = card_def(state, card).name
    outcome.say(f"{name_of(state, taker)} takes a random action card from {name_of(state, victim)}.")
    outcome.say(f"You took {name}.", seat=taker)
    outcome.say(f"{name_of(state, taker)} took your {name}.", seat=victim)
    outcome.reveals = True
    recheck_hand_limits(state)


def recheck_hand_limits(state: TIState) -> None:
    """Adds a keep-down obligation for every seat over its limit; drops the satisfied ones."""
    state.obligations = [
        duty
        for duty in state.obligations
        if duty.kind != "hand_limit" or over_limit(state, duty.player)
    ]
    owed = {duty.player for duty in state.obligations if duty.kind == "hand_limit"}
    for seat in state.seat_ids():
        if seat not in owed and over_limit(state, seat):
            mechanics.owe(state.obligations, "hand_limit", seat)


def over_limit(state: TIState, seat: str) -> bool:
    return len(state.hand(seat)) > state.counters[seat]["hand_limit"]


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

def refill_after_discard(state: TIState, outcome: Outcome) -> None:
    """The seed shuffles the discard pile into a new deck "immediately" when the deck is depleted:
    if it ran out while the discard pile was empty, the shuffle comes as soon as the pile holds a
    card, at the end of the action that discarded it."""
    if state.refill_on_discard:
        mechanics.refill_if_empty(state, RESHUFFLE, outcome, what="action deck")


# What follows every accepted action (engine/ruleset.py, "after").
AFTER = (refill_after_discard,)
