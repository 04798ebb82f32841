"""The games a player can go back to, as the model lists them for any front end
(desktop/model/library.py): the systems installed here, their titles, demos kept apart."""

from __future__ import annotations

from desktop.engine.demo import demo_game
from desktop.model import library
from desktop.storage import recent, savefile, write_save
from desktop.storage.paths import saves_dir
from tests.storage.saved_games import TI, aged, journal_of, new_game

TITLE = "Twilight Imperium action cards"


def test_the_recent_games_carry_their_systems_title_and_leave_out_a_system_not_installed():
    newest = journal_of(new_game(seed=2, steps=2), hours=1)
    unknown = savefile.save_bytes(new_game(seed=6)).replace(TI.encode(), b"chess")
    (saves_dir() / "chess.json").write_bytes(unknown)
    aged(saves_dir() / "chess.json", 0.5)

    games = library.recent_games()

    assert [game.path for game in games] == [newest]  # the file of chess is readable, not playable here
    (game,) = games
    assert (game.kind, game.system, game.title, game.seats, game.step) == (
        library.AUTOSAVE, TI, TITLE, ("Ann", "Bo", "Cy"), 2)
    assert not game.demo


def test_demos_are_kept_apart_by_their_name_or_their_setup():
    real = journal_of(new_game(seed=10), hours=2)
    named = journal_of(demo_game(TI), name=library.DEMO_NAME, hours=1)
    unnamed_demo = journal_of(demo_game(TI))  # the demo's setup, whatever the journal is called
    write_save(demo_game(TI), saves_dir() / "demo-saved.json", "Look at this")

    games, demos = library.split(library.recent_games())

    assert [game.path for game in games] == [real]
    assert {game.path for game in demos} == {named, unnamed_demo, saves_dir() / "demo-saved.json"}
    assert all(game.demo for game in demos)
    assert len(library.distinct(demos)) == 1  # every run of a demo is the same game
    assert (TI, TITLE) in library.demo_systems()  # one entry per system with a demo


def test_an_opened_game_is_a_demo_by_its_name_or_its_setup():
    journal = journal_of(new_game(seed=14, steps=1), "Tuesday")
    opened = recent.open_game(journal)
    assert not library.is_demo(opened.name, opened.game.setup)
    assert library.is_demo(library.DEMO_NAME, opened.game.setup)
    demo = recent.open_game(journal_of(demo_game(TI)))
    assert library.is_demo(demo.name, demo.game.setup)


def test_distinct_keeps_the_newest_file_of_each_game():
    game = new_game(seed=11, steps=1)
    save = saves_dir() / "monday.json"
    write_save(game, save, "Monday")
    aged(save, 3)
    later = journal_of(game, "Monday", hours=1)
    other = journal_of(new_game(seed=12), hours=2)

    assert [g.path for g in library.distinct(library.recent_games())] == [later, other]


def test_older_demo_journals_are_dropped_when_a_new_demo_starts():
    real = journal_of(new_game(seed=13))
    old_demo = journal_of(demo_game(TI), name=library.DEMO_NAME, hours=1)
    new_demo = journal_of(demo_game(TI), name=library.DEMO_NAME)

    library.forget_older_demos(TI, keep=new_demo)

    assert real.exists() and new_demo.exists() and not old_demo.exists()


def test_forgetting_older_demos_reads_each_journal_no_further_than_its_first_line(monkeypatch):
    # A demo's start must not grow slower as autosaves pile up: a long game's journal is a
    # megabyte, and its header alone says whether it is a demo.
    real = journal_of(new_game(seed=15, steps=2))
    old_demo = journal_of(demo_game(TI), name=library.DEMO_NAME, hours=1)
    new_demo = journal_of(demo_game(TI), name=library.DEMO_NAME)

    read = recent._read_bounded

    def first_lines_only(path, info, first_line=False):
        assert first_line, "a whole journal was read to forget older demos"
        return read(path, info, first_line)

    monkeypatch.setattr(recent, "_read_bounded", first_lines_only)
    library.forget_older_demos(TI, keep=new_demo)
    assert real.exists() and new_demo.exists() and not old_demo.exists()


def test_forgetting_one_systems_older_demos_keeps_and_never_loads_another_systems(monkeypatch):
    # Each system's rules load on first use: a demo's start must not load every installed
    # system's to tell which journals are its own older demos.
    from desktop.engine import registry

    other = "worlds-that-remember"
    other_demo = journal_of(demo_game(other), name=library.DEMO_NAME, hours=2)
    old_demo = journal_of(demo_game(TI), name=library.DEMO_NAME, hours=1)
    new_demo = journal_of(demo_game(TI), name=library.DEMO_NAME)
    asked = []
    get = registry.get

    def recording(system):
        asked.append(system)
        return get(system)

    monkeypatch.setattr(registry, "get", recording)
    monkeypatch.setattr(library, "_DEMO_KEYS", {})
    library.forget_older_demos(TI, keep=new_demo)

    assert other_demo.exists() and new_demo.exists() and not old_demo.exists()
    assert set(asked) <= {TI}  # the other system never asked for


def test_listing_the_demos_plays_no_demo_and_leaves_out_a_system_without_one(monkeypatch):
    """The start screen lists the demos before its first frame: building a demo plays its
    opening, so the list asks only which systems declare one."""
    from desktop.engine import registry
    from desktop.engine.ruleset import RulesetBase

    played = []
    for ruleset in registry.all_rulesets():
        if type(ruleset).demo is not RulesetBase.demo:
            real = type(ruleset).demo  # a default below: each lambda keeps its own ruleset's
            monkeypatch.setattr(type(ruleset), "demo", lambda self, real=real: played.append(self.id) or real(self))
    monkeypatch.setattr(library, "_DEMO_KEYS", {})
    listed = library.demo_systems()
    assert (TI, TITLE) in listed and played == []
    without = next((r for r in registry.all_rulesets() if type(r).demo is RulesetBase.demo), None)
    if without is not None:
        assert without.id not in [system for system, _ in listed]
