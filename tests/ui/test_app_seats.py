"""Seats played by the app: they act through the session like a person, and never show a hand."""

from __future__ import annotations

import pytest
from table_helpers import faces_on_table, started_game

from desktop.engine import Game, GameSetup
from desktop.model import GameSession
from desktop.rulesets.twilight_imperium import actions as a
from desktop.ui.main_window import MainWindow
from tests.ui.at_the_screen import AtTheScreen


@pytest.fixture
def window_for(qtbot):
    """The window with its own asker (the real question dialog), and a person at the screen who
    notes every question it opens: the test fails if the app's seats make the window ask anything."""
    person = AtTheScreen()

    def build(game):
        session = GameSession(game)
        session.bot_pause_ms = 0
        window = MainWindow(session)
        qtbot.addWidget(window)
        window.show()
        return session, window

    yield build
    person.stop()
    assert person.questions == [], f"the window asked {person.questions} while only the app played"
    assert person.stuck == []


def test_a_table_of_app_seats_plays_a_whole_round_of_twilight_imperium(qtbot, window_for):
    game = Game.new(GameSetup(ruleset="twilight-imperium", players=["Ann", "Bo", "Cy"], seed=5))
    session, window = window_for(game)
    for number, seat in enumerate(game.state.seat_ids()):
        session.set_app_seat(seat, True, seed=number)

    # A whole round: then the next one, or the end of the session (the app's seats may choose
    # it at a round's end when they play every seat).
    game = session.game
    qtbot.waitUntil(lambda: game.state.round == 2 or game.ruleset.finished(game.state) is not None, timeout=20_000)

    kinds = {action.type for action in session.game.actions}
    assert {"set_initiative", "pass_phase", "status_draw"} <= kinds
    assert kinds & {"advance_phase", "end_session"}
    assert not session.notices, f"the app's seats tried refused actions: {session.notices}"
    assert session.viewer is None and not window.curtain.isVisible()
    faces = [w for w in faces_on_table(window) if "hand" in w.zone]
    assert faces == [], "a hand of an app seat was painted face up"


def test_app_seats_play_between_a_persons_turns_and_the_screen_comes_back(qtbot, window_for):
    session, window = window_for(started_game())
    session.set_app_seat("bo", True, seed=1)
    session.set_app_seat("cy", True, seed=2)
    assert window.curtain.isVisible()  # Ann's turn: the screen goes to Ann first
    window.curtain.button.click()
    assert session.viewer == "ann"

    session.submit(a.EndTurn(player="ann"))

    # Bo and Cy act on their own until the table waits for Ann (her turn, or her answer)
    qtbot.waitUntil(lambda: {stage.seat for stage in session.stages()} == {"ann"}, timeout=10_000)
    assert session.viewer in (None, "ann")
    assert all(seat not in ("bo", "cy") for seat in (session.viewer, session.pending_viewer))
    app_moves = [action for action in session.game.actions[1:] if action.player in ("bo", "cy")]
    assert app_moves, "the app's seats did not act"


def test_an_app_seat_never_becomes_the_viewer(qtbot, window_for):
    session, window = window_for(started_game())
    session.set_app_seat("ann", True, seed=3)
    assert session.viewer != "ann" and session.pending_viewer != "ann"
    assert not window.seats.buttons["ann"].isEnabled()


def test_handing_the_awaited_seat_to_the_app_lifts_the_curtain(qtbot, window_for):
    session, window = window_for(started_game())
    assert window.curtain.isVisible()  # waiting for Ann
    session.set_app_seat("ann", True, seed=4)
    assert not window.curtain.isVisible()
    assert window.centralWidget().isEnabled()


def test_an_app_seat_waits_for_its_odds_off_the_ui_thread_and_then_plays(qtbot, window_for, monkeypatch):
    """Worlds That Remember's bot weighs pools with exact odds (icepool, loaded on a background
    thread): until they are in, the window asks it again later instead of loading them at the
    table's expense; then it plays."""
    from desktop.rulesets.worlds_that_remember.dice import odds

    loaded, polls = [False], []
    monkeypatch.setattr(odds, "ready", lambda: polls.append(1) or loaded[0])
    monkeypatch.setattr(odds, "warm_up", lambda: None)
    game = Game.new(GameSetup(ruleset="worlds-that-remember", players=["Ann", "Bo"], seed=5))
    session, window = window_for(game)
    asked = []
    for number, seat in enumerate(game.state.seat_ids()):
        session.set_app_seat(seat, True, seed=number)
        bot = session.app_seats[seat]
        real = bot.choose
        monkeypatch.setattr(bot, "choose", lambda legal, view=None, real=real: asked.append(1) or real(legal, view))
    qtbot.waitUntil(lambda: len(polls) >= 4)  # the session asked again, and again
    assert asked == [] and len(game.actions) == 0
    loaded[0] = True
    qtbot.waitUntil(lambda: len(session.game.actions) >= 3, timeout=20_000)
    assert asked
