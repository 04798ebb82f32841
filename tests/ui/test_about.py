"""Help > About says plainly what the curtain protects and what it does not (README too)."""

from __future__ import annotations

from PySide6.QtWidgets import QMessageBox
from table_helpers import started_game

from desktop.model import GameSession
from desktop.ui.main_window import MainWindow


def test_the_about_box_says_the_files_show_every_hand(qtbot, monkeypatch):
    shown = []
    monkeypatch.setattr(QMessageBox, "about", lambda parent, title, text: shown.append((title, text)))
    window = MainWindow(GameSession(started_game()))
    qtbot.addWidget(window)
    help_menu = next(action.menu() for action in window.menuBar().actions() if action.text() == "&Help")
    [about] = [action for action in help_menu.actions() if action.text() == "&About Action Deck"]
    about.trigger()
    [(title, text)] = shown
    assert title == "About Action Deck"
    assert "stops a glance at a shared screen" in text and "not a lock" in text
    assert "seed" in text and "every hand" in text and "replay --json" in text
