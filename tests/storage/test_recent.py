"""The recent games: saves and autosaves, newest first, demos apart, damaged files left out."""

from __future__ import annotations

import datetime
import os
import time
from pathlib import Path

import pytest

from desktop.engine import Game, GameSetup
from desktop.engine.demo import demo_game
from desktop.storage import recent, savefile, write_save
from desktop.storage.journal import Journal
from desktop.storage.paths import autosave_dir, saves_dir

TI = "twilight-imperium"
TITLE = "Twilight Imperium action cards"


def new_game(players=("Ann", "Bo", "Cy"), seed=7, steps=0) -> Game:
    game = Game.new(GameSetup(ruleset=TI, players=list(players), seed=seed))
    for _ in range(steps):
        game.apply(game.legal_actions()[0])
    return game


def aged(path: Path, hours: float) -> Path:
    moment = time.time() - hours * 3600
    os.utime(path, (moment, moment))
    return path


def journal_of(game: Game, name: str = "", hours: float = 0) -> Path:
    journal = Journal.start(game, name)
    journal.close()
    return aged(journal.path, hours)


def test_saves_and_autosaves_are_listed_newest_first_with_what_the_start_screen_shows():
    old = saves_dir() / "friday.json"
    write_save(new_game(["Kim", "Lou"], seed=1, steps=3), old, "Friday")
    aged(old, 50)
    newest = journal_of(new_game(seed=2, steps=2), hours=1)
    middle = journal_of(new_game(["Mara", "Jonas", "Lea"], seed=3), name="Campaign", hours=5)

    games = recent.recent_games()

    assert [game.path for game in games] == [newest, middle, old]
    first, second, third = games
    assert (first.kind, first.system, first.title) == (recent.AUTOSAVE, TI, TITLE)
    assert first.seats == ("Ann", "Bo", "Cy") and first.step == 2 and first.name == ""
    assert first.last_played == pytest.approx(newest.stat().st_mtime)
    assert (second.name, second.seats, second.step) == ("Campaign", ("Mara", "Jonas", "Lea"), 0)
    assert (third.kind, third.name, third.seats, third.step) == (recent.SAVE, "Friday", ("Kim", "Lou"), 3)
    assert not any(game.demo for game in games)
    assert first.label == "Ann, Bo, Cy" and second.label == "Campaign"


def test_a_journal_step_counts_its_actions_minus_its_undos_and_ignores_a_torn_last_line():
    game = new_game(seed=4)
    journal = Journal.start(game)
    for _ in range(3):
        action = game.legal_actions()[0]
        game.apply(action)
        journal.record(action)
    journal.record_undo()
    journal.close()
    with open(journal.path, "ab") as handle:
        handle.write(b'{"do":{"type":"decl')  # the action being written when the power went

    (listed,) = recent.recent_games()
    assert listed.step == 2
    assert recent.open_game(journal.path).game.state.step == 2


def test_damaged_foreign_and_oversized_files_are_left_out_without_an_exception(monkeypatch):
    good = journal_of(new_game(seed=5))
    saves = saves_dir()
    (saves / "cut.json").write_text('{"format": "actiondeck-save", "version": 1, "app_ver')
    (saves / "other.json").write_text('{"name": "a shopping list", "items": ["tea"]}')
    (saves / "list.json").write_text("[1, 2, 3]")
    (saves / "binary.json").write_bytes(b"\xff\xfe\x00garbage")
    (saves / "newer.json").write_text(
        '{"format": "actiondeck-save", "version": 99, "app_version": "9", "ruleset": "x", '
        '"players": ["A", "B"], "seed": 1}'
    )
    unknown = savefile.save_bytes(new_game(seed=6)).replace(TI.encode(), b"chess")
    (saves / "chess.json").write_bytes(unknown)
    control = savefile.save_bytes(new_game(["Ann", "Bo"], seed=8)).replace(b'"Bo"', b'"B\\u001bo"')
    (saves / "control.json").write_bytes(control)
    (saves / "folder.json").mkdir()
    autosaves = autosave_dir()
    (autosaves / "empty.jsonl").write_bytes(b"")
    (autosaves / "header.jsonl").write_text('{"journal": "someone-else", "version": 1}\n')
    if hasattr(os, "mkfifo"):
        os.mkfifo(autosaves / "pipe.jsonl")  # opening it for reading would wait for a writer
    big = saves / "big.json"
    write_save(new_game(seed=9), big, "Too big")
    monkeypatch.setattr(savefile, "MAX_BYTES", big.stat().st_size - 1)

    assert [game.path for game in recent.recent_games()] == [good]


def test_demos_are_kept_apart_by_their_name_or_their_setup():
    real = journal_of(new_game(seed=10), hours=2)
    named = journal_of(demo_game(TI), name=recent.DEMO_NAME, hours=1)
    unnamed_demo = journal_of(demo_game(TI))  # the demo's setup, whatever the journal is called
    write_save(demo_game(TI), saves_dir() / "demo-saved.json", "Look at this")

    games, demos = recent.split(recent.recent_games())

    assert [game.path for game in games] == [real]
    assert {game.path for game in demos} == {named, unnamed_demo, saves_dir() / "demo-saved.json"}
    assert all(game.demo for game in demos)
    assert len(recent.distinct(demos)) == 1  # every run of a demo is the same game
    assert (TI, TITLE) in recent.demo_systems()  # one entry per system with a demo


def test_distinct_keeps_the_newest_file_of_each_game():
    game = new_game(seed=11, steps=1)
    save = saves_dir() / "monday.json"
    write_save(game, save, "Monday")
    aged(save, 3)
    later = journal_of(game, "Monday", hours=1)
    other = journal_of(new_game(seed=12), hours=2)

    assert [g.path for g in recent.distinct(recent.recent_games())] == [later, other]


