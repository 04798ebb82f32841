"""The autosave journal: every action on disk as it happens; a crash loses at most the action in
flight (DESIGN.md sections 2 and 4; docs/save-format.md section 4)."""

from __future__ import annotations

import os
from pathlib import Path

import msgspec
import pytest

from desktop.engine import Game, GameSetup
from desktop.rulesets.twilight_imperium import actions as a
from desktop.storage import SaveError
from desktop.storage import journal as journals
from desktop.storage.journal import Journal, latest, prune, resume
from desktop.storage.paths import autosave_dir


def new_game() -> Game:
    return Game.new(GameSetup(ruleset="twilight-imperium", players=["Ann", "Bo", "Cy"], seed=5))


OPENING = [
    a.SetInitiative(player="ann", order=["ann", "bo", "cy"]),
    a.Declare(player="bo", event="combat-round-start"),
    a.Pass(player="ann"),
    a.Pass(player="bo"),
    a.Pass(player="cy"),
    a.Politics(player="ann"),
    a.PoliticsSecondary(player="bo", follow=True),
    a.PoliticsSecondary(player="cy", follow=False),
    a.EndTurn(player="bo", note="moved a carrier"),
]


def state_bytes(game: Game) -> bytes:
    return msgspec.msgpack.encode(game.state)


def play(game: Game, journal: Journal, actions) -> None:
    for action in actions:
        game.apply(action)
        journal.record(action)


def assert_one_sentence(message: str) -> None:
    assert message and "\n" not in message and message.endswith("."), message


def test_start_writes_the_header_in_the_autosave_folder(private_data_dir):
    game = new_game()
    journal = Journal.start(game, name="Friday")
    journal.close()
    assert journal.path.parent == autosave_dir()
    assert journal.path.parent == private_data_dir / "autosave"
    assert journal.path.suffix == ".jsonl" and len(journal.path.stem) == 32
    lines = journal.path.read_bytes().splitlines()
    header = msgspec.json.decode(lines[0])
    assert header["journal"] == "actiondeck-journal" and header["version"] == journals.VERSION
    assert header["setup"]["players"] == ["Ann", "Bo", "Cy"] and header["setup"]["seed"] == 5
    assert header["name"] == "Friday"
    assert lines[1:] == []


def test_resume_rebuilds_the_same_game():
    game = new_game()
    journal = Journal.start(game, name="Friday")
    play(game, journal, OPENING)
    journal.close()
    assert len(journal.path.read_bytes().splitlines()) == 1 + len(OPENING)
    resumed, name = resume(journal.path)
    assert name == "Friday"
    assert resumed.actions == game.actions
    assert state_bytes(resumed) == state_bytes(game)
    assert resumed.log == game.log


def test_each_action_is_on_disk_as_soon_as_it_is_recorded():
    game = new_game()
    journal = Journal.start(game)
    for count, action in enumerate(OPENING, start=1):
        game.apply(action)
        journal.record(action)
        # read by another reader while the journal is still open, as after a crash
        resumed, _ = resume(journal.path)
        assert len(resumed.actions) == count
        assert state_bytes(resumed) == state_bytes(game)
    journal.close()


def test_a_journal_started_mid_game_holds_the_actions_so_far():
    game = new_game()
    for action in OPENING[:5]:
        game.apply(action)
    journal = Journal.start(game)
    play(game, journal, OPENING[5:])
    journal.close()
    resumed, _ = resume(journal.path)
    assert resumed.actions == OPENING
    assert state_bytes(resumed) == state_bytes(game)


def test_undo_is_recorded_and_replayed():
    game = new_game()
    journal = Journal.start(game)
    play(game, journal, OPENING[:3])
    game.undo()
    journal.record_undo()
    game.undo()
    journal.record_undo()
    play(game, journal, [a.EndTurn(player="ann")])
    journal.close()
    resumed, _ = resume(journal.path)
    assert resumed.actions == [OPENING[0], a.EndTurn(player="ann")]
    assert state_bytes(resumed) == state_bytes(game)


@pytest.mark.parametrize("keep", [1, 5, 20, -2])
def test_a_torn_last_line_is_ignored(keep):
    game = new_game()
    journal = Journal.start(game)
    play(game, journal, OPENING)
    journal.close()
    data = journal.path.read_bytes()
    last_start = data.rstrip(b"\n").rfind(b"\n") + 1
    torn = data[: last_start + keep] if keep > 0 else data[: len(data) + keep]
    assert torn != data and not torn.endswith(b"\n")
    journal.path.write_bytes(torn)
    resumed, _ = resume(journal.path)
    assert resumed.actions == OPENING[:-1]
    expected = Game.replay(game.setup, OPENING[:-1])
    assert state_bytes(resumed) == state_bytes(expected)


