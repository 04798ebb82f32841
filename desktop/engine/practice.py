"""A practice scenario walked step by step: its title, its story, the steps a learner takes (each
a system's own `Step`: what to do, in words, and what action completes it) and its last
sentence; the run (which scenario, the next step) is part of the game state, so a saved practice
goes on where it stopped. Each step done, the next step's words are told to the learner alone
(they may name the cards of its hand).

A system with such practices declares them once, as `practices = Practices(...)` on its ruleset
(docs/architecture.md, "The declaration"): its scenarios, how a scenario arranges the table and
which action completes a step. The rest is the same for every system and lives here: who may
start one and when (`may_start`, `offers`), the checks of starting one and its first words
(`start`, the handler of the system's Practice action), the narration after every action (run by
the base's `apply`, after `after`) and the words the learner's view shows (`told`). Its state
has `practice_on` (the game's practice option) and `practice` (the run, None outside one).

A system may also name one practice its first game (`lesson`, a `Lesson`): "Learn to play" on
the start screen opens it at once, a person at the learner's seat and the app playing every
other. A step another seat takes is then taken by the app for that seat (`app_move`), so the
practice goes as its words say.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

import msgspec
import msgspec.structs

from desktop.engine.actions import Action
from desktop.engine.errors import RuleError
from desktop.engine.levels import LEARNING
from desktop.engine.presentation import PracticeSeen
from desktop.engine.prompts import Ask
from desktop.engine.text import shown

OFF = "Practice scenarios are played in a game with the practice option on."


class PracticeAction(Action, frozen=True):
    """The action that starts a practice, naming its scenario. A system declares its own
    `Practice(PracticeAction, frozen=True, tag="practice")` with its docstring, its question
    (`asks = practice_asks("Which practice?")`) and, where it words it otherwise, its title."""

    scenario: str
    title: ClassVar[str] = "Practice scenario"


def practice_asks(question: str) -> tuple[Ask, ...]:
    """The Practice action's one question: which scenario, chosen from those offered."""
    return (Ask(field="scenario", kind="choice", question=question),)


class PracticeRun(msgspec.Struct, kw_only=True):
    scenario: str
    step: int = 0  # the next step expected


class Scenario(msgspec.Struct, frozen=True, kw_only=True):
    title: str
    story: str
    steps: tuple[Any, ...]  # the system's steps, each with its words in `do`
    end: str


class CardStep(msgspec.Struct, frozen=True, kw_only=True):
    """A step most systems' practices take: an action of a kind, by a seat, naming a card."""

    do: str  # what to do now, and the rule that will act
    kind: str  # the action type that completes the step
    seat: int = 0  # which seat takes it (0: the learner, 1: the next seat)
    card: str = ""  # the card definition it names, if any ("" any)
    field: tuple[str, Any] = ("", "")  # a field of the action that must have this value


def seat_at(state, index: int) -> str:
    """The practice's seat `index` (0: the learner), the last one where the table is smaller."""
    seats = state.seat_ids()
    return seats[min(index, len(seats) - 1)]


def card_step_done(state, step: CardStep, act: Action) -> bool:
    """Whether `act` completes `step`: its kind, by its seat, on a card of its definition, with its
    field's value (each where the step names one)."""
    if act.type != step.kind or act.player != seat_at(state, step.seat):
        return False
    card = getattr(act, "card", "")
    if step.card and (state.cards.get(card, "") if isinstance(card, str) else "") != step.card:
        return False
    field, value = step.field
    return not field or getattr(act, field, None) == value


def card_named(state, step) -> tuple[str, str]:
    """The card definition a step names and the seat whose copy it is, the seat taking the step
    (a `CardStep`'s `card` and `seat`): what the learner's table points at. ("", "") for a step
    naming no card."""
    card = getattr(step, "card", "")
    return (card, seat_at(state, getattr(step, "seat", 0))) if card else ("", "")


