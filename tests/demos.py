"""A system's demo game played as at a table, for the tests that start from one of its moments
(Price of Power's battle, its Display cards, its Reactions; Tempo Combat's count)."""

from __future__ import annotations

from desktop.engine import Game
from desktop.engine.demo import demo_game


def demo_played(system: str, *, before=None, upto: int | None = None) -> Game:
    """`system`'s demo, its opening actions applied one by one as in play (each with its undo
    step, unlike a game loaded from its file): those up to `upto` (a slice's end: -1 leaves the
    last out), and only those before the first one `before(game, action)` names."""
    demo = demo_game(system)
    game = Game.new(demo.setup)
    for action in demo.actions[:upto]:
        if before is not None and before(game, action):
            break
        game.apply(action)
    return game
