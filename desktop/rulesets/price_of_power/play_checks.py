"""The checks a Price of Power Play or Use must pass before anything changes: the timing (one's
Turn, a Battle Action's step, a Reaction's event), the target, the dice chosen, the confirmation,
the Display's room, and the cost. legal.py asks the same ones, so what is listed is what is
accepted; plays.py runs them before it changes the state."""

from __future__ import annotations

import msgspec

from desktop.engine.errors import RuleError
from desktop.engine.text import shown
from desktop.rulesets.price_of_power import actions as a
from desktop.rulesets.price_of_power import sections
from desktop.rulesets.price_of_power.cards import (
    DIE_TYPES,
    Ability,
    CardDef,
    happened,
)
from desktop.rulesets.price_of_power.core import (
    Cost,
    card_def,
    check_cost,
    check_modifier,
    cost_of,
    cubes_on,
    name_of,
    not_held,
)
from desktop.rulesets.price_of_power.phases import check_turn
from desktop.rulesets.price_of_power.state import (
    DISPLAY_LIMIT,
    PoPState,
)


def check_timing(state: PoPState, seat: str, ability: Ability, what: str) -> str | None:
    """Whether `ability` may be played by `seat` now; returns the battle side for a Battle Action."""
    timing = ability.timing
    if timing == "turn":
        check_turn(state, seat, f"play {what}")
        return None
    if timing == "battle":
        return check_battle_step(state, seat, ability, what)
    check_reaction(state, seat, ability, what)
    return None


def check_battle_step(state: PoPState, seat: str, ability: Ability, what: str) -> str:
    battle = state.battle
    who = name_of(state, seat)
    if state.covert or state.trigger is not None:
        raise RuleError(f"An answer is awaited first: {what} waits until it is given.", rule=sections.BATTLES)
    if battle is None or battle.step == "between":
        raise RuleError(f"{what} is a Battle Action: it is played in a battle's Play Battle Actions step.", rule=sections.BATTLES)
    side = battle.side_of(seat)
    if side is None:
        raise RuleError(f"{who} takes no part in this battle: only the attacker and the Main Defender play Battle Actions.", rule=sections.BATTLES)
    if side != battle.step:
        raise RuleError(
            f"It is the {battle.step}'s Play Battle Actions step ({name_of(state, battle.seat_of(battle.step))}'s), not {who}'s.",
            rule=sections.BATTLES,
        )
    if battle.used.has(ability.name, by=side):
        raise RuleError(
            f"{who}'s side has already used {ability.name} this round of battle: one use of any particular "
            "Battle Action per side per round.",
            rule=sections.BATTLES,
        )
    return side


def check_reaction(state: PoPState, seat: str, ability: Ability, what: str) -> None:
    who = name_of(state, seat)
    if ability.counters:
        if not state.covert:
            raise RuleError(f"{what} is played when another player plays a Covert Action, to counter it.", rule=sections.COVERT)
        waiting = state.covert[-1].window.waiting()
        if not waiting or waiting[0] != seat:
            raise RuleError(f"{name_of(state, waiting[0] if waiting else None)} answers the Covert Action now, not {who}.", rule=sections.COVERT)
        return
    trigger = state.trigger
    if trigger is None or trigger.opener != seat or trigger.event != ability.trigger:
        when = ability.when if ability.trigger == "other" else happened(ability.trigger, who)
        raise RuleError(f"{what} is a Reaction: {who} plays it when {when}; declare that it happened first.", rule=sections.REACTIONS)


def check_target(state: PoPState, seat: str, ability: Ability, target: str | None, what: str) -> None:
    if not ability.targeted:
        if target is not None:
            raise RuleError(f"{what} is not aimed at a player: leave the target out.", rule=sections.TURN)
        return
    if target is None:
        raise RuleError(f"{what} is aimed at another player: name one.", rule=sections.TURN)
    if target not in state.seat_ids():
        raise RuleError(f"There is no player {shown(target, 40)!r} at this table.", rule=sections.TURN)
    if target == seat:
        raise RuleError(f"{name_of(state, seat)} cannot aim {what} at themself.", rule=sections.TURN)


def check_die(ability: Ability, die: str, dice: tuple[str, ...], what: str) -> None:
    """Each "?" die takes a type of its own (`dice`, one per ? die in order). `die` alone, one
    type for them all, is how games saved before `dice` recorded it, and is still accepted."""
    wild = ability.wild_dice
    if not wild:
        if die or dice:
            raise RuleError(f"{what} has no ? die to choose a type for.")
        return
    if dice:
        if die:
            raise RuleError(f"Give the types of {what}'s ? dice once: one for each die.")
        if len(dice) != wild or any(kind not in DIE_TYPES for kind in dice):
            raise RuleError(
                f"{what} has {wild} ? {'die' if wild == 1 else 'dice'}: choose a type for each "
                f"(infantry, cavalry or artillery), {wild} in all."
            )
        return
    if die not in DIE_TYPES:
        raise RuleError(f"Choose the type of {what}'s ? {'die' if wild == 1 else 'dice'}: infantry, cavalry or artillery.")


