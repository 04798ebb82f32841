"""Price of Power: the Action cards of a grand-strategy board game (docs/systems/price-of-power.md).

Three decks (Administrative, Diplomatic, Military) with public discard piles, three kinds of
power and Ducats, Draw Cards and the Action phase, Appoint, Display cards charged with cubes,
Battle Actions, Reactions, Covert Actions and Counterespionage. The board stays on your table.
"""

from __future__ import annotations

from desktop.engine import rng
from desktop.engine.errors import RuleError
from desktop.engine.levels import LEARNING, STANDARD
from desktop.engine.options import ON_OFF, Option, OptionValues
from desktop.engine.registry import register
from desktop.engine.ruleset import Demo, RulesetBase
from desktop.engine.state import Zone
from desktop.rulesets.price_of_power import actions as a
from desktop.rulesets.price_of_power import presentation, rules, scenarios, sections, tally
from desktop.rulesets.price_of_power.bot import LEVELS
from desktop.rulesets.price_of_power.cards import DECK_NAMES, POWERS
from desktop.rulesets.price_of_power.core import card_def
from desktop.rulesets.price_of_power.deck import builtin_cards, imported_cards, records_of
from desktop.rulesets.price_of_power.legal import legal_actions
from desktop.rulesets.price_of_power.state import (
    COVERT_ZONE,
    START_DUCATS,
    START_POWER,
    PoPState,
    deck_zone,
    discard_zone,
)
from desktop.rulesets.price_of_power.versus import VERSUS

OPTIONS = (
    Option(key="setup_draw", label="Setup draw", default="on", choices=ON_OFF,
           help="The first round's Draw Cards is the setup draw: one card from each deck and three of your choice, keep up to four for free (\"off\": an ordinary Draw Cards phase)."),
    Option(key="event_required", label="Event required", default="on", choices=ON_OFF,
           help="Each player takes the round's Event (a Basic Action) once a round, and may not pass before it."),
    Option(key="loans", label="Loans", default="on", choices=ON_OFF,
           help="A player may take a Loan (5 Ducats and an Interest token, at most 5 tokens) on their turn or to cover a cost."),
    Option(key="duplicate_display", label="A second copy of a Display card", default="refuse", choices=["refuse", "replace"],
           help="\"refuse\": a Display card already on your display cannot be played again; \"replace\": the new copy replaces the old one."),
    Option(key="counter_chain", label="Counterespionage can be countered", default="on", choices=ON_OFF,
           help="Counterespionage is itself a Covert Action, so another Counterespionage may counter it and the first play goes ahead."),
    Option(key="practice", label="Practice scenarios", default="off", choices=ON_OFF,
           help="The first player may start a practice scenario of one rule as the game's first action (with the shipped cards)."),
)


