"""How each Worlds That Remember action changes the state.

Every handler checks first (raising RuleError with one sentence) and only then changes the state,
so a refusal leaves it untouched. What the dice mean in the story is read by the players: the app
builds the pool, rolls it with the game's generator, and logs every die, the Fate tier and the axes.
"""


from collections.abc import Callable

from desktop.engine import mechanics
from desktop.engine.errors import RuleError
from desktop.engine.ruleset import Outcome
from desktop.engine.text import TEXT_LIMIT, problem, shown
from desktop.rulesets.worlds_that_remember import actions as a
from desktop.rulesets.worlds_that_remember.cards import ActionDef, condition_ids
from desktop.rulesets.worlds_that_remember.cards import card as card_def
from desktop.rulesets.worlds_that_remember.checks import (
    check_force,
    check_play,
    check_turn,
    support_card_refusal,
    support_refusal,
)
from desktop.rulesets.worlds_that_remember.decks import DECK_MAX
from desktop.rulesets.worlds_that_remember.dice.rolls import Pool
from desktop.rulesets.worlds_that_remember.dice.rolls import roll as roll_pool
from desktop.rulesets.worlds_that_remember.effects import (
    add_condition,
    can_take_condition,
    count_card,
    gain_fatigue,
    move,
    refill,
    refill_now,
    supply_copy,
)
from desktop.rulesets.worlds_that_remember.pools import (
    pool_words,
    support_die,
    words,
)
from desktop.rulesets.worlds_that_remember.reading import (
    card_name,
    current_pool,
    definition,
    find_tag,
    is_condition,
    is_out,
    name,
    owned,
    trashable,
)
from desktop.rulesets.worlds_that_remember.state import (
    SCENE_CARDS,
    SUPPORT_COST,
    LastRoll,
    OpenRoll,
    RolledDie,
    Support,
    WTRState,
)

# ---- handlers ----------------------------------------------------------------------------------


def open_roll(state: WTRState, act, card: ActionDef, forced: bool, outcome: Outcome) -> None:
    others = [seat for seat in state.order if seat != act.player]
    state.roll = OpenRoll(
        card=act.card, player=act.player, intent=act.intent.strip(), tags=list(act.tags), forced=forced,
        window=mechanics.Responses(opener=act.player, eligible=others),
    )
    state.played_this_turn = True
    count_card(state, outcome)
    outcome.say(f"Pool: {pool_words(current_pool(state))}.")


def play(state: WTRState, act: a.Play, outcome: Outcome) -> None:
    card = check_play(state, act)
    who = name(state, act.player)
    move(state, act.card, f"ready:{act.player}", "play")
    outcome.say(f"{who} plays {card.name}: \u201c{act.intent.strip()}\u201d")
    open_roll(state, act, card, False, outcome)
    refill_now(state, act.player, outcome)


def force(state: WTRState, act: a.Force, outcome: Outcome) -> None:
    card = check_force(state, act)
    who = name(state, act.player)
    paid = card_name(state, act.discard)
    move(state, act.discard, f"ready:{act.player}", f"spent:{act.player}")
    move(state, act.card, f"unready:{act.player}", "play")
    state.forced_this_turn = True
    outcome.say(f"{who} forces {card.name} from the Unready deck, discarding {paid}: \u201c{act.intent.strip()}\u201d")
    gain_fatigue(state, act.player, 1, "forcing", outcome)
    open_roll(state, act, card, True, outcome)
    refill_now(state, act.player, outcome, fresh=1)


