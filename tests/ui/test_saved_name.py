"""A game with no name of its own takes its file's name when it is first saved (issue 26,
leftovers): saved as friday.json, its window's title says "friday" at once, as the window that
reopens the file does; a game with a name keeps it, and a later Save as keeps "friday". Through
the real window (Game > Save, Ctrl+S; the file dialog answered) and the real opening path."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QFileDialog
from table_helpers import started_game

from desktop.app import open_session, session_for
from desktop.storage.paths import saves_dir
from tests.ui.windows import shown


@pytest.fixture
def save_as(monkeypatch, qtbot):
    """Saves the window's game with Ctrl+S (Save as with Ctrl+Shift+S), the file dialog answered
    with `name` in the saves folder; waits until it is written."""

    def save(window, name: str, keys: str = "Ctrl+S"):
        path = saves_dir() / name
        monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *args, **kwargs: (str(path), ""))
        with qtbot.waitSignal(window.session.saved, timeout=10_000):
            qtbot.keySequence(window.focusWidget() or window, keys)
        return path

    return save


def test_a_game_with_no_name_saved_as_friday_is_called_friday(qtbot, save_as):
    session = session_for(started_game())
    window = shown(qtbot, session, active=True)
    assert window.windowTitle().startswith("Ann, Bo, Cy \u2014")

    path = save_as(window, "friday.json")

    qtbot.waitUntil(lambda: window.windowTitle().startswith("friday \u2014"))
    assert window.windowTitle() == f"friday \u2014 {session.ruleset.title} \u2014 Action Deck"
    title = window.windowTitle()
    window.close()
    again = shown(qtbot, open_session(path), active=True)  # File > Open or the start screen, later
    assert again.windowTitle() == title
    again.close()


def test_a_later_save_as_keeps_the_name_the_game_took(qtbot, save_as):
    window = shown(qtbot, session_for(started_game()), active=True)
    save_as(window, "friday.json")
    save_as(window, "friday-backup.json", "Ctrl+Shift+S")
    qtbot.waitUntil(lambda: window.session.save_path.name == "friday-backup.json")
    assert window.windowTitle().startswith("friday \u2014")
    window.close()


def test_a_game_with_a_name_keeps_it_when_saved(qtbot, save_as):
    window = shown(qtbot, session_for(started_game(), name="Cup final"), active=True)
    path = save_as(window, "friday.json")
    assert window.windowTitle().startswith("Cup final \u2014")
    window.close()
    assert shown(qtbot, open_session(path), active=True).windowTitle().startswith("Cup final \u2014")
