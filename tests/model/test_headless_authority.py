"""Authority in one place, from a front end with no widgets: through a whole game of every system
the app ships (tests/model/headless.py), before each move another seat tries to act for the seat
moving, through the model's API alone, and is never obeyed:

- taking that seat's entry makes no move: it becomes that seat's question, naming who chose it,
  which the other seat can neither answer nor leave;
- the moving seat's own questions are not answered or left by another seat;
- ticking "Played by the app" for that seat hands nothing over: the seat is asked;
- after each move, Undo asked by another seat takes back nothing of that seat's; the seat's
  own Undo does, and its Redo brings it back.

The table's own entries are the listed exceptions (desktop/model/authority.py, `FOR_ANOTHER`),
left out here; so is a seat with nothing hidden, whose moves whoever chooses them answers (every
seat of Future Imperfect's: checked as that exception). The window's side is
tests/ui/test_seat_authority.py."""

from __future__ import annotations

from collections import Counter

import msgspec
import pytest

from desktop.engine import Game, GameSetup
from desktop.model import GameSession
from desktop.model.authority import for_the_table
from tests.model.headless import CAP, Headless, holds, wanted_value
from tests.model.test_headless_games import PLAYERS, shipped


def state(session) -> bytes:
    return msgspec.msgpack.encode(session.game.state)


def another(session, seat: str) -> str:
    return next(other for other in session.game.state.seat_ids() if other != seat)


def tries_to_choose_for(session, seat: str, offer, other: str, checked: Counter) -> None:
    before = state(session)
    assert not session.take_offer(offer, by=other)
    assert state(session) == before, f"{other} made {seat}'s move"
    asked = [q for q in session.open_questions(seat) if q.chooser == other]
    assert len(asked) == 1 and asked[0].preface and asked[0].seat == seat
    assert asked not in ([q for q in session.open_questions(other) if q.seat == seat],)
    assert not session.answer(other, asked[0].id, True)
    assert not session.cancel(other, asked[0].id)
    assert state(session) == before
    assert session.cancel(seat, asked[0].id)  # the seat leaves what was chosen for it
    checked["choose"] += 1


def tries_to_answer_for(session, seat: str, offer, target, other: str, checked: Counter) -> None:
    if session.prompt(offer, seat).next() is None and not getattr(type(offer.choices[0]), "ask_first", ""):
        return  # nothing to ask: the seat's own click makes it at once, nothing to answer for it
    before = state(session)
    assert not session.take_offer(offer, by=seat)
    asked = next(q for q in session.open_questions(seat) if q.seat == seat)
    value = wanted_value(asked, target)
    assert not session.answer(other, asked.id, value if value is not None else True)
    assert not session.cancel(other, asked.id)
    assert session.question(asked.talk) == asked and state(session) == before
    assert session.cancel(seat, asked.id)
    checked["answer"] += 1


def tries_to_hand_over(session, seat: str, other: str, checked: Counter) -> None:
    before = state(session)
    assert not session.choose_app_seat(seat, True, by=other)
    assert seat not in session.app_seats and state(session) == before
    asked = [q for q in session.open_questions(seat) if q.chooser == other and q.title == "Played by the app"]
    assert len(asked) == 1 and not session.answer(other, asked[0].id, True)
    assert seat not in session.app_seats
    assert session.cancel(seat, asked[0].id)
    checked["app seat"] += 1


def tries_to_undo_for(session, checked: Counter) -> None:
    game = session.game
    last = game.actions[-1]
    if for_the_table(last) or not session.has_secrets(last.player) or not session.undo_stack.canUndo():
        return
    other = another(session, last.player)
    before, count = state(session), len(game.actions)
    session.undo_stack.undo_as(other)
    assert state(session) == before and len(game.actions) == count, f"{other} took back {last.player}'s move"
    session.undo_stack.undo_as(last.player)
    assert len(game.actions) < count, f"{last.player} could not take back their own move"
    session.undo_stack.redo_as(last.player)
    assert state(session) == before and len(game.actions) == count
    checked["undo"] += 1


def open_seat_is_answered_by_the_chooser(session, seat: str, offer, other: str, checked: Counter) -> None:
    """The listed exception: a seat that holds nothing hidden has no screen to pass to, so what
    another seat chooses for it is asked of the one who chose it."""
    if session.prompt(offer, seat).next() is None:
        return
    before = state(session)
    assert not session.take_offer(offer, by=other)
    asked = [q for q in session.open_questions(other) if q.seat == other]
    assert len(asked) == 1 and session.open_questions(seat) == []
    assert session.cancel(other, asked[0].id) and state(session) == before
    checked["open seat"] += 1


@pytest.mark.parametrize("system", shipped())
def test_no_seat_is_obeyed_for_another_through_a_whole_game(qtbot, system):
    game = Game.new(GameSetup(ruleset=system, players=PLAYERS, seed=1))
    session = GameSession(game)
    front = Headless(session, seed=1)
    checked: Counter = Counter()
    while game.ruleset.finished(game.state) is None:
        assert len(game.actions) < CAP
        intents = front.intents()
        seat, target = intents[0]
        offer = next(offer for offer in session.offers_of(seat) if holds(offer, target))
        if offer.seat == seat and not session.has_secrets(seat):
            open_seat_is_answered_by_the_chooser(session, seat, offer, another(session, seat), checked)
        elif offer.seat == seat:
            other = another(session, seat)
            tries_to_choose_for(session, seat, offer, other, checked)
            tries_to_answer_for(session, seat, offer, target, other, checked)
            if not checked["app seat"] or len(game.actions) % 7 == 0:
                tries_to_hand_over(session, seat, other, checked)
        assert session.every_question() == []
        front.make(intents)
        tries_to_undo_for(session, checked)
    if any(session.has_secrets(seat) for seat in game.state.seat_ids()):
        assert checked["choose"] and checked["answer"] and checked["app seat"] and checked["undo"], checked
    else:  # every seat in the open (Future Imperfect's checks): the exception, and only it
        assert checked["open seat"] and not checked["choose"], checked
