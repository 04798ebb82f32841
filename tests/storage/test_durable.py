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
