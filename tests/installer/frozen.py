"""Running a built app the way a player's machine would: a fresh home folder, no settings."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

# Variables that would point the app somewhere other than the fresh home folder.
REDIRECTING = ("ACTIONDECK_DATA_DIR", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME",
               "XDG_STATE_HOME", "XDG_RUNTIME_DIR", "PYTHONPATH", "PYTHONHOME")


def fresh_home_env(home: Path, **extra: str) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if key not in REDIRECTING}
    env.update(HOME=str(home), USERPROFILE=str(home), QT_QPA_PLATFORM="offscreen", **extra)
    return env


def run_app(executable: Path, args: list[str], home: Path, cwd: Path, **extra: str):
    return subprocess.run(
        [str(executable), *args], env=fresh_home_env(home, **extra), cwd=cwd,
        capture_output=True, text=True, timeout=180, check=False,
    )


def prints_to_console() -> bool:
    """Windows and macOS builds are windowed apps with no standard output to read."""
    return sys.platform.startswith("linux")


def snapshot(folder: Path) -> dict[str, tuple[int, int]]:
    """Every file under `folder` with its size and modification time."""
    return {
        str(path.relative_to(folder)): (path.lstat().st_size, path.lstat().st_mtime_ns)
        for path in folder.rglob("*")
    }


def user_data_dir(home: Path) -> Path:
    """Where platformdirs puts Action Deck's data for a user whose home is `home`."""
    if sys.platform == "darwin":
        return home / "Library" / "Application Support" / "ActionDeck"
    if sys.platform == "win32":
        # Windows asks the shell for the folder, not the environment: the real profile's.
        import platformdirs

        return Path(platformdirs.user_data_dir("ActionDeck", appauthor=False))
    return home / ".local" / "share" / "ActionDeck"
