"""A seat the app plays has a level (engine/levels.py), kept through everything that keeps who the
app plays: the model (`set_app_seat(..., level=)`), a save file, the autosave journal (its seat
lines, replayed on Continue), File > Open. Files written before levels (format 5 and older) read
as the standard level; a level this version does not have plays as the standard one."""

from __future__ import annotations

import json

import msgspec
import pytest

from desktop.bots import RandomBot, bot_for
from desktop.engine import Game, GameSetup, registry
from desktop.engine.levels import LEARNING, RANDOM, STANDARD, known_level
from desktop.model import opening
from desktop.storage import load_save, savefile, write_save
from desktop.storage.journal import resume
from desktop.storage.paths import saves_dir

SYSTEM = "future-imperfect"  # its own learning and standard levels, one policy class made at each


def new_game(system: str = SYSTEM) -> Game:
    return Game.new(GameSetup(ruleset=system, players=["Ann", "Bo", "Cy"], seed=5))


def level_of(bot) -> str:
    """The level a bot plays: the random floor, or the level its policy was made at."""
    return RANDOM if isinstance(bot, RandomBot) else bot.level


def played(session, seat: str) -> str:
    return level_of(session.app_seats[seat])


def test_every_system_declares_learning_and_standard_each_in_words():
    for ruleset in registry.all_rulesets():
        ids = [level.id for level in ruleset.levels]
        assert LEARNING in ids and STANDARD in ids, ruleset.id
        for level in ruleset.levels:
            assert level.title and level.description.endswith("."), (ruleset.id, level.id)


def test_a_level_makes_its_bot_and_random_is_always_the_floor():
    ruleset = registry.get(SYSTEM)
    assert level_of(bot_for(ruleset, STANDARD, 1)) == STANDARD
    assert level_of(bot_for(ruleset, LEARNING, 1)) == LEARNING  # this system's own learning policy
    assert isinstance(bot_for(ruleset, RANDOM, 1), RandomBot)
    assert known_level(ruleset.levels, "grandmaster") == STANDARD  # a later version's level
    assert known_level(ruleset.levels, RANDOM) == RANDOM


def test_the_model_keeps_each_seats_level_and_changes_it(qtbot):
    session = opening.session_for(new_game(), name="Levels", app_seats={"bo": LEARNING, "cy": STANDARD})
    assert session.app_seat_levels() == {"bo": LEARNING, "cy": STANDARD}
    assert played(session, "bo") == LEARNING and played(session, "cy") == STANDARD
    session.set_app_seat("bo", True, level=STANDARD)  # a seat the app plays changes level
    session.set_app_seat("ann", True)  # no level: the standard one
    assert session.app_seat_levels() == {"bo": STANDARD, "cy": STANDARD, "ann": STANDARD}
    assert played(session, "bo") == STANDARD
    session.close()


def test_the_level_comes_back_from_the_autosave_on_continue(qtbot):
    session = opening.session_for(new_game(), name="Levels", app_seats={"bo": LEARNING})
    session.set_app_seat("cy", True, level=LEARNING)
    session.set_app_seat("bo", True, level=STANDARD)
    session.set_app_seat("cy", False)
    session.set_app_seat("cy", True, level=RANDOM)
    path = session.journal.path
    session.close()

    assert resume(path).app_seats == {"bo": STANDARD, "cy": RANDOM}  # the journal's seat lines, replayed
    continued, warnings = opening.open_file(path)
    assert warnings == [] and continued.app_seat_levels() == {"bo": STANDARD, "cy": RANDOM}
    assert played(continued, "cy") == RANDOM
    continued.close()


def test_the_level_comes_back_from_a_save_on_open(qtbot):
    session = opening.session_for(new_game(), name="Levels", app_seats={"cy": LEARNING, "bo": STANDARD})
    path = saves_dir() / "levels.json"
    write_save(session.game, path, "Levels", session.app_seat_levels())
    session.close()

    _, record = load_save(path)
    assert {seat: seat_record.level for seat, seat_record in record.app_seats.items()} == {"cy": LEARNING, "bo": STANDARD}
    opened, _ = opening.open_file(path)
    assert opened.app_seat_levels() == {"cy": LEARNING, "bo": STANDARD}
    assert played(opened, "cy") == LEARNING
    opened.close()


def older_save(version: int, seats: dict) -> bytes:
    game = new_game()
    data = json.loads(savefile.save_bytes(game, "Old", {}))
    data["version"], data["app_seats"] = version, seats
    return json.dumps(data).encode()


@pytest.mark.parametrize("version", [4, 5])
def test_a_file_from_before_levels_reads_as_the_standard_level(qtbot, version):
    path = saves_dir() / "old.json"
    path.write_bytes(older_save(version, {"bo": {"level": "standard"}}))
    opened, _ = opening.open_file(path)
    assert opened.app_seat_levels() == {"bo": STANDARD}
    opened.close()


def test_a_level_this_version_does_not_have_plays_as_the_standard_level(qtbot):
    path = saves_dir() / "later.json"
    path.write_bytes(older_save(savefile.VERSION, {"bo": {"level": "grandmaster"}}))
    opened, _ = opening.open_file(path)
    assert opened.app_seat_levels() == {"bo": STANDARD} and played(opened, "bo") == STANDARD
    opened.close()


def test_a_save_with_levels_is_of_the_format_that_keeps_them():
    """Format 6: an Action Deck that reads format 5 says the file was saved by a newer version,
    rather than refusing the level as a mistake."""
    data = msgspec.json.decode(savefile.save_bytes(new_game(), "New", {"bo": LEARNING}))
    assert data["version"] == savefile.VERSION >= 6 and data["app_seats"] == {"bo": {"level": LEARNING}}


def test_a_journal_line_whose_level_is_not_a_level_is_damage(tmp_path):
    from desktop.storage.journal_lines import journal_bytes

    path = tmp_path / "bad.jsonl"
    game = new_game()
    path.write_bytes(journal_bytes(game.setup, "Bad", [], {"bo": LEARNING, "cy": "Not a level!"}))
    resumed = resume(path)
    assert resumed.app_seats == {"bo": LEARNING} and resumed.damage is not None and resumed.warnings
