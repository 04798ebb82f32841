"""What a rule system provides to the engine: the platform contract (docs/architecture.md).

A system is one object registered by id. `RulesetBase` gives the parts most systems share
(offers built from `legal_actions`, drops answered from them, plain labels); a system overrides
what it does differently.

A system *declares* its rules and its presentation instead of forwarding to them by hand (so no
system writes the skeleton of `apply` or the forwarding of `view` again): `handlers` (the handler
of each action type), `first` (the checks every action passes before its handler, such as a
choice that is owed), `after` (what follows every action), `legal` (the legal actions of one
state) and `presentation` (the module with `view`, `table`, `stages` and the words).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

import msgspec

from desktop.engine.actions import Action, one_count_each, sets_several
from desktop.engine.editions import EDITION, edition_of_format
from desktop.engine.errors import RuleError, SetupError
from desktop.engine.levels import PLATFORM_LEVELS, STANDARD, Level
from desktop.engine.options import Option, OptionValues, parse_options
from desktop.engine.practice import Practices, step_shown, with_step
from desktop.engine.seating import seat_id, seats_from_names
from desktop.engine.state import GameState, LogEntry, Seat
from desktop.engine.text import capitalized, shown
from desktop.engine.versus import Versus
from desktop.engine.views import may_see


@dataclass
class Outcome:
    """What one applied action did: its log lines and whether it revealed information.

    `reveals` is true for draws, shuffles and rolls: they close the undo window behind them,
    because a card once seen cannot be un-seen. `changes` is filled in by the engine.
    """

    log: list[LogEntry] = field(default_factory=list)
    reveals: bool = False
    changes: Any = None  # a desktop.engine.changes.ChangeSet once applied

    def say(self, text: str, seat: str | None = None) -> None:
        self.log.append(LogEntry(text, seat))


class Demo(msgspec.Struct, frozen=True, kw_only=True):
    """A ready game to look at: players, seed, options and the actions that lead to it."""

    players: list[str]
    seed: int
    actions: list[Action]
    options: dict[str, str] = msgspec.field(default_factory=dict)

    @classmethod
    def practice(cls, action: type, players: list[str], seed: int, scenario: str,
                 options: dict[str, str] | None = None) -> Demo:
        """One practice scenario as a ready game: `players` at `seed`, the practice option on
        (beside `options`), and the first seat starting the scenario with the system's
        Practice `action`."""
        return cls(players=list(players), seed=seed, options={"practice": "on", **(options or {})},
                   actions=[action(player=seat_id(players[0]), scenario=scenario)])


# A handler checks (raising RuleError) and only then changes the state, saying what it did.
Handler = Callable[[GameState, Action, Outcome], None]
Check = Callable[[GameState, Action], None]
Follow = Callable[[GameState, Outcome], None]


class RulesetBase:
    """Defaults of the contract. A system sets the metadata and declares or implements the rules."""

    id: ClassVar[str]
    title: ClassVar[str]
    description: ClassVar[str] = ""
    players: ClassVar[tuple[int, int]] = (2, 8)  # the player-count range
    options: ClassVar[tuple[Option, ...]] = ()
    deck_file: ClassVar[str] = "Deck file"  # what the player's own file is called ("Encounter file")
    action_type: ClassVar[Any]  # the tagged union of this system's Action classes
    # The system's own words (lower case, whole words or phrases; a plural "s" is implied): its
    # terms, its dice, its zones' ids. Besides its id and title, none of them may appear in the
    # engine, the model or the generic ui (tests/test_system_words.py): they name this system.
    vocabulary: ClassVar[tuple[str, ...]] = ()

    # ---- the declaration (docs/architecture.md, "The declaration") ------------------------------

    handlers: ClassVar[Mapping[type, Handler]] = {}  # action type -> handler(state, action, outcome)
    first: ClassVar[tuple[Check, ...]] = ()  # checks every action passes first (an owed choice...)
    after: ClassVar[tuple[Follow, ...]] = ()  # what follows every accepted action (a reshuffle...)
    legal: ClassVar[Callable[[GameState, str | None], list[Action]] | None] = None  # a staticmethod
    # Actions too many or too open-ended to list at every move (a referee granting any action at
    # any step of the round): (state, seat) -> actions, worked out only when a person asks for
    # them (the Turn menu's "Other actions..."). Bots and the action buttons never see them; each
    # is judged like any other when sent. A staticmethod, or None.
    unlisted: ClassVar[Callable[[GameState, str], list[Action]] | None] = None
    # What those actions are, in the system's words, for the menu entry's tooltip ("a referee's
    # grant"); "" says nothing more than that they are rarer actions.
    unlisted_hint: ClassVar[str] = ""
    presentation: ClassVar[Any] = None  # a module: view, table, stages; describe, value_label, question
    # Practice scenarios walked step by step (engine/practice.py), or None: `apply` tells the
    # learner the next step after each action that completes one.
    practices: ClassVar[Practices | None] = None
    # The levels the app plays a seat at (engine/levels.py), gentlest first; STANDARD is given
    # unless a level is chosen. The platform's: learning (the random floor) and standard (`bot`).
    levels: ClassVar[tuple[Level, ...]] = PLATFORM_LEVELS
    # Who plays each level: level id -> "package.module:Class", imported only when a seat is
    # handed to the app (a policy may load odds or tables); the class is made as Class(seed, level)
    # (`bot`). A level not named here is the platform's random floor.
    policies: ClassVar[Mapping[str, str]] = {}
    # Games the app plays against itself (engine/versus.py): when its seats end a session the
    # players end, the table's own moves, the outcome measured. None: to its end, unmeasured.
    versus: ClassVar[Versus | None] = None
    # What the system counts for the summary at the end (engine/summary.py): a staticmethod
    # (record) -> sections (the cards played, the checks won, the damage dealt), or None.
    tally: ClassVar[Callable[[Any], tuple] | None] = None
    # The section of the system's rules page (docs/systems/<id>.md, its heading without a trailing
    # "(...)") each kind of action is played by, by action type: a refusal of that kind citing no
    # section of its own cites it (RuleError.rule), so the window can open the rule it refuses by.
    # Each system keeps its headings in `rulesets/<id>/sections.py`; tests/rulesets/
    # test_rule_sections.py checks that every one is a heading of its page.
    rule_sections: ClassVar[Mapping[str, str]] = {}

    # ---- rules -------------------------------------------------------------------------------

    def setup(self, players: list[str], options: dict[str, str], seed: int, deck: list[dict] | None = None) -> GameState:
        """The first state: the seats from the players' names (refused in a sentence when they are
        too few, too many or alike), every option parsed once (`parse_options`), then `start`."""
        seats = seats_from_names(players, *self.players, self.title)
        return self.start(seats, self.parse_options(options, seats), seed, deck)

    def parse_options(self, options: dict[str, str], seats: list[Seat]) -> OptionValues:
        """The game's options as typed values (engine/options.py): an unknown option or a bad
        value is refused with a SetupError naming the option and what it takes."""
        return parse_options(self.options, options, seats, self.title)

    def start(self, seats: list[Seat], options: OptionValues, seed: int, deck: list[dict] | None) -> GameState:
        """The system's first state from checked seats and parsed options (`deck`: the records of
        a deck file of the players' own, or None for the system's own cards)."""
        raise NotImplementedError

    def apply(self, state: GameState, action: Action) -> Outcome:
        """Mutates `state`, or raises RuleError having changed nothing.

        The seat must be at the table, then every check of `first` runs, then the handler of the
        action's type; the handler checks before it changes anything. `after` runs next, and
        last a practice's sentence for the step the action completes (`practices`).
        """
        self.check_seat(state, action.player)
        try:
            return self._judge(state, action)
        except RuleError as refusal:
            refusal.rule = refusal.rule or self.rule_sections.get(action.type)
            raise

    def _judge(self, state: GameState, action: Action) -> Outcome:
        """`apply` for a seat at the table: `first`, the handler, `after`, the practice."""
        for check in self.first:
            check(state, action)
        handler = self.handlers.get(type(action))
        if handler is None:
            raise RuleError(f"{self.title} has no action called {shown(action.type, 40)!r}.")
        outcome = Outcome()
        parts = one_count_each(action)  # counts set together: each judged as alone, all or none
        if len(parts) > 1:
            trial = state.copy()  # judged on a copy first: a refusal of any leaves `state` as it was
            for part in parts:
                handler(trial, part, Outcome())
        for part in parts:
            handler(state, part, outcome)
        if len(parts) > 1:  # a line each count says alike ("a count of X was corrected") is said once
            outcome.log = list(dict.fromkeys(outcome.log))
        for follow in self.after:
            follow(state, outcome)
        if self.practices is not None:
            self.practices.follow(state, action, outcome)
        return outcome

    def check_seat(self, state: GameState, seat: str | None, what: str = "player") -> None:
        """Refuses a seat that is not at the table, naming it."""
        if seat not in state.seat_ids():
            raise RuleError(f"There is no {what} {shown(seat, 40)!r} at this table.")

    def legal_actions(self, state: GameState, player: str | None = None) -> list[Action]:
        """Every action that may be taken now (by `player`, or by anyone)."""
        if self.legal is None:
            raise NotImplementedError
        if player is not None:
            self.check_seat(state, player)
        return self.legal(state, player)

    def unlisted_actions(self, state: GameState, seat: str) -> list[Action]:
        """What `seat` may also do now that the legal list leaves out (see `unlisted`)."""
        if self.unlisted is None:
            return []
        self.check_seat(state, seat)
        return self.unlisted(state, seat)

    def stages(self, state: GameState) -> list:
        """Which seats may act now and how (list of presentation.Stage)."""
        return self._presented("stages")(state)

    def view(self, state: GameState, viewer: str | None):
        """The typed, redacted state (presentation.View) that `viewer` may see; the learner's
        with the practice's step (`practices`)."""
        return with_step(self.practices, state, viewer, self._presented("view")(state, viewer),
                         lambda seat: self.legal_actions(state, seat))

    def table(self, view) -> Any:
        """The table description (presentation.Table) built from a view alone, with the view's
        practice step, which the window shows over the table."""
        return step_shown(view, self._presented("table")(view))

    def finished(self, state: GameState) -> str | None:
        """Whether the game stands at the end its system states: None while it goes on; once it
        reached it, one sentence saying which ("Scene 1 is over.", "Round 2 is over.", "The
        session is over."). Where play may go on past that end (the next scene, the next round),
        the sentence holds while the table rests there and is None again once the next begins.
        The presentation's `finished` answers where it has one; the default is None: a system
        that states no end never reaches one."""
        found = self._presented("finished", required=False)
        return found(state) if found is not None else None

    def summary(self, record) -> tuple:
        """The system's own sections of the summary (engine/summary.py), read from `record` (a
        `summary.Record`): only what every seat may see. The platform's sections come first."""
        return tuple(self.tally(record)) if self.tally is not None else ()

    def _presented(self, name: str, required: bool = True):
        found = getattr(self.presentation, name, None)
        if found is None and required:
            raise NotImplementedError(f"{type(self).__name__} declares no presentation with {name}")
        return found

    def demo(self) -> Demo:
        raise SetupError(f"There is no demo game for {self.title} yet.")

    # ---- words -------------------------------------------------------------------------------

    def seat_role(self, index: int, names: Sequence[str], options: Mapping[str, str]) -> str | None:
        """The part the seat at `index` (0: the first) plays at a table of `names`, where the
        rules give one seat a part the others lack, in a few plain words for the new-game form
        ("The Master: runs the story..."); `options`: every option as typed so far, each at its
        default unless changed. None (the default): a seat like any other."""
        return None

    def describe(self, action: Action, view) -> str:
        """The label of one concrete action, for a button or a log of choices. A practice's start
        reads as its scenario's title (`practices`), the same for every system."""
        if self.practices is not None and isinstance(action, self.practices.action):
            return self.practices.label(action.scenario)
        words = self._presented("describe", required=False)
        if words is not None:
            return words(action, view)
        return action.type.replace("_", " ").capitalize()

    def offer_label(self, kind: str, choices: list[Action], view) -> str:
        """The label of an entry grouping several actions of one kind."""
        if len(choices) == 1:
            return self.describe(choices[0], view)
        return getattr(type(choices[0]), "title", kind.replace("_", " ").capitalize())

    def value_label(self, ask, value: Any, view) -> str:
        """How a chosen value reads: a seat's name, a card's title, a choice's words. The
        presentation's `value_label` speaks first; where it answers None, the plain words stand."""
        words = self._presented("value_label", required=False)
        found = words(ask, value, view) if words is not None else None
        if found is not None:
            return found
        if ask.kind == "seat":
            return view.seat_name(value) if value is not None else "nobody"
        if ask.kind == "card":
            return view.card_name(value)
        if isinstance(value, bool):
            return "Yes" if value else "No"
        return str(value)

    def question(self, ask, action: Action, view) -> str:
        """The wording of a prompt's question for the action taking shape (the presentation's
        `question` first, where it has one and answers)."""
        words = self._presented("question", required=False)
        found = words(ask, action, view) if words is not None else None
        return found if found is not None else ask.question

    def initial(self, ask, action: Action, view) -> Any:
        """The value a prompt's question opens at for the action taking shape: the presentation's
        `initial`, where it has one (the system's sensible draft of the move, which a form of its
        own shows too). None: the first option, or the action's own value."""
        found = self._presented("initial", required=False)
        return found(ask, action, view) if found is not None else None

    # ---- moving cards --------------------------------------------------------------------------

    def drops(self, state: GameState, seat: str, card: str, from_zone: str, to_zone: str) -> list[Action]:
        """The legal actions a drag of `card` from `from_zone` onto `to_zone` may mean.

        Raises RuleError with the sentence saying why none exists. The default finds the legal
        actions of `seat` that name `card` and move it to `to_zone` (by `destination`).
        """
        found = [
            action
            for action in self.legal_actions(state, seat)
            if getattr(action, "card", None) == card and self.destination(state, action) == to_zone
        ]
        if not found:
            raise RuleError(f"{self.card_name(state, seat, card)} cannot go there now.")
        return found

    def card_title(self, state: GameState, card: str) -> str | None:
        """A card's name read off its definition, for a ruleset whose views name every card they
        show by that alone; None (the default): `card_name` reads it from a view."""
        return None

    def card_name(self, state: GameState, seat: str | None, card: str) -> str:
        """A card's name as `seat` sees it ("A card" when hidden from it), for a refusal. A card
        the seat may see where it lies is named by `card_title` when the ruleset has it: a view of
        the whole table to name one card, asked for each of 20-30 zones at the start of a drag,
        was most of that drag's first frame."""
        zone = state.zone_of(card)
        title = self.card_title(state, card) if zone is not None and may_see(state, zone, card, seat) else None
        return capitalized(title if title is not None else self.view(state, seat).card_name(card))

    def destination(self, state: GameState, action: Action) -> str | None:
        """The zone a card-moving action sends its card to, if it moves one."""
        return None

    def legacy_options(self, format_version: int) -> dict[str, str]:
        """Options that replay a game saved in an older file format exactly as it was played
        (after a rules correction). Default: a system with the `edition` option plays a file of
        format 2 or before by edition 2 (`edition_of_format`: the oldest edition not older than
        the file); others have none."""
        option = next((option for option in self.options if option.key == EDITION), None)
        found = edition_of_format(option.choices or [], format_version) if option is not None else None
        return {EDITION: found} if found is not None else {}

    def bot(self, seed: int | None = None, level: str = STANDARD):
        """A bot for a seat played by the app at `level` (one of `levels`, or "random"): an object
        with `choose(legal, view) -> Action | None` (`view`: what its seat may see), and optionally
        `ready() -> bool`: False while what it thinks with is still loading off the UI thread (the
        window then asks again shortly rather than load it at the table's expense). None: the
        platform's random floor (desktop/bots), which is also every system's "random" level.
        Declared in `policies`; a system overrides this only to make its bots otherwise. The window
        asks `choose` off its UI thread, of a copy of the bot (`copy.deepcopy`: it keeps what it
        remembers only when its choice is used) on a copy of the game (model/app_thinking.py)."""
        found = self.policies.get(level)
        if found is None:
            return None
        module, _, name = found.partition(":")
        return getattr(importlib.import_module(module), name)(seed, level)

    def deck_records(self, data: Any) -> list[dict]:
        """What a deck file holds, as the list `setup` takes: by default its card records (a
        list, or an object's "cards")."""
        cards = data.get("cards") if isinstance(data, dict) else data
        if not isinstance(cards, list):
            raise SetupError('it must hold a list of cards (or an object with "cards").')
        return cards

    def counter_action(self, entity: str, key: str, value: int, by: str = "") -> Action:
        """The bookkeeping action that sets a counter by hand (for editable counters). `by`: the
        seat changing it, where the rules ask who keeps the count (a character's, in a
        system where characters belong to seats); a seat's own counts are changed in its name."""
        raise RuleError("These counts cannot be changed by hand.")

    def counts_action(self, entity: str, values: Mapping[str, int], by: str = "") -> Action:
        """The one bookkeeping action that sets several counts of `entity` together (a seat's
        "Change counts" dialog): `counter_action` of the first, the others in its `also`, so
        the rules judge them as one action (all of them, or none) and one undo takes them all
        back. Each count is first named to `counter_action` alone, so a count that cannot be
        changed by hand is refused as it would be alone. A system whose action sets one count
        at a time refuses several in words."""
        if not values:
            raise RuleError("No count was changed.")
        (key, value), *rest = values.items()
        action = self.counter_action(entity, key, value, by=by)
        if not rest:
            return action
        if not sets_several(type(action)):
            raise RuleError("These counts are changed one at a time.")
        for other, number in rest:
            self.counter_action(entity, other, number, by=by)
        return msgspec.structs.replace(action, also=dict(rest))
