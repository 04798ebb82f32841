"""Playing cards and Display card actions: for their Action on one's Turn, as Battle Actions,
as Reactions; Covert Actions and Counterespionage. (Appoint, Loans and declared events are in
`court.py`.)

Every check is a function of its own (`check_play`, `check_use`...) that the legal actions call
too, so what is listed is what is accepted.
"""

from __future__ import annotations

import msgspec

from desktop.engine import mechanics
from desktop.engine.errors import RuleError
from desktop.engine.ruleset import Outcome
from desktop.engine.state import move_card
from desktop.engine.text import shown
from desktop.rulesets.price_of_power import actions as a
from desktop.rulesets.price_of_power.cards import (
    DIE_TYPES,
    DIE_WORDS,
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
    end_turn,
    leave_display,
    name_of,
    not_held,
    pay,
    resolve_effect,
    set_cubes,
    slot_of,
    supply,
    to_discard,
)
from desktop.rulesets.price_of_power.phases import check_turn
from desktop.rulesets.price_of_power.state import (
    CLAIM_PRICE,
    CLAIMS_MOST,
    COVERT_ZONE,
    DISPLAY_LIMIT,
    AddedDie,
    Covert,
    PoPState,
    discard_zone,
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
        raise RuleError(f"An answer is awaited first: {what} waits until it is given.")
    if battle is None or battle.step == "between":
        raise RuleError(f"{what} is a Battle Action: it is played in a battle's Play Battle Actions step.")
    side = battle.side_of(seat)
    if side is None:
        raise RuleError(f"{who} takes no part in this battle: only the attacker and the Main Defender play Battle Actions.")
    if side != battle.step:
        raise RuleError(
            f"It is the {battle.step}'s Play Battle Actions step ({name_of(state, battle.seat_of(battle.step))}'s), not {who}'s."
        )
    if battle.used.has(ability.name, by=side):
        raise RuleError(
            f"{who}'s side has already used {ability.name} this round of battle: one use of any particular "
            "Battle Action per side per round."
        )
    return side


def check_reaction(state: PoPState, seat: str, ability: Ability, what: str) -> None:
    who = name_of(state, seat)
    if ability.counters:
        if not state.covert:
            raise RuleError(f"{what} is played when another player plays a Covert Action, to counter it.")
        waiting = state.covert[-1].window.waiting()
        if not waiting or waiting[0] != seat:
            raise RuleError(f"{name_of(state, waiting[0] if waiting else None)} answers the Covert Action now, not {who}.")
        return
    trigger = state.trigger
    if trigger is None or trigger.opener != seat or trigger.event != ability.trigger:
        when = ability.when if ability.trigger == "other" else happened(ability.trigger, who)
        raise RuleError(f"{what} is a Reaction: {who} plays it when {when}; declare that it happened first.")


def check_target(state: PoPState, seat: str, ability: Ability, target: str | None, what: str) -> None:
    if not ability.targeted:
        if target is not None:
            raise RuleError(f"{what} is not aimed at a player: leave the target out.")
        return
    if target is None:
        raise RuleError(f"{what} is aimed at another player: name one.")
    if target not in state.seat_ids():
        raise RuleError(f"There is no player {shown(target, 40)!r} at this table.")
    if target == seat:
        raise RuleError(f"{name_of(state, seat)} cannot aim {what} at themself.")


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
        raise RuleError(f"{what} needs {ability.requires}: play it only if that holds, and confirm it.")
    if ability.trigger == "other" and not confirm:
        raise RuleError(f"{what} is played when {ability.when}: confirm that this has just happened.")


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
            raise RuleError(f"{who} already has {card.name} on display: never two of the same Display card.")
        if replace is not None and replace != same[0]:
            raise RuleError(f"The new {card.name} replaces the one on display: no other card goes.")
        return same[0]
    if len(in_play) >= DISPLAY_LIMIT:
        names = " or ".join(card_def(state, other).name for other in in_play)
        if replace is None:
            raise RuleError(f"{who} has {DISPLAY_LIMIT} Display cards in play: choose which one goes ({names}).")
        if replace not in in_play:
            raise RuleError(f"The card {shown(replace, 40)!r} is not on {who}'s display; choose {names}.")
        return replace
    if replace is not None:
        raise RuleError(f"{who} has room on display for {card.name}: no card needs to go.")
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
            raise RuleError(f"{card_def(state, act.card).name} is {owner}'s: only the player who played a Display card uses its actions.")
        raise RuleError(not_held(state, act.player, act.card, "display"))
    card = card_def(state, act.card)
    ability = display_ability(card, act.action)
    if ability is None:
        raise RuleError(f"{card.name} has no action called {shown(act.action, 40)!r}.")
    if act.card in state.fresh:
        raise RuleError(f"{card.name} was played this turn: its actions can be used from the next turn on.")
    left = cubes_on(state, act.card)
    if left < ability.cubes:
        raise RuleError(f"{card.name} has {left} use{'s' if left != 1 else ''} left; {ability.name} needs {ability.cubes}.")
    if any(play.card == act.card for play in state.covert):
        raise RuleError(f"{card.name}'s last action is still waiting for answers.")
    side = check_timing(state, act.player, ability, ability.name)
    check_target(state, act.player, ability, act.target, ability.name)
    check_die(ability, act.die, act.dice, ability.name)
    check_confirm(ability, act.confirm, ability.name)
    check_modifier(act.modifier, act.reason)
    cost = cost_of(state, act.player, ability, act.modifier, act.reason)
    check_cost(state, act.player, f"{ability.name} ({card.name})", cost)
    return Checked(card=card, ability=ability, cost=cost, side=side)


# ---- playing -----------------------------------------------------------------------------------


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
                              name=card.name, window=_window(state, act.player))
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
                              window=_window(state, act.player))
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
                                  window=_window(state, act.player)), outcome)
        return
    if ability.covert:
        open_covert(state, Covert(card=act.card, player=act.player, zone=f"display:{act.player}", paid=paid,
                                  form="display", action=card.actions.index(ability), name=ability.name,
                                  target=act.target, turn=ability.spends_turn, window=_window(state, act.player)),
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


# ---- Covert Actions and Counterespionage --------------------------------------------------------


def _window(state: PoPState, player: str) -> mechanics.Responses:
    """Every other seat in turn from the player's left: asking all of them, holders or not, keeps
    secret who holds Counterespionage."""
    return mechanics.Responses(opener=player, eligible=mechanics.seating_from(state.order(), player))


def open_covert(state: PoPState, play: Covert, outcome: Outcome) -> None:
    """The play waits (a card in `covert`, a Display action on its card) while the others answer."""
    if play.form == "counter" and not state.counter_chain:
        state.covert.append(play)
        outcome.say(f"{play.name} cannot itself be countered (the option counter_chain is off).")
        settle_covert(state, outcome)
        return
    state.covert.append(play)
    first = play.window.waiting()[0]
    outcome.say(f"Each other player in turn may counter {play.name} with Counterespionage or pass; {name_of(state, first)} answers first.")


def pass_(state: PoPState, act: a.Pass, outcome: Outcome) -> None:
    who = name_of(state, act.player)
    if state.covert:
        top = state.covert[-1]
        waiting = top.window.waiting()
        if waiting[0] != act.player:
            raise RuleError(f"{name_of(state, waiting[0])} answers {top.name} now, not {who}.")
        outcome.say(f"{who} does not counter {top.name}.")
        if top.window.pass_(act.player):
            settle_covert(state, outcome)
        else:
            outcome.say(f"{name_of(state, top.window.waiting()[0])} answers next.")
        return
    if state.trigger is not None:
        if state.trigger.opener != act.player:
            raise RuleError(f"{name_of(state, state.trigger.opener)} answers what happened to them, not {who}.")
        outcome.say(f"{who} plays no more Reactions to it.")
        state.trigger = None
        return
    raise RuleError("There is nothing to pass on: no Covert Action or Reaction waits for an answer.")


def settle_covert(state: PoPState, outcome: Outcome) -> None:
    """Nobody counters the last play: it resolves. A Counterespionage that resolves prevents
    the play beneath it; if that was itself a Counterespionage, the play beneath it goes ahead."""
    top = state.covert.pop()
    if top.form != "counter":
        resolve_covert(state, top, outcome)
        return
    victim = state.covert.pop()
    if top.zone == COVERT_ZONE:
        mechanics.settle_pending(state, top, discard_zone(card_def(state, top.card).deck))
    elif cubes_on(state, top.card) == 0:
        leave_display(state, top.card, outcome, "its last cube is spent")
    outcome.say(f"{name_of(state, top.player)}'s {top.name} resolves: {name_of(state, victim.player)}'s {victim.name} is prevented.")
    cancel_covert(state, victim, outcome)
    if victim.form == "counter" and state.covert:
        outcome.say(f"With its counter prevented, {state.covert[-1].name} goes ahead.")
        settle_covert(state, outcome)


def resolve_covert(state: PoPState, play: Covert, outcome: Outcome) -> None:
    if play.form == "basic":
        outcome.say(f"Nobody counters {play.name}: it resolves.")
        where = f" ({play.note})" if play.note else ""
        outcome.say(f"{name_of(state, play.player)} places {claims_words(play.claims)} on the board{where}.")
        end_turn(state, outcome)
        return
    card = card_def(state, play.card)
    ability = card.actions[play.action] if play.form == "display" else card.play
    outcome.say(f"Nobody counters {play.name}: it resolves.")
    resolve_effect(state, play.player, ability, card.deck, outcome)
    if play.form == "display":
        if cubes_on(state, play.card) == 0:
            leave_display(state, play.card, outcome, "its last cube is spent")
    else:
        mechanics.settle_pending(state, play, discard_zone(card.deck))
    if play.turn:
        end_turn(state, outcome)


def cancel_covert(state: PoPState, play: Covert, outcome: Outcome) -> None:
    """A countered card is discarded and its cost stays paid; a countered Display action keeps
    its cubes spent, and its last cube still discards the card (the seed's 6.2)."""
    if play.form == "display":
        outcome.say(f"{play.name} is prevented; its cost ({play.paid}) and its cubes stay spent.")
        if cubes_on(state, play.card) == 0:
            leave_display(state, play.card, outcome, "its last cube was spent")
    elif play.form == "basic":
        outcome.say(f"{play.name} is prevented: no Claim is placed; its cost ({play.paid}) stays paid.")
    elif play.zone == COVERT_ZONE:
        mechanics.settle_pending(state, play, discard_zone(card_def(state, play.card).deck))
        outcome.say(f"{play.name} is discarded; its cost ({play.paid}) stays paid.")
    else:  # a Display card's Counterespionage action, itself countered
        outcome.say(f"{play.name} is prevented; its cost ({play.paid}) and its cubes stay spent.")
        if cubes_on(state, play.card) == 0:
            leave_display(state, play.card, outcome, "its last cube was spent")
    if play.turn:
        outcome.say(f"{name_of(state, play.player)}'s turn is spent.")
        end_turn(state, outcome)


# ---- Fabricate Claims: a covert Basic Action --------------------------------------------------


def claims_words(claims: int) -> str:
    return f"{claims} Claim{'s' if claims != 1 else ''}"


def fabricate_cost(act: a.Fabricate) -> Cost:
    price = CLAIM_PRICE * act.claims
    return Cost(power_type="dip", power=price, ducats=0, printed=price)


def check_fabricate(state: PoPState, act: a.Fabricate) -> Cost:
    check_turn(state, act.player, "Fabricate Claims")
    if not 1 <= act.claims <= CLAIMS_MOST:
        raise RuleError(f"Fabricate Claims places 1 to {CLAIMS_MOST} Claims ({CLAIM_PRICE} DIP each).")
    cost = fabricate_cost(act)
    check_cost(state, act.player, f"Fabricating {claims_words(act.claims)}", cost)
    return cost


def fabricate(state: PoPState, act: a.Fabricate, outcome: Outcome) -> None:
    """Paid now, then answered like a covert card: countered, its cost stays paid and the Turn is
    spent; not countered, the Claims go on the board (the board's rules say where)."""
    cost = check_fabricate(state, act)
    pay(state, act.player, cost)
    paid = cost.words()
    outcome.say(f"{name_of(state, act.player)} fabricates {claims_words(act.claims)}, a Covert Action, for {paid}.")
    open_covert(state, Covert(card="", player=act.player, zone="", paid=paid, form="basic", name="Fabricate Claims",
                              turn=True, claims=act.claims, note=act.note.strip(), window=_window(state, act.player)),
                outcome)
