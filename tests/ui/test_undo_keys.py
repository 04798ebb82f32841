"""The Undo and Redo keys (issue 26, leftovers): every key the platform has for them, and
Ctrl+Shift+Z for Redo on every platform, as docs/table.md says. Pressed in the real window by the
seat looking, each takes back or brings back that seat's own move."""

from __future__ import annotations

import msgspec
import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from table_helpers import started_game

from desktop.model import GameSession
from desktop.rulesets.twilight_imperium import actions as a
from tests.ui.windows import shown


@pytest.fixture
def ann_looking(qtbot):
    """Ann looks at the real window, active, after a move of her own (the table's board event)."""
    session = GameSession(started_game())
    session.bot_pause_ms = 0
    session.hide_hands()
    window = shown(qtbot, session, active=True)
    qtbot.mouseClick(window.curtain.button, Qt.MouseButton.LeftButton)
    assert session.viewer == "ann"
    before = state(session)
    session.submit(a.Declare(player="ann", event="combat-round-start"))
    return session, window, before, state(session)


def state(session) -> bytes:
    return msgspec.msgpack.encode(session.game.state)


def press(qtbot, window, keys: QKeySequence) -> None:
    qtbot.keySequence(window.focusWidget() or window, keys)


def test_every_redo_key_brings_back_the_move(qtbot, ann_looking):
    """Ctrl+Shift+Z, and each key the platform binds to Redo (Ctrl+Y here), redoes."""
    session, window, before, after = ann_looking
    keys = ["Ctrl+Shift+Z", *[key.toString() for key in QKeySequence.keyBindings(QKeySequence.StandardKey.Redo)]]
    for key in keys:
        press(qtbot, window, QKeySequence("Ctrl+Z"))
        assert state(session) == before
        press(qtbot, window, QKeySequence(key))
        assert state(session) == after, f"{key} did not redo"


def test_every_undo_key_takes_back_the_move(qtbot, ann_looking):
    """Each key the platform binds to Undo (Ctrl+Z, Alt+Backspace here) undoes."""
    session, window, before, after = ann_looking
    for key in [key.toString() for key in QKeySequence.keyBindings(QKeySequence.StandardKey.Undo)]:
        press(qtbot, window, QKeySequence(key))
        assert state(session) == before, f"{key} did not undo"
        press(qtbot, window, QKeySequence("Ctrl+Shift+Z"))
        assert state(session) == after


def test_the_docs_name_the_keys_the_window_has(qtbot, ann_looking):
    """docs/table.md's keyboard section names Ctrl+Z for Undo and Ctrl+Shift+Z and Ctrl+Y for Redo:
    the window has each of them."""
    from pathlib import Path

    _, window, _, _ = ann_looking
    docs = Path(__file__).parents[2].joinpath("docs", "table.md").read_text(encoding="utf-8")
    keyboard = docs[docs.index("## Keyboard and accessibility"):]
    assert "Ctrl+Z undo" in keyboard and "Ctrl+Shift+Z or Ctrl+Y redo" in keyboard
    assert QKeySequence("Ctrl+Z") in window.menus.undo_action.shortcuts()
    assert {QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")} <= set(window.menus.redo_action.shortcuts())
