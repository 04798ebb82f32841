"""The files of the recent games: saves and autosaves, newest first, as data (no system's title,
no demo told apart: the model's, tests/model/test_library.py), damaged files left out."""

from __future__ import annotations

import os

import pytest

from desktop.engine.demo import demo_game
from desktop.storage import recent, savefile, write_save
from desktop.storage.journal import Journal
from desktop.storage.paths import autosave_dir, saves_dir
from tests.storage.saved_games import TI, aged, journal_of, new_game


def test_saves_and_autosaves_are_listed_newest_first_with_what_their_files_say():
    old = saves_dir() / "friday.json"
    write_save(new_game(["Kim", "Lou"], seed=1, steps=3), old, "Friday")
    aged(old, 50)
    newest = journal_of(new_game(seed=2, steps=2), hours=1)
    middle = journal_of(new_game(["Mara", "Jonas", "Lea"], seed=3), name="Campaign", hours=5)

    games = recent.recent_files()

    assert [game.path for game in games] == [newest, middle, old]
    first, second, third = games
    assert (first.kind, first.system, first.seed) == (recent.AUTOSAVE, TI, 2)
    assert first.seats == ("Ann", "Bo", "Cy") and first.step == 2 and first.name == ""
    assert first.last_played == pytest.approx(newest.stat().st_mtime)
    assert (second.name, second.seats, second.step) == ("Campaign", ("Mara", "Jonas", "Lea"), 0)
    assert (third.kind, third.name, third.seats, third.step) == (recent.SAVE, "Friday", ("Kim", "Lou"), 3)
    assert first.identity == (TI, 2, ("Ann", "Bo", "Cy"), ())


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

    (listed,) = recent.recent_files()
    assert listed.step == 2
    assert recent.open_game(journal.path).game.state.step == 2


def test_damaged_foreign_and_oversized_files_are_left_out_without_an_exception(monkeypatch):
    # A game of a system not installed here is a readable file: listed here, left out by the
    # model (tests/model/test_library.py).
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

    listed = {game.path: game.system for game in recent.recent_files()}
    assert listed == {good: TI, saves / "chess.json": "chess"}


def test_journal_headers_read_each_journal_no_further_than_its_first_line(monkeypatch):
    # What tells a demo's journal from another (the model's forget_older_demos): a long game's
    # journal is a megabyte, and its header alone says how the game was set up.
    journal_of(new_game(seed=15, steps=2), name="Long", hours=1)
    demo = journal_of(demo_game(TI), name="Demo")
    read = recent._read_bounded

    def first_lines_only(path, info, first_line=False):
        assert first_line, "a whole journal was read for its header"
        return read(path, info, first_line)

    monkeypatch.setattr(recent, "_read_bounded", first_lines_only)
    headers = recent.journal_headers()
    assert [(found.path, found.name, found.step) for found in headers][0] == (demo, "Demo", 0)
    assert [found.name for found in headers] == ["Demo", "Long"]


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


def test_open_game_refuses_a_damaged_file_in_one_sentence(tmp_path):
    damaged = tmp_path / "cut.json"
    damaged.write_text('{"format": "actiondeck-save", "version": 1, "app_ver')
    with pytest.raises(recent.SaveError, match="ends too early"):
        recent.open_game(damaged)
    journal = tmp_path / "bad.jsonl"
    journal.write_text("not a journal\n")
    with pytest.raises(recent.SaveError, match="autosave"):
        recent.open_game(journal)
