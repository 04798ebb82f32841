"""A game is open in one place at a time: an OS lock beside its file, held by a window's journal,
`actiondeck play` and `actiondeck new -o`, released when the holder closes or dies
(docs/save-format.md section 8). Two real processes, synchronised by what they print."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from desktop.engine import Game, GameSetup
from desktop.storage import SaveError, write_save
from desktop.storage.journal import Journal
from desktop.storage.lock import GameInUse, GameLock, lock_path

ROOT = Path(__file__).resolve().parents[2]

HOLDER = """
import sys
from desktop.storage.lock import GameLock
lock = GameLock.take(sys.argv[1])
print("held", flush=True)
sys.stdin.readline()  # until the test says so, or dies
"""


class Holder:
    """Another process holding the lock of `path` until `release`."""

    def __init__(self, path: Path) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-c", HOLDER, str(path)], cwd=ROOT, stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )
        assert self.process.stdout.readline().strip() == "held", self.process.stderr.read()

    def release(self) -> None:
        self.process.stdin.close()
        self.process.wait(timeout=60)

    def kill(self) -> None:
        self.process.kill()
        self.process.wait(timeout=60)


def cli(*args) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "desktop.cli", *map(str, args)], cwd=ROOT, capture_output=True,
        text=True, check=False, timeout=120,
    )


@pytest.fixture
def save(tmp_path) -> Path:
    path = tmp_path / "friday.json"
    write_save(Game.new(GameSetup(ruleset="twilight-imperium", players=["Ann", "Bo"], seed=4)), path)
    return path


def test_a_second_opener_in_this_process_is_refused_and_may_open_once_it_is_released(tmp_path):
    path = tmp_path / "game.json"
    first = GameLock.take(path)
    with pytest.raises(GameInUse) as refusal:
        GameLock.take(path)
    assert str(refusal.value) == (
        "game.json is open in another Action Deck window (or an actiondeck command is writing "
        "it); close it there first, so that no action is lost."
    )
    first.release()
    GameLock.take(path).release()
    assert not lock_path(path).exists()  # no litter beside the player's saves


def test_a_link_to_a_game_shares_its_lock(tmp_path):
    path = tmp_path / "game.json"
    path.write_text("{}")
    link = tmp_path / "link.json"
    link.symlink_to(path)
    with GameLock.take(path), pytest.raises(GameInUse):
        GameLock.take(link)


def test_two_windows_cannot_continue_one_autosave(tmp_path):
    game = Game.new(GameSetup(ruleset="twilight-imperium", players=["Ann", "Bo"], seed=4))
    first = Journal.start(game, folder=tmp_path)
    with pytest.raises(GameInUse):
        Journal(first.path)
    first.close()
    Journal(first.path).close()


def test_play_waits_for_no_one_it_refuses_while_another_process_holds_the_save(save):
    before = save.read_bytes()
    holder = Holder(save)
    try:
        done = cli("play", save, '{"type": "set_initiative", "player": "ann", "order": ["ann", "bo"]}')
        assert done.returncode == 2
        assert done.stderr.strip() == (
            "actiondeck: friday.json is open in another Action Deck window (or an actiondeck "
            "command is writing it); close it there first, so that no action is lost."
        )
        assert save.read_bytes() == before
        assert cli("new", "twilight-imperium", "--players", "Ann,Bo", "-o", save, "--force").returncode == 2
        assert save.read_bytes() == before
    finally:
        holder.release()
    done = cli("play", save, '{"type": "set_initiative", "player": "ann", "order": ["ann", "bo"]}')
    assert done.returncode == 0, done.stderr
    assert save.read_bytes() != before


def test_the_lock_dies_with_its_process(save):
    holder = Holder(save)
    holder.kill()
    with GameLock.take(save) as lock:
        assert lock.held


def test_no_acknowledged_action_is_lost_when_two_plays_race(save):
    """Two `actiondeck play` on one save at once: each either is refused or has its action in
    the file at the end; never an exit 0 whose action is gone."""
    actions = [
        '{"type": "set_initiative", "player": "ann", "order": ["ann", "bo"]}',
        '{"type": "set_counter", "player": "bo", "counter": "hand_limit", "value": 8}',
    ]
    processes = [
        subprocess.Popen([sys.executable, "-m", "desktop.cli", "play", str(save), action], cwd=ROOT,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for action in actions * 3
    ]
    statuses = [process.wait(timeout=120) for process in processes]
    assert set(statuses) <= {0, 2}
    from desktop.storage import load_save

    game, _ = load_save(save)
    accepted = sum(1 for status in statuses if status == 0)
    assert len(game.actions) == accepted


def test_a_folder_where_no_lock_can_be_made_opens_unlocked(monkeypatch, tmp_path):
    # A read-only medium: nobody can write the game there either, so there is nothing to guard.
    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("desktop.storage.lock.os.open", refuse)
    lock = GameLock.take(tmp_path / "game.json")
    assert not lock.held
    lock.release()


def test_a_refusal_is_a_save_error(tmp_path):
    with GameLock.take(tmp_path / "g.json"), pytest.raises(SaveError):
        GameLock.take(tmp_path / "g.json")


def test_pruning_never_removes_an_autosave_open_in_a_window(tmp_path):
    from desktop.storage.journal import prune

    game = Game.new(GameSetup(ruleset="twilight-imperium", players=["Ann", "Bo"], seed=4))
    open_one = Journal.start(game, folder=tmp_path)
    closed = Journal.start(game, folder=tmp_path)
    closed.close()
    prune(keep=0, folder=tmp_path)
    assert open_one.path.exists() and not closed.path.exists()
    open_one.close()
