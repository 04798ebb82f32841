"""A whole game of every system the app ships, played through the model alone by a front end with
no widgets (tests/model/headless.py): each seat chooses its entries and answers its own open
questions as data, several seats' at once where the rules let several act. The journal it
leaves replays to the same game. The same moves made through the window leave the same journal:
tests/ui/test_window_plays_as_headless.py."""

from __future__ import annotations

import pytest

from desktop.engine import Game, GameSetup, registry
from desktop.model import GameSession
from desktop.storage.journal import Journal, resume
from tests.model.headless import Headless

PLAYERS = ["Ann", "Bo", "Cy"]
# Systems whose seats have questions open at once in these games: Tempo Combat's seats plan
# together, Worlds That Remember's answer a roll together. (Twilight Imperium's answer windows
# are answered by moves that ask nothing.)
SIMULTANEOUS = {"tempo", "worlds-that-remember"}


def shipped() -> list[str]:
    return sorted(ruleset.id for ruleset in registry.all_rulesets()
                  if type(ruleset).__module__.startswith("desktop.rulesets."))


def headless_game(system: str, folder, seed: int = 1) -> tuple[GameSession, Headless, str]:
    game = Game.new(GameSetup(ruleset=system, players=PLAYERS, seed=seed))
    session = GameSession(game, Journal.start(game, folder=folder))
    front = Headless(session, seed)
    ended = front.play()
    return session, front, ended


@pytest.mark.parametrize("system", shipped())
def test_a_whole_game_through_the_model_alone(qtbot, tmp_path, system):
    session, front, ended = headless_game(system, tmp_path)
    assert ended.endswith(".")
    assert [move.action for move in front.moves] == session.game.actions  # every move a front end's
    assert session.every_question() == []  # nothing left half-asked
    session.close()
    replayed, _ = resume(session.journal.path)
    assert replayed.actions == session.game.actions
    if system in SIMULTANEOUS:
        assert front.at_once, "no two seats had questions open at once"
