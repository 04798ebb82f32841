"""How each Worlds That Remember action changes the state.

Every handler checks first (raising RuleError with one sentence) and only then changes the state,
so a refusal leaves it untouched. What the dice mean in the story is read by the players: the app
builds the pool, rolls it with the game's generator, and logs every die, the Fate tier and the axes.
"""

from __future__ import annotations

from collections.abc import Callable

from desktop.engine import mechanics
from desktop.engine.errors import RuleError
from desktop.engine.ruleset import Outcome
from desktop.engine.state import move_card
from desktop.engine.text import TEXT_LIMIT, problem
from desktop.odds.dice import Pool
from desktop.odds.dice import roll as roll_pool
from desktop.rulesets.worlds_that_remember import actions as a
from desktop.rulesets.worlds_that_remember.cards import ActionDef, CardDef, ConditionDef, Tag
from desktop.rulesets.worlds_that_remember.cards import card as card_def
from desktop.rulesets.worlds_that_remember.decks import DECK_MAX
from desktop.rulesets.worlds_that_remember.pools import (
    chosen_tags,
    extra_tags,
    pool_dice,
    pool_words,
    support_die,
    words,
)
from desktop.rulesets.worlds_that_remember.state import (
    CARDS_PER_PHASE,
    DUSK,
    SCENE_CARDS,
    SUPPORT_COST,
    LastRoll,
    OpenRoll,
    RolledDie,
    Support,
    WTRState,
)

# ---- reading the state -------------------------------------------------------------------------


def name(state: WTRState, seat: str) -> str:
    return state.seat_name(seat)


def definition(state: WTRState, card: str) -> CardDef:
    return card_def(state.cards[card])


def card_name(state: WTRState, card: str) -> str:
    return definition(state, card).name


def is_condition(state: WTRState, card: str) -> bool:
    return isinstance(definition(state, card), ConditionDef)


def owned(state: WTRState, seat: str) -> list[str]:
    """Every card of the seat's deck in the deck-building sense: Ready, Unready, Spent, in play."""
    cards = [*state.ready(seat), *state.unready(seat), *state.spent(seat)]
    if state.roll is not None and state.roll.player == seat:
        cards.append(state.roll.card)
    return cards


def trashable(state: WTRState, seat: str) -> list[str]:
    """The cards the seat may remove when its deck is too big: non-Conditions not in play."""
    return [card for card in (*state.ready(seat), *state.unready(seat), *state.spent(seat)) if not is_condition(state, card)]


def ready_conditions(state: WTRState, seat: str) -> list[ConditionDef]:
    return [d for d in (definition(state, card) for card in state.ready(seat)) if isinstance(d, ConditionDef)]


def blocking(state: WTRState, seat: str, flag: str) -> ConditionDef | None:
    return next((found for found in ready_conditions(state, seat) if getattr(found, flag)), None)


def is_out(state: WTRState, seat: str) -> bool:
    """In the "out" mode, a character at the maximum Fatigue is out of the Scene."""
    return state.at_max == "out" and state.fatigue(seat) >= state.fatigue_max


def find_tag(state: WTRState, seat: str, label: str) -> Tag | None:
    return next((tag for tag in state.characters[seat].all_tags() if tag.label == label), None)


def required_dice(state: WTRState) -> list:
    """The dice the rules add to the open roll by themselves: Dusk's d4 and the roller's Ready
    Conditions' dice (not chosen, never removed)."""
    roll = state.roll
    bare = ActionDef(id="", name="", tags=[], text="", intent="")
    return pool_dice(bare, [], ready_conditions(state, roll.player), state.phase == DUSK)


def current_pool(state: WTRState) -> list:
    """The Aspect dice of the open roll as it stands (the Fate d20 is implied)."""
    roll = state.roll
    card = definition(state, roll.card)
    tags = chosen_tags(card, state.characters[roll.player], roll.tags)
    supports = [support_die(name(state, s.seat), find_tag(state, s.seat, s.tag) if s.tag else None) for s in roll.supports]
    return pool_dice(card, tags, ready_conditions(state, roll.player), state.phase == DUSK, supports)


# ---- checks shared by apply and legal_actions ----------------------------------------------------


def check_seat(state: WTRState, seat: str) -> None:
    if seat not in state.seat_ids():
        raise RuleError(f"There is no player '{seat}' at this table.")


def check_owed(state: WTRState, act: a.Action) -> None:
    if not state.owed:
        return
    duty = state.owed[0]
    if isinstance(act, a.Trash) and act.player == duty.player:
        return
    who = name(state, duty.player)
    raise RuleError(
        f"{who}'s deck holds more than {DECK_MAX} cards: {who} must first remove a card that is not a Condition."
    )