def support(state: WTRState, act: a.Support, outcome: Outcome) -> None:
    refusal = support_refusal(state, act.player)
    if refusal:
        raise RuleError(refusal)
    refusal = support_card_refusal(state, act.player, act.card)
    if refusal:
        raise RuleError(refusal)
    tag = None
    if act.tag:
        tag = find_tag(state, act.player, act.tag)
        if tag is None:
            raise RuleError(f"{state.characters[act.player].name} has no tag or gear called \u201c{act.tag}\u201d.")
    trouble = problem(act.narration, TEXT_LIMIT)
    if trouble:
        raise RuleError(f"The narration {trouble}.")
    if not act.narration.strip():
        raise RuleError(f"{name(state, act.player)}'s Support must be narrated: one sentence saying how they help.")
    roll, who = state.roll, name(state, act.player)
    cost = SUPPORT_COST[state.phase]
    die = support_die(who, tag)
    spent = card_name(state, act.card)
    move(state, act.card, f"ready:{act.player}", f"spent:{act.player}")
    roll.supports.append(Support(
        seat=act.player, card=act.card, size=die.size, tag=act.tag,
        approach=tag.approach if tag else "", narration=act.narration.strip(),
    ))
    outcome.say(
        f"{who} supports {name(state, roll.player)}, spending {spent}: \u201c{act.narration.strip()}\u201d "
        f"It adds a {words(die)}."
    )
    count_card(state, outcome)
    gain_fatigue(state, act.player, cost, "Support", outcome)
    refill_now(state, act.player, outcome, fresh=1)


def pass_support(state: WTRState, act: a.Pass, outcome: Outcome) -> None:
    roll = state.roll
    if roll is None:
        raise RuleError("There is no roll open to pass on.")
    if act.player == roll.player:
        raise RuleError(f"{name(state, act.player)} cannot pass on their own roll: roll it.")
    if act.player in roll.supporters():
        raise RuleError(f"{name(state, act.player)} has already supported this roll.")
    if act.player in roll.window.passed:
        raise RuleError(f"{name(state, act.player)} has already passed on this roll.")
    roll.window.pass_(act.player)
    outcome.say(f"{name(state, act.player)} does not Support this roll.")


def roll_dice(state: WTRState, act: a.Roll, outcome: Outcome) -> None:
    roll = state.roll
    if roll is None:
        raise RuleError("There is no roll open: play or force a card first.")
    card = definition(state, roll.card)
    if act.player != roll.player:
        raise RuleError(f"Only {name(state, roll.player)}, who played {card.name}, rolls it.")
    who = name(state, roll.player)
    dice = current_pool(state)
    state.rng, rolled = roll_pool(Pool(dice), state.rng)
    outcome.say(f"{who} rolls {card.name}: Fate {rolled.fate}, {rolled.tier}.")
    if rolled.dice:
        outcome.say("Dice: " + "; ".join(f"{words(die)} {value}" for die, value in rolled.dice) + ".")
        outcome.say("Axes: " + ", ".join(f"{axis} {value}" for axis, value in rolled.axes.items()) + ".")
    else:
        outcome.say("No Aspect dice: the Fate die alone is read.")
    state.roll = None
    state.last_roll = LastRoll(
        player=roll.player, card=card.name, turn=state.turn, fate=rolled.fate, tier=rolled.tier,
        dice=[RolledDie(die.size, die.source, value) for die, value in rolled.dice], axes=dict(rolled.axes),
    )
    if card.keeps:
        move(state, roll.card, "play", f"ready:{roll.player}")
        outcome.say(f"{card.name} keeps: it returns to {who}'s Ready Hand.")
    else:
        move(state, roll.card, "play", f"spent:{roll.player}")
        outcome.say(f"{card.name} goes to {who}'s Spent pile.")
    outcome.reveals = True


def end_turn(state: WTRState, act: a.EndTurn, outcome: Outcome) -> None:
    check_turn(state, act.player)
    who = name(state, act.player)
    outcome.say(f"{who} ends the turn.")
    if state.refill == "end_of_turn":
        refill(state, act.player, outcome)
    state.played_this_turn = state.forced_this_turn = False
    state.turn += 1
    if state.played >= SCENE_CARDS:
        state.scene_over = True
        outcome.say(f"Scene {state.scene} is over. Decks, Conditions and Fatigue carry over to the next.")
        return
    following = mechanics.next_in_order(state.order, state.active, skip=lambda seat: is_out(state, seat))
    if following is None:
        state.scene_over = True
        outcome.say(f"Every character is out: Scene {state.scene} is over.")
        return
    state.active = following
    outcome.say(f"It is {name(state, following)}'s turn.")


