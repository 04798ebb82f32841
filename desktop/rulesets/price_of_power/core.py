"""What the rules of Price of Power share: the card behind an instance, costs and paying them,
power kept within 0-10, drawing with the reshuffle, discarding, and the end of a Turn.

A check raises RuleError with one sentence and changes nothing; the functions that change the
state are named for what they do and are called only after the checks.
"""

from __future__ import annotations

import msgspec

from desktop.engine import mechanics
from desktop.engine.errors import RuleError
from desktop.engine.ruleset import Outcome
from desktop.engine.state import move_card
from desktop.engine.text import shown
from desktop.rulesets.price_of_power import sections
from desktop.rulesets.price_of_power.cards import (
    DECK_NAMES,
    POWER_WORDS,
    POWERS,
    Ability,
    CardDef,
    Gain,
    card_set,
)
from desktop.rulesets.price_of_power.state import (
    CUBES,
    DUCATS_MAX,
    PHASES,
    POWER_MAX,
    RESHUFFLES,
    PoPState,
    deck_zone,
    discard_zone,
)


def card_def(state: PoPState, card: str) -> CardDef:
    return card_set(state.deck_key)[state.cards[card]]


def name_of(state: PoPState, seat: str | None) -> str:
    return state.seat_name(seat) if seat is not None else "a non-player realm"


def not_held(state: PoPState, seat: str, card: str, where: str = "hand") -> str:
    """Names the card by its id: its face may be hidden from the seat that named it."""
    return f"The card {shown(card, 40)!r} is not in {name_of(state, seat)}'s {where}."


def deck_words(power: str) -> str:
    return f"the {DECK_NAMES[power]} deck"


# ---- costs -----------------------------------------------------------------------------------


class Cost(msgspec.Struct, frozen=True, kw_only=True):
    """What playing something costs after modifiers: `power` of one type (never below 0, so never
    a gain) and `ducats`. `printed` is the power cost on the card; `modifier` (with its `reason`)
    the change a player declared from the board, `discount` what the seat's Advisors take off."""

    power_type: str
    power: int
    ducats: int
    printed: int
    modifier: int = 0
    discount: int = 0
    reason: str = ""

    def words(self) -> str:
        changed = self.modifier or self.discount
        parts = [f"{self.power} {POWER_WORDS[self.power_type]}"] if self.power or not self.ducats or changed else []
        if self.ducats:
            parts.append(f"{self.ducats} Ducat{'s' if self.ducats != 1 else ''}")
        text = " and ".join(parts)
        if changed:
            why = [f"printed {self.printed}"]
            if self.modifier:
                why.append(f"{self.modifier:+d}" + (f" {self.reason}" if self.reason else ""))
            if self.discount:
                why.append(f"-{self.discount} Advisor")
            text += f" ({', '.join(why)})"
        return text


def discount(state: PoPState, seat: str, power: str) -> int:
    """What the seat's Advisors of this power type take off the power cost of its cards."""
    total = 0
    for card in state.court(seat):
        character = card_def(state, card).character
        if character.kind == "advisor" and character.power == power:
            total += character.discount
    return total


def cost_of(state: PoPState, seat: str, ability: Ability, modifier: int = 0, reason: str = "") -> Cost:
    """The cost of playing `ability`: its power part floored at 0 (the seed's 6: "can never go
    below 0"; a reduction never spills into Ducats or another type), its Ducats as printed."""
    off = discount(state, seat, ability.power)
    return Cost(
        power_type=ability.power, power=max(0, ability.cost + modifier - off), ducats=max(0, ability.ducats),
        printed=ability.cost, modifier=modifier, discount=off, reason=reason,
    )


