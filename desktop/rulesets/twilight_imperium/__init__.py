"""Twilight Imperium 4th edition action cards (DESIGN.md section 3.4)."""

from __future__ import annotations

from desktop.engine import rng
from desktop.engine.editions import SECOND, edition_option
from desktop.engine.errors import RuleError
from desktop.engine.options import ON_OFF, Option, OptionValues
from desktop.engine.registry import register
from desktop.engine.ruleset import Demo, RulesetBase
from desktop.engine.state import Zone
from desktop.rulesets.twilight_imperium import actions as a
from desktop.rulesets.twilight_imperium import (
    checks,
    demo,
    first_release,
    presentation,
    rules,
    scenarios,
    sections,
)
from desktop.rulesets.twilight_imperium.cards import CardDef, builtin_deck, imported_deck
from desktop.rulesets.twilight_imperium.events import EVENTS, PHASE_LABELS, WINDOW_LABELS
from desktop.rulesets.twilight_imperium.legal import legal_actions
from desktop.rulesets.twilight_imperium.policy import LEARNING, LEVELS, STANDARD
from desktop.rulesets.twilight_imperium.state import HAND_LIMIT, STRATEGY_TOKENS, TIState
from desktop.rulesets.twilight_imperium.tally import sections as tally_sections
from desktop.rulesets.twilight_imperium.versus import VERSUS

OPTION_LIST = (
    Option(key="agenda", label="Agenda phase", default="on", choices=ON_OFF,
           help="Whether each round ends with an agenda phase."),
    Option(key="hand_limit", label="Hand limit", default=str(HAND_LIMIT), number=(0, 30),
           help=f"The most action cards a player may hold ({HAND_LIMIT} in the rules; 0 to 30): a player over it "
                "discards down to it at once. Change counts changes one player's limit during the game."),
    Option(key="neural_motivator", label="Neural Motivator", default="", names="seats",
           help="The players who start with the Neural Motivator technology: each draws 2 action cards "
                "instead of 1 in the status phase."),
    Option(key="yssaril", label="Yssaril Tribes", default="", names="seat",
           help="The player of the Yssaril Tribes, whose Scheming draws one more card and then discards one."),
    Option(key=first_release.OPTION, label="Card rules", default=first_release.PRINTED,
           choices=[first_release.PRINTED, first_release.FIRST_RELEASE],
           help="\"printed\": the cards as printed. \"0.1\": three cards and the same-name rule as "
                "Action Deck 0.1 had them, for games saved by that version (set for them on loading).",
           legacy=True),
    Option(key="practice", label="Practice scenarios", default="off", choices=ON_OFF,
           help="The first player may start a practice as the game's first action (with the shipped cards)."),
    edition_option("the same-units rule by the target's words alone, and no reshuffle when cards are "
                   "discarded after the deck ran out with an empty discard pile"),
)


