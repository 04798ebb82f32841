"""The undo history: kept as encoded snapshots, each one undone to the exact state it was taken
from, and an action taken back (its autosave failed) leaving the history as it was before it."""

from __future__ import annotations

import random

import msgspec

from desktop.engine.demo import demo_game


def encoded(state) -> bytes:
    return msgspec.msgpack.encode(state)


def play_undoable(game, chooser: random.Random, count: int) -> list[bytes]:
    """Plays up to `count` actions that reveal nothing; the state before each, encoded."""
    seen = []
    for _ in range(count * 20):
        if len(seen) == count:
            break
        before = encoded(game.state)
        outcome = game.apply(chooser.choice(game.legal_actions()))
        if outcome.reveals:
            seen.clear()  # nothing before a reveal can be undone
        else:
            seen.append(before)
    return seen


def test_every_action_in_the_history_undoes_to_the_state_it_was_taken_from():
    game = demo_game("tempo")
    states = play_undoable(game, random.Random(5), 30)
    assert len(states) >= 10
    for before in reversed(states):
        assert game.can_undo()
        game.undo()
        assert encoded(game.state) == before


def test_an_action_taken_back_leaves_the_history_as_it_was():
    game = demo_game("twilight-imperium")
    chooser = random.Random(2)
    states = play_undoable(game, chooser, 3)
    if not states:
        states = play_undoable(game, chooser, 3)
    assert states
    kept = encoded(game.state)
    for _ in range(40):  # an action that reveals nothing, then taken back
        action = chooser.choice(game.legal_actions())
        outcome = game.apply(action)
        game.retract()
        assert encoded(game.state) == kept
        if not outcome.reveals:
            break
    game.undo()  # the history's own last action, not the one taken back
    assert encoded(game.state) == states[-1]
