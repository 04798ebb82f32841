"""`actiondeck replay` reads an autosave as it reads a save (it said "not well-formed JSON"), and
`play` says what an autosave is (issue 26, item 24; docs/save-format.md sections 2 and 5)."""

from __future__ import annotations

import json

from desktop.engine import Game, GameSetup
from desktop.storage import write_save
from desktop.storage.journal import Journal

SETUP = GameSetup(ruleset="twilight-imperium", players=["Ann", "Bo", "Cy"], seed=42)


def autosave_and_save(tmp_path, actions: int = 6):
    """The same game as an autosave (with an undo in it) and as a save."""
    game = Game.new(SETUP)
    journal = Journal.start(game, "Friday", folder=tmp_path)
    for number in range(actions):
        action = game.legal_actions()[number % 2]
        game.apply(action)
        journal.record(action)
        if number == 2 and game.can_undo():
            game.undo()
            journal.record_undo()
    journal.close()
    save = tmp_path / "friday.json"
    write_save(game, save, "Friday")
    return journal.path, save, game


def test_replay_reads_an_autosave_as_it_reads_the_same_game_saved(cli, tmp_path):
    autosave, save, game = autosave_and_save(tmp_path)
    before = autosave.read_bytes()
    status, out, err = cli("replay", autosave)
    assert (status, err) == (0, "")
    assert out == cli("replay", save)[1]
    status, out, _ = cli("replay", autosave, "--json")
    assert status == 0 and len(json.loads(out)["steps"]) == len(game.actions)
    assert autosave.read_bytes() == before and sorted(p.name for p in tmp_path.iterdir()) == sorted(
        [autosave.name, save.name])  # read only: nothing kept aside, no lock left


def test_replay_of_a_damaged_autosave_says_where_and_replays_what_is_before_it(cli, tmp_path):
    autosave, _, game = autosave_and_save(tmp_path)
    lines = autosave.read_bytes().split(b"\n")[:-1]
    damaged = b"\n".join(lines[:4] + [b"garbage"] + lines[5:]) + b"\n"
    autosave.write_bytes(damaged)
    status, out, err = cli("replay", autosave, "--json")
    assert status == 0
    assert err == (f"actiondeck: Line 5 of the autosave is damaged, so the replay stops after the 3 actions "
                   f"before it and the {len(lines) - 4} lines from there to the end are left out.\n")
    assert len(json.loads(out)["steps"]) == 3
    assert autosave.read_bytes() == damaged and not list(tmp_path.glob("*.damaged-*"))


def test_play_on_an_autosave_says_what_the_file_is_and_writes_nothing(cli, tmp_path):
    autosave, _, _ = autosave_and_save(tmp_path)
    before = autosave.read_bytes()
    status, _, err = cli("play", autosave, '{"type": "pass", "player": "ann"}')
    assert status == 2
    assert err == ("actiondeck: The file is an Action Deck autosave (the journal of a game as it was played), not "
                   "a save: continue it in Action Deck, or read it with actiondeck replay.\n")
    assert autosave.read_bytes() == before
