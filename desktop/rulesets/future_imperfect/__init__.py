"""Future Imperfect: an RPG whose checks are resolved by action cards (docs/systems/future-imperfect.md)."""

from __future__ import annotations

from desktop.engine import rng
from desktop.engine.editions import SECOND, edition_option
from desktop.engine.errors import RuleError, SetupError
from desktop.engine.options import ON_OFF, Option, OptionValues
from desktop.engine.registry import register
from desktop.engine.ruleset import Demo, RulesetBase
from desktop.engine.state import Zone
from desktop.rulesets.future_imperfect import actions as a
from desktop.rulesets.future_imperfect import (
    presentation,
    resolving,
    rules,
    scenarios,
    sections,
    tally,
)
from desktop.rulesets.future_imperfect.cards import CARDS
from desktop.rulesets.future_imperfect.deck import builtin_deck, file_order, imported_deck
from desktop.rulesets.future_imperfect.legal import legal_actions
from desktop.rulesets.future_imperfect.policy import LEARNING, LEVELS, STANDARD
from desktop.rulesets.future_imperfect.state import COUNTERS, FIState
from desktop.rulesets.future_imperfect.versus import VERSUS

OPTIONS = (
    Option(key="exceptional", label="Exceptional results", default="on", choices=ON_OFF,
           help="A result at or above its die's size draws an extension card whose same cell is added, as long as it stays exceptional."),
    Option(key="bumps", label="Bumps", default="off", choices=ON_OFF,
           help="A success earns one bump for each full 4 by which the result beats the TN."),
    Option(key="victory", label="Victory threshold", default="6", number=(1, 30),
           help="A complex check scores one victory for each full this-many of its magnitude (1 to 30)."),
    Option(key="order", label="Deck order", default="shuffled", choices=["shuffled", "fixed"],
           help="\"fixed\": the deck is not shuffled and is drawn in the order of the deck file, card 0 first (for teaching and tests)."),
    Option(key="stack", label="Cards on top", default="",
           help="Impulses to put on top of the deck, the first drawn first, separated by commas (\"34, 10\")."),
    Option(key="practice", label="Practice scenarios", default="off", choices=ON_OFF,
           help="The Master may start the rulebook's worked examples, with the deck stacked for them."),
    edition_option("a fixed deck order follows the impulses (0 first) rather than the deck file"),
)
HANDLERS = {
    a.SetCheck: rules.set_check, a.SetComplexCheck: rules.set_check, a.SetContest: rules.set_contest,
    a.CancelCheck: rules.cancel_check,
    a.DrawResolution: resolving.draw_resolution, a.Take: resolving.take,
    a.DrawExtension: resolving.draw_extension, a.Extend: resolving.extend,
    a.AskOracle: rules.solo_draw, a.DrawPlayingCard: rules.solo_draw,
    a.Practice: scenarios.practice, a.SetCount: rules.set_count, a.EndSession: rules.end_session,
}


def _stack(text: str) -> list[int]:
    impulses = []
    for part in filter(None, (p.strip() for p in text.split(","))):
        if not part.isdigit() or not 0 <= int(part) < CARDS:
            raise SetupError(f"The option stack lists {part[:20]!r}; it takes impulses 0 to {CARDS - 1} separated by commas.")
        if int(part) in impulses:
            raise SetupError(f"The option stack lists impulse {int(part)} twice.")
        impulses.append(int(part))
    return impulses


class FutureImperfect(RulesetBase):
    id = "future-imperfect"
    title = "Future Imperfect"
    description = (
        "A role-playing game in which a deck of 54 cards takes the place of dice. When a "
        "character tries something risky, the Master (the player who runs the story) sets a "
        "check: which column of a card to read, how many rows, and the number to reach. The "
        "player draws a card and takes one number from those rows: reaching the number succeeds, "
        "and CF (critical failure) in the last of those rows fails at once. The cards also "
        "answer yes-or-no questions when you play alone."
    )
    players = (1, 8)
    options = OPTIONS
    action_type = a.FIAction
    # Its own words, held out of the platform (tests/test_system_words.py).
    vocabulary = ("cause grid", "effect grid", "impulse", "resolution card", "exceptional", "oracle")
    handlers = HANDLERS
    first = (rules.check_session_open,)
    legal = staticmethod(legal_actions)
    presentation = presentation
    practices = scenarios.PRACTICES  # Sid's leap walked step by step: its first game, for Learn to play
    tally = staticmethod(tally.sections)  # the summary's checks and contests (tally.py)
    rule_sections = sections.BY_ACTION  # what a refusal of each kind cites (RuleError.rule)

    def start(self, seats, options: OptionValues, seed, deck=None) -> FIState:
        # The first seat is the Master.
        deck_key, cards = imported_deck(deck) if deck is not None else builtin_deck()
        ids = {f"c{card.impulse:02d}": f"i{card.impulse:02d}" for card in cards}
        # Unshuffled, the file's first card is drawn first (games of edition 2: impulse 0 first).
        listed = range(len(cards)) if options.edition == SECOND else file_order(deck_key)
        pile = [f"c{impulse:02d}" for impulse in reversed(listed)]  # the last is the top
        state_rng = rng.seed_state(seed)
        if options.order == "shuffled":
            state_rng = rng.shuffle(state_rng, pile)
        for impulse in reversed(_stack(options.stack)):
            pile.remove(f"c{impulse:02d}")
            pile.append(f"c{impulse:02d}")
        zones = {
            "deck": Zone(id="deck", label="Deck", visibility="hidden", cards=pile),
            "drawn": Zone(id="drawn", label="On the table", visibility="public"),
            "discard": Zone(id="discard", label="Discard pile", visibility="public"),
        }
        return FIState(
            ruleset=self.id, seats=seats, cards=ids, zones=zones, rng=state_rng, deck_key=deck_key,
            counters={seat.id: dict.fromkeys(COUNTERS, 0) for seat in seats}, master=seats[0].id,
            exceptional=options.exceptional, bumps=options.bumps, threshold=options.victory,
            practice_on=options.practice,
        )

    def drops(self, state: FIState, seat: str, card: str, from_zone: str, to_zone: str) -> list[a.Action]:
        if from_zone == "discard":
            raise RuleError(
                "A discarded card stays in the discard pile until the deck runs out and the pile is "
                "shuffled into a new deck.",
                rule=sections.SIMPLE,
            )
        raise RuleError("Cards are drawn from the deck by the check's player: use Draw the resolution card.", rule=sections.SIMPLE)

    def counter_action(self, entity: str, key: str, value: int, by: str = "") -> a.Action:
        if key not in COUNTERS:
            raise RuleError("Only victories and bumps are counted by hand.")
        return a.SetCount(player=entity, counter=key, value=value)

    def seat_role(self, index, names, options) -> str | None:
        if index != 0:  # the first seat is the Master (`start`)
            return None
        if len(names) == 1:
            return "Playing alone: you are the Master, who runs the story, and you make every check."
        return "The Master: runs the story and sets each check the other players draw for."

    def demo(self) -> Demo:
        return scenarios.demo()

    levels = LEVELS  # its own learning and standard levels (policy.py)
    versus = VERSUS  # the session's end after N checks a character and the outcome, headless (versus.py)
    policies = dict.fromkeys((LEARNING, STANDARD), "desktop.rulesets.future_imperfect.policy:FIPolicy")


FUTURE_IMPERFECT = register(FutureImperfect())
