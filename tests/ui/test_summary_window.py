"""A game to its end through the real window, and its summary (issue 29): a person plays one seat
against the app's seats, choosing from the window's own buttons and answering every question in
the real dialog (tests/ui/at_the_screen.py), the app's seats answering their windows; when the
system's end comes the summary opens by itself with the platform's and the system's sections,
naming no card hidden at the end; the table says the game is over where nobody can act; Game >
Summary of the game opens it again; Copy and Save as give its text."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QFileDialog, QLabel

from desktop.bots.random_bot import moves_on
from desktop.engine import Game, GameSetup
from desktop.model import GameSession
from desktop.model.app_moves import ends
from tests.engine.test_summary import LAST, PLATFORM, SECTIONS, hidden_names, leaks
from tests.ui.at_the_screen import AtTheScreen, person_at
from tests.ui.windows import shown

# system -> (players, the person's seat, the seed, when the person ends the game where the players
# end it: a session, or a scene ended by choice)
TABLES = {
    "twilight-imperium": (["Ann", "Bo"], "ann", 4, lambda game: game.state.round >= 2),
    "worlds-that-remember": (["Ann", "Bo"], "ann", 2, None),
    "future-imperfect": (["Master", "Sid"], "sid", 4, lambda game: game.state.checks >= 2),
    "price-of-power": (["Ann", "Bo"], "ann", 7, None),
    "tempo": (["Ann", "GM"], "ann", 3, lambda game: game.state.round >= 2),
}
MOST_CHOICES = 400  # the person's choices before a game must have ended


def table(qtbot, system: str):
    players, person, seed, _ = TABLES[system]
    game = Game.new(GameSetup(ruleset=system, players=players, seed=seed))
    session = GameSession(game)
    session.bot_pause_ms = 0
    for number, seat in enumerate(game.state.seat_ids()):
        if seat != person:
            session.set_app_seat(seat, True, seed=number)
    window = shown(qtbot, session, active=True)
    # Answers each question in the real dialog as it opens it, with Return; words where asked for.
    person_at(qtbot, window, AtTheScreen(words="as the board shows"))
    if session.viewer != person:
        session.request_viewer(person)
        if window.curtain.isVisible():
            window.curtain.button.click()
    return session, window


def ending(offer) -> bool:
    """An entry that ends the game: a session's end, or a scene's end chosen before it is decided."""
    return any(ends(action) or action.type == "end_scene" for action in offer.choices)


def wanted(offer, game, end_now) -> bool:
    """An entry the person may choose: a move that moves the game on, the end only when wanted."""
    choices = offer.choices
    if ending(offer):
        return end_now is not None and end_now(game)
    return any(moves_on(action) for action in choices)


def play_to_the_end(qtbot, session, window, system: str) -> None:
    """The person clicks one of the window's buttons for their own moves (at random, a person's
    own pace), the dialog answered as it opens; else waits for the app's seats."""
    _, person, seed, end_now = TABLES[system]
    chooser = random.Random(seed)
    for _ in range(MOST_CHOICES):
        if session.ruleset.finished(session.game.state) is not None:
            return
        shown_offers = list(zip(window.actions.buttons, window.actions._offers))
        mine = [(button, offer) for button, offer in shown_offers
                if offer.seat in (person, None) and wanted(offer, session.game, end_now)]
        version = session.offers_key
        if not mine:
            qtbot.waitUntil(lambda seen=version: session.offers_key != seen
                            or session.ruleset.finished(session.game.state) is not None, timeout=5000)
            continue
        last = [pair for pair in mine if ending(pair[1])]
        button, _ = last[0] if last else chooser.choice(mine)
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: window.questions.dialog is None, timeout=5000)
    raise AssertionError(f"{system}: no end after {MOST_CHOICES} of the person's choices")


def dialog_texts(dialog) -> list[str]:
    return [dialog.heading.text()] + [label.text() for label in dialog.findChildren(QLabel) if label.isVisibleTo(dialog)]


@pytest.mark.parametrize("system", list(TABLES))
def test_a_person_plays_against_the_app_to_the_end_and_the_summary_shows(qtbot, system):
    session, window = table(qtbot, system)
    play_to_the_end(qtbot, session, window, system)
    game = session.game
    qtbot.waitUntil(lambda: window.summary.dialog is not None and window.summary.dialog.isVisible(), timeout=3000)
    dialog = window.summary.dialog
    summary = dialog.summary
    assert summary.ended == game.ruleset.finished(game.state)
    titles = [section.title for section in summary.sections]
    assert titles[:2] == PLATFORM and titles[-1] == LAST and all(title in titles for title in SECTIONS[system]), titles
    texts = dialog_texts(dialog)
    assert summary.title in texts and all(title in texts for title in titles)
    players = next(section for section in summary.sections if section.title == "The players").lines
    person = TABLES[system][1]
    assert f"{session.view().seat_name(person)}: a person" in players
    assert any("the app (Standard)" in line for line in players)
    assert not leaks("\n".join(texts), hidden_names(game))
    assert window.actions.summary.isVisible()  # offered under the actions as long as the end holds
    assert window.person.stuck == []


