"""Durable writes keep a save's permissions and write through links to the real file."""

import os
import stat
from pathlib import Path

from desktop.storage.durable import write_atomic


def test_a_rewritten_save_keeps_its_permissions(tmp_path):
    save = tmp_path / "game.json"
    save.write_bytes(b"old")
    os.chmod(save, 0o644)
    write_atomic(save, b"new")
    assert save.read_bytes() == b"new"
    assert stat.S_IMODE(save.stat().st_mode) == 0o644


def test_a_save_reached_through_a_link_replaces_the_file_not_the_link(tmp_path):
    real = tmp_path / "real.json"
    real.write_bytes(b"old")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    write_atomic(link, b"new")
    assert link.is_symlink()
    assert real.read_bytes() == b"new"


def test_killing_the_app_in_the_middle_of_a_save_leaves_the_old_save_whole(tmp_path):
    import signal
    import subprocess
    import sys

    save = tmp_path / "game.json"
    save.write_bytes(b'{"the": "old save"}')
    # The child writes a new save and is killed while the new bytes are on their way to disk,
    # after the temporary file is written and before it replaces the save.
    child = f"""
import sys, time
from pathlib import Path
import desktop.storage.durable as durable
def stall(fd):
    print("writing", flush=True)
    time.sleep(60)
durable.fsync_file = stall
durable.write_atomic(Path({str(save)!r}), b"x" * 5_000_000)
"""
    root = Path(__file__).resolve().parents[2]
    process = subprocess.Popen([sys.executable, "-c", child], cwd=root, stdout=subprocess.PIPE, text=True)
    assert process.stdout.readline().strip() == "writing"
    process.send_signal(signal.SIGKILL)
    process.wait()

    assert save.read_bytes() == b'{"the": "old save"}'
    # The kill left the temporary copy; the app removes it once it is old enough that it cannot
    # be a write still under way (issue 26, item 24: such copies were never cleaned).
    from desktop.storage.durable import STALE_SECONDS, remove_stale_temps

    [left] = tmp_path.glob(".game.json.*.tmp")
    assert remove_stale_temps(tmp_path) == 0 and left.exists()  # fresh: perhaps being written
    aged(left)
    assert remove_stale_temps(tmp_path) == 1 and not left.exists()
    assert save.read_bytes() == b'{"the": "old save"}'
    assert STALE_SECONDS >= 60


def aged(path: Path, seconds: float = 11 * 60) -> None:
    import time

    old = time.time() - seconds
    os.utime(path, (old, old), follow_symlinks=False)


def test_only_old_temporary_copies_named_as_ours_are_removed(tmp_path):
    from desktop.storage.durable import remove_stale_temps

    ours = [tmp_path / ".friday.json.ab_3x9zq.tmp", tmp_path / ".0a1b.jsonl.zzzzzzzz.tmp"]
    kept = [
        tmp_path / "friday.json",  # a save
        tmp_path / ".friday.json.lock",  # a lock's sidecar
        tmp_path / "notes.tmp",  # someone else's
        tmp_path / ".friday.json.short.tmp",  # not eight of tempfile's characters
        tmp_path / ".friday.json.ABCDEFGH.tmp",
    ]
    for path in ours + kept:
        path.write_bytes(b"x")
        aged(path)
    folder = tmp_path / ".x.abcdefgh.tmp"  # a folder of that name is left
    folder.mkdir()
    link = tmp_path / ".y.abcdefgh.tmp"  # so is a link (and what it points to)
    link.symlink_to(kept[0])
    aged(link)
    assert remove_stale_temps(tmp_path, target="other.json") == 0
    assert remove_stale_temps(tmp_path, target="friday.json") == 1 and not ours[0].exists()
    assert remove_stale_temps(tmp_path) == 1 and not ours[1].exists()
    assert all(path.exists() for path in kept) and folder.is_dir() and link.is_symlink()
    assert remove_stale_temps(tmp_path / "missing") == 0
