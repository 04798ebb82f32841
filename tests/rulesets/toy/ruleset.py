"""The toy duel: 25 cards, 2 to 4 players, gems to win and lose, attacks to Block.

Zones (none shares a name with another system's): the hidden "stock", the public "arena" where
cards are played, the public "graveyard", each seat's "grip:<seat>" (seen by its owner) and
"shelf:<seat>" (public; Relics sit there with tokens on them).

On your turn: play a card, draw (as often as you like), polish a Relic on your shelf, or end the
turn (the arena goes to the graveyard). An attack waits in the arena while its target Blocks it
or lets it through. A grip of more than 5 cards is discarded down at once. When the stock runs
out, the graveyard but its top card is shuffled into a new stock.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from desktop.engine import mechanics, rng
from desktop.engine.errors import RuleError, SetupError
from desktop.engine.mechanics import Owed, Responses
from desktop.engine.presentation import (
    CounterSpec,
    Face,
    FaceField,
    Stage,
    Table,
    Tone,
    View,
    ZoneSpec,
)
from desktop.engine.ruleset import Demo, Option, Outcome, RulesetBase
from desktop.engine.state import CardState, GameState, Zone, move_card
from desktop.engine.views import base_view
from tests.rulesets.toy import actions as a

HAND_LIMIT = 5
MAX_TOKENS = 3
RESHUFFLE = mechanics.Reshuffle(deck="stock", discard="graveyard", keep=1)
# key: label, low, high, public
COUNTERS = {"gems": ("Gems", 0, 20, True), "favour": ("Favour", 0, 9, False)}


class ToyCard(msgspec.Struct, frozen=True):
    id: str
    name: str
    kind: Literal["gem", "attack", "block", "relic", "feast", "plain"]
    tone: Tone
    text: str
    copies: int
    power: int = 0


CARDS = {card.id: card for card in (
    ToyCard("spark", "Spark", "gem", "gold", "Gain 1 gem.", 5, 1),
    ToyCard("bolt", "Bolt", "attack", "red", "Attack: the target loses 2 gems unless they Block.", 4, 2),
    ToyCard("snare", "Snare", "attack", "red", "Attack: take 1 gem from the target unless they Block.", 3, 1),
    ToyCard("block", "Block", "block", "blue", "When you are attacked: the attack does nothing.", 4),
    ToyCard("relic", "Relic", "relic", "purple", "Put it on your shelf with 1 token; polish it for more.", 3),
    ToyCard("feast", "Feast", "feast", "green", "Draw 2 cards.", 3, 2),
    ToyCard("lull", "Lull", "plain", "grey", "Nothing happens.", 3),
)}


class Attack(msgspec.Struct, kw_only=True):
    card: str
    player: str
    target: str
    window: Responses


class ToyState(GameState, kw_only=True):
    order: list[str]
    active: str
    turn: int = 1
    attack: Attack | None = None
    owed: list[Owed] = msgspec.field(default_factory=list)


class AttackSeen(msgspec.Struct, frozen=True, kw_only=True):
    card: str
    player: str
    target: str


class ToyTable(msgspec.Struct, frozen=True, kw_only=True):
    """The public part of the toy state."""

    turn: int
    active: str
    order: list[str]
    attack: AttackSeen | None
    owed: list[str]  # seats that must discard down, first one first


def grip(state: ToyState, seat: str) -> list[str]:
    return state.zones[f"grip:{seat}"].cards


def card_of(state: ToyState, card: str) -> ToyCard:
    return CARDS[state.cards[card]]


def face(card: ToyCard) -> Face:
    kind = {"attack": "Attack", "block": "Response", "relic": "Relic"}.get(card.kind, "")
    return Face(title=card.name, tone=card.tone, kind=kind, fields=[FaceField(card.text)])


# ---- the rules ------------------------------------------------------------------------------


def check_owed(state: ToyState) -> None:
    if state.owed:
        who = state.seat_name(state.owed[0].player)
        raise RuleError(f"{who} holds more than {HAND_LIMIT} cards and must discard down to {HAND_LIMIT} first.")


def owed_first(state: ToyState, action: a.Action) -> None:
    """An owed discard comes before anything but the discard itself and bookkeeping."""
    if type(action) not in (a.Discard, a.SetCount):
        check_owed(state)


def check_turn(state: ToyState, player: str) -> None:
    if state.attack is not None:
        attack = state.attack
        raise RuleError(
            f"{state.seat_name(attack.target)} must first Block {card_of(state, attack.card).name} "
            "or let it through."
        )
    if player != state.active:
        raise RuleError(f"It is {state.seat_name(state.active)}'s turn, not yours.")


def check_play(state: ToyState, act: a.Play) -> ToyCard:
    if act.card not in grip(state, act.player):
        raise RuleError("That card is not in your grip.")
    card = card_of(state, act.card)
    attack = state.attack
    if attack is not None and act.player == attack.target:
        if card.kind != "block":
            raise RuleError(f"Only a Block answers {card_of(state, attack.card).name}.")
        if act.target is not None:
            raise RuleError("A Block has no target: it answers the attack on you.")
        return card
    if card.kind == "block":
        raise RuleError("A Block is played only in answer to an attack on you.")
    check_turn(state, act.player)
    if card.kind == "attack":
        if act.target is None:
            raise RuleError(f"{card.name} needs a target: choose whom it attacks.")
        if act.target not in state.seat_ids():
            raise RuleError("There is no such player at this table to attack.")
        if act.target == act.player:
            raise RuleError("You cannot attack yourself.")
    elif act.target is not None:
        raise RuleError(f"{card.name} has no target.")
    return card


def can_draw(state: ToyState) -> bool:
    return bool(state.zones["stock"].cards) or len(state.zones["graveyard"].cards) > RESHUFFLE.keep


def draw(state: ToyState, seat: str, count: int, outcome: Outcome) -> None:
    private = Outcome()  # the faces drawn, told to the drawing seat only
    drawn = mechanics.draw(
        state, RESHUFFLE, f"grip:{seat}", count, private, seat=seat,
        name=lambda card: card_of(state, card).name, what="stock",
    )
    outcome.say(f"{state.seat_name(seat)} draws {len(drawn)} card{'' if len(drawn) == 1 else 's'}.")
    outcome.log.extend(private.log)
    outcome.reveals = True
    if len(grip(state, seat)) > HAND_LIMIT:
        mechanics.owe(state.owed, "discard", seat)


def gain(state: ToyState, seat: str, amount: int) -> int:
    """Adds `amount` gems (negative: loses them) within 0..20; returns the change."""
    before = state.counters[seat]["gems"]
    state.counters[seat]["gems"] = max(0, min(COUNTERS["gems"][2], before + amount))
    return state.counters[seat]["gems"] - before


def play(state: ToyState, act: a.Play, outcome: Outcome) -> None:
    card = check_play(state, act)
    who = state.seat_name(act.player)
    if card.kind == "relic":
        move_card(state, act.card, f"grip:{act.player}", f"shelf:{act.player}")
        mechanics.mark(state, act.card, tokens=1)
        outcome.say(f"{who} puts a {card.name} on their shelf.")
        return
    move_card(state, act.card, f"grip:{act.player}", "arena")
    if card.kind == "block":
        attack = state.attack
        state.attack = None
        favour = state.counters[act.player]["favour"]
        state.counters[act.player]["favour"] = min(COUNTERS["favour"][2], favour + 1)
        outcome.say(f"{who} blocks {card_of(state, attack.card).name} with {card.name}.")
    elif card.kind == "attack":
        state.attack = Attack(
            card=act.card, player=act.player, target=act.target,
            window=Responses(opener=act.player, eligible=[act.target]),
        )
        outcome.say(f"{who} plays {card.name} at {state.seat_name(act.target)}.")
    elif card.kind == "gem":
        outcome.say(f"{who} plays {card.name} and gains {gain(state, act.player, card.power)} gem(s).")
    elif card.kind == "feast":
        outcome.say(f"{who} plays {card.name}.")
        draw(state, act.player, card.power, outcome)
    else:
        outcome.say(f"{who} plays {card.name}: nothing happens.")


def let_through(state: ToyState, act: a.Pass, outcome: Outcome) -> None:
    attack = state.attack
    if attack is None or attack.target != act.player:
        raise RuleError("There is no attack on you to let through.")
    card = card_of(state, attack.card)
    attack.window.pass_(act.player)  # the target is the only one who may answer: it closes
    state.attack = None
    target, attacker = state.seat_name(attack.target), state.seat_name(attack.player)
    if card.id == "snare":
        taken = -gain(state, attack.target, -card.power)
        gain(state, attack.player, taken)
        outcome.say(f"{target} lets {card.name} through: {attacker} takes {taken} gem(s).")
    else:
        lost = -gain(state, attack.target, -card.power)
        outcome.say(f"{target} lets {card.name} through and loses {lost} gem(s).")


def draw_action(state: ToyState, act: a.Draw, outcome: Outcome) -> None:
    check_turn(state, act.player)
    if not can_draw(state):
        raise RuleError("The stock is empty and the graveyard has no card to shuffle into it.")
    draw(state, act.player, 1, outcome)


def end_turn(state: ToyState, act: a.EndTurn, outcome: Outcome) -> None:
    check_turn(state, act.player)
    arena = state.zones["arena"]
    state.zones["graveyard"].cards.extend(arena.cards)
    for card in arena.cards:
        state.card_states.pop(card, None)
    arena.cards = []
    state.active = mechanics.next_in_order(state.order, state.active)
    state.turn += 1
    outcome.say(f"{state.seat_name(act.player)} ends the turn; it is {state.seat_name(state.active)}'s turn.")


def discard(state: ToyState, act: a.Discard, outcome: Outcome) -> None:
    if not state.owed or state.owed[0].player != act.player:
        raise RuleError(f"You discard only when your grip holds more than {HAND_LIMIT} cards.")
    if act.card not in grip(state, act.player):
        raise RuleError("That card is not in your grip.")
    move_card(state, act.card, f"grip:{act.player}", "graveyard")
    if len(grip(state, act.player)) <= HAND_LIMIT:
        mechanics.settle(state.owed, "discard", act.player)
    outcome.say(f"{state.seat_name(act.player)} discards {card_of(state, act.card).name}.")


def polish(state: ToyState, act: a.Polish, outcome: Outcome) -> None:
    check_turn(state, act.player)
    if act.card not in state.zones[f"shelf:{act.player}"].cards:
        raise RuleError("You can polish only a Relic on your own shelf.")
    tokens = state.card_states[act.card].tokens if act.card in state.card_states else 0
    if tokens >= MAX_TOKENS:
        raise RuleError(f"That Relic already carries {MAX_TOKENS} tokens.")
    mechanics.mark(state, act.card, tokens=tokens + 1)
    outcome.say(f"{state.seat_name(act.player)} polishes a Relic: {tokens + 1} token(s) on it.")


def show(state: ToyState, act: a.Show, outcome: Outcome) -> None:
    if act.card not in grip(state, act.player):
        raise RuleError("You can show only a card in your own grip.")
    if act.card in state.revealed:
        raise RuleError("Everyone already sees that card.")
    state.revealed.append(act.card)
    outcome.say(f"{state.seat_name(act.player)} shows {card_of(state, act.card).name}.")
    outcome.reveals = True


def set_count(state: ToyState, act: a.SetCount, outcome: Outcome) -> None:
    if act.counter not in COUNTERS:
        raise RuleError("Only gems and favour can be counted by hand.")
    label, low, high, public = COUNTERS[act.counter]
    if not isinstance(act.value, int) or not low <= act.value <= high:
        raise RuleError(f"{label} must be between {low} and {high}.")
    state.counters[act.player][act.counter] = act.value
    # A count others may not read is told to its seat alone.
    outcome.say(f"{state.seat_name(act.player)}'s {label.lower()} set to {act.value}.",
                seat=None if public else act.player)


HANDLERS = {
    a.Play: play, a.Pass: let_through, a.Draw: draw_action, a.EndTurn: end_turn,
    a.Discard: discard, a.Polish: polish, a.Show: show, a.SetCount: set_count,
}


def legal_actions(state: ToyState, player: str | None = None) -> list[a.Action]:
    seats = state.seat_ids() if player is None else [player]
    if state.owed:
        duty = state.owed[0]
        return [a.Discard(player=duty.player, card=card) for card in grip(state, duty.player)] if duty.player in seats else []
    found: list[a.Action] = []
    attack = state.attack
    for seat in seats:
        found += [a.Show(player=seat, card=card) for card in grip(state, seat) if card not in state.revealed]
        if attack is not None:
            if seat == attack.target:
                found += [a.Play(player=seat, card=c) for c in grip(state, seat) if card_of(state, c).kind == "block"]
                found.append(a.Pass(player=seat))
            continue
        if seat != state.active:
            continue
        others = [other for other in state.order if other != seat]
        for card in grip(state, seat):
            kind = card_of(state, card).kind
            if kind == "attack":
                found += [a.Play(player=seat, card=card, target=other) for other in others]
            elif kind != "block":
                found.append(a.Play(player=seat, card=card))
        if can_draw(state):
            found.append(a.Draw(player=seat))
        found += [
            a.Polish(player=seat, card=card) for card in state.zones[f"shelf:{seat}"].cards
            if state.card_states.get(card, CardState()).tokens < MAX_TOKENS
        ]
        found.append(a.EndTurn(player=seat))
    return found


# ---- the system -----------------------------------------------------------------------------


class ToyDuel(RulesetBase):
    id = "toy-duel"
    title = "Toy duel"
    description = (
        "A small card game for the tests: play Sparks for gems, attack with Bolts and Snares, "
        "Block what is aimed at you, keep Relics on your shelf, and never hold more than 5 cards."
    )
    players = (2, 4)
    options = (
        Option(key="gems", label="Starting gems", default="5", number=(0, 20),
               help="How many gems each player starts with (0 to 20)."),
        Option(key="deal", label="Cards dealt", default="3", choices=["2", "3", "4"], number=(2, 4),
               help="How many cards each player is dealt at the start."),
    )
    action_type = a.ToyAction
    # The declaration the base's `apply` and `legal_actions` are made of (docs/architecture.md).
    handlers = HANDLERS
    first = (owed_first,)
    legal = staticmethod(legal_actions)

    def start(self, seats, options, seed, deck=None) -> ToyState:
        # The base has checked the players' names and parsed the options (gems and deal: ints).
        if deck is not None:
            raise SetupError("The toy duel has no deck files: it always plays its own 25 cards.")
        cards = {}
        for card in CARDS.values():
            for _ in range(card.copies):
                cards[f"t{len(cards) + 1:02d}"] = card.id
        stock = list(cards)
        state_rng = rng.shuffle(rng.seed_state(seed), stock)
        zones = {
            "stock": Zone(id="stock", label="Stock", visibility="hidden", cards=stock),
            "arena": Zone(id="arena", label="Arena", visibility="public"),
            "graveyard": Zone(id="graveyard", label="Graveyard", visibility="public"),
        }
        for seat in seats:
            zones[f"grip:{seat.id}"] = Zone(id=f"grip:{seat.id}", label=f"{seat.name}'s grip",
                                            visibility="owner", owner=seat.id)
            zones[f"shelf:{seat.id}"] = Zone(id=f"shelf:{seat.id}", label=f"{seat.name}'s shelf",
                                             visibility="public", owner=seat.id)
        for _ in range(options.deal):
            for seat in seats:
                zones[f"grip:{seat.id}"].cards.append(stock.pop())
        return ToyState(
            ruleset=self.id, seats=seats, cards=cards, zones=zones, rng=state_rng,
            counters={seat.id: {"gems": options.gems, "favour": 0} for seat in seats},
            order=[seat.id for seat in seats], active=seats[0].id,
        )

    def stages(self, state: ToyState) -> list[Stage]:
        if state.owed:
            return [Stage(seat=state.owed[0].player, kind="discard", label=f"discard down to {HAND_LIMIT} cards")]
        if state.attack is not None:
            name = card_of(state, state.attack.card).name
            return [Stage(seat=state.attack.target, kind="respond", label=f"Block {name} or let it through")]
        return [Stage(seat=state.active, kind="turn", label="play a card, draw or end the turn")]

    # ---- what the table shows ----------------------------------------------------------------

    def view(self, state: ToyState, viewer: str | None) -> View:
        attack = state.attack
        extra = ToyTable(
            turn=state.turn, active=state.active, order=list(state.order),
            attack=None if attack is None else AttackSeen(card=attack.card, player=attack.player, target=attack.target),
            owed=[duty.player for duty in state.owed],
        )
        return base_view(state, viewer, lambda definition: face(CARDS[definition]), extra,
                         public_counters=lambda entity, key: COUNTERS[key][3])

    def table(self, view: View) -> Table:
        extra: ToyTable = view.extra
        zones = view.zones
        specs = [
            ZoneSpec(zone="stock", role="deck", title=f"Stock: {zones['stock'].count}", layout="pile"),
            ZoneSpec(zone="arena", role="play", title=f"Arena: {zones['arena'].count}",
                     hint="drop a card here to play it"),
            ZoneSpec(zone="graveyard", role="discard", title=f"Graveyard: {zones['graveyard'].count}",
                     layout="pile", hint="drop a card here when you must discard"),
        ]
        counters, marks, status = [], {}, {}
        for seat in view.seats:
            held, shelf = zones[f"grip:{seat.id}"], zones[f"shelf:{seat.id}"]
            own = view.viewer == seat.id
            specs.append(ZoneSpec(
                zone=held.id, role="hand", seat=seat.id, layout="fan", drag_from=own,
                title=(f"Your grip ({held.count} of {HAND_LIMIT}): drag a card to the arena to play it"
                       if own else f"{seat.name}'s grip: {held.count} card(s)"),
            ))
            specs.append(ZoneSpec(
                zone=shelf.id, role="display", seat=seat.id, title=f"{seat.name}'s shelf: {shelf.count} Relic(s)",
                hint="drop a Relic here" if own else "",
            ))
            values = view.counters.get(seat.id, {})
            for key, (label, low, high, public) in COUNTERS.items():
                if key in values:
                    counters.append(CounterSpec(entity=seat.id, key=key, label=label, value=values[key],
                                                low=low, high=high, public=public, editable=True))
            marks[seat.id] = ["turn"] if extra.active == seat.id else []
            status[seat.id] = f"Grip: {held.count} card(s)"
        return Table(headline=self._headline(view), banner=self._banner(view), zones=specs,
                     counters=counters, marks=marks, status=status)

    @staticmethod
    def _headline(view: View) -> str:
        extra: ToyTable = view.extra
        return f"Turn {extra.turn} \u00b7 {view.seat_name(extra.active)}'s turn"

    @staticmethod
    def _banner(view: View) -> str:
        extra: ToyTable = view.extra
        if extra.owed:
            return (f"{view.seat_name(extra.owed[0])} holds more than {HAND_LIMIT} cards: "
                    "discard down now (drag to the graveyard).")
        if extra.attack is not None:
            attack = extra.attack
            target = view.seat_name(attack.target)
            return (f"{view.seat_name(attack.player)} attacks {target} with {view.card_name(attack.card)}: "
                    f"{target} may Block it or let it through.")
        return ""

    def describe(self, action: a.Action, view: View) -> str:
        if isinstance(action, a.Play):
            aim = f" at {view.seat_name(action.target)}" if action.target else ""
            return f"Play {view.card_name(action.card)}{aim}"
        if isinstance(action, a.Pass):
            attack = view.extra.attack
            return f"Let {view.card_name(attack.card)} through" if attack else "Let the attack through"
        if isinstance(action, (a.Discard, a.Polish, a.Show)):
            return f"{type(action).__name__} {view.card_name(action.card)}"
        if isinstance(action, a.SetCount):
            counts = {action.counter: action.value, **action.also}
            return "Set " + ", ".join(f"{COUNTERS[key][0].lower()} to {value}" for key, value in counts.items())
        return type(action).title

    # ---- moving cards and counting -----------------------------------------------------------

    def destination(self, state: ToyState, action: a.Action) -> str | None:
        if isinstance(action, a.Play):
            return f"shelf:{action.player}" if card_of(state, action.card).kind == "relic" else "arena"
        return "graveyard" if isinstance(action, a.Discard) else None

    def drops(self, state: ToyState, seat: str, card: str, from_zone: str, to_zone: str) -> list[a.Action]:
        if from_zone != f"grip:{seat}" or card not in grip(state, seat):
            raise RuleError("Only the player looking at their own grip can move its cards.")
        found = [
            action for action in legal_actions(state, seat)
            if getattr(action, "card", None) == card and self.destination(state, action) == to_zone
        ]
        if found:
            return found
        relic = card_of(state, card).kind == "relic"
        if to_zone == "graveyard":
            candidate = a.Discard(player=seat, card=card)
        elif to_zone == "arena" and not relic:
            others = [other for other in state.order if other != seat]
            attack = card_of(state, card).kind == "attack"
            candidate = a.Play(player=seat, card=card, target=others[0] if attack else None)
        elif to_zone == "arena":
            raise RuleError("A Relic goes onto your shelf, not into the arena.")
        elif to_zone == f"shelf:{seat}" and relic:
            candidate = a.Play(player=seat, card=card)
        elif to_zone == f"shelf:{seat}":
            raise RuleError("Only a Relic goes onto a shelf.")
        elif to_zone.startswith("shelf:"):
            raise RuleError("Relics go onto your own shelf, not onto another player's.")
        else:
            raise RuleError("Cards go from your grip to the arena, your shelf or the graveyard.")
        self.apply(state.copy(), candidate)  # raises the sentence of the rule that forbids it
        raise RuleError("That card cannot go there now.")

    def counter_action(self, entity: str, key: str, value: int, by: str = "") -> a.Action:
        if key not in COUNTERS:
            raise RuleError("Only gems and favour can be counted by hand.")
        return a.SetCount(player=entity, counter=key, value=value)

    def demo(self) -> Demo:
        """Three players, each of whom has drawn once and played their first card that needs
        no target; Ann is to play."""
        players, seed = ["Ann", "Bo", "Cy"], 2027
        state, actions = self.setup(players, {}, seed), []

        def take(action):
            self.apply(state, action)
            actions.append(action)

        for seat in list(state.order):
            take(a.Draw(player=seat))
            while state.owed:
                take(a.Discard(player=seat, card=grip(state, seat)[0]))
            plays = [act for act in legal_actions(state, seat) if isinstance(act, a.Play) and act.target is None]
            if plays:
                take(plays[0])
            take(a.EndTurn(player=seat))
        return Demo(players=players, seed=seed, actions=actions)


def give(state: ToyState, seat: str, definition: str) -> str:
    """For tests: moves a copy of `definition` from the stock into `seat`'s grip; returns its id."""
    stock = state.zones["stock"].cards
    for card in reversed(stock):
        if state.cards[card] == definition:
            stock.remove(card)
            grip(state, seat).append(card)
            return card
    raise LookupError(f"no {definition} left in the stock")