def test_the_ended_table_says_the_game_is_over_and_offers_the_summary(qtbot):
    """Where nobody can act at the end (a session the players ended), the table no longer says
    nobody can act with the hands shown: it says the game is over, and the summary is a click away;
    closed, the summary opens again from the Game menu."""
    session, window = table(qtbot, "future-imperfect")
    play_to_the_end(qtbot, session, window, "future-imperfect")
    qtbot.waitUntil(lambda: window.summary.dialog is not None and window.summary.dialog.isVisible(), timeout=3000)
    notes = [widget.text() for widget in window.actions.buttons if isinstance(widget, QLabel)]
    assert len(notes) == 1 and notes[0].startswith("The session is over") and "The game is over" in notes[0]
    assert "Nobody can act" not in notes[0]
    dialog = window.summary.dialog
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    assert not dialog.isVisible()
    assert window.summary.action in window.menus.game.actions()
    window.summary.action.trigger()
    assert dialog.isVisible()
    dialog.close_button.setFocus()
    qtbot.keyClick(dialog.close_button, Qt.Key.Key_Return)
    assert not dialog.isVisible()
    qtbot.mouseClick(window.actions.summary, Qt.MouseButton.LeftButton)
    assert dialog.isVisible()
    window.close()  # the table goes, and its summary with it: left open, it kept the keyboard
    assert not dialog.isVisible()


def test_the_summary_is_copied_and_saved_as_text(qtbot, tmp_path, monkeypatch):
    session, window = table(qtbot, "future-imperfect")
    play_to_the_end(qtbot, session, window, "future-imperfect")
    qtbot.waitUntil(lambda: window.summary.dialog is not None and window.summary.dialog.isVisible(), timeout=3000)
    dialog = window.summary.dialog
    text = dialog.summary.text()
    assert text.startswith(dialog.summary.title) and "Who did what" in text
    qtbot.mouseClick(dialog.copy, Qt.MouseButton.LeftButton)
    assert QGuiApplication.clipboard().text() == text
    target = tmp_path / "friday"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *args, **kw: (str(target), "")))
    qtbot.mouseClick(dialog.save, Qt.MouseButton.LeftButton)
    written = tmp_path / "friday.txt"  # the text file's suffix, when none was typed
    assert written.read_text(encoding="utf-8") == text
    assert dialog.note.text() == "Saved as friday.txt."
    # A place that cannot be written: one sentence, the dialog still open, nothing else lost.
    folder = tmp_path / "a folder.txt"
    folder.mkdir()
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *args, **kw: (str(folder), "")))
    qtbot.mouseClick(dialog.save, Qt.MouseButton.LeftButton)
    assert dialog.note.text().startswith("The summary could not be saved as a folder.txt")
    assert dialog.isVisible() and written.read_text(encoding="utf-8") == text


def test_a_game_opened_at_its_end_offers_the_summary_without_opening_it(qtbot):
    session, window = table(qtbot, "future-imperfect")
    play_to_the_end(qtbot, session, window, "future-imperfect")
    again = GameSession(Game.replay(session.game.setup, list(session.game.actions)))
    # Worked out off the UI thread at the end, shown a moment later.
    qtbot.waitUntil(lambda: window.summary.dialog is not None and window.summary.dialog.isVisible(), timeout=3000)
    window.summary.dialog.close()
    window.set_session(again)
    assert window.actions.summary.isVisible() and not window.summary.dialog.isVisible()


def test_the_summary_at_an_end_is_worked_out_while_the_table_goes_on(qtbot, monkeypatch):
    """The summary replays the whole game (a long game's takes a good part of a second): at an end
    reached in play it is worked out beside the table, which shows the move that ended it at
    once, and opens when it is ready."""
    import threading

    from desktop.model import ending as model_ending

    release, real = threading.Event(), model_ending.summarize

    def slow(game, players):
        release.wait(10)  # as long as the test holds it
        return real(game, players)

    monkeypatch.setattr(model_ending, "summarize", slow)
    session, window = table(qtbot, "future-imperfect")
    play_to_the_end(qtbot, session, window, "future-imperfect")  # the move that ended it is made
    qtbot.wait(50)
    assert window.summary.dialog is None or not window.summary.dialog.isVisible()
    assert window.actions.summary.isVisible()  # the table already says the game is over
    release.set()
    qtbot.waitUntil(lambda: window.summary.dialog is not None and window.summary.dialog.isVisible(), timeout=3000)
    assert window.summary.dialog.summary.title.startswith("Future Imperfect")