def test_a_resumed_journal_goes_on_after_a_torn_line():
    """After "Continue", new actions are appended to the same journal; a torn line left by the
    crash must not swallow them at the next resume."""
    game = new_game()
    journal = Journal.start(game)
    play(game, journal, OPENING[:4])
    journal.close()
    data = journal.path.read_bytes()
    journal.path.write_bytes(data + b'{"do": {"type": "pass", "pla')  # the crash
    resumed, _ = resume(journal.path)
    assert resumed.actions == OPENING[:4]
    again = Journal(journal.path)  # what the app does on "Continue"
    play(resumed, again, OPENING[4:])
    again.close()
    final, _ = resume(journal.path)
    assert final.actions == OPENING
    assert state_bytes(final) == state_bytes(resumed)


def test_resume_after_the_last_newline_was_lost():
    game = new_game()
    journal = Journal.start(game)
    play(game, journal, OPENING[:4])
    journal.close()
    journal.path.write_bytes(journal.path.read_bytes().rstrip(b"\n"))
    resumed, _ = resume(journal.path)
    assert resumed.actions == OPENING[:4]
    again = Journal(journal.path)
    play(resumed, again, OPENING[4:])
    again.close()
    assert resume(journal.path)[0].actions == OPENING


def test_latest_finds_the_newest_journal(private_data_dir):
    assert latest() is None
    paths = []
    for stamp in (1_000_000, 3_000_000, 2_000_000):
        journal = Journal.start(new_game())
        journal.close()
        os.utime(journal.path, (stamp, stamp))
        paths.append(journal.path)
    assert latest() == paths[1]
    os.utime(paths[0], (4_000_000, 4_000_000))
    assert latest() == paths[0]
    # other files in the folder are not journals
    (autosave_dir() / "notes.txt").write_text("hello")
    os.utime(autosave_dir() / "notes.txt", (9_000_000, 9_000_000))
    assert latest() == paths[0]


def test_latest_looks_in_a_given_folder(tmp_path):
    folder = tmp_path / "elsewhere"
    folder.mkdir()
    assert latest(folder) is None
    journal = Journal.start(new_game(), folder=folder)
    journal.close()
    assert latest(folder) == journal.path
    assert latest() is None


def test_prune_keeps_the_newest_journals():
    paths = []
    for stamp in range(5):
        journal = Journal.start(new_game())
        journal.close()
        os.utime(journal.path, (1_000_000 + stamp, 1_000_000 + stamp))
        paths.append(journal.path)
    prune(keep=2)
    assert sorted(autosave_dir().glob("*.jsonl")) == sorted(paths[3:])


def test_discard_removes_the_journal():
    journal = Journal.start(new_game())
    journal.discard()
    assert not journal.path.exists()
    assert latest() is None


def write_journal(lines: list[bytes]) -> Path:
    path = autosave_dir() / ("0" * 32 + ".jsonl")
    path.write_bytes(b"\n".join(lines) + b"\n")
    return path


def header(**changes) -> bytes:
    data = {
        "journal": "actiondeck-journal",
        "version": 1,
        "app_version": "0.1.0",
        "setup": {"ruleset": "twilight-imperium", "players": ["Ann", "Bo"], "seed": 1},
        "name": "",
    }
    data.update(changes)
    return msgspec.json.encode(data)


@pytest.mark.parametrize(
    "lines, words",
    [
        ([b"not json at all"], "cannot be read"),
        ([b""], "cannot be read"),
        ([b"[1, 2]"], "cannot be read"),
        ([header(journal="actiondeck-save")], "not one this version can read"),
        ([header(version=journals.VERSION + 1)], "not one this version can read"),
        ([header(setup={"ruleset": "chess", "players": ["A", "B"], "seed": 1})], "cannot be rebuilt"),
        # What a save with the same header refuses (savefile.decode_save), a journal refuses too.
        ([header(version=0)], "not one this version can read"),
        ([header(version=-3)], "not one this version can read"),
        ([header(app_version="9" * 100_000)], "its app_version is longer than 200 characters"),
        ([b"[" * 100_000 + b"]" * 100_000], "cannot be read"),
    ],
)
def test_a_bad_journal_is_refused_with_a_sentence(lines, words):
    path = write_journal(lines)
    before = path.read_bytes()
    with pytest.raises(SaveError) as refusal:
        resume(path)
    message = str(refusal.value)
    assert_one_sentence(message)
    assert words in message and path.name in message
    assert path.read_bytes() == before