def new_scene(state: WTRState, act: a.NewScene, outcome: Outcome) -> None:
    if not state.scene_over:
        raise RuleError(f"Scene {state.scene} is still going: it ends after Collapse.")
    state.scene += 1
    state.played = 0
    state.scene_over = False
    for seat in state.order:
        if is_out(state, seat):
            state.counters[seat]["fatigue"] = state.fatigue_max - 1
            outcome.say(f"{name(state, seat)} comes back into the story with {state.fatigue_max - 1} Fatigue.")
    state.active = mechanics.next_in_order(state.order, state.active)
    outcome.say(f"Scene {state.scene} begins at Dawn. It is {name(state, state.active)}'s turn.")


def trash(state: WTRState, act: a.Trash, outcome: Outcome) -> None:
    if not state.owed or state.owed[0].player != act.player:
        raise RuleError(
            f"{name(state, act.player)} removes a card only when their deck holds more than {DECK_MAX} cards."
        )
    if act.card not in owned(state, act.player):
        raise RuleError(f"The card {shown(act.card, 40)!r} is not in {name(state, act.player)}'s deck.")
    if is_condition(state, act.card):
        raise RuleError(f"{card_name(state, act.card)} is a Condition: remove a card that is not a Condition.")
    if act.card not in trashable(state, act.player):
        raise RuleError("The card being rolled cannot be removed: choose another.")
    trouble = problem(act.note, TEXT_LIMIT)
    if trouble:
        raise RuleError(f"The note {trouble}.")
    source = state.zone_of(act.card).id
    move(state, act.card, source, "trash")
    note = f" Note: {act.note.strip()}" if act.note.strip() else ""
    outcome.say(f"{name(state, act.player)} removes {card_name(state, act.card)} from the deck for good.{note}")
    if len(owned(state, act.player)) <= DECK_MAX:
        mechanics.settle(state.owed, "trash", act.player)
    if source == f"ready:{act.player}":
        refill_now(state, act.player, outcome)


def gain_condition(state: WTRState, act: a.GainCondition, outcome: Outcome) -> None:
    found = card_def(act.condition) if act.condition in condition_ids() else None
    if found is None:
        raise RuleError(f"\u201c{act.condition}\u201d is not a Condition of Worlds That Remember.")
    if supply_copy(state, act.condition) is None:
        raise RuleError(f"No {found.name} card is left in the supply.")
    if not can_take_condition(state, act.player):
        raise RuleError(
            f"{name(state, act.player)}'s deck is full and holds no Action card to remove: {found.name} cannot enter it."
        )
    outcome.say(f"{name(state, act.player)} gains {found.name}.")
    add_condition(state, act.player, act.condition, outcome)


def clear_condition(state: WTRState, act: a.ClearCondition, outcome: Outcome) -> None:
    seat = act.player
    zones = (f"ready:{seat}", f"unready:{seat}", f"spent:{seat}")
    source = next((zone for zone in zones if act.card in state.zones[zone].cards), None)
    if source is None:
        raise RuleError(
            f"The card {shown(act.card, 40)!r} is not in {name(state, seat)}'s Ready Hand, Unready deck or Spent pile."
        )
    if not is_condition(state, act.card):
        raise RuleError(f"{card_name(state, act.card)} is not a Condition.")
    move(state, act.card, source, "supply")
    outcome.say(f"{name(state, seat)} recovers from {card_name(state, act.card)}: it returns to the supply.")
    if source == f"ready:{seat}":
        refill_now(state, seat, outcome)


def set_fatigue(state: WTRState, act: a.SetFatigue, outcome: Outcome) -> None:
    if isinstance(act.value, bool) or not 0 <= act.value <= state.fatigue_max:
        raise RuleError(f"Fatigue must be between 0 and {state.fatigue_max}.")
    state.counters[act.player]["fatigue"] = act.value
    outcome.say(f"{name(state, act.player)}'s Fatigue is set to {act.value}.")


HANDLERS: dict[type, Callable[[WTRState, a.Action, Outcome], None]] = {
    a.Play: play,
    a.Force: force,
    a.Support: support,
    a.Pass: pass_support,
    a.Roll: roll_dice,
    a.EndTurn: end_turn,
    a.NewScene: new_scene,
    a.Trash: trash,
    a.GainCondition: gain_condition,
    a.ClearCondition: clear_condition,
    a.SetFatigue: set_fatigue,
}

