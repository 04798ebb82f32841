"""Tests of a built app, not of the source: installer/build.py points them at what it built.

ACTIONDECK_FROZEN_EXE names a frozen executable (the bundle, or the app a Windows installer or a
macOS disk image put in place); ACTIONDECK_DEB names a .deb, unpacked here into a temporary root
and run from there. With neither set, as in the everyday test run, these tests are skipped:
they need the installer build, which `.ci/run` does after the README's test command.
"""

from __future__ import annotations

import os
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest


@dataclass(frozen=True)
class InstalledApp:
    executable: Path
    install_dir: Path  # the folder the app must never write into


def pytest_collection_modifyitems(config, items):
    if os.environ.get("ACTIONDECK_FROZEN_EXE") or os.environ.get("ACTIONDECK_DEB"):
        return
    skip = pytest.mark.skip(reason="no built app: installer/build.py runs these")
    for item in items:
        if Path(str(item.fspath)).parent == Path(__file__).parent:
            item.add_marker(skip)


@dataclass(frozen=True)
class Account:
    home: Path  # a player's empty home folder
    work: Path  # the folder the app is started in


@pytest.fixture
def account(tmp_path) -> Account:
    fresh = Account(tmp_path / "home", tmp_path / "work")
    fresh.home.mkdir()
    fresh.work.mkdir()
    return fresh


@pytest.fixture(scope="session")
def deb_root(tmp_path_factory) -> Path | None:
    deb = os.environ.get("ACTIONDECK_DEB")
    if not deb:
        return None
    root = tmp_path_factory.mktemp("deb-root")
    subprocess.run(["dpkg-deb", "-x", deb, str(root)], check=True)
    return root


@pytest.fixture(scope="session")
def installed_app(deb_root) -> InstalledApp:
    if deb_root is not None:
        return InstalledApp(deb_root / "usr" / "bin" / "actiondeck", deb_root)
    executable = Path(os.environ["ACTIONDECK_FROZEN_EXE"]).resolve()
    install_dir = executable.parent
    if install_dir.name == "MacOS":  # inside an .app: the whole bundle is the install folder
        install_dir = install_dir.parent.parent
    return InstalledApp(executable, install_dir)