def pointed(view, definition: str, seat: str, usable: frozenset[str] = frozenset()) -> tuple[str, ...]:
    """The cards of `definition` that `view` shows face up: those of them in `usable` (the cards
    the step's own actions name: the copy in a hand, not the one in a deck), or else those in
    `seat`'s zones, or where it has none, those in the shared zones. Read from the view alone (a
    card hidden from its viewer is None there, without its id), so no hidden card is named."""
    found: dict[str | None, list[str]] = {}
    for zone in view.zones.values():
        for entry in zone.cards:
            if entry is None or entry.face != definition:
                continue
            marks = view.marks.get(entry.id)
            if marks is None or marks.face_up:  # a card of its own lying face down is not pointed at
                found.setdefault(zone.owner, []).append(entry.id)
    taken = tuple(card for cards in found.values() for card in cards if card in usable)
    return taken or tuple(found.get(seat) or found.get(None) or ())


def scenario_named(scenarios: Mapping[str, Any], name: str) -> Any:
    """The scenario called `name`; a RuleError naming it when there is none."""
    found = scenarios.get(name)
    if found is None:
        raise RuleError(f"There is no practice scenario called {shown(name, 40)!r}.")
    return found


def check_on(on: bool) -> None:
    """Refuses a practice in a game whose practice option is off."""
    if not on:
        raise RuleError(OFF)


@dataclass(frozen=True)
class Lesson:
    """A system's first game, for "Learn to play": one of its practices as a ready table (these
    players at this seed, the practice option on beside `options`), the learner played by a
    person and every other seat by the app at `level`. `teaches`: one line of what it teaches."""

    scenario: str
    teaches: str
    players: tuple[str, ...]
    seed: int
    options: Mapping[str, str] = field(default_factory=dict)
    level: str = LEARNING