def test_older_demo_journals_are_dropped_when_a_new_demo_starts():
    real = journal_of(new_game(seed=13))
    old_demo = journal_of(demo_game(TI), name=recent.DEMO_NAME, hours=1)
    new_demo = journal_of(demo_game(TI), name=recent.DEMO_NAME)

    recent.forget_older_demos(TI, keep=new_demo)

    assert real.exists() and new_demo.exists() and not old_demo.exists()


def test_forgetting_older_demos_reads_each_journal_no_further_than_its_first_line(monkeypatch):
    # A demo's start must not grow slower as autosaves pile up: a long game's journal is a
    # megabyte, and its header alone says whether it is a demo.
    real = journal_of(new_game(seed=15, steps=2))
    old_demo = journal_of(demo_game(TI), name=recent.DEMO_NAME, hours=1)
    new_demo = journal_of(demo_game(TI), name=recent.DEMO_NAME)

    read = recent._read_bounded

    def first_lines_only(path, info, first_line=False):
        assert first_line, "a whole journal was read to forget older demos"
        return read(path, info, first_line)

    monkeypatch.setattr(recent, "_read_bounded", first_lines_only)
    recent.forget_older_demos(TI, keep=new_demo)
    assert real.exists() and new_demo.exists() and not old_demo.exists()


def test_forgetting_one_systems_older_demos_keeps_and_never_loads_another_systems(monkeypatch):
    # Each system's rules load on first use: a demo's start must not load every installed
    # system's to tell which journals are its own older demos.
    from desktop.engine import registry

    other = "worlds-that-remember"
    other_demo = journal_of(demo_game(other), name=recent.DEMO_NAME, hours=2)
    old_demo = journal_of(demo_game(TI), name=recent.DEMO_NAME, hours=1)
    new_demo = journal_of(demo_game(TI), name=recent.DEMO_NAME)
    asked = []
    get = registry.get

    def recording(system):
        asked.append(system)
        return get(system)

    monkeypatch.setattr(registry, "get", recording)
    recent.forget_older_demos(TI, keep=new_demo)

    assert other_demo.exists() and new_demo.exists() and not old_demo.exists()
    assert set(asked) == {TI}


def test_open_game_opens_a_save_and_an_autosave_even_when_renamed():
    game = new_game(seed=14, steps=2)
    save = saves_dir() / "tuesday.json"
    write_save(game, save, "Tuesday")
    journal = journal_of(game, "Tuesday")
    renamed = journal.with_name("copied.json")
    renamed.write_bytes(journal.read_bytes())

    opened_save = recent.open_game(save)
    opened_journal = recent.open_game(journal)
    opened_renamed = recent.open_game(renamed)

    assert (opened_save.kind, opened_save.name, opened_save.game.state.step) == (recent.SAVE, "Tuesday", 2)
    assert (opened_journal.kind, opened_journal.name) == (recent.AUTOSAVE, "Tuesday")
    assert opened_journal.game.actions == game.actions and opened_journal.warnings == []
    assert opened_renamed.kind == recent.AUTOSAVE
    assert not opened_save.demo and recent.open_game(journal_of(demo_game(TI))).demo


def test_open_game_refuses_a_damaged_file_in_one_sentence(tmp_path):
    damaged = tmp_path / "cut.json"
    damaged.write_text('{"format": "actiondeck-save", "version": 1, "app_ver')
    with pytest.raises(recent.SaveError, match="ends too early"):
        recent.open_game(damaged)
    journal = tmp_path / "bad.jsonl"
    journal.write_text("not a journal\n")
    with pytest.raises(recent.SaveError, match="autosave"):
        recent.open_game(journal)


def test_last_played_reads_as_people_say_it():
    now = datetime.datetime(2025, 6, 18, 15, 0).timestamp()  # a Wednesday

    def at(*moment) -> str:
        return recent.when(datetime.datetime(*moment).timestamp(), now)

    assert at(2025, 6, 18, 9, 5) == "Today, 09:05"
    assert at(2025, 6, 17, 21, 40) == "Yesterday, 21:40"
    assert at(2025, 6, 14, 18, 0) == "Saturday, 18:00"
    assert at(2025, 3, 3, 18, 30) == "3 March, 18:30"
    assert at(2024, 12, 24, 20, 0) == "24 December 2024"


def test_the_window_title_names_the_game_or_its_players_and_the_system():
    assert recent.window_title("", ["Ann", "Bo", "Cy"], TITLE) == f"Ann, Bo, Cy \u2014 {TITLE} \u2014 Action Deck"
    assert recent.window_title("Friday", ["Ann"], TITLE) == f"Friday \u2014 {TITLE} \u2014 Action Deck"
    assert "\x1b" not in recent.window_title("a\x1bb", [], TITLE)


def test_listing_the_demos_plays_no_demo_and_leaves_out_a_system_without_one(monkeypatch):
    """The start screen lists the demos before its first frame: building a demo plays its
    opening, so the list asks only which systems declare one."""
    from desktop.engine import registry
    from desktop.engine.ruleset import RulesetBase

    played = []
    for ruleset in registry.all_rulesets():
        if type(ruleset).demo is not RulesetBase.demo:
            monkeypatch.setattr(type(ruleset), "demo", lambda self, real=type(ruleset).demo: played.append(self.id)
                                or real(self))
    monkeypatch.setattr(recent, "_DEMO_KEYS", {})
    listed = recent.demo_systems()
    assert (TI, TITLE) in listed and played == []
    without = next((r for r in registry.all_rulesets() if type(r).demo is RulesetBase.demo), None)
    if without is not None:
        assert without.id not in [system for system, _ in listed]