def shortfall(state: PoPState, seat: str, cost: Cost) -> str | None:
    """The sentence refusing a cost the seat cannot pay, with what is missing; None if it can."""
    have_power = state.power(seat, cost.power_type)
    have_ducats = state.power(seat, "ducats")
    short = []
    if cost.power > have_power:
        short.append((f"{cost.power} {POWER_WORDS[cost.power_type]}", f"{have_power} {POWER_WORDS[cost.power_type]}", cost.power - have_power))
    if cost.ducats > have_ducats:
        short.append((f"{cost.ducats} Ducats", f"{have_ducats} Ducats", cost.ducats - have_ducats))
    if not short:
        return None
    needs = " and ".join(item[0] for item in short)
    has = " and ".join(item[1] for item in short)
    missing = " and ".join(f"{item[2]} {item[0].split(' ', 1)[1]}" for item in short)
    return f"needs {needs}; {name_of(state, seat)} has {has} ({missing} short)"


def check_cost(state: PoPState, seat: str, what: str, cost: Cost) -> None:
    missing = shortfall(state, seat, cost)
    if missing:
        raise RuleError(f"{what} {missing}.", rule=sections.COSTS)


def pay(state: PoPState, seat: str, cost: Cost) -> None:
    state.counters[seat][cost.power_type] -= cost.power
    state.counters[seat]["ducats"] -= cost.ducats


def check_modifier(modifier: int, reason: str) -> None:
    from desktop.rulesets.price_of_power.state import MODIFIER_LIMIT

    if not -MODIFIER_LIMIT <= modifier <= MODIFIER_LIMIT:
        raise RuleError(f"A cost modifier is a whole number from -{MODIFIER_LIMIT} to {MODIFIER_LIMIT}.", rule=sections.COSTS)
    if reason and not modifier:
        raise RuleError("A reason is given for a cost modifier: set the modifier too, or leave the reason empty.", rule=sections.COSTS)


# ---- power, Ducats and what a card gives -------------------------------------------------------


def gain(state: PoPState, seat: str, power: str, amount: int, outcome: Outcome, why: str) -> None:
    """Adds power (0-10: the surplus above 10 is lost, and said) or Ducats."""
    if not amount:
        return
    who = name_of(state, seat)
    if power == "ducats":
        state.counters[seat]["ducats"] = min(DUCATS_MAX, state.counters[seat]["ducats"] + amount)
        outcome.say(f"{who} gains {amount} Ducat{'s' if amount != 1 else ''} ({why}).")
        return
    before = state.counters[seat][power]
    after = min(POWER_MAX, before + amount)
    state.counters[seat][power] = after
    word = POWER_WORDS[power]
    lost = before + amount - after
    tail = f"; {lost} above {POWER_MAX} is lost" if lost else ""
    outcome.say(f"{who} gains {amount} {word} ({why}): {after} {word}{tail}.")


def give(state: PoPState, seat: str, what: Gain, outcome: Outcome, why: str) -> None:
    for power in (*POWERS, "ducats"):
        gain(state, seat, power, what.of(power), outcome, why)


def resolve_effect(state: PoPState, seat: str, ability: Ability, deck: str, outcome: Outcome) -> None:
    """"Resolve its effect right away" (the seed's 6): the words are logged for the board, and
    what a card gives at the card level (power, Ducats, cards) is given."""
    if ability.text:
        outcome.say(f"{ability.name}: {ability.text}")
    give(state, seat, ability.gain, outcome, ability.name)
    if ability.draw:
        draw_cards(state, seat, deck, ability.draw, f"hand:{seat}", outcome)


# ---- drawing and discarding --------------------------------------------------------------------


def drawable(state: PoPState, power: str) -> bool:
    return bool(state.zones[deck_zone(power)].cards or state.zones[discard_zone(power)].cards)


def check_drawable(state: PoPState, power: str) -> None:
    """The seed's 6: an empty deck is rebuilt from its discard pile; with no discard either,
    that deck cannot be drawn from, while the other decks stay open."""
    if not drawable(state, power):
        name = DECK_NAMES[power]
        raise RuleError(f"The {name} deck and its discard pile are empty: draw from another deck.", rule=sections.HANDS)


