"""Playing cards and Display card actions: for their Action on one's Turn, as Battle Actions,
as Reactions. (The checks they pass first are in `play_checks.py`, which the legal actions call
too; Covert Actions, Counterespionage and Fabricate Claims in `covert.py`; Appoint, Loans and
declared events in `court.py`.)
"""

from __future__ import annotations

from desktop.engine import mechanics
from desktop.engine.ruleset import Outcome
from desktop.engine.state import move_card
from desktop.rulesets.price_of_power import actions as a
from desktop.rulesets.price_of_power.cards import DIE_WORDS, Ability
from desktop.rulesets.price_of_power.core import (
    card_def,
    cubes_on,
    end_turn,
    leave_display,
    name_of,
    pay,
    resolve_effect,
    set_cubes,
    slot_of,
    supply,
    to_discard,
)
from desktop.rulesets.price_of_power.covert import (
    answer_window,
    open_covert,
)
from desktop.rulesets.price_of_power.play_checks import (
    check_play,
    check_use,
    chosen_types,
)
from desktop.rulesets.price_of_power.state import (
    COVERT_ZONE,
    DISPLAY_LIMIT,
    AddedDie,
    Covert,
    PoPState,
)


def play(state: PoPState, act: a.Play, outcome: Outcome) -> None:
    checked = check_play(state, act)
    card, ability = checked.card, checked.ability
    who = name_of(state, act.player)
    pay(state, act.player, checked.cost)
    paid = checked.cost.words()
    aim = f" at {name_of(state, act.target)}" if act.target else ""
    hand = f"hand:{act.player}"
    if ability.timing == "battle":
        outcome.say(f"{who} plays the Battle Action {card.name} for {paid}.")
        resolve_effect(state, act.player, ability, card.deck, outcome)
        to_discard(state, act.card, hand)
        battle_use(state, checked.side, ability, chosen_types(ability, act.die, act.dice), outcome)
        return
    if ability.counters:
        outcome.say(f"{who} plays {card.name} for {paid}, to counter {state.covert[-1].name}.")
        held = mechanics.hold(state, act.card, act.player, hand, COVERT_ZONE, paid=paid, kind=Covert, form="counter",
                              name=card.name, window=answer_window(state, act.player))
        open_covert(state, held, outcome)
        return
    if ability.timing == "reaction":
        outcome.say(f"{who} plays the Reaction {card.name} for {paid}.")
        resolve_effect(state, act.player, ability, card.deck, outcome)
        to_discard(state, act.card, hand)
        return
    if card.display:
        outcome.say(f"{who} plays the Display card {card.name} for {paid}.")
        place_display(state, act.player, act.card, checked.goes, outcome)
        resolve_effect(state, act.player, ability, card.deck, outcome)
    elif ability.covert:
        outcome.say(f"{who} plays {card.name}, a Covert Action{' aimed' if aim else ''}{aim}, for {paid}.")
        held = mechanics.hold(state, act.card, act.player, hand, COVERT_ZONE, paid=paid, kind=Covert, form="card",
                              name=card.name, target=act.target, turn=ability.spends_turn,
                              window=answer_window(state, act.player))
        open_covert(state, held, outcome)
        return
    else:
        outcome.say(f"{who} plays {card.name}{aim} for its Action, for {paid}.")
        resolve_effect(state, act.player, ability, card.deck, outcome)
        to_discard(state, act.card, hand)
    if ability.spends_turn:
        end_turn(state, outcome)
    else:
        outcome.say(f"{card.name} does not take the turn: {who} goes on.")


def place_display(state: PoPState, seat: str, card: str, goes: str | None, outcome: Outcome) -> None:
    """On display, charged with cubes matching its squares; its actions wait for the next turn."""
    definition = card_def(state, card)
    slot = None
    if goes is not None:
        slot = slot_of(state, goes)
        leave_display(state, goes, outcome, f"{definition.name} takes its place")
    taken = {slot_of(state, other) for other in state.display(seat)}
    if slot is None or slot in taken:
        slot = next(number for number in range(DISPLAY_LIMIT + 1) if number not in taken)
    move_card(state, card, f"hand:{seat}", f"display:{seat}")
    had = supply(state, seat)
    mechanics.mark(state, card, tokens=definition.squares, slot=slot)
    state.fresh.append(card)
    squares = definition.squares
    outcome.say(
        f"{definition.name} goes on display charged with {squares} cube{'s' if squares != 1 else ''} from "
        f"{name_of(state, seat)}'s supply ({max(0, had - squares)} left there); its actions can be used from the next turn on."
    )
    short = squares - max(0, had)
    if short > 0:
        # The card is charged in full all the same (the seed: "matching the squares"); the
        # rulebook's player short of cubes takes their own from elsewhere, and says where.
        outcome.say(
            f"{name_of(state, seat)}'s supply held {max(0, had)}: take {short} more of your cubes from elsewhere (the "
            "board's Influence, Colonists or Cardinals, a power pool or your other Display card; not the Roma "
            "Cardinal, the National Focus slot or an income slot) and correct that count."
        )


def use(state: PoPState, act: a.Use, outcome: Outcome) -> None:
    checked = check_use(state, act)
    card, ability = checked.card, checked.ability
    who = name_of(state, act.player)
    pay(state, act.player, checked.cost)
    left = cubes_on(state, act.card) - ability.cubes
    set_cubes(state, act.card, left)
    paid = checked.cost.words()
    spent = f"{ability.cubes} cube{'s' if ability.cubes != 1 else ''}"
    aim = f" at {name_of(state, act.target)}" if act.target else ""
    outcome.say(f"{who} uses {card.name}: {ability.name}{aim}, for {paid} and {spent} ({left} left; "
                f"{'they go' if ability.cubes != 1 else 'it goes'} back to {who}'s supply).")
    if ability.counters:
        outcome.say(f"{ability.name} answers {state.covert[-1].name}.")
        open_covert(state, Covert(card=act.card, player=act.player, zone=f"display:{act.player}", paid=paid,
                                  form="counter", action=card.actions.index(ability), name=ability.name,
                                  window=answer_window(state, act.player)), outcome)
        return
    if ability.covert:
        open_covert(state, Covert(card=act.card, player=act.player, zone=f"display:{act.player}", paid=paid,
                                  form="display", action=card.actions.index(ability), name=ability.name,
                                  target=act.target, turn=ability.spends_turn, window=answer_window(state, act.player)),
                    outcome)
        return
    resolve_effect(state, act.player, ability, card.deck, outcome)
    if ability.timing == "battle":
        battle_use(state, checked.side, ability, chosen_types(ability, act.die, act.dice), outcome)
    if left == 0:
        leave_display(state, act.card, outcome, "its last cube is spent")
    if ability.spends_turn:
        end_turn(state, outcome)


def battle_use(state: PoPState, side: str, ability: Ability, chosen: list[str], outcome: Outcome) -> None:
    """Records one use of this Battle Action by this side this round, and the dice it adds: they
    stay in the side's pool for the rest of the battle (the seed's 6.2). `chosen`: the type of
    each "?" die, in order."""
    battle = state.battle
    battle.used.record(ability.name, by=side)
    added = []
    wild = iter(chosen)
    for icon in ability.dice:
        kind = next(wild) if icon == "any" else icon
        battle.dice.append(AddedDie(side=side, die=kind, source=ability.name, round=battle.round, chosen=icon == "any"))
        added.append(DIE_WORDS[kind] + (" (for ?)" if icon == "any" else ""))
    if added:
        outcome.say(f"The {side} adds {', '.join(added)} to their dice pool for the rest of the battle.")
