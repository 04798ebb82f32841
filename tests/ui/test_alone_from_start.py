"""One person against the app looks from the start (issue 26, leftovers): a game started, or
reopened, on the turn of a seat the app plays shows the person's hand at once, with no curtain
and no "Show my hand" to click, and the app moves. Only their own Hide hands keeps it hidden.
Through the real opening path (desktop/app.py) and the real window."""

from __future__ import annotations

import pytest
from table_helpers import faces_on_table, give, started_game
from test_seat_authority import EndsTurns

from desktop.app import open_session, session_for
from desktop.storage.paths import saves_dir
from tests.ui.windows import shown

APP = ("bo", "cy")


def cy_first():
    """Twilight Imperium's action phase with Cy to act first, Bo next, Ann (the person) last;
    Ann holds a card only her hand shows."""
    game = started_game(("Cy", "Bo", "Ann"))
    assert game.state.active == "cy"
    return game, give(game, "ann", "Morale Boost")


def ann_sees_her_hand(window, secret: str | None) -> None:
    """Ann looks, no curtain; her hand is the window's own zone, `secret` in it face up."""
    assert window.session.viewer == "ann"
    assert not window.curtain.isVisible()
    assert window.own_zone() is not None and window.own_zone() is window.zone("hand:ann")
    if secret is not None:
        assert any(item.card_id == secret for item in faces_on_table(window)), "Ann's hand is not shown"


def new_game(qtbot):
    game, secret = cy_first()
    return session_for(game, app_seats=APP), secret


def reopened_save(qtbot):
    game, secret = cy_first()
    first = session_for(game, name="Friday", app_seats=APP)
    first.bot_pause_ms = 60_000
    path = saves_dir() / "friday.json"
    first.save(path, wait=True)
    first.close()
    return open_session(path), None  # a save replays its actions: the card given by hand is not in it


def continued_autosave(qtbot):
    game, secret = cy_first()
    first = session_for(game, name="Friday", app_seats=APP)
    path = first.journal.path
    first.close()
    return open_session(path), None


@pytest.mark.parametrize("opening", [new_game, reopened_save, continued_autosave])
def test_alone_against_the_app_the_hand_is_shown_on_the_apps_turn(qtbot, opening):
    session, secret = opening(qtbot)
    session.bot_pause_ms = 0
    moves = len(session.game.actions)
    window = shown(qtbot, session)

    ann_sees_her_hand(window, secret)
    qtbot.waitUntil(lambda: len(session.game.actions) > moves, timeout=10_000)  # the app moves
    assert session.game.actions[moves].player == "cy"
    assert session.viewer == "ann" and not window.curtain.isVisible()
    session.close()


def test_hide_hands_keeps_the_hand_hidden_while_the_app_moves(qtbot):
    """Ctrl+H is the person's: the app's moves do not bring the hand back; their own turn does."""
    session, secret = new_game(qtbot)
    session.app_seats.update(bo=EndsTurns(), cy=EndsTurns())  # no card of theirs for Ann to answer
    session.bot_pause_ms = 60_000  # the app waits while Ann hides her hand
    window = shown(qtbot, session)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    ann_sees_her_hand(window, secret)
    qtbot.keySequence(window.focusWidget() or window, "Ctrl+H")
    assert session.viewer is None
    seen = []  # whether Ann's card was face up after each of the app's moves
    session.changed.connect(lambda _: seen.append((session.game.state.active, session.viewer)))
    session.bot_pause_ms = 0
    session._bot_timer.start(0)  # the app moves now
    qtbot.waitUntil(lambda: session.game.state.active == "ann", timeout=10_000)  # Cy and Bo moved
    assert ("bo", None) in seen and ("bo", "ann") not in seen, seen  # hidden while the app played
    ann_sees_her_hand(window, secret)  # her turn: she looks again, no click asked
    session.close()


def test_with_the_curtain_wanted_alone_nobody_looks_on_the_apps_turn(qtbot):
    """View > "Cover the screen between turns when playing alone": the hand stays hidden until
    the person lifts the curtain on their turn."""
    game, secret = cy_first()
    session = session_for(game, app_seats=APP)
    session.curtain_when_alone = True
    session.bot_pause_ms = 60_000
    window = shown(qtbot, session)
    assert session.viewer is None
    assert not any(item.card_id == secret for item in faces_on_table(window))
    session.close()
