"""The window's question dialog is one front end of the model's conversation, and nothing waits
for a person inside a call stack: a click opens the move's question in the model and returns,
with the real dialog open on it; each answer goes through the session. A dropped card stays
where it was dropped while its move is asked about, and glides back when it is not made; the
dialog goes when the person leaves, when the game moves past its move, and shows a question
changed by a move made elsewhere as it now stands."""

from __future__ import annotations

import msgspec
import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from table_helpers import drag, give, started_game

from desktop.model import GameSession
from desktop.rulesets.twilight_imperium import actions as a
from desktop.ui.main_window import MainWindow


@pytest.fixture
def window_of(qtbot):
    """The real window with its own asker (the real question dialog), `seat` looking."""

    def build(game, seat="ann"):
        session = GameSession(game)
        window = MainWindow(session)
        qtbot.addWidget(window)
        window.resize(1280, 720)
        window.show()
        qtbot.waitExposed(window)
        session.request_viewer(seat)
        qtbot.mouseClick(window.curtain.button, Qt.MouseButton.LeftButton)
        assert session.viewer == seat
        return session, window

    return build


def state(session) -> bytes:
    return msgspec.msgpack.encode(session.game.state)


def entry(window, seat, kind):
    return next(button for button, offer in zip(window.actions.buttons, window.actions._offers)
                if offer.seat == seat and offer.kind == kind)


def key(dialog, which) -> None:
    """A key to the dialog's field holding the keyboard (or the dialog)."""
    QTest.keyClick(dialog.focusWidget() or dialog, which)


def test_a_click_returns_with_the_question_open_as_data_and_the_dialog_answers_it(qtbot, window_of):
    game = started_game()
    card = give(game, "ann", "Spy")
    session, window = window_of(game)
    before = state(session)

    qtbot.mouseClick(entry(window, "ann", "play"), Qt.MouseButton.LeftButton)

    # The click is over: nothing waited for Ann. Her question is the model's, on screen.
    asked, = session.open_questions("ann")
    dialog = window.questions.dialog
    assert dialog is not None and dialog.isVisible() and dialog.question.text() == asked.text
    assert asked.kind == "seat" and state(session) == before
    dialog.body.setCurrentRow(1)  # Cy
    key(dialog, Qt.Key.Key_Return)
    confirm, = session.open_questions("ann")
    assert confirm.answered == ((asked.text, "Cy"),) and dialog.question.text() == confirm.text
    key(dialog, Qt.Key.Key_Return)  # Yes: it can fully resolve
    qtbot.waitUntil(lambda: window.questions.dialog is None)
    assert session.game.actions[-1] == a.Play(player="ann", card=card, target_player="cy", confirm=True)
    assert session.open_questions("ann") == []


def test_escape_leaves_the_move_and_the_model_holds_nothing_open(qtbot, window_of):
    game = started_game()
    give(game, "ann", "Spy")
    session, window = window_of(game)
    before = state(session)
    qtbot.mouseClick(entry(window, "ann", "play"), Qt.MouseButton.LeftButton)
    key(window.questions.dialog, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: window.questions.dialog is None)
    assert session.open_questions("ann") == [] and state(session) == before


def test_a_dropped_card_waits_where_it_was_dropped_and_glides_back_when_not_played(qtbot, window_of, monkeypatch):
    game = started_game()
    card = give(game, "ann", "Spy")
    session, window = window_of(game)
    item = window.zone("hand:ann").card_widget(card)

    drag(monkeypatch, item, window.zone("play"))

    assert window.questions.dialog is not None and session.open_questions("ann")
    assert item.pos() != item.home, "the card went back before its move was answered"
    key(window.questions.dialog, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: window.questions.dialog is None)
    qtbot.waitUntil(lambda: item.pos() == item.home)  # glided back: nothing was played
    assert card in session.game.state.zones["hand:ann"].cards


def test_the_dialog_goes_with_the_person_when_the_curtain_comes_up(qtbot, window_of):
    game = started_game()
    give(game, "ann", "Spy")
    session, window = window_of(game)
    before = state(session)
    qtbot.mouseClick(entry(window, "ann", "play"), Qt.MouseButton.LeftButton)
    assert window.questions.dialog is not None

    session.request_viewer("bo")  # the screen passes (the window was left, a seat called)

    assert window.curtain.isVisible() and window.questions.dialog is None
    assert session.open_questions("ann") == [] and state(session) == before


def test_a_move_the_game_moved_past_closes_its_dialog(qtbot, window_of):
    """Ann's Spy is being asked about when her turn is ended elsewhere (another front end):
    the dialog closes by itself, and nothing is played."""
    game = started_game()
    card = give(game, "ann", "Spy")
    session, window = window_of(game)
    qtbot.mouseClick(entry(window, "ann", "play"), Qt.MouseButton.LeftButton)
    dialog = window.questions.dialog

    session.submit(a.EndTurn(player="ann"))

    qtbot.waitUntil(lambda: window.questions.dialog is None and not dialog.isVisible())
    assert card in session.game.state.zones["hand:ann"].cards


def test_a_question_changed_by_a_move_made_elsewhere_is_shown_as_it_now_stands(qtbot, window_of):
    """Tempo Combat: Ann's plan is being asked (which action?) when one of her actions is planned
    from elsewhere: the list she sees no longer offers it."""
    from desktop.rulesets.tempo import actions as t
    from tests.rulesets.tempo.helpers import card, new

    session, window = window_of(new())
    qtbot.mouseClick(entry(window, "ann", "plan"), Qt.MouseButton.LeftButton)
    dialog = window.questions.dialog
    listed = {dialog.body.item(row).text() for row in range(dialog.body.count())}
    move = card(session.game, "ann", "move")
    name = session.view().card_name(move)
    assert name in listed

    session.submit(t.Plan(player="ann", card=move))

    qtbot.waitUntil(lambda: name not in {dialog.body.item(row).text() for row in range(dialog.body.count())})
    assert 0 < dialog.body.count() < len(listed)
    assert window.questions.dialog is dialog and dialog.isVisible()
