"""Worlds That Remember seats played by the app through the session, as the GUI drives them: the
session picks the system's own bot (ruleset.bot) and a whole Scene is played without a refusal."""

from __future__ import annotations

from desktop.engine import Game, GameSetup
from desktop.model import GameSession
from desktop.rulesets.worlds_that_remember.bot import WorldsThatRememberBot


def test_app_seats_play_a_whole_scene_through_the_session(qtbot):
    game = Game.new(GameSetup(ruleset="worlds-that-remember", players=["Ann", "Bo", "Cy"], seed=9))
    session = GameSession(game)
    session.bot_pause_ms = 0
    for number, seat in enumerate(game.state.seat_ids()):
        session.set_app_seat(seat, True, seed=number)
    assert all(isinstance(bot, WorldsThatRememberBot) for bot in session.app_seats.values())

    qtbot.waitUntil(lambda: session.game.state.scene >= 2, timeout=30_000)

    kinds = {action.type for action in session.game.actions}
    assert {"play", "support", "roll", "end_turn", "new_scene"} <= kinds
    assert not session.notices, f"the app's seats tried refused actions: {session.notices}"
    assert session.viewer is None
    session.close()
