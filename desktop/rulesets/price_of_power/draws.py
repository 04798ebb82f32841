"""Price of Power's Draw Cards phase, as far as the cards touch it: the first round's setup draw
(free cards from each deck, then what to keep), a round's draws one card at a time in turn order,
keeping or releasing what was drawn, and the Action phase's start once everyone is done."""

from __future__ import annotations

from desktop.engine.errors import RuleError
from desktop.engine.ruleset import Outcome
from desktop.engine.state import move_card
from desktop.rulesets.price_of_power import actions as a
from desktop.rulesets.price_of_power import sections
from desktop.rulesets.price_of_power.cards import DECK_NAMES, POWERS
from desktop.rulesets.price_of_power.core import (
    card_def,
    check_drawable,
    draw_cards,
    drawable,
    name_of,
    not_held,
    to_discard,
)
from desktop.rulesets.price_of_power.state import (
    DRAWS,
    KEEP_PRICE,
    PHASE_LABELS,
    PHASES,
    SETUP_DRAWS,
    SETUP_FREE,
    PoPState,
)

SETUP_STEPS = ("setup", "setup-keep")


def setup_round(state: PoPState) -> bool:
    return state.draw_step in SETUP_STEPS


def quota(state: PoPState) -> int:
    return SETUP_DRAWS if setup_round(state) else DRAWS


def drawer(state: PoPState) -> str | None:
    """Who draws now: in turn order, the first seat with draws left (one card at a time)."""
    if state.phase != "draw" or state.draw_step not in ("setup", "draw"):
        return None
    for seat in state.order():
        if len(state.drew.get(seat, [])) < quota(state):
            return seat
    return None


def keeper(state: PoPState) -> str | None:
    """Who chooses what to keep now: in turn order, the first seat with drawn cards left."""
    if state.phase != "draw" or state.draw_step not in ("setup-keep", "keep"):
        return None
    for seat in state.order():
        if state.drawn(seat):
            return seat
    return None


def owed_setup_decks(state: PoPState, seat: str) -> list[str]:
    """At setup a player draws one card from each deck (and three more of their choice): the
    decks still owed a draw (a deck empty with its discard pile is excused)."""
    drew = state.drew.get(seat, [])
    return [power for power in POWERS if power not in drew and drawable(state, power)]


def check_draw(state: PoPState, act: a.Draw) -> None:
    if state.phase != "draw" or state.draw_step not in ("setup", "draw"):
        raise RuleError(f"Cards are drawn in Phase 1 Draw Cards; it is {PHASE_LABELS[state.phase]}.", rule=sections.ROUND)
    who = drawer(state)
    if who != act.player:
        raise RuleError(f"{name_of(state, who)} draws now, not {name_of(state, act.player)}: draws go in turn order.", rule=sections.ROUND)
    if act.deck not in POWERS:
        raise RuleError("There are three decks: adm, dip and mil.", rule=sections.ROUND)
    check_drawable(state, act.deck)
    if setup_round(state):
        owed = [power for power in owed_setup_decks(state, act.player) if power != act.deck]
        left = SETUP_DRAWS - len(state.drew.get(act.player, [])) - 1
        if len(owed) > left:
            decks = " and ".join(DECK_NAMES[power] for power in owed)
            raise RuleError(
                f"At setup {name_of(state, act.player)} draws one card from each deck: draw from the {decks} "
                f"deck{'s' if len(owed) > 1 else ''} first.",
                rule=sections.ROUND,
            )


def draw(state: PoPState, act: a.Draw, outcome: Outcome) -> None:
    check_draw(state, act)
    drew = state.drew.setdefault(act.player, [])
    drew.append(act.deck)
    draw_cards(state, act.player, act.deck, 1, f"drawn:{act.player}", outcome)
    settle_draws(state, outcome)


