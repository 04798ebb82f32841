"""An ask put only after some answers: `only_when` and `unless` read the answers already given
(a free value typed a moment ago) before the legal action's own value."""

from __future__ import annotations

from typing import ClassVar

from desktop.engine.actions import Action
from desktop.engine.prompts import Ask, Offer, Prompt


class Priced(Action, frozen=True, tag="priced_test"):
    card: str
    modifier: int = 0
    reason: str = ""
    asks: ClassVar[tuple[Ask, ...]] = (
        Ask(field="card", kind="card", question="Which card?"),
        Ask(field="modifier", kind="number", low=-10, high=10, question="Modifier?"),
        Ask(field="reason", kind="text", question="Why?", unless=("modifier", 0)),
    )


def walk(answers: dict) -> tuple[list[str], Action]:
    legal = [Priced(player="ann", card="c1"), Priced(player="ann", card="c2")]
    prompt = Prompt(Offer("ann", "priced_test", "Play", legal), lambda ask, value: str(value))
    asked = []
    while (question := prompt.next()) is not None:
        asked.append(question.ask.field)
        prompt.answer(answers.get(question.ask.field, question.initial))
    return asked, prompt.action()


def test_a_question_unless_a_value_is_skipped_on_that_value_and_keeps_its_default():
    asked, action = walk({"card": "c1"})
    assert asked == ["card", "modifier"]
    assert action == Priced(player="ann", card="c1")


def test_a_question_unless_a_value_is_asked_after_another_answer_typed_before_it():
    asked, action = walk({"card": "c2", "modifier": -2, "reason": "an Idea"})
    assert asked == ["card", "modifier", "reason"]
    assert action == Priced(player="ann", card="c2", modifier=-2, reason="an Idea")


class Noted(Action, frozen=True, tag="noted_test"):
    size: int = 0
    note: str = ""
    asks: ClassVar[tuple[Ask, ...]] = (
        Ask(field="size", kind="number", low=0, high=9, question="How big?"),
        Ask(field="note", kind="text", question="Say more", only_when=("size", 9)),
    )


def test_only_when_reads_a_free_answer_given_before_it():
    for size, asked_note in ((9, True), (3, False)):
        prompt = Prompt(Offer("ann", "noted_test", "Note", [Noted(player="ann")]), lambda ask, value: str(value))
        asked = []
        while (question := prompt.next()) is not None:
            asked.append(question.ask.field)
            prompt.answer({"size": size, "note": "huge"}[question.ask.field])
        assert ("note" in asked) is asked_note
