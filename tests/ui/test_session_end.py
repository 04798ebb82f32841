"""Ending a session the players choose, through the real window: a person playing with the app
is offered "End the session" at the system's sensible point, the real question dialog asks first
(Escape keeps playing, Return ends it), the table then says the session is over and offers
nothing, and the app's seats never end it for the person."""

from __future__ import annotations

import pytest
import shiboken6
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QPushButton

from desktop.engine import Game, GameSetup
from desktop.engine.actions import moves_on
from desktop.model import GameSession
from desktop.model.app_moves import ends
from desktop.ui.main_window import MainWindow
from desktop.ui.question_dialog import QuestionDialog

END = "End the session"


@pytest.fixture
def table(qtbot):
    def build(game, app_seats):
        session = GameSession(game)
        session.bot_pause_ms = 0
        window = MainWindow(session)  # the app's own asker: the real question dialog
        qtbot.addWidget(window)
        window.resize(1280, 720)
        window.show()
        qtbot.waitExposed(window)
        for number, seat in enumerate(app_seats):
            session.set_app_seat(seat, True, seed=number)
        return session, window

    return build


def end_button(window) -> QPushButton | None:
    found = [b for b in window.actions.buttons if isinstance(b, QPushButton) and b.text() == END]
    return found[0] if found else None


def click_and_answer(qtbot, window, key, seen: list[str]) -> None:
    """Clicks End the session and answers the dialog it opens with `key`."""

    def answer() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, QuestionDialog) or not shiboken6.isValid(dialog):
            QTimer.singleShot(10, answer)
            return
        seen.append(dialog.question.text())
        QTest.keyClick(dialog.focusWidget() or dialog, key)

    QTimer.singleShot(0, answer)
    button = end_button(window)
    qtbot.waitUntil(button.isVisible, timeout=1000)
    asked = len(seen)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    # The dialog does not hold the click: it is answered, then closes.
    qtbot.waitUntil(lambda: len(seen) > asked and window.questions.dialog is None, timeout=5000)


def test_a_person_ends_a_twilight_imperium_session_at_the_rounds_end(qtbot, table):
    from desktop.rulesets.twilight_imperium import actions as a

    game = Game.new(GameSetup(ruleset="twilight-imperium", players=["Ann", "Bo", "Cy"], seed=4))
    session, window = table(game, app_seats=["bo", "cy"])
    assert end_button(window) is None  # the strategy phase: not a round's end
    session.submit(a.SetInitiative(player="ann", order=["ann", "bo", "cy"]))
    session.submit(a.PassPhase(player="ann"))
    # Bo and Cy pass or play on; then the status draws, Ann's own when it comes
    for _ in range(200):
        if end_button(window) is not None:
            break
        mine = [act for act in session.game.legal_actions("ann")
                if moves_on(act) and not ends(act) and act.type not in ("play", "politics")]
        if mine:
            session.submit(mine[0])
        else:
            qtbot.wait(20)  # the app's seats play on their timer
    assert end_button(window) is not None, [b.text() for b in window.actions.buttons]
    assert session.game.state.phase == "status" and not any(a.type == "end_session" for a in session.game.actions)

    seen: list[str] = []
    click_and_answer(qtbot, window, Qt.Key.Key_Escape, seen)
    assert seen == ["End the session? Nothing more can be played in this game."]
    assert session.game.ruleset.finished(session.game.state) is None  # Escape: play goes on

    click_and_answer(qtbot, window, Qt.Key.Key_Return, seen)
    assert session.game.ruleset.finished(session.game.state) == "The session is over (round 1)."
    assert session.game.actions[-1].player == "ann"
    qtbot.waitUntil(lambda: "session is over" in window.banner.text(), timeout=2000)
    assert end_button(window) is None and session.offers() == []
    count = len(session.game.actions)
    qtbot.wait(100)  # the app's seats have nothing to do: the game stays as it ended
    assert len(session.game.actions) == count


def test_a_player_ends_a_future_imperfect_session_the_apps_master_runs(qtbot, table):
    game = Game.new(GameSetup(ruleset="future-imperfect", players=["Master", "Sid"], seed=4))
    session, window = table(game, app_seats=["master"])
    # The app's Master sets checks; Sid draws and takes his results. While his check waits for
    # its card he may end the session: a chance that lasts, not the app's pause between checks.
    for _ in range(200):
        check = session.game.state.check
        if session.game.state.checks >= 2 and check is not None and check.who == "sid" and check.phase == "draw":
            break
        mine = [act for act in session.game.legal_actions("sid") if act.type != "end_session"]
        if mine:
            session.submit(mine[0])
        else:
            qtbot.wait(20)
    qtbot.waitUntil(lambda: end_button(window) is not None, timeout=2000)
    qtbot.wait(50)  # the app's Master has nothing to do while Sid's card waits: the entry stays
    assert end_button(window) is not None
    assert not any(a.type == "end_session" for a in session.game.actions)  # the app left it to Sid

    seen: list[str] = []
    click_and_answer(qtbot, window, Qt.Key.Key_Return, seen)
    assert seen == ["End the session? Nothing more can be drawn in this game."]
    assert session.game.ruleset.finished(session.game.state).startswith("The session is over")
    qtbot.waitUntil(lambda: window.banner.text().startswith("The session is over"), timeout=2000)
    assert session.offers() == []
