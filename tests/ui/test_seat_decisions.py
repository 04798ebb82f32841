"""A decision, a draw and a look belong to their seat: whoever is looking cannot answer another
seat's question or spend its cards; the screen passes to that seat first, and the question is
asked of it once it looks. One person against the app has no one to hide from: no curtain."""

from __future__ import annotations

import msgspec
import pytest
from PySide6.QtCore import Qt
from table_helpers import faces_on_table, give, started_game

from desktop.model import GameSession
from desktop.rulesets.twilight_imperium import actions as a
from desktop.ui.main_window import MainWindow


def answered_as_data(session, seat) -> None:
    """`seat` answers the questions the model holds open for it, as data (no dialog, no asker):
    the first option, the order as offered, the opening number or words, Yes."""
    for _ in range(20):
        found = session.open_questions(seat)
        if not found:
            return
        asked = found[0]
        if asked.preface or asked.kind == "confirm":
            value = True
        elif asked.kind == "order":
            value = [option.value for option in asked.options]
        elif asked.options:
            value = asked.options[0].value
        else:
            value = asked.initial
        assert session.answer(seat, asked.id, value), asked.text
    raise AssertionError("the questions never ended")


@pytest.fixture
def table(qtbot, people):
    """The window with its own asker: a person at the screen (`window.person`,
    tests/ui/at_the_screen.py) answers its questions in the real dialog."""

    def build(game, app_seats=(), alone_curtain=False):
        session = GameSession(game)
        session.curtain_when_alone = alone_curtain
        for seat in app_seats:
            session.set_app_seat(seat, True)
        session.hide_hands()
        window = MainWindow(session)  # its own asker: the real question dialog
        people(window)
        window.resize(1280, 720)
        window.show()
        return session, window

    return build


def offer_button(window, starts: str):
    return next(b for b in window.actions.buttons if getattr(b, "text", lambda: "")().startswith(starts))


def test_answering_another_seats_question_passes_the_screen_to_it_first(qtbot, table):
    game = started_game()
    session, window = table(game)
    window.curtain.button.click()  # Ann looks
    session.submit(a.Politics(player="ann"))  # Ann draws 2; Bo must answer Politics
    before = msgspec.msgpack.encode(game.state)

    qtbot.mouseClick(offer_button(window, "Bo:"), Qt.MouseButton.LeftButton)  # Ann clicks Bo's answer

    assert window.curtain.isVisible() and "Bo" in window.curtain.button.text()
    assert msgspec.msgpack.encode(game.state) == before  # no token spent, nothing drawn for Bo
    assert not [item for item in faces_on_table(window) if item.zone == "hand:ann"]

    qtbot.mouseClick(window.curtain.button, Qt.MouseButton.LeftButton)  # Bo looks
    qtbot.waitUntil(lambda: len(session.game.state.hand("bo")) == 2)  # Bo was asked, followed, drew
    assert session.viewer == "bo"
    shown = {item.card_id for item in faces_on_table(window) if item.zone == "hand:bo"}
    assert shown == set(session.game.state.hand("bo"))  # Bo had the private look at the two cards


def test_every_offer_of_another_seat_with_a_hand_moves_the_curtain_and_decides_nothing(qtbot):
    game = started_game()
    card = give(game, "ann", "Economic Initiative")
    game.apply(a.Play(player="ann", card=card, confirm=True))  # Ann's card is resolving
    session = GameSession(game)
    session.viewer = "bo"  # Bo is looking: he must not resolve Ann's card
    before = msgspec.msgpack.encode(game.state)
    theirs = [offer for offer in session.offers() if offer.seat not in (None, "bo")]
    assert theirs, "the test needs an offer of another seat"
    for offer in theirs:
        session.viewer, session.pending_viewer = "bo", None
        assert not session.take_offer(offer)
        assert session.pending_viewer == offer.seat and session.viewer is None
        assert session.open_questions("bo") == []  # nothing of Ann's is Bo's to answer
    assert msgspec.msgpack.encode(game.state) == before


def test_the_tables_own_entries_are_taken_by_whoever_looks_and_spend_nothing(qtbot):
    from desktop.engine import Game, GameSetup

    game = Game.new(GameSetup(ruleset="twilight-imperium", players=["Ann", "Bo", "Cy"], seed=3))
    session = GameSession(game)
    host = [offer for offer in session.offers() if offer.seat is None]
    assert {offer.kind for offer in host} >= {"set_initiative"}
    made = len(game.actions)
    if not session.take_offer(next(o for o in host if o.kind == "set_initiative")):
        answered_as_data(session, None)  # the table's own question: whoever is at the table
    assert len(game.actions) == made + 1 and game.actions[-1].type == "set_initiative"
    assert session.pending_viewer is None or session.pending_viewer in game.state.seat_ids()


def test_one_person_against_the_app_gets_no_curtain_unless_asked(qtbot, table):
    session, window = table(started_game(), app_seats=["bo", "cy"])
    session.sync_viewer()
    assert not window.curtain.isVisible() and session.viewer == "ann"
    assert {item.zone for item in faces_on_table(window)} >= {"hand:ann"} or not session.game.state.hand("ann")

    session, window = table(started_game(), app_seats=["bo", "cy"], alone_curtain=True)
    session.sync_viewer()
    assert window.curtain.isVisible() and session.pending_viewer == "ann"