class TwilightImperium(RulesetBase):
    id = "twilight-imperium"
    title = "Twilight Imperium action cards"
    description = (
        "The action cards of the board game Twilight Imperium (4th edition): the board stays on "
        "your table, and the app keeps the cards and their rules. Each player holds a hidden "
        "hand of up to 7 cards, drawn from one shared deck. On your turn you play a card or tell "
        "the app what you did on the board; when something happens on the board, say so, and "
        "everyone may answer with a card made for that moment. A Sabotage card cancels a card "
        "another player plays."
    )
    players = (2, 8)
    options = OPTION_LIST
    action_type = a.TIAction
    # Its own words, held out of the platform (tests/test_system_words.py).
    vocabulary = ("twilight", "imperium", "initiative", "politics", "scheming", "yssaril", "sabotage",
                  "hand_limit", "strategy", "neural", "agenda", "direct hit", "hand:")
    events = EVENTS
    phase_labels = PHASE_LABELS
    window_labels = WINDOW_LABELS
    handlers = {**rules.HANDLERS, a.Practice: scenarios.PRACTICES.start}
    first = (checks.check_session_open, checks.check_no_obligation)
    after = rules.AFTER
    legal = staticmethod(legal_actions)
    presentation = presentation
    practices = scenarios.PRACTICES  # its first game, for Learn to play (scenarios.py)
    rule_sections = sections.BY_ACTION  # what a refusal of each kind cites (RuleError.rule)
    levels = LEVELS  # its own learning and standard levels (policy.py)
    versus = VERSUS  # the board's events, the session's end and the outcome, headless (versus.py)
    tally = staticmethod(tally_sections)  # the summary's cards played and Sabotages (tally.py)

    policies = dict.fromkeys((LEARNING, STANDARD), "desktop.rulesets.twilight_imperium.policy:TwilightImperiumBot")

    def start(self, seats, options: OptionValues, seed, deck=None) -> TIState:
        legacy = options[first_release.OPTION] == first_release.FIRST_RELEASE
        before_corrections = legacy or options.edition == SECOND
        if deck is not None:
            deck_key, defs = imported_deck(deck)
        else:
            deck_key, defs = first_release.first_release_deck() if legacy else builtin_deck()
        cards: dict[str, str] = {}
        for definition in defs.values():
            for _ in range(definition.copies):
                cards[f"ac{len(cards) + 1:02d}"] = definition.id
        pile = list(cards)
        state_rng = rng.shuffle(rng.seed_state(seed), pile)
        zones = {
            "deck": Zone(id="deck", label="Action deck", visibility="hidden", cards=pile),
            "discard": Zone(id="discard", label="Discard pile", visibility="public"),
            "play": Zone(id="play", label="Play area", visibility="public"),
        }
        limit = options.hand_limit
        counters = {}
        for seat in seats:
            zones[f"hand:{seat.id}"] = Zone(
                id=f"hand:{seat.id}", label=f"{seat.name}'s hand", visibility="owner", owner=seat.id
            )
            counters[seat.id] = {
                "hand_limit": limit,
                "strategy_tokens": STRATEGY_TOKENS,
                "neural_motivator": 0,
                "yssaril": 0,
            }
        for seat in options.neural_motivator:
            counters[seat]["neural_motivator"] = 1
        if options.yssaril:
            counters[options.yssaril]["yssaril"] = 1
        return TIState(
            ruleset=self.id,
            seats=seats,
            cards=cards,
            zones=zones,
            counters=counters,
            rng=state_rng,
            deck_key=deck_key,
            first_release_rules=legacy,
            card_scopes=not before_corrections,
            refill_on_discard=not before_corrections,
            agenda_phase=options.agenda,
            practice_on=options.practice,
        )

    def card_def(self, state: TIState, card: str) -> CardDef:
        return checks.card_def(state, card)

    def drops(self, state: TIState, seat: str, card: str, from_zone: str, to_zone: str) -> list[a.Action]:
        """Hand to play area: the legal plays of that card (one per target); hand to discard: the
        owed discard. Otherwise the sentence of the rule that forbids it."""
        if from_zone != f"hand:{seat}" or card not in state.hand(seat):
            raise RuleError("Only the player looking at their own hand can move its cards.", rule=sections.DRAWS)
        if to_zone == "play":
            found = [act for act in legal_actions(state, seat) if act.type == "play" and act.card == card]
            if not found:
                checks.check_no_obligation(state, a.Play(player=seat, card=card))
                checks.check_play(state, a.Play(player=seat, card=card, confirm=True))
                raise RuleError(f"{self.card_name(state, seat, card)} cannot be played now.")  # pragma: no cover
            return found
        if to_zone == "discard":
            found = [act for act in legal_actions(state, seat) if act.type == "discard" and act.card == card]
            if not found:
                self.apply(state.copy(), a.Discard(player=seat, card=card))  # raises the reason
            return found
        named, who = self.card_name(state, seat, card), state.seat_name(seat)
        if to_zone == from_zone:
            raise RuleError(f"{named} is already in {who}'s hand.", rule=sections.DRAWS)
        if to_zone.startswith("hand:"):
            raise RuleError(f"{named} cannot be given to another player's hand: action cards are not traded.", rule=sections.DRAWS)
        raise RuleError(f"{named} goes from {who}'s hand to the play area or the discard pile.", rule=sections.DRAWS)

    def destination(self, state: TIState, action: a.Action) -> str | None:
        return {"play": "play", "discard": "discard"}.get(action.type)

    def counter_action(self, entity: str, key: str, value: int, by: str = "") -> a.Action:
        return a.SetCounter(player=entity, counter=key, value=value)

    def legacy_options(self, format_version: int) -> dict[str, str]:
        # Files of format 1 were written by Action Deck 0.1, before the card corrections; files
        # before format 3, before the corrections from the table (the base's `edition`).
        found = super().legacy_options(format_version)
        if format_version < 2:
            found[first_release.OPTION] = first_release.FIRST_RELEASE
        return found

    def demo(self) -> Demo:
        return Demo(players=list(demo.PLAYERS), seed=demo.SEED, actions=demo.opening())



TWILIGHT_IMPERIUM = register(TwilightImperium())
