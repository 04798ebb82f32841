"""The public view (nobody's hand) is made once per state of the game and shared: the Undo
entry's words and the curtain's question of who holds secrets both read it at an action."""

from __future__ import annotations

import random

from desktop.engine import Game, GameSetup, registry
from desktop.engine.changes import EVERYTHING
from desktop.model import GameSession


def test_the_shared_public_view_is_always_the_view_of_the_game_as_it_is_now(qtbot):
    """Through actions and undos of every system, the view kept is the one the game gives now,
    and the Undo entry's words are those of the action taken, worded from that view."""
    for ruleset in sorted(registry.ids()):
        game = Game.new(GameSetup(ruleset=ruleset, players=["Ann", "Bo", "Cy"], seed=5))
        session = GameSession(game)
        picker = random.Random(ruleset)
        for step in range(40):
            assert session.curtain.public_view() == session.game.view(None), (ruleset, step)
            if step % 6 == 5 and session.game.can_undo():
                session.game.undo_with_changes()  # another state: the view kept must not serve it
                session._after_change(EVERYTHING)
                continue
            legal = [act for act in session.legal_actions() if not getattr(type(act), "ends", False)]
            if not legal:
                break
            action = picker.choice(legal)
            if session.submit(action) and session.undo_stack.count():
                words = session.ruleset.describe(action, session.game.view(None))
                assert session.undo_stack.command(session.undo_stack.index() - 1).full_text == words, (ruleset, step)


def test_an_action_makes_one_public_view_for_its_undo_words_and_the_secrets(qtbot):
    game = Game.new(GameSetup(ruleset="tempo", players=["Ann", "Bo", "Cy", "Dee"], seed=1))
    session = GameSession(game)
    made = []
    real = game.view

    def counted(viewer):
        if viewer is None:
            made.append(viewer)
        return real(viewer)

    game.view = counted
    picker = random.Random(3)
    for _ in range(10):
        made.clear()
        legal = [act for act in session.legal_actions() if not getattr(type(act), "ends", False)]
        assert session.submit(picker.choice(legal))
        for seat in game.state.seat_ids():
            session.has_secrets(seat)
        assert len(made) == 1
