"""The summary's counts go on from the last scene's end (desktop/rulesets/tempo/tally.py): the
summary opens at every scene's end, and its tally keeps its counts and the replayed state there,
so that the next one replays only the moves since. The summary read that way is the one a whole
replay gives, at every scene's end of a long game, after an undo and for another game of the same
setup; and it does replay only the moves since."""

from __future__ import annotations

import random

import pytest

from desktop.engine import Game, GameSetup
from desktop.engine.summary import Record, summarize
from desktop.rulesets.tempo import tally


def played(seed: int, length: int, chooser: random.Random, game: Game | None = None) -> Game:
    """A game of three seats played at random (any seat's legal move, never the session's end) up
    to `length` actions: scenes end along the way."""
    game = game or Game.new(GameSetup(ruleset="tempo", players=["Ann", "Bo", "Cy"], seed=seed))
    while len(game.actions) < length:
        legal = [action for action in game.legal_actions() if not getattr(type(action), "ends", False)]
        game.apply(chooser.choice(legal))
    return game


def whole(game: Game):
    """The summary from a replay of the whole game (nothing kept from before)."""
    kept = list(tally._kept)
    tally._kept.clear()
    try:
        return summarize(game)
    finally:
        tally._kept[:] = kept


@pytest.fixture(autouse=True)
def nothing_kept():
    tally._kept.clear()
    yield
    tally._kept.clear()


def test_the_summary_at_each_scenes_end_is_the_whole_replays():
    chooser = random.Random(5)
    game = played(5, 0, chooser)
    ends = 0
    while ends < 4 and len(game.actions) < 600:
        played(5, len(game.actions) + 1, chooser, game)
        if game.ruleset.finished(game.state) is not None:
            ends += 1
            assert summarize(game) == whole(game), f"at action {len(game.actions)}"
    assert ends == 4, "fewer scene ends than the test needs"


def test_after_an_undo_and_for_another_game_of_the_same_setup_the_summary_is_still_right():
    chooser = random.Random(2)
    game = played(2, 120, chooser)
    summarize(game)  # kept at 120
    game.undo()
    game.undo()
    played(2, 140, random.Random(99), game)  # another way from 118 on
    assert summarize(game) == whole(game)
    other = played(2, 150, random.Random(7))  # the same setup, played otherwise from the start
    assert summarize(other) == whole(other)
    assert summarize(game) == whole(game)


def test_the_next_summary_replays_only_the_moves_since(monkeypatch):
    chooser = random.Random(3)
    game = played(3, 200, chooser)
    summarize(game)
    replayed: list[int] = []
    real = Record.steps

    def counting(record, since=None):
        for step in real(record, since):
            replayed.append(step.index)
            yield step

    monkeypatch.setattr(Record, "steps", counting)
    played(3, 230, chooser, game)
    assert summarize(game) == whole(game)
    assert replayed[:30] == list(range(200, 230))


def test_a_character_of_many_actions_reads_as_counts_by_name_not_a_list_that_grows_with_the_game():
    """Up to eight, a character's actions read in the order taken (a scene's story); past that,
    each action's name and how often, the most taken first: the line stays as long whatever the
    game's length."""
    import re

    game = played(1, 1500, random.Random(1))
    lines = next(section for section in summarize(game).sections if section.title == "Actions taken").lines
    counted = [line for line in lines if re.match(r"^[^:]+: \d+ actions: ", line)]
    assert counted, lines
    for line in counted:
        total = int(line.split(": ", 2)[1].split()[0])
        counts = [int(count) for count in re.findall(r"\u00d7(\d+)", line)]
        assert total > tally.STORY and sum(counts) == total and counts == sorted(counts, reverse=True), line
    assert all(len(line) < 400 for line in lines), lines
