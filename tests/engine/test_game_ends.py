"""Every system's game reaches the end its system states (`Ruleset.finished`), played by the app
on every seat and by a person with the app on the other seats, with no help beyond the person's
own moves: no stall (nobody may move although the game is not over), no refused move. A few
games here; 200 per system and mode in tests/benchmarks/bench_endings.py. The harness is
tests/engine/game_ends.py (the app's seats move through the session's own `next_move`)."""

from __future__ import annotations

import pytest

from desktop.bots import RandomBot
from desktop.engine import Game, GameSetup, RuleError, registry
from desktop.model.app_moves import ends, next_move
from tests.engine.game_ends import MODES, SYSTEMS, play

GAMES = 5


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("system", SYSTEMS)
def test_every_game_reaches_its_end_without_a_stall(system, mode):
    endings = [play(system, mode, seed) for seed in range(GAMES)]
    stalls = [(ending.seed, ending.actions, ending.stalled) for ending in endings if ending.stalled]
    assert not stalls, f"{system}, {mode}: stalled games (seed, actions, what the table waited for): {stalls}"
    capped = [ending.seed for ending in endings if ending.capped]
    assert not capped, f"{system}, {mode}: games still going after the cap: seeds {capped}"
    assert all(ending.ended.endswith(".") for ending in endings)


def test_a_system_without_a_stated_end_never_reaches_one():
    from desktop.engine.ruleset import RulesetBase

    class Endless(RulesetBase):
        id, title = "endless", "Endless"

    assert Endless().finished(object()) is None


# ---- the ends each system states ---------------------------------------------------------------


def app_game(system: str, players: list[str], seed: int = 1, people=()) -> tuple[Game, dict]:
    game = Game.new(GameSetup(ruleset=system, players=players, seed=seed))
    bots = {seat: game.ruleset.bot(n) or RandomBot(n) for n, seat in enumerate(game.state.seat_ids())
            if seat not in people}
    return game, bots


def run_until(game: Game, bots: dict, done, limit: int = 2_000) -> None:
    while not done(game):
        assert len(game.actions) < limit
        move = next_move(game, game.stages(), bots)
        assert move is not None, game.stages()
        game.apply(move[1])


def test_worlds_that_remember_ends_with_its_scene_and_goes_on_with_the_next():
    game, bots = app_game("worlds-that-remember", ["Ann", "Bo"])
    run_until(game, bots, lambda g: g.ruleset.finished(g.state) is not None)
    assert game.ruleset.finished(game.state) == "Scene 1 is over."
    assert game.state.scene_over
    start = next(act for act in game.legal_actions() if act.type == "new_scene")
    game.apply(start)
    assert game.ruleset.finished(game.state) is None  # Scene 2 goes on


def test_price_of_power_ends_with_its_round():
    game, bots = app_game("price-of-power", ["Ann", "Bo"], seed=7)
    run_until(game, bots, lambda g: g.ruleset.finished(g.state) is not None)
    assert game.ruleset.finished(game.state) == "Round 1 is over."
    assert game.state.phase == "cleanup" and not game.state.owed


def test_twilight_imperium_ends_when_the_players_end_the_session_at_a_rounds_end():
    from desktop.rulesets.twilight_imperium import actions as a

    game = Game.new(GameSetup(ruleset="twilight-imperium", players=["Ann", "Bo"], seed=3))
    game.apply(a.SetInitiative(player="ann", order=["ann", "bo"]))
    assert not any(ends(act) for act in game.legal_actions())
    with pytest.raises(RuleError, match="ends at the end of a round, in the status or the agenda phase"):
        game.ruleset.apply(game.state.copy(), a.EndSession(player="ann"))
    game.apply(a.PassPhase(player="ann"))
    game.apply(a.PassPhase(player="bo"))
    game.apply(a.StatusDraw(player="ann"))
    with pytest.raises(RuleError, match="Bo has not drawn for the status phase yet"):
        game.ruleset.apply(game.state.copy(), a.EndSession(player="ann"))
    game.apply(a.StatusDraw(player="bo"))
    assert {act.player for act in game.legal_actions() if ends(act)} == {"ann", "bo"}
    assert game.ruleset.finished(game.state) is None
    outcome = game.apply(a.EndSession(player="bo"))
    assert "Bo ends the session in round 1's status phase. The session is over." in [line.text for line in outcome.log]
    assert game.ruleset.finished(game.state) == "The session is over (round 1)."
    assert game.stages() == [] and game.legal_actions() == []
    with pytest.raises(RuleError, match="The session is over"):
        game.apply(a.AdvancePhase(player="ann"))
    table = game.ruleset.table(game.view("ann"))
    assert "the session is over" in table.headline and table.banner.startswith("The session is over")
    game.undo()  # the end is taken back like any move
    assert game.ruleset.finished(game.state) is None and game.stages()


def test_future_imperfect_ends_when_a_seat_ends_the_session_between_checks():
    from desktop.rulesets.future_imperfect import actions as a

    game = Game.new(GameSetup(ruleset="future-imperfect", players=["Master", "Sid"], seed=3,
                              options={"exceptional": "off"}))
    assert {act.player for act in game.legal_actions() if ends(act)} == {"master", "sid"}
    game.apply(a.SetCheck(player="master", who="sid", trait=6, skill=2, tn=7))
    assert any(ends(act) for act in game.legal_actions("sid"))  # before the card: a lasting chance
    game.apply(a.DrawResolution(player="sid"))
    assert not any(ends(act) for act in game.legal_actions())  # a card half read is finished first
    with pytest.raises(RuleError, match="Sid's check .* is being resolved: finish it first"):
        game.apply(a.EndSession(player="sid"))
    game.apply(next(act for act in game.legal_actions("sid") if act.type == "take"))
    game.apply(a.SetCheck(player="master", who="sid", trait=8, skill=1, tn=7))
    outcome = game.apply(a.EndSession(player="sid"))
    assert [line.text for line in outcome.log] == [
        "Sid's check is called off: its resolution card was not drawn.",
        "Sid ends the session after 2 checks. The session is over.",
    ]
    assert game.ruleset.finished(game.state) == "The session is over (2 checks)."
    assert game.stages() == [] and game.legal_actions() == []
    assert game.ruleset.table(game.view("sid")).headline == "The session is over"


@pytest.mark.parametrize("system", ["twilight-imperium", "future-imperfect"])
def test_the_apps_seats_leave_the_end_of_the_session_to_the_person_at_the_table(system):
    """With a person at the table, no app seat ends the session, whatever it is offered; with the
    app on every seat, it ends it itself (at a round's end, after three checks a player)."""
    players = ["Ann", "Bo", "Cy"]
    for seed in range(5):
        game, bots = app_game(system, players, seed=seed, people=("bo",))
        for _ in range(300):
            move = next_move(game, game.stages(), bots)
            if move is None:
                break
            assert not ends(move[1]), move
            game.apply(move[1])
        game, bots = app_game(system, players, seed=seed)
        run_until(game, bots, lambda g: g.ruleset.finished(g.state) is not None)
        assert ends(game.actions[-1])


def test_the_end_is_part_of_the_platform_contract():
    """Every shipped system states its end (none answers None for good)."""
    for system in SYSTEMS:
        ruleset = registry.get(system)
        assert ruleset.presentation is not None and callable(getattr(ruleset.presentation, "finished", None)), system