def test_a_missing_journal_is_refused_with_a_sentence(tmp_path):
    with pytest.raises(SaveError) as refusal:
        resume(tmp_path / "gone.jsonl")
    assert_one_sentence(str(refusal.value))
    assert "gone.jsonl" in str(refusal.value)


# ---- damaged lines, torn lines and failed writes ---------------------------------------------


def journal_of(actions) -> Path:
    game = new_game()
    journal = Journal.start(game)
    play(game, journal, actions)
    journal.close()
    return journal.path


def line_starts(data: bytes) -> list[int]:
    return [0] + [index + 1 for index, byte in enumerate(data) if byte == 10][:-1]


@pytest.mark.parametrize(
    "damage",
    [b'{"do": {"type": "pass", "pla', b"\xff\xfe\x00garbage", b"", b"[" * 10_000,
     b'{"do": {"type": "teleport", "player": "bo"}, "undo": false}',
     b'{"do": {"type": "end_turn", "player": "ann", "note": "\\u001b[2J"}}'],
    ids=["torn", "not utf-8", "empty", "deep", "not an action", "control character"],
)
def test_a_damaged_line_in_the_middle_stops_the_replay_there_and_is_kept_aside_on_going_on(damage):
    """The lines after a damaged one are not replayed without it: a game missing an action could
    still replay, into a game that never happened. They are kept in the damaged file."""
    path = journal_of(OPENING)
    data = path.read_bytes()
    starts = line_starts(data)
    # the damage becomes line 5 of the file, between the lines of OPENING[2] and OPENING[3]
    damaged = data[: starts[4]] + damage + b"\n" + data[starts[4]:]
    path.write_bytes(damaged)
    resumed = resume(path)
    game, name = resumed  # the old way of calling it still works
    assert name == ""
    assert game.actions == OPENING[:3]
    aside = resumed.damage.aside
    assert resumed.warnings == [
        f"Line 5 of the autosave is damaged, so the game goes on from the 3 actions before it and "
        f"the {len(OPENING) - 3 + 1} lines from there to the end were left out; the damaged "
        f"autosave is kept as {aside.name}."
    ]
    assert path.read_bytes() == damaged  # resume never writes
    # "Continue" keeps the damaged file whole and goes on after the actions kept
    again = Journal.go_on(resumed, path)
    again.record(OPENING[3])
    again.close()
    assert aside.read_bytes() == damaged
    later = resume(path)
    assert later.game.actions == OPENING[:4] and later.warnings == []


def test_damage_at_the_first_action_says_the_game_goes_on_from_its_start():
    """Nothing kept is said in words, not as "the no action before it"."""
    path = journal_of(OPENING)
    data = path.read_bytes()
    starts = line_starts(data)
    path.write_bytes(data[: starts[1]] + b"garbage\n" + data[starts[1]:])
    resumed = resume(path)
    assert resumed.game.actions == []
    assert resumed.warnings[0].startswith(
        f"Line 2 of the autosave is damaged, so the game goes on from its start and the "
        f"{len(OPENING) + 1} lines from there to the end were left out;"
    )


def test_a_clean_journal_has_no_warnings():
    assert resume(journal_of(OPENING)).warnings == []


def test_an_undecodable_last_line_without_its_newline_is_dropped_without_a_warning_and_cut_on_continue():
    """A line the app was writing when it died has no newline yet: the action in flight."""
    path = journal_of(OPENING[:4])
    data = path.read_bytes()
    path.write_bytes(data + b"\x00\x01 not a line")
    resumed = resume(path)
    assert resumed.game.actions == OPENING[:4] and resumed.warnings == []
    Journal(path).close()
    assert path.read_bytes() == data


def test_an_undecodable_last_line_with_its_newline_is_damage_and_is_named():
    """A line that ends with its newline was written whole: if it does not prove itself, the
    player is told which line, as for any other (it is not a torn write)."""
    path = journal_of(OPENING[:4])
    data = path.read_bytes()
    path.write_bytes(data + b"\x00\x01 not a line\n")
    resumed = resume(path)
    assert resumed.game.actions == OPENING[:4]
    assert resumed.damage.line == 6 and resumed.warnings[0].startswith("Line 6 of the autosave is damaged")
    Journal.go_on(resumed, path).close()
    assert resume(path).warnings == [] and resumed.damage.aside.read_bytes() == data + b"\x00\x01 not a line\n"


