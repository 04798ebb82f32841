"""The Turn menu's "Other actions..." through the model alone (desktop/model/other_actions.py), as
any front end takes it: the seat looking's unlisted actions opened as its question, the chosen one
asked and judged like any move; with none, the sentence why."""

from __future__ import annotations

from desktop.model import GameSession, other_actions
from tests.rulesets.tempo.helpers import new, plans, st

NPC_PLANS = {"ann": ["quick_attack", "move"], "bo": ["help", "move"],
             "orc": ["help", "slow_attack"], "goblin": ["quick_attack", "move"]}


def looking(seat: str | None) -> GameSession:
    session = GameSession(plans(new(), NPC_PLANS))
    session.viewer = seat
    return session


def answer(session: GameSession, seat: str, label: str) -> None:
    asked, = session.open_questions(seat)
    value = next(option.value for option in asked.options if option.label == label)
    assert session.answer(seat, asked.id, value)


def test_the_gm_chooses_forced_exertion_among_other_actions_answered_as_data(qtbot):
    session = looking("gm")
    assert other_actions.take(session) == ""
    asked, = session.open_questions("gm")
    assert asked.text == "Other actions: which one?"
    assert {"Grant an action", "Force Exertion"} <= {option.label for option in asked.options}
    assert session.open_questions("ann") == []  # the GM's question, no one else's
    answer(session, "gm", "Force Exertion")
    answer(session, "gm", "Ann")
    answer(session, "gm", "1")
    assert session.open_questions("gm") == []
    assert st(session.game).value("ann", "exertion") == 1


def test_a_seat_with_nothing_else_or_nobody_looking_is_told_why_and_nothing_is_asked(qtbot):
    session = looking("ann")
    assert other_actions.take(session) == "Ann has nothing else to do now."
    assert session.open_questions("ann") == []
    nobody = looking(None)
    assert other_actions.take(nobody) == "Nobody is looking: show a hand first."
    assert nobody.every_question() == [] and nobody.notices == []