def check_turn(state: WTRState, player: str) -> None:
    if state.scene_over:
        raise RuleError("The Scene is over: start the next Scene first.")
    if state.roll is not None:
        roll = state.roll
        raise RuleError(f"{name(state, roll.player)}'s roll of {card_name(state, roll.card)} is still open: it must be rolled first.")
    if player != state.active:
        raise RuleError(f"It is {name(state, state.active)}'s turn, not yours.")


def check_intent(intent: str, card: str) -> None:
    trouble = problem(intent, TEXT_LIMIT)
    if trouble:
        raise RuleError(f"The intent {trouble}.")
    if not intent.strip():
        raise RuleError(f"Declare your intent: say in a short sentence what you mean to do with {card}.")


def check_tags(state: WTRState, seat: str, card: ActionDef, labels: list[str]) -> None:
    allowed = {tag.label for tag in extra_tags(card, state.characters[seat])}
    printed = {tag.label for tag in card.tags}
    seen: set[str] = set()
    for label in labels:
        if label in printed:
            raise RuleError(f"{label} is printed on {card.name}: it always applies and adds its die once.")
        if label not in allowed:
            raise RuleError(f"{state.characters[seat].name} has no tag or gear called \u201c{label}\u201d.")
        if label in seen:
            raise RuleError(f"The tag {label} is named twice: no tag adds more than one die.")
        seen.add(label)


def check_fatigue_room(state: WTRState, seat: str, cost: int) -> None:
    """In the "cap" mode a player may not take on Fatigue above the maximum by choice."""
    if state.at_max == "cap" and state.fatigue(seat) + cost > state.fatigue_max:
        raise RuleError(
            f"Your Fatigue is {state.fatigue(seat)} of {state.fatigue_max}: you cannot take on {cost} more by choice."
        )


def check_play(state: WTRState, act: a.Play) -> ActionDef:
    check_turn(state, act.player)
    if state.forced_this_turn or state.played_this_turn:
        raise RuleError("You have already played a card this turn.")
    if act.card not in state.ready(act.player):
        raise RuleError("That card is not in your Ready Hand.")
    card = definition(state, act.card)
    if isinstance(card, ConditionDef):
        raise RuleError(f"{card.name} is a Condition: it cannot be played as an action.")
    check_intent(act.intent, card.name)
    check_tags(state, act.player, card, act.tags)
    return card


def check_force(state: WTRState, act: a.Force) -> ActionDef:
    check_turn(state, act.player)
    if state.forced_this_turn:
        raise RuleError("You have already forced a card this turn.")
    if state.played_this_turn:
        raise RuleError("You have already played a card this turn.")
    if act.card == act.discard:
        raise RuleError("You cannot discard the card you force: discard a different Ready card.")
    if act.card not in state.unready(act.player):
        raise RuleError("The card you force must be in your Unready deck.")
    card = definition(state, act.card)
    if isinstance(card, ConditionDef):
        raise RuleError(f"{card.name} is a Condition: it cannot be forced or played as an action.")
    if act.discard not in state.ready(act.player):
        raise RuleError("The card you discard to force must be in your Ready Hand.")
    blocked = blocking(state, act.player, "no_force")
    if blocked is not None:
        raise RuleError(f"{blocked.name} is in your Ready Hand: you cannot force Unready cards.")
    check_fatigue_room(state, act.player, 1)
    check_intent(act.intent, card.name)
    check_tags(state, act.player, card, act.tags)
    return card


def support_refusal(state: WTRState, seat: str) -> str | None:
    """Why `seat` may not Support the open roll now, or None."""
    roll = state.roll
    if roll is None:
        return "There is no roll open to Support."
    if seat == roll.player:
        return "You cannot Support your own roll."
    phase = state.phase
    if phase not in SUPPORT_COST:
        return f"{phase} allows no proactive intervention: no one may Support."
    if seat in roll.supporters():
        return "You have already supported this roll."
    if seat in roll.window.passed:
        return "You have passed on this roll."
    if is_out(state, seat):
        return f"{name(state, seat)} is out of the Scene at the maximum Fatigue."
    blocked = blocking(state, seat, "no_support")
    if blocked is not None:
        return f"{blocked.name} is in your Ready Hand: you cannot Support."
    if not state.ready(seat):
        return "You have no Ready card to spend on Support."
    cost = SUPPORT_COST[phase]
    if state.at_max == "cap" and state.fatigue(seat) + cost > state.fatigue_max:
        return f"Your Fatigue is {state.fatigue(seat)} of {state.fatigue_max}: Support would cost {cost} more."
    return None


def may_support(state: WTRState, seat: str) -> bool:
    return support_refusal(state, seat) is None


