"""Opening a game in the app when its autosave is damaged, or when it is open in another window
(docs/save-format.md sections 4 and 8): the player is told in one sentence, and nothing is lost."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from desktop.app import open_session, session_for
from desktop.engine import Game, GameSetup
from desktop.model import library
from desktop.storage import write_save
from desktop.storage.journal import resume

ROOT = Path(__file__).resolve().parents[2]
HOLDER = """
import sys
from desktop.storage.lock import GameLock
lock = GameLock.take(sys.argv[1])
print("held", flush=True)
sys.stdin.readline()
"""


def game() -> Game:
    return Game.new(GameSetup(ruleset="twilight-imperium", players=["Ann", "Bo"], seed=31))


@pytest.fixture
def told(monkeypatch):
    """What the app says in message boxes, and its questions in the real question dialog,
    answered with `answer[0]` (Yes: Return once the dialog's Yes is armed; No: Escape)."""
    from PySide6.QtCore import Qt, QTimer
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication, QDialogButtonBox

    from desktop.ui.question_dialog import QuestionDialog

    said: list[str] = []
    answer = [QMessageBox.StandardButton.Yes]
    read = []

    def information(parent, title, text, *args):
        said.append(text)

    def look() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, QuestionDialog) or not dialog.isVisible() or dialog.buttons is None:
            return
        yes = answer[0] == QMessageBox.StandardButton.Yes
        if yes and not dialog.buttons.button(QDialogButtonBox.StandardButton.Yes).isEnabled():
            return  # not armed yet
        if dialog not in read:
            read.append(dialog)
            said.append(dialog.question.text())
        QTest.keyClick(dialog, Qt.Key.Key_Return if yes else Qt.Key.Key_Escape)

    monkeypatch.setattr(QMessageBox, "information", information)
    person = QTimer()
    person.setInterval(10)
    person.timeout.connect(look)
    person.start()
    yield said, answer
    person.stop()


def test_a_damaged_autosave_opens_on_the_actions_before_the_damage_and_says_so(qtbot, told):
    said, _ = told
    first = session_for(game(), name="Campaign")
    for _ in range(4):  # the damage is then not the last line (a torn last line is no damage)
        first.submit(first.game.legal_actions()[0])
    kept = list(first.game.actions[:2])
    first.close()
    path = first.journal.path
    lines = path.read_bytes().split(b"\n")
    lines[3] = b'{"do": {"type": "set_initiative", "pla'  # the third action, torn in the middle
    damaged = b"\n".join(lines)
    path.write_bytes(damaged)

    session = open_session(path)  # what Continue on the start screen and Game > Open do
    assert session.game.actions == kept
    [sentence] = said
    assert sentence.startswith("Line 4 of the autosave is damaged, so the game goes on from the 2 "
                               "actions before it")
    aside = next(path.parent.glob(f"{path.stem}.damaged-*.jsonl"))
    assert aside.read_bytes() == damaged and aside.name in sentence
    session.submit(session.game.legal_actions()[0])
    session.close()
    assert resume(path).game.actions[:2] == kept and resume(path).damage is None
    assert [found.path for found in library.recent_games()] == [path]  # the copy is not a game


def test_a_game_open_in_another_process_is_offered_as_a_read_only_copy(qtbot, told, tmp_path):
    said, answer = told
    save = tmp_path / "friday.json"
    write_save(game(), save)
    before = save.read_bytes()
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(save)], cwd=ROOT, text=True,
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    try:
        assert holder.stdout.readline().strip() == "held"
        copy = open_session(save)
        assert said[0].startswith("friday.json is open in another Action Deck window")
        assert copy.journal is None and copy.save_path is None  # nothing it does is written
        assert copy.read_only and copy.name == "friday"  # named as a window that has it names it
        assert not copy.submit(copy.game.legal_actions()[0])  # refused: nothing played is lost
        assert copy.notices[-1] == "This is a read-only copy: the game is open in another window."
        copy.close()
        answer[0] = QMessageBox.StandardButton.No
        assert open_session(save) is None
    finally:
        holder.stdin.close()
        holder.wait(timeout=60)
    assert save.read_bytes() == before
    session = open_session(save)  # released: it opens for real, and holds the save itself
    assert session.journal is not None and session.save_path == save
    answer[0] = QMessageBox.StandardButton.Yes
    assert open_session(save).journal is None  # a second window of this app gets the copy too
    session.close()


def test_two_windows_never_continue_one_autosave(qtbot, told):
    said, answer = told
    first = session_for(game())
    first.submit(first.game.legal_actions()[0])
    answer[0] = QMessageBox.StandardButton.No
    assert open_session(first.journal.path) is None
    assert "open in another Action Deck window" in said[0]
    first.close()
    again = open_session(first.journal.path)
    assert again.journal is not None
    again.close()


def test_the_start_screen_says_an_autosave_is_damaged_before_it_is_opened(qtbot):
    from desktop.ui.start import StartDialog

    first = session_for(game(), name="Campaign")
    for _ in range(4):
        first.submit(first.game.legal_actions()[0])
    first.close()
    path = first.journal.path
    lines = path.read_bytes().split(b"\n")
    lines[3] = b"\xff damaged"
    path.write_bytes(b"\n".join(lines))
    [listed] = library.recent_games()
    assert listed.damaged_line == 4 and listed.step == 2  # what the game opens on
    dialog = StartDialog(library.distinct(library.recent_games()), library.demo_systems())
    qtbot.addWidget(dialog)
    from PySide6.QtWidgets import QTreeWidget

    rows = [tree.topLevelItem(0) for tree in dialog.findChildren(QTreeWidget) if tree.topLevelItemCount()]
    assert rows[0].text(4) == "2 (damaged)"
    assert rows[0].toolTip(1).startswith("Line 4 of this autosave is damaged")