def chosen_types(ability: Ability, die: str, dice: tuple[str, ...]) -> list[str]:
    """The type each "?" die of `ability` becomes, in order."""
    return list(dice) if dice else [die] * ability.wild_dice


def check_confirm(ability: Ability, confirm: bool, what: str) -> None:
    if ability.requires and not confirm:
        raise RuleError(f"{what} needs {ability.requires}: play it only if that holds, and confirm it.", rule=sections.TURN)
    if ability.trigger == "other" and not confirm:
        raise RuleError(f"{what} is played when {ability.when}: confirm that this has just happened.", rule=sections.TURN)


def needs_confirm(ability: Ability) -> bool:
    return bool(ability.requires) or ability.trigger == "other"


def check_display_room(state: PoPState, seat: str, card: CardDef, replace: str | None) -> str | None:
    """Where a new Display card goes (the seed's 6.2): at most two in play, never two of one
    name. Returns the card in play that leaves for it, if one does."""
    in_play = state.display(seat)
    who = name_of(state, seat)
    same = [other for other in in_play if card_def(state, other).name == card.name]
    if same:
        if state.duplicate_display == "refuse":
            raise RuleError(f"{who} already has {card.name} on display: never two of the same Display card.", rule=sections.DISPLAY)
        if replace is not None and replace != same[0]:
            raise RuleError(f"The new {card.name} replaces the one on display: no other card goes.", rule=sections.DISPLAY)
        return same[0]
    if len(in_play) >= DISPLAY_LIMIT:
        names = " or ".join(card_def(state, other).name for other in in_play)
        if replace is None:
            raise RuleError(f"{who} has {DISPLAY_LIMIT} Display cards in play: choose which one goes ({names}).", rule=sections.DISPLAY)
        if replace not in in_play:
            raise RuleError(f"The card {shown(replace, 40)!r} is not on {who}'s display; choose {names}.", rule=sections.DISPLAY)
        return replace
    if replace is not None:
        raise RuleError(f"{who} has room on display for {card.name}: no card needs to go.", rule=sections.DISPLAY)
    return None


class Checked(msgspec.Struct, kw_only=True):
    card: CardDef
    ability: Ability
    cost: Cost
    side: str | None = None
    goes: str | None = None  # a Display card in play that leaves for the new one


def check_play(state: PoPState, act: a.Play) -> Checked:
    if act.card not in state.hand(act.player):
        raise RuleError(not_held(state, act.player, act.card))
    card = card_def(state, act.card)
    ability = card.play
    side = check_timing(state, act.player, ability, card.name)
    goes = None
    if card.display:
        goes = check_display_room(state, act.player, card, act.replace)
    elif act.replace is not None:
        raise RuleError(f"{card.name} is not a Display card: no card in play goes for it.")
    check_target(state, act.player, ability, act.target, card.name)
    check_die(ability, act.die, act.dice, card.name)
    check_confirm(ability, act.confirm, card.name)
    check_modifier(act.modifier, act.reason)
    cost = cost_of(state, act.player, ability, act.modifier, act.reason)
    check_cost(state, act.player, card.name, cost)
    return Checked(card=card, ability=ability, cost=cost, side=side, goes=goes)


def display_ability(card: CardDef, name: str) -> Ability | None:
    return next((ability for ability in card.actions if ability.name == name), None)


def check_use(state: PoPState, act: a.Use) -> Checked:
    if act.card not in state.display(act.player):
        zone = state.zone_of(act.card) if act.card in state.cards else None
        if zone is not None and zone.id.startswith("display:"):
            owner = name_of(state, zone.owner)
            raise RuleError(f"{card_def(state, act.card).name} is {owner}'s: only the player who played a Display card uses its actions.", rule=sections.DISPLAY)
        raise RuleError(not_held(state, act.player, act.card, "display"), rule=sections.DISPLAY)
    card = card_def(state, act.card)
    ability = display_ability(card, act.action)
    if ability is None:
        raise RuleError(f"{card.name} has no action called {shown(act.action, 40)!r}.", rule=sections.DISPLAY)
    if act.card in state.fresh:
        raise RuleError(f"{card.name} was played this turn: its actions can be used from the next turn on.", rule=sections.DISPLAY)
    left = cubes_on(state, act.card)
    if left < ability.cubes:
        raise RuleError(f"{card.name} has {left} use{'s' if left != 1 else ''} left; {ability.name} needs {ability.cubes}.", rule=sections.DISPLAY)
    if any(play.card == act.card for play in state.covert):
        raise RuleError(f"{card.name}'s last action is still waiting for answers.", rule=sections.DISPLAY)
    side = check_timing(state, act.player, ability, ability.name)
    check_target(state, act.player, ability, act.target, ability.name)
    check_die(ability, act.die, act.dice, ability.name)
    check_confirm(ability, act.confirm, ability.name)
    check_modifier(act.modifier, act.reason)
    cost = cost_of(state, act.player, ability, act.modifier, act.reason)
    check_cost(state, act.player, f"{ability.name} ({card.name})", cost)
    return Checked(card=card, ability=ability, cost=cost, side=side)
