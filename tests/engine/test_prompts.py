"""Prompts walk an action's asks over the legal actions."""

from __future__ import annotations

from typing import ClassVar

from desktop.engine.actions import Action
from desktop.engine.prompts import Ask, Offer, Prompt


class Act(Action, frozen=True, tag="act"):
    card: str
    target: str | None = None
    tags: list[str] = []
    note: str = ""
    sure: bool = False
    asks: ClassVar[tuple[Ask, ...]] = (
        Ask(field="card", kind="card", question="Which card?"),
        Ask(field="target", kind="seat", question="Whom?"),
        Ask(field="tags", kind="subset", question="Which tags apply?"),
        Ask(field="note", kind="text", question="Why?"),
        Ask(field="sure", kind="confirm", question="Sure?"),
    )


def labels(ask, value):
    return f"<{value}>"


def walk(prompt, answers):
    asked = []
    while (question := prompt.next()) is not None:
        asked.append((question.ask.field, [o.value for o in question.options], question.initial))
        prompt.answer(answers[question.ask.field])
    return asked


def test_chosen_values_narrow_the_legal_actions_and_free_values_fill_in():
    legal = [
        Act(player="ann", card="c1", target="bo", tags=["quiet", "quick"]),
        Act(player="ann", card="c1", target="cy", tags=["quiet", "quick"], sure=True),
        Act(player="ann", card="c2", target="bo"),
    ]
    prompt = Prompt(Offer("ann", "act", "Act", legal), labels)
    asked = walk(prompt, {"card": "c1", "target": "cy", "tags": ["quick"], "note": "because", "sure": True})
    assert [field for field, _, _ in asked] == ["card", "target", "tags", "note", "sure"]
    assert asked[0][1] == ["c1", "c2"] and asked[1][1] == ["bo", "cy"]
    assert asked[2][1] == ["quiet", "quick"]  # the subset is offered from the legal action's list
    assert prompt.action() == Act(player="ann", card="c1", target="cy", tags=["quick"], note="because", sure=True)


def test_a_single_value_is_not_asked_and_a_declined_confirmation_cancels():
    legal = [Act(player="ann", card="c1", target="bo", sure=True)]
    prompt = Prompt(Offer("ann", "act", "Act", legal), labels)
    asked = walk(prompt, {"tags": [], "note": "", "sure": False})
    assert [field for field, _, _ in asked] == ["tags", "note", "sure"]
    assert prompt.cancelled


def test_an_unconfirmed_choice_skips_the_confirmation():
    legal = [Act(player="ann", card="c1", target="bo")]
    prompt = Prompt(Offer("ann", "act", "Act", legal), labels)
    asked = walk(prompt, {"tags": [], "note": "x"})
    assert "sure" not in [field for field, _, _ in asked] and not prompt.cancelled


class Declare(Action, frozen=True, tag="declare_test"):
    event: str
    damage: int = 0
    asks: ClassVar[tuple[Ask, ...]] = (
        Ask(field="event", kind="choice", question="What happened?"),
        Ask(field="damage", kind="number", low=0, high=99, question="How much damage?", only_when=("event", "hit")),
    )


def test_a_question_only_for_some_choices_is_asked_only_after_them():
    legal = [Declare(player="ann", event="hit"), Declare(player="ann", event="skill")]
    hit = Prompt(Offer("ann", "declare_test", "Declare", legal), labels)
    assert [field for field, _, _ in walk(hit, {"event": "hit", "damage": 4})] == ["event", "damage"]
    assert hit.action() == Declare(player="ann", event="hit", damage=4)
    skill = Prompt(Offer("ann", "declare_test", "Declare", legal), labels)
    assert [field for field, _, _ in walk(skill, {"event": "skill"})] == ["event"]
    assert skill.action() == Declare(player="ann", event="skill")