def test_a_failed_write_leaves_no_half_line_and_says_so(monkeypatch):
    from desktop.storage import journal as journal_module

    game = new_game()
    journal = Journal.start(game)
    play(game, journal, OPENING[:2])
    before = journal.path.read_bytes()
    real_write = os.write

    def half_then_full(fd, data):
        real_write(fd, bytes(data[: len(data) // 2]))
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as patch:
        patch.setattr(journal_module.os, "write", half_then_full)
        with pytest.raises(SaveError) as refusal:
            journal.record(OPENING[2])
    assert str(refusal.value) == "The game could not be autosaved: No space left on device."
    assert journal.path.read_bytes() == before
    # the journal goes on once the disk has room again
    journal.record(OPENING[2])
    journal.close()
    assert resume(journal.path).game.actions == OPENING[:3]


def slow_disk(monkeypatch):
    """fsync waits until the test lets the disk finish; returns (let it finish, an fsync began)."""
    import threading

    from desktop.storage import syncer

    finish, began = threading.Event(), threading.Event()

    def fsync(fd):
        began.set()
        assert finish.wait(10), "the disk was never let finish"

    monkeypatch.setattr(syncer, "fsync_file", fsync)
    return finish, began


def test_a_slow_disk_never_holds_up_an_action_and_close_waits_for_it(monkeypatch):
    finish, began = slow_disk(monkeypatch)
    game = new_game()
    journal = Journal.start(game)
    play(game, journal, OPENING[:3])  # returns with the disk still busy
    assert began.wait(10)
    # written already: a crash of the app now loses nothing (the system holds the lines)
    assert resume(journal.path)[0].actions == OPENING[:3]
    finish.set()
    journal.close()  # returns once the last line is synced
    assert resume(journal.path)[0].actions == OPENING[:3]


def test_a_failed_fsync_refuses_the_next_action_with_a_sentence_and_loses_nothing(monkeypatch):
    from desktop.storage import syncer

    game = new_game()
    journal = Journal.start(game)
    play(game, journal, OPENING[:2])
    journal.flush()

    def broken(fd):
        raise OSError(5, "Input/output error")

    with monkeypatch.context() as patch:
        patch.setattr(syncer, "fsync_file", broken)
        play(game, journal, OPENING[2:3])
        journal.flush()
    with pytest.raises(SaveError) as refusal:
        journal.record(OPENING[3])
    assert str(refusal.value) == "The game could not be autosaved: Input/output error."
    # the refused action is not in the journal; the one before it is, and the journal goes on
    assert resume(journal.path)[0].actions == OPENING[:3]
    journal.record(OPENING[3])
    journal.close()
    assert resume(journal.path)[0].actions == OPENING[:4]


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_a_full_disk_is_a_sentence():
    journal = Journal(Path("/dev/full"))
    with pytest.raises(SaveError) as refusal:
        journal.record(OPENING[0])
    journal.close()
    assert_one_sentence(str(refusal.value))
    assert "could not be autosaved" in str(refusal.value)


def test_a_journal_in_a_folder_that_cannot_be_written_is_a_sentence(tmp_path, monkeypatch):
    # The refusal the system gives a read-only folder, made to happen whoever runs the tests
    # (root may write anywhere, so a chmod alone proves nothing there).
    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("desktop.storage.durable.tempfile.mkstemp", refuse)
    with pytest.raises(SaveError) as refusal:
        Journal.start(new_game(), folder=tmp_path)
    assert_one_sentence(str(refusal.value))
    assert "could not be autosaved" in str(refusal.value)
    assert list(tmp_path.iterdir()) == []  # nothing half-written


@pytest.mark.skipif(os.name != "posix", reason="links need a privilege on Windows")
def test_a_dangling_link_in_the_autosave_folder_is_passed_over():
    journal = Journal.start(new_game())
    journal.close()
    (autosave_dir() / "dangling.jsonl").symlink_to(autosave_dir() / "nowhere")
    assert latest() == journal.path
    prune(keep=0)
    assert not journal.path.exists()


def test_a_journal_of_version_2_replays_by_the_rules_it_was_played_by():
    from desktop.engine.editions import EDITION, SECOND
    from desktop.storage import recent

    path = write_journal([header(version=2)])
    opened = recent.open_game(path)
    assert opened.game.setup.options.get(EDITION) == SECOND