def supporters_waiting(state: WTRState) -> list[str]:
    if state.roll is None:
        return []
    return [seat for seat in state.order if may_support(state, seat)]


# ---- moving cards, Fatigue, Conditions, drawing --------------------------------------------------


def move(state: WTRState, card: str, source: str, target: str, bottom: bool = False) -> None:
    move_card(state, card, source, target)
    if bottom:
        cards = state.zones[target].cards
        cards.insert(0, cards.pop())


def gain_fatigue(state: WTRState, seat: str, amount: int, why: str, outcome: Outcome) -> None:
    """Adds Fatigue; what happens at the maximum depends on the `at_max` option."""
    who, top = name(state, seat), state.fatigue_max
    total = state.fatigue(seat) + amount
    if state.at_max == "condition" and total >= top:
        exhausted = 0
        while total >= top:
            total -= top
            exhausted += 1
        state.counters[seat]["fatigue"] = total
        outcome.say(
            f"{who} gains {amount} Fatigue ({why}) and reaches the maximum of {top}: Fatigue falls to "
            f"{total}, and {who} gains Exhausted."
        )
        for _ in range(exhausted):
            add_condition(state, seat, "exhausted", outcome)
        return
    state.counters[seat]["fatigue"] = min(top, total)
    outcome.say(f"{who} gains {amount} Fatigue ({why}): {min(top, total)} of {top}.")
    if total >= top and state.at_max == "out":
        outcome.say(f"{who} is at the maximum Fatigue and out of the Scene: no turns and no Support until the next Scene.")
    elif total > top:
        outcome.say(f"{who}'s Fatigue stays at the maximum of {top}; the rest is lost.")


def can_take_condition(state: WTRState, seat: str) -> bool:
    """A full deck must be able to make room (by removing a non-Condition card)."""
    return len(owned(state, seat)) < DECK_MAX or bool(trashable(state, seat))


def supply_copy(state: WTRState, condition: str) -> str | None:
    return next((card for card in reversed(state.zones["supply"].cards) if state.cards[card] == condition), None)


def add_condition(state: WTRState, seat: str, condition: str, outcome: Outcome) -> bool:
    """A Condition from the supply enters the bottom of the seat's Unready deck."""
    who, title = name(state, seat), card_def(condition).name
    card = supply_copy(state, condition)
    if card is None:
        outcome.say(f"No {title} card is left in the supply: {who} gains none.")
        return False
    if not can_take_condition(state, seat):
        outcome.say(f"{who}'s deck is full and holds no Action card to remove: {title} stays in the supply.")
        return False
    move(state, card, "supply", f"unready:{seat}", bottom=True)
    outcome.say(f"{title} enters {who}'s Unready deck.")
    size = len(owned(state, seat))
    if size > DECK_MAX:
        mechanics.owe(state.owed, "trash", seat)
        outcome.say(f"{who}'s deck now holds {size} cards: {who} must at once remove a card that is not a Condition.")
    return True


def trigger(state: WTRState, seat: str, card: str, condition: ConditionDef, outcome: Outcome) -> None:
    """A Condition becomes Ready: everyone sees it, and its trigger applies."""
    state.revealed.append(card)
    outcome.say(f"{name(state, seat)} draws {condition.name}, a Condition: {' '.join(condition.effects())}")
    if condition.fatigue:
        gain_fatigue(state, seat, condition.fatigue, condition.name, outcome)
    if condition.then == "spend" and card in state.ready(seat):
        move(state, card, f"ready:{seat}", f"spent:{seat}")


def rebuild(state: WTRState, seat: str, outcome: Outcome, keep: int = 0) -> bool:
    """Shuffles the Spent pile into a new Unready deck, but for its top `keep` cards (those spent
    in this very action, which land on the pile after the draw); False when nothing is left."""
    count = len(state.spent(seat)) - keep
    if count <= 0:
        return False
    rule = mechanics.Reshuffle(deck=f"unready:{seat}", discard=f"spent:{seat}", keep=keep)
    mechanics.reshuffle(state, rule, Outcome())
    outcome.say(f"{name(state, seat)}'s Unready deck is empty: {count} Spent card{'' if count == 1 else 's'} "
                "are shuffled into a new deck (a rebuild).")
    gain_fatigue(state, seat, 1, "rebuild", outcome)
    return True