def draw_cards(state: PoPState, seat: str, power: str, count: int, to_zone: str, outcome: Outcome) -> list[str]:
    """Draws in secret from the top of one deck. The deck is rebuilt only when a card must be
    drawn from it while it is empty (the seed's 6), keeping the top five discards in order."""
    private = Outcome()
    drawn = mechanics.draw(
        state, RESHUFFLES[power], to_zone, count, private, seat=seat,
        name=lambda card: card_def(state, card).name, what=f"{DECK_NAMES[power]} deck", eager=False,
    )
    who = name_of(state, seat)
    if drawn:
        many = "a card" if len(drawn) == 1 else f"{len(drawn)} cards"
        outcome.say(f"{who} draws {many} from {deck_words(power)}.")
    outcome.log.extend(private.log)
    if len(drawn) < count:
        outcome.say(f"The {DECK_NAMES[power]} deck and its discard pile are empty: {who} draws nothing more from it.")
    outcome.reveals = True
    return drawn


def to_discard(state: PoPState, card: str, from_zone: str) -> None:
    """Face up on top of its own deck's discard pile (the seed's 6)."""
    move_card(state, card, from_zone, discard_zone(card_def(state, card).deck))  # its marks stay behind


def leave_display(state: PoPState, card: str, outcome: Outcome, why: str) -> None:
    """A Display card goes to its discard pile, its cubes (if any are left) back to the supply."""
    owner = state.zone_of(card).owner
    left = state.card_states.get(card)
    cubes = left.tokens if left is not None else 0
    to_discard(state, card, f"display:{owner}")
    if card in state.fresh:
        state.fresh.remove(card)
    back = (f"; its {cubes} cube{'s' if cubes != 1 else ''} go{'es' if cubes == 1 else ''} back to the supply"
            f" ({max(0, supply(state, owner))} there)" if cubes else "")
    outcome.say(f"{name_of(state, owner)}'s {card_def(state, card).name} is discarded ({why}){back}.")


def supply(state: PoPState, seat: str) -> int:
    """The cubes in the seat's supply: of its 30, those not in its power pools, not on its Display
    cards and not on the board (`board`, kept by the players). Below 0 when more are counted in
    use than there are: a count to correct (the rulebook's player takes cubes from elsewhere)."""
    counts = state.counters[seat]
    on_display = sum(cubes_on(state, card) for card in state.display(seat))
    return CUBES - counts["adm"] - counts["dip"] - counts["mil"] - counts.get("board", 0) - on_display


def cubes_on(state: PoPState, card: str) -> int:
    found = state.card_states.get(card)
    return found.tokens if found is not None else 0


def set_cubes(state: PoPState, card: str, cubes: int) -> None:
    mechanics.mark(state, card, tokens=max(0, cubes))


def slot_of(state: PoPState, card: str) -> int | None:
    """The slot of the display panel a Display card sits in (its card mark)."""
    found = state.card_states.get(card)
    return found.slot if found is not None else None


# ---- turns -------------------------------------------------------------------------------------


def end_turn(state: PoPState, outcome: Outcome) -> None:
    """The Turn is over: Display cards played in it unlock, the next seat that has not passed
    takes its Turn; with everyone passed, Phase 3 begins."""
    state.fresh.clear()
    state.turns += 1
    if state.active is not None:
        state.taken[state.active] = state.taken.get(state.active, 0) + 1
    seat = mechanics.next_in_order(state.order(), state.active, skip=lambda s: s in state.passed)
    if seat is not None:
        state.active = seat
        outcome.say(f"It is {name_of(state, seat)}'s turn.")
        return
    state.active = None
    state.phase, _, _ = PHASES.following(state.phase)  # Phase 3
    outcome.say("Every player has passed: Phase 3 Peace & Rebels begins (declare battles, then move on).")
