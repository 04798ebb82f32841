"""The checks Twilight Imperium's actions share with legal_actions, and the small readings they
use (a card's definition, a seat's name). A check raises RuleError with a sentence and changes
nothing, so a handler runs them all before it changes the state (rules.py), and legal.py asks the
same ones to offer only what would be accepted."""

from __future__ import annotations

from desktop.engine import mechanics
from desktop.engine.errors import RuleError
from desktop.engine.text import shown
from desktop.rulesets.twilight_imperium import actions as a
from desktop.rulesets.twilight_imperium import sections
from desktop.rulesets.twilight_imperium.cards import CardDef, deck_for
from desktop.rulesets.twilight_imperium.events import EVENTS
from desktop.rulesets.twilight_imperium.state import TIState


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
    # Correcting a count (a hand limit set too low) is allowed at any time.
    duty = mechanics.owed_before(state.obligations, action, a.Discard, always=(a.SetCounter,))
    if duty is None:
        return
    who = name_of(state, duty.player)
    if duty.kind == "scheming":
        raise RuleError(f"{who} must first discard one action card for Scheming.", rule=sections.DRAWS)
    limit = state.counters[duty.player]["hand_limit"]
    raise RuleError(
        f"{who} holds more than {limit} action cards and must discard down to {limit} "
        "before anything else happens.",
        rule=sections.DRAWS,
    )


def check_table_quiet(state: TIState, doing: str) -> None:
    """Turn and phase actions wait for the play area, open windows and Politics to settle."""
    if state.resolving is not None:
        card = card_def(state, state.resolving.card).name
        raise RuleError(f"{card} is still resolving: resolve it before {doing}.", rule=sections.RESOLVING)
    if state.window is not None:
        label = EVENTS[state.window.event][1]
        raise RuleError(
            f"The timing window \u201c{label}\u201d is open: every player must pass before {doing}.",
            rule=sections.WINDOWS,
        )
    if state.secondary is not None:
        raise RuleError(f"Politics is waiting for the other players' answers before {doing}.", rule=sections.POLITICS)


def check_own_turn(state: TIState, player: str, doing: str) -> None:
    if state.phase != "action":
        raise RuleError(f"{name_of(state, player)} can take {doing} only in the action phase.", rule=sections.TURN)
    check_table_quiet(state, f"taking {doing}")
    if state.active != player:
        raise RuleError(f"It is {name_of(state, state.active)}'s turn, not {name_of(state, player)}'s.", rule=sections.TURN)


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
                "other than Sabotage.",
                rule=sections.RESOLVING,
            )
        if resolving.player == play.player:
            raise RuleError(
                f"{name_of(state, play.player)} cannot Sabotage their own {card_def(state, resolving.card).name}.",
                rule=sections.RESOLVING,
            )
        if play.target_player is not None:
            check_seat(state, play.target_player, "target player")
        return card
    if resolving is not None:
        other = card_def(state, resolving.card).name
        raise RuleError(f"{other} is still resolving: only Sabotage can be played on it now.", rule=sections.RESOLVING)
    if card.is_action:
        if state.phase != "action":
            raise RuleError(
                f"{card.name} is an Action card: it is played as a component action "
                "in the action phase.",
                rule=sections.TURN,
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
        raise RuleError(f"{card.name} is played in the timing window {wanted}; no such timing window is open.", rule=sections.WINDOWS)
    if player in window.passed:
        raise RuleError(f"{name_of(state, player)} has passed in this timing window.", rule=sections.WINDOWS)
    if card.who == "declarer" and player != window.declarer:
        raise RuleError(
            f"{card.name} can be played only by {name_of(state, window.declarer)}, "
            "to whom the event happened.",
            rule=sections.WINDOWS,
        )
    if card.who == "other" and player == window.declarer:
        raise RuleError(f"{card.name} is played when the event happens to another player.", rule=sections.WINDOWS)


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
                "itself is about: a second copy would affect the same units or effect.",
                rule=sections.WINDOWS,
            )
        if scope == "player" and played.by == player:
            raise RuleError(
                f"{name_of(state, player)} already played {card.name} in this timing window, and it affects "
                f"all of {name_of(state, player)}'s units there: a second copy would affect the same units, "
                "whatever its target says.",
                rule=sections.WINDOWS,
            )
        if scope != "named":
            continue
        # An empty target names no units: it cannot be told apart from any other target, so it
        # counts as the same effect (otherwise a second copy slips through by leaving it blank).
        same = played.on == wanted or (not state.first_release_rules and (not played.on or not wanted))
        if same:
            raise RuleError(
                f"{card.name} was already played in this timing window on the same "
                "units or effect; a second copy needs a different target.",
                rule=sections.WINDOWS,
            )


def check_targets(state: TIState, play: a.Play, card: CardDef) -> None:
    if play.target_player is not None:
        check_seat(state, play.target_player, "target player")
    if card.offensive:
        if play.target_player is None:
            raise RuleError(f"{card.name} needs a target player: choose whom it affects.", rule=sections.TURN)
        if play.target_player == play.player:
            raise RuleError(f"{card.name} is an offensive card: {name_of(state, play.player)} cannot target themself.", rule=sections.TURN)
    if card.requirement and not play.confirm:
        raise RuleError(
            f"{card.name} needs {card.requirement}: play it only if it can fully resolve, "
            "and confirm that it can.",
            rule=sections.TURN,
        )


def normal_target(target: str) -> str:
    return " ".join(target.lower().split())
