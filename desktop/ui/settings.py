"""The player's preferences (theme, covering the table when the window is left), in the user data
folder beside their games: one place, and a test's own folder in tests (ACTIONDECK_DATA_DIR)."""

from __future__ import annotations

from PySide6.QtCore import QSettings


def settings() -> QSettings:
    from desktop.model.files import data_folder

    return QSettings(str(data_folder() / "settings.ini"), QSettings.Format.IniFormat)


def get(key: str) -> str:
    value = settings().value(key, "")
    return value if isinstance(value, str) else ""


def put(key: str, value: str) -> None:
    store = settings()
    store.setValue(key, value)
    store.sync()