@dataclass(frozen=True)
class Practices:
    """A system's practice scenarios and what is its own about them; the first seat learns."""

    action: type  # the system's PracticeAction (player, scenario): offered, and never a step
    scenarios: Mapping[str, Scenario]
    arrange: Callable[[Any, str], None]  # (state, scenario's name): the table as it needs it
    matches: Callable[[Any, Any, Any], bool]  # (state, step, action): the action completes the step
    unfit: Callable[[Any], str] = lambda state: ""  # why this table holds no practice ("": it does)
    names_it: bool = True  # the table's log names the scenario (False: its title may name a hidden card)
    reveals: bool = False  # arranging the table shows where cards are (closes the undo window)
    lesson: Lesson | None = None  # the system's first game, for "Learn to play"
    who_learns: Callable[[Any], str] | None = None  # (state): the learner, where not the first seat
    # (state, step): the card definition the step names and whose copy it is, for the learner's
    # table to point at (`card_named`: a CardStep's card, taken by its seat; ("", "") none).
    names: Callable[[Any, Any], tuple[str, str]] = card_named

    def learner(self, state) -> str:
        return self.who_learns(state) if self.who_learns is not None else state.seat_ids()[0]

    def may_start(self, state, seat: str) -> bool:
        """A practice is the first action of a game with the option on, taken by the first seat."""
        return state.practice_on and state.step == 0 and seat == self.learner(state) and not self.unfit(state)

    def offers(self, state, seat: str) -> list:
        """The Practice actions `seat` may take now: one per scenario, or none."""
        if not self.may_start(state, seat):
            return []
        return [self.action(player=seat, scenario=name) for name in self.scenarios]

    def start(self, state, act, outcome) -> None:
        """The handler of the Practice action: checked, the table arranged, the story told."""
        check_on(state.practice_on)
        if state.step != 0:
            raise RuleError("A practice scenario is the first thing done in a new game.")
        you = self.learner(state)
        if act.player != you:
            raise RuleError(f"{state.seat_name(you)}, the first player, starts the practice.")
        scenario = scenario_named(self.scenarios, act.scenario)
        unfit = self.unfit(state)
        if unfit:
            raise RuleError(unfit)
        self.arrange(state, act.scenario)
        state.practice = PracticeRun(scenario=act.scenario)
        named = f": {scenario.title}." if self.names_it else "."
        outcome.say(f"{state.seat_name(you)} starts a practice{named}")
        outcome.say(f"Practice: {scenario.title}. {scenario.story}", seat=you)
        outcome.say(f"Practice: {scenario.steps[0].do}", seat=you)
        if self.reveals:
            outcome.reveals = True

    def next_words(self, run: PracticeRun) -> str:
        """What the learner does now, or the scenario's last sentence once every step is done."""
        scenario = self.scenarios[run.scenario]
        return scenario.end if run.step >= len(scenario.steps) else scenario.steps[run.step].do

    def follow(self, state, act, outcome) -> None:
        """After an action of a practice: if it completes the step expected, the run moves on and
        the learner is told the next step."""
        run = state.practice
        if run is None or isinstance(act, self.action):
            return
        steps = self.scenarios[run.scenario].steps
        if run.step >= len(steps) or not self.matches(state, steps[run.step], act):
            return
        run.step += 1
        outcome.say(f"Practice: {self.next_words(run)}", seat=self.learner(state))

    def told(self, state, viewer: str | None) -> str:
        """The next step's words for `viewer`'s view: the learner's alone ("" for any other, and
        outside a practice), since they may name the cards in its hand."""
        if state.practice is None or viewer != self.learner(state):
            return ""
        return self.next_words(state.practice)

    def seen(self, state, viewer: str | None) -> PracticeSeen | None:
        """The practice as `viewer` reads it over the table: the learner alone (None for any
        other, and outside a practice), the step numbered ("step 2 of 5")."""
        run = state.practice
        if run is None or viewer != self.learner(state):
            return None
        scenario = self.scenarios[run.scenario]
        steps = len(scenario.steps)
        # A step's `seat`: 0 the learner's, -1 any seat's (the learner's too), else another's.
        yours = run.step >= steps or getattr(scenario.steps[run.step], "seat", 0) in (0, -1)
        return PracticeSeen(title=scenario.title, step=min(run.step, steps) + 1, steps=steps,
                            words=self.next_words(run), yours=yours)

    def points(self, state, view, legal: Callable[[], list]) -> tuple[str, ...]:
        """The cards the learner's step names, as `view` (the learner's) shows them face up
        (`pointed`); `legal()`: the learner's legal actions, whose cards completing the step are
        the copies meant. None once every step is done or for a step naming no card."""
        run = state.practice
        steps = self.scenarios[run.scenario].steps
        if run.step >= len(steps):
            return ()
        step = steps[run.step]
        definition, seat = self.names(state, step)
        if not definition:
            return ()
        named = (getattr(act, "card", "") for act in legal() if self.matches(state, step, act))
        usable = frozenset(card for card in named if isinstance(card, str))
        return pointed(view, definition, seat, usable)

    def app_move(self, state, seat: str, legal: list, legal_of: Callable[[str], list]):
        """The action of `seat`'s legal list (`legal`) that completes the practice's next step,
        where that step is another seat's than the learner's (the learner has no legal action
        completing it: `legal_of(seat)` gives a seat's): the app takes it for a seat it plays,
        so the practice goes as its words say. None: no such step now."""
        run = state.practice
        learner = self.learner(state)
        if run is None or seat == learner:
            return None
        steps = self.scenarios[run.scenario].steps
        if run.step >= len(steps):
            return None
        step = steps[run.step]
        found = next((act for act in legal if self.matches(state, step, act)), None)
        if found is None or any(self.matches(state, step, act) for act in legal_of(learner)):
            return None
        return found

    def label(self, name: str) -> str:
        """The words of the Practice action for the scenario `name` (the base's `describe`)."""
        found = self.scenarios.get(name)
        return f"Practice: {found.title}" if found else "Practice"


def with_step(practices: Practices | None, state, viewer: str | None, seen, legal: Callable[[str], list]):
    """`seen` (a View), with the practice's step where `viewer` is its learner (the base's `view`),
    and the cards it names as that view shows them (`legal(seat)`: a seat's legal actions)."""
    if practices is None or getattr(state, "practice", None) is None:
        return seen
    practice = practices.seen(state, viewer)
    if practice is None:
        return seen
    practice = msgspec.structs.replace(practice, cards=practices.points(state, seen, lambda: legal(viewer)))
    return msgspec.structs.replace(seen, practice=practice)


def step_shown(view, table):
    """`table`, with the step of its view's practice over it (the base's `table`)."""
    practice = getattr(view, "practice", None)
    return table if practice is None else msgspec.structs.replace(table, practice=practice)