class PriceOfPower(RulesetBase):
    id = "price-of-power"
    title = "Price of Power"
    description = (
        "The cards of a board game about ruling a country: the board stays on your table, and "
        "the app keeps the cards and their rules. Each round you draw cards in secret from three "
        "decks (government, diplomacy and war) and pay to keep the ones you want. Then you take "
        "turns playing them, to appoint advisers and generals, fight battles or act in secret, "
        "paying with points of those three kinds of power and with Ducats, the game's money."
    )
    players = (2, 6)
    options = OPTIONS
    action_type = a.PoPAction
    # Its own words, held out of the platform (tests/test_system_words.py).
    vocabulary = ("ducat", "adm", "dip", "mil", "counterespionage", "covert", "appoint", "loan",
                  "battle action", "court", "hand:")
    handlers = rules.HANDLERS
    first = (rules.check_first,)
    legal = staticmethod(legal_actions)
    presentation = presentation
    tally = staticmethod(tally.sections)  # the summary's cards, Court, battles and Loans (tally.py)
    rule_sections = sections.BY_ACTION  # what a refusal of each kind cites (RuleError.rule)
    practices = scenarios.PRACTICES

    def start(self, seats, options: OptionValues, seed, deck=None) -> PoPState:
        deck_key, defs = imported_cards(records_of(deck)) if deck is not None else builtin_cards()
        cards: dict[str, str] = {}
        piles: dict[str, list[str]] = {power: [] for power in POWERS}
        for definition in defs.values():
            for _ in range(definition.copies):
                card = f"c{len(cards) + 1:03d}"
                cards[card] = definition.id
                piles[definition.deck].append(card)
        state_rng = rng.seed_state(seed)
        zones: dict[str, Zone] = {}
        for power in POWERS:
            state_rng = rng.shuffle(state_rng, piles[power])
            name = DECK_NAMES[power]
            zones[deck_zone(power)] = Zone(id=deck_zone(power), label=f"{name} deck", visibility="hidden", cards=piles[power])
            zones[discard_zone(power)] = Zone(id=discard_zone(power), label=f"{name} discard pile", visibility="public")
        zones[COVERT_ZONE] = Zone(id=COVERT_ZONE, label="Waiting to be countered", visibility="public")
        counters = {}
        for seat in seats:
            for zone, label, seen in (("hand", "hand", "owner"), ("drawn", "drawn cards", "owner"),
                                      ("display", "display", "public"), ("court", "court", "public")):
                zones[f"{zone}:{seat.id}"] = Zone(id=f"{zone}:{seat.id}", label=f"{seat.name}'s {label}",
                                                  visibility=seen, owner=seat.id)
            counters[seat.id] = {"adm": START_POWER, "dip": START_POWER, "mil": START_POWER, "ducats": START_DUCATS,
                                 "interest": 0, "interregnum": 0, "board": 0}
        return PoPState(
            ruleset=self.id, seats=seats, cards=cards, zones=zones, counters=counters, rng=state_rng,
            deck_key=deck_key, first=seats[0].id, draw_step="setup" if options.setup_draw else "draw",
            loans=options.loans, event_required=options.event_required,
            duplicate_display=options.duplicate_display, counter_chain=options.counter_chain,
            practice_on=options.practice,
        )

    def deck_records(self, data) -> list[dict]:
        from desktop.rulesets.price_of_power.deck import read_cards

        records = records_of(data)
        read_cards(records)  # every problem is found when the file is read, not when the game starts
        return records

    # ---- moving cards --------------------------------------------------------------------------

    def destination(self, state: PoPState, action: a.Action) -> str | None:
        if action.type == "play":
            definition = card_def(state, action.card)
            if definition.display:
                return f"display:{action.player}"
            if definition.play.covert or definition.play.counters:
                return COVERT_ZONE
            return discard_zone(definition.deck)
        if action.type == "appoint":
            return f"court:{action.player}"
        if action.type == "keep":
            return f"hand:{action.player}"
        if action.type in ("release", "discard"):
            return discard_zone(card_def(state, action.card).deck)
        return None

    def drops(self, state: PoPState, seat: str, card: str, from_zone: str, to_zone: str) -> list[a.Action]:
        """A card dragged from a hand or from the drawn cards: the legal actions that move it there,
        or the sentence of the rule that forbids it. A drag from a deck draws from it."""
        if from_zone.startswith("deck:"):
            power = from_zone.split(":", 1)[1]
            found = [act for act in legal_actions(state, seat) if act.type == "draw" and act.deck == power]
            if to_zone in (f"drawn:{seat}", f"hand:{seat}") and found:
                return found
            if not found:
                self.apply(state.copy(), a.Draw(player=seat, deck=power))  # raises the reason
            raise RuleError("A drawn card goes to your drawn cards: drop it there.", rule=sections.TABLE)
        if from_zone not in (f"hand:{seat}", f"drawn:{seat}") or card not in state.zones[from_zone].cards:
            raise RuleError("Only the player looking at their own cards can move them.", rule=sections.TABLE)
        found = [act for act in legal_actions(state, seat)
                 if getattr(act, "card", None) == card and self.destination(state, act) == to_zone]
        if found:
            return found
        named = self.card_name(state, seat, card)
        if to_zone == from_zone:
            raise RuleError(f"{named} is already there.", rule=sections.TABLE)
        if to_zone.startswith(("hand:", "drawn:", "display:", "court:")) and not to_zone.endswith(f":{seat}"):
            raise RuleError(f"{named} cannot go to another player's cards.", rule=sections.TABLE)
        probe = self._probe(state, seat, card, from_zone, to_zone)
        if probe is not None:
            self.apply(state.copy(), probe)  # raises the rule's own sentence
        raise RuleError(f"{named} cannot go there now.", rule=sections.TABLE)

    def card_title(self, state: PoPState, card: str) -> str:
        return card_def(state, card).name

    def _probe(self, state: PoPState, seat: str, card: str, from_zone: str, to_zone: str) -> a.Action | None:
        """The action a drag most likely means, to be refused with its own sentence."""
        definition = card_def(state, card)
        if from_zone.startswith("drawn:"):
            if to_zone == f"hand:{seat}":
                return a.Keep(player=seat, card=card)
            if to_zone == f"court:{seat}":
                return a.Appoint(player=seat, card=card)
            return None
        if to_zone == f"court:{seat}":
            return a.Appoint(player=seat, card=card)
        if to_zone == discard_zone(definition.deck) and state.owed:
            return a.Discard(player=seat, card=card)
        if to_zone in (f"display:{seat}", COVERT_ZONE, discard_zone(definition.deck)):
            return a.Play(player=seat, card=card, confirm=True)
        return None

    def counter_action(self, entity: str, key: str, value: int, by: str = "") -> a.Action:
        if key not in ("adm", "dip", "mil", "ducats", "interest", "interregnum", "board"):
            raise RuleError("Only power, Ducats, Interest tokens, the Interregnum and the cubes on the board are counted by hand.")
        return a.SetCounter(player=entity, counter=key, value=value)

    def seat_role(self, index, names, options) -> str | None:
        # The first seat is the first player until the table changes it (Phase 3).
        return "The first player: goes first in each phase of the round." if index == 0 else None

    def demo(self) -> Demo:
        from desktop.rulesets.price_of_power.demo import demo

        return demo()

    levels = LEVELS  # its own learning and standard levels (bot.py)
    versus = VERSUS  # the board's events, the round's end and the outcome, headless (versus.py)
    policies = dict.fromkeys((LEARNING, STANDARD), "desktop.rulesets.price_of_power.bot:PriceOfPowerBot")


PRICE_OF_POWER = register(PriceOfPower())
__all__ = ["PRICE_OF_POWER", "PriceOfPower", "scenarios"]