def refill(state: WTRState, seat: str, outcome: Outcome, fresh: int = 0) -> None:
    """Draws until the Ready Hand holds the hand size; an empty deck is rebuilt (once a refill).

    `fresh`: cards the action spent just before (on top of the Spent pile): they are not
    shuffled back by a rebuild in the same action, nor is a Condition spent by its own trigger.
    """
    hand, deck = state.ready(seat), state.unready(seat)
    if len(hand) >= state.hand_size:
        return
    lines = Outcome()
    drawn, rebuilt = 0, False
    who = name(state, seat)
    while len(hand) < state.hand_size:
        if not deck:
            if rebuilt:
                lines.say(f"{who}'s deck ran out again: a refill rebuilds only once.")
                break
            if not rebuild(state, seat, lines, keep=fresh):
                lines.say(f"{who}'s Unready deck is empty and no Spent card can be shuffled into it: nothing is drawn.")
                break
            rebuilt = True
            continue
        card = deck.pop()
        hand.append(card)
        state.card_states.pop(card, None)
        drawn += 1
        found = definition(state, card)
        if isinstance(found, ConditionDef):
            spent = len(state.spent(seat))
            trigger(state, seat, card, found, lines)
            fresh += len(state.spent(seat)) - spent
        else:
            lines.say(f"You drew {found.name}.", seat=seat)
    if drawn:
        outcome.say(f"{who} draws {drawn} card{'' if drawn == 1 else 's'} into the Ready Hand.")
    outcome.log.extend(lines.log)
    outcome.reveals = True


def refill_now(state: WTRState, seat: str, outcome: Outcome, fresh: int = 0) -> None:
    """In the "immediately" refill mode, a Ready Hand is topped up as soon as a card leaves it."""
    if state.refill == "immediately":
        refill(state, seat, outcome, fresh)


def count_card(state: WTRState, outcome: Outcome) -> None:
    """One more card played (or spent on Support): the phase clock moves on."""
    before = state.phase
    state.played += 1
    after = state.phase
    if state.played == SCENE_CARDS:
        outcome.say(f"{SCENE_CARDS} cards have been played: the Scene ends when this turn ends.")
    elif after != before:
        outcome.say(PHASE_LINES[after])


PHASE_LINES = {
    "Day": f"{CARDS_PER_PHASE} cards have been played: Day begins.",
    "Dusk": "Dusk falls: every roll gains a d4 COST, and Support costs 2 Fatigue.",
    "Night": "Night falls: no one may Support.",
    "Collapse": f"Collapse: no one may Support, and the Scene ends after {CARDS_PER_PHASE} more cards.",
}


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
    if act.card not in state.ready(act.player):
        raise RuleError("The card you spend on Support must be in your Ready Hand.")
    tag = None
    if act.tag:
        tag = find_tag(state, act.player, act.tag)
        if tag is None:
            raise RuleError(f"{state.characters[act.player].name} has no tag or gear called \u201c{act.tag}\u201d.")
    trouble = problem(act.narration, TEXT_LIMIT)
    if trouble:
        raise RuleError(f"The narration {trouble}.")
    if not act.narration.strip():
        raise RuleError("Support must be narrated: say in one sentence how you help.")
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
        raise RuleError("You cannot pass on your own roll: roll it.")
    if act.player in roll.supporters():
        raise RuleError("You have already supported this roll.")
    if act.player in roll.window.passed:
        raise RuleError("You have already passed on this roll.")
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
        raise RuleError(f"You remove a card only when your deck holds more than {DECK_MAX} cards.")
    if act.card not in owned(state, act.player):
        raise RuleError("That card is not in your deck.")
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
    found = card_def(act.condition) if act.condition in _condition_ids() else None
    if found is None:
        raise RuleError(f"\u201c{act.condition}\u201d is not a Condition of Worlds That Remember.")
    if supply_copy(state, act.condition) is None:
        raise RuleError(f"No {found.name} card is left in the supply.")
    if not can_take_condition(state, act.player):
        raise RuleError(f"Your deck is full and holds no Action card to remove: {found.name} cannot enter it.")
    outcome.say(f"{name(state, act.player)} gains {found.name}.")
    add_condition(state, act.player, act.condition, outcome)


def clear_condition(state: WTRState, act: a.ClearCondition, outcome: Outcome) -> None:
    seat = act.player
    zones = (f"ready:{seat}", f"unready:{seat}", f"spent:{seat}")
    source = next((zone for zone in zones if act.card in state.zones[zone].cards), None)
    if source is None:
        raise RuleError("That card is not in your Ready Hand, Unready deck or Spent pile.")
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


def _condition_ids() -> set[str]:
    from desktop.rulesets.worlds_that_remember.cards import conditions

    return {condition.id for condition in conditions()}


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


def apply(state: WTRState, act: a.Action) -> Outcome:
    check_seat(state, act.player)
    check_owed(state, act)
    outcome = Outcome()
    HANDLERS[type(act)](state, act, outcome)
    return outcome
