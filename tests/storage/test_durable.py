"""Durable writes keep a save's permissions and write through links to the real file."""

import os
import stat

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