def settle_draws(state: PoPState, outcome: Outcome) -> None:
    """Moves the Draw Cards phase on: a seat with nothing left to draw from anywhere is skipped
    (and told), the keep step follows the draws, the Action phase the keeping."""
    while state.phase == "draw":
        seat = drawer(state)
        if seat is not None:
            if any(drawable(state, power) for power in POWERS):
                return
            drew = state.drew.setdefault(seat, [])
            outcome.say(f"All three decks and their discard piles are empty: {name_of(state, seat)}'s draws are skipped.")
            drew.extend([""] * (quota(state) - len(drew)))
            continue
        if state.draw_step in ("setup", "draw"):
            state.draw_step = "setup-keep" if state.draw_step == "setup" else "keep"
            if keeper(state) is not None:
                what = ("keep up to 4 cards for free and let the rest go (and Appoint if you wish)"
                        if setup_round(state) else f"keep cards for {KEEP_PRICE} Ducats each and let the rest go")
                outcome.say(f"Everyone has drawn: in turn order, {what}.")
            continue
        if keeper(state) is not None:
            return
        start_actions(state, outcome)


def start_actions(state: PoPState, outcome: Outcome) -> None:
    state.phase, _, _ = PHASES.following(state.phase)  # Phase 2
    state.drew = {}
    state.kept = {}
    state.passed = []
    state.event_taken = []
    state.fresh = []
    state.taken = {}
    state.active = state.order()[0]
    outcome.say(f"Phase 2 Actions begins: {name_of(state, state.active)} takes the first turn.")


def check_keep(state: PoPState, act: a.Keep | a.Release) -> None:
    who = keeper(state)
    if who is None:
        raise RuleError("Drawn cards are kept or let go at the end of Phase 1 Draw Cards, after everyone has drawn.", rule=sections.ROUND)
    if who != act.player:
        raise RuleError(f"{name_of(state, who)} chooses what to keep now, not {name_of(state, act.player)}.", rule=sections.ROUND)
    if act.card not in state.drawn(act.player):
        raise RuleError(not_held(state, act.player, act.card, "drawn cards"), rule=sections.ROUND)
    if isinstance(act, a.Release):
        return
    if setup_round(state):
        if state.kept.get(act.player, 0) >= SETUP_FREE:
            raise RuleError(f"{name_of(state, act.player)} has kept {SETUP_FREE} cards, the most kept free at setup: let the others go.", rule=sections.ROUND)
        return
    have = state.counters[act.player]["ducats"]
    if have < KEEP_PRICE:
        raise RuleError(
            f"Keeping a card costs {KEEP_PRICE} Ducats; {name_of(state, act.player)} has {have} "
            f"({KEEP_PRICE - have} short).",
            rule=sections.ROUND,
        )


def keep(state: PoPState, act: a.Keep, outcome: Outcome) -> None:
    check_keep(state, act)
    deck = DECK_NAMES[card_def(state, act.card).deck]
    move_card(state, act.card, f"drawn:{act.player}", f"hand:{act.player}")
    state.kept[act.player] = state.kept.get(act.player, 0) + 1
    who = name_of(state, act.player)
    if setup_round(state):
        outcome.say(f"{who} keeps a card from the {deck} deck, free at setup ({state.kept[act.player]} of {SETUP_FREE}).")
    else:
        state.counters[act.player]["ducats"] -= KEEP_PRICE
        outcome.say(f"{who} keeps a card from the {deck} deck and pays {KEEP_PRICE} Ducats.")
    settle_draws(state, outcome)


def release(state: PoPState, act: a.Release, outcome: Outcome) -> None:
    check_keep(state, act)
    card = card_def(state, act.card)
    to_discard(state, act.card, f"drawn:{act.player}")
    why = "not kept at setup" if setup_round(state) else "not paid for"
    outcome.say(f"{name_of(state, act.player)} lets {card.name} go ({why}): face up on the {DECK_NAMES[card.deck]} discard pile.")
    settle_draws(state, outcome)
