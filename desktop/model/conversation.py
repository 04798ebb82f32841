"""The conversation: every question the game has open, as data, each belonging to one seat.

A move that still needs answers (an offer chosen, a card dropped, a seat handed to the app) is a
`Talk`: a confirmation first where one is due (the *preface*), a choice among kinds where a drop
means several, then the questions of the engine's `Prompt` for the action. Its question now is an
`Asked`: plain data any front end reads (the window's dialog, the app, a test, later a phone):
who answers it, what is asked, its options or bounds, its default, what was answered so far.
A talk may also walk the model's own questions (a seat's "Change counts", desktop/model/counts.py:
several bounded counts answered together, kind "counts").

A front end reads a seat's open questions (`questions(seat)`) and answers one (`answer(seat, id,
value)`) or cancels it, in any order across seats; several seats may have questions open at
once. An answer is taken only from the seat the question is asked of (`authority.may_answer`),
only for the question open now (a stale id is refused), and only as one of the values asked for.
When the last question is answered the talk hands its action to `finish` (the session submits it
to the engine). When the game changes under an open talk, `revise` keeps it to what the rules
still allow, replaying its answers, or closes it.

No Qt and no session here: the session builds the talks and says what the rules allow now.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from desktop.engine import Action
from desktop.engine.prompts import CHOSEN, Ask, Offer, Option, Prompt
from desktop.model.authority import may_answer

WHICH_KIND = "What do you do with it?"  # a drop or a card that means moves of several kinds


@dataclass(frozen=True)
class Asked:
    """One open question, as every front end reads it. `seat`: who answers it (None: whoever is at
    the table). `ask` says the kind and the bounds (`low`, `high`, `limit`); `options` the values a
    choice, an order or a subset is made of, each with its words; `initial` what a free answer
    opens at (a number's default, the order as it stands). A `preface` is a confirmation of what is
    about to happen, asked before the move's own questions (a front end arms its Yes late, so one
    key cannot both open and accept it). `chooser`: who chose this move for the seat ("" for
    someone at the table; None when the seat chose it)."""

    id: int
    talk: int
    seat: str | None
    title: str
    ask: Ask
    text: str
    options: tuple[Option, ...] = ()
    initial: Any = None
    preface: bool = False
    answered: tuple[tuple[str, str], ...] = ()
    chooser: str | None = None

    @property
    def kind(self) -> str:
        return self.ask.kind


@dataclass
class Answer:
    """What became of an answer or a cancel: `refusal` (words) when it was not taken; else
    `finished` when the talk is over, `done` when its move was accepted."""

    refusal: str = ""
    finished: bool = False
    done: bool = False
    talk: int = 0


PromptFor = Callable[[Offer], Prompt]  # the session's words for an offer's questions
Finish = Callable[[Action | None], bool]  # submits the finished action (None: a talk of no action)


@dataclass
class Talk:
    """One move taking shape, asked of `seat` (None: the table). `preface`: a confirmation asked
    first; `kinds`: offers to choose among first (a drop meaning several kinds of move); `offer`:
    the move itself, its `Prompt` walked once it is known; `listed`: its choices are legal actions
    (checked again when the game changes; the unlisted ones are judged by the engine alone)."""

    seat: str | None
    title: str
    finish: Finish
    prompt_for: PromptFor | None = None
    offer: Offer | None = None
    kinds: list[Offer] | None = None
    kinds_text: str = WHICH_KIND
    preface: str = ""
    chooser: str | None = None
    listed: bool = True
    shared: bool = True  # opened at the shared screen: it goes when the screen changes hands
    opened_by: str | None = None  # the seat whose own front end opened it (not the shared screen's)
    id: int = 0
    prompt: Prompt | None = None
    answers: list[Any] = field(default_factory=list)  # the prompt's answers, replayed on a change
    words: list[tuple[str, str]] = field(default_factory=list)  # (question, answer) so far
    asked: Asked | None = None  # the question open now (None: worked out at the next read)

    def question(self, ids: Callable[[], int]) -> Asked | None:
        """The question open now; None when the talk has nothing more to ask."""
        if self.asked is not None:
            return self.asked
        found = self._next()
        if found is None:
            return None
        ask, text, options, initial, preface = found
        self.asked = Asked(ids(), self.id, self.seat, self.title, ask, text, tuple(options), initial, preface,
                           tuple(self.words), self.chooser)
        return self.asked

    def _next(self):
        if self.preface:
            return Ask(field="", kind="confirm", question=self.preface), self.preface, (), None, True
        if self.kinds is not None:
            options = [Option(index, offer.label) for index, offer in enumerate(self.kinds)]
            return Ask(field="", kind="choice", question=self.kinds_text), self.kinds_text, options, None, False
        if self.prompt is None:  # a talk of the model's own questions comes with its prompt
            if self.offer is None:
                return None
            self.prompt = self.prompt_for(self.offer)
        question = self.prompt.next()
        if question is None:
            return None
        return question.ask, question.text, question.options, question.initial, False

    def take(self, value: Any) -> None:
        """Moves on with `value`, an answer already checked (`check`)."""
        asked, self.asked = self.asked, None
        self.words.append((asked.text, _words(asked, value)))
        if asked.preface:
            self.preface = ""
        elif self.kinds is not None:
            self.offer, self.kinds = self.kinds[value], None
        else:
            self.answers.append(value)
            self.prompt.answer(value)

    @property
    def said_no(self) -> bool:
        """A confirmation of the action was answered No: the move is not made."""
        return self.prompt is not None and self.prompt.cancelled

    def action(self) -> Action | None:
        return self.prompt.action() if self.prompt is not None else None

    def revise(self, legal: Sequence[Action]) -> bool:
        """Keeps the move to the choices still legal after a change of the game, its answers
        replayed; False when none is left or an answer no longer fits (the talk closes)."""
        if self.kinds is not None:
            kinds = [Offer(o.seat, o.kind, o.label, [c for c in o.choices if c in legal]) for o in self.kinds]
            kinds = [offer for offer in kinds if offer.choices]
            if [len(o.choices) for o in kinds] != [len(o.choices) for o in self.kinds]:
                self.kinds, self.asked = kinds, None
            return bool(kinds)
        if self.offer is None or not self.listed:
            return True
        still = [choice for choice in self.offer.choices if choice in legal]
        if len(still) == len(self.offer.choices):
            return True
        if not still:
            return False
        self.offer = Offer(self.offer.seat, self.offer.kind, self.offer.label, still)
        if self.prompt is None:
            return True
        self.prompt, self.asked = self.prompt_for(self.offer), None
        try:
            for value in self.answers:
                if self.prompt.next() is None:
                    return False
                self.prompt.answer(value)
        except ValueError:
            return False
        return True


class Conversation:
    """The open talks of a game, by id: what every seat is being asked now."""

    def __init__(self, name: Callable[[str], str] = str) -> None:
        self._talks: dict[int, Talk] = {}
        self._ids = itertools.count(1)
        self._name = name  # a seat's name, for a refusal

    def open(self, talk: Talk) -> Talk:
        talk.id = next(self._ids)
        self._talks[talk.id] = talk
        return talk

    def talk(self, talk_id: int) -> Talk | None:
        return self._talks.get(talk_id)

    def current(self, talk_id: int) -> Asked | None:
        """The question the talk `talk_id` asks now; None once it is over."""
        talk = self._talks.get(talk_id)
        return None if talk is None else talk.question(self._next_id)

    def questions(self, seat: str | None = None, everyone: bool = False) -> list[Asked]:
        """The questions `seat` may answer now (its own and the table's), in the order they were
        opened; every open question with `everyone`. A talk with nothing left to ask is finished
        by `settle`, never listed."""
        found = []
        for talk in list(self._talks.values()):
            asked = talk.question(self._next_id)
            if asked is not None and (everyone or may_answer(asked.seat, seat)):
                found.append(asked)
        return found

    def _next_id(self) -> int:
        return next(self._ids)

    def find(self, question_id: int) -> tuple[Talk, Asked] | None:
        for talk in self._talks.values():
            asked = talk.question(self._next_id)
            if asked is not None and asked.id == question_id:
                return talk, asked
        return None

    def answer(self, seat: str | None, question_id: int, value: Any) -> Answer:
        """`seat`'s answer to the question `question_id`: checked, then the talk moves on and,
        with nothing left to ask, is finished (`settle`)."""
        found = self.find(question_id)
        if found is None:
            return Answer(refusal="That question is no longer open: the game moved on, or it was answered.")
        talk, asked = found
        if not may_answer(asked.seat, seat):
            return Answer(refusal=f"That question is {self._name(asked.seat)}'s to answer, not yours.")
        problem = check(asked, value)
        if problem:
            return Answer(refusal=problem)
        if asked.preface and not value:
            return self.close(talk)  # No to what was about to happen: nothing is done
        talk.take(value)
        return self.settle(talk)

    def cancel(self, seat: str | None, question_id: int) -> Answer:
        """`seat` leaves the question (Escape, Cancel): its whole move is dropped, nothing done."""
        found = self.find(question_id)
        if found is None:
            return Answer(refusal="That question is no longer open.")
        talk, asked = found
        if not may_answer(asked.seat, seat):
            return Answer(refusal=f"That question is {self._name(asked.seat)}'s to answer, not yours.")
        return self.close(talk)

    def close(self, talk: Talk) -> Answer:
        self._talks.pop(talk.id, None)
        return Answer(finished=True, talk=talk.id)

    def settle(self, talk: Talk) -> Answer:
        """A talk with nothing left to ask is over: its action goes to `finish`, unless the
        action's own confirmation was answered No."""
        if talk.question(self._next_id) is not None:
            return Answer(talk=talk.id)
        self._talks.pop(talk.id, None)
        if talk.said_no:
            return Answer(finished=True, talk=talk.id)
        return Answer(finished=True, done=talk.finish(talk.action()), talk=talk.id)

    def revise(self, legal: Sequence[Action]) -> list[Talk]:
        """After a change of the game: each open talk kept to the moves still legal (`Talk.revise`);
        the talks that no longer can be are closed and returned."""
        gone = [talk for talk in self._talks.values() if not talk.revise(legal)]
        for talk in gone:
            self._talks.pop(talk.id, None)
        return gone

    def drop(self, keep: Callable[[Talk], bool]) -> list[Talk]:
        """Closes every talk `keep` refuses (the screen changed hands); returns them."""
        gone = [talk for talk in self._talks.values() if not keep(talk)]
        for talk in gone:
            self._talks.pop(talk.id, None)
        return gone

    def __bool__(self) -> bool:
        return bool(self._talks)

    def talks(self) -> list[Talk]:
        return list(self._talks.values())


def check(asked: Asked, value: Any) -> str:
    """Why `value` cannot answer `asked`, in words; "" when it can. A front end offers only these,
    but an answer from elsewhere (a phone, a test) is checked all the same."""
    kind = asked.kind
    values = [option.value for option in asked.options]
    if kind in CHOSEN:
        return "" if any(_same(value, one) for one in values) else "That is not one of the choices offered."
    if kind == "confirm":
        return "" if isinstance(value, bool) else "The answer is Yes or No."
    if kind == "number":
        low, high = asked.ask.low, asked.ask.high
        if not isinstance(value, int) or isinstance(value, bool):
            return "The answer is a whole number."
        return "" if low <= value <= high else f"The answer is a number from {low} to {high}."
    if kind == "counts":
        return _counts_problem(asked, value)
    if kind == "text":
        if not isinstance(value, str):
            return "The answer is a few words."  # an empty one is the rules' to judge
        return "" if len(value) <= asked.ask.limit else f"The answer is at most {asked.ask.limit} characters long."
    if kind == "order":
        if not isinstance(value, list) or len(value) != len(values) or \
                any(sum(_same(v, one) for v in value) != sum(_same(w, one) for w in values) for one in values):
            return "The answer puts every entry in an order, each once."
        return ""
    if kind == "subset":
        if not isinstance(value, list) or any(not any(_same(v, one) for one in values) for v in value) or \
                any(sum(_same(v, one) for v in value) > 1 for one in values):
            return "The answer is some of the entries offered, each at most once."
        return ""
    return ""


def _counts_problem(asked: Asked, value: Any) -> str:
    """Why `value` cannot answer a question of several counts together (its options' values the
    counts' specs: key, label, bounds), in words; "" when it can."""
    if not isinstance(value, dict):
        return "The answer gives counts by name."
    specs = {option.value.key: option.value for option in asked.options}
    for key, number in value.items():
        spec = specs.get(key)
        if spec is None:
            return f"There is no count {str(key)[:40]!r} here."
        if not isinstance(number, int) or isinstance(number, bool):
            return f"{spec.label} is a whole number."
        if not spec.low <= number <= spec.high:
            return f"{spec.label} is a number from {spec.low} to {spec.high}."
    return ""


def _same(one: Any, other: Any) -> bool:
    return type(one) is type(other) and one == other


def _words(asked: Asked, value: Any) -> str:
    """An answer in the words a person reads."""
    labels = {repr(option.value): option.label for option in asked.options}
    if asked.kind == "confirm":
        return "Yes" if value else "No"
    if asked.kind == "counts":
        return ", ".join(f"{option.label} {value[option.value.key]}" for option in asked.options
                         if option.value.key in value)
    if isinstance(value, list):
        return ", ".join(labels.get(repr(one), str(one)) for one in value)
    return labels.get(repr(value), str(value))

