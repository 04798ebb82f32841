"""Seats answered elsewhere (a player's phone: `session.set_remote_seat`): the shared screen's
curtain never passes to them nor shows their hands, their questions wait for their own front end,
and seats without one keep the curtain as before (docs/phones.md, "The shared screen")."""

from __future__ import annotations

from table_helpers import give, started_game

from desktop.model import GameSession
from desktop.model.curtain import NOBODY
from desktop.rulesets.twilight_imperium import actions as a


def recording(session) -> list[str]:
    asked: list[str] = []
    session.curtainRequested.connect(asked.append)
    return asked


def end_turn(session, seat: str) -> None:
    """`seat` ends its turn from its own front end, as a phone does (`by=seat`)."""
    offer = next(o for o in session.offers_of(seat) if o.seat == seat and o.kind == "end_turn")
    session.take_offer(offer, by=seat)
    if session.open_questions(seat):  # "End your turn?" and the like: yes
        asked = session.open_questions(seat)[0]
        assert session.answer(seat, asked.id, True)


def test_the_curtain_comes_up_only_for_the_seat_at_the_screen(qtbot):
    session = GameSession(started_game())
    curtain = recording(session)
    session.set_remote_seat("bo", True)
    session.set_remote_seat("cy", True)
    session.sync_viewer()
    assert curtain == ["ann"]  # Ann's turn: she plays at the screen
    session.confirm_viewer()
    assert session.viewer == "ann"

    assert session.submit(a.EndTurn(player="ann"))  # Bo's turn, on his phone
    assert curtain == ["ann"] and session.pending_viewer is None
    assert session.viewer is None, "Ann's hand stayed on the screen while Bo plays on his phone"
    end_turn(session, "bo")
    assert session.game.state.active == "cy"
    assert curtain == ["ann"] and session.viewer is None
    end_turn(session, "cy")
    assert session.game.state.active == "ann"
    assert curtain == ["ann", "ann"]  # back to the screen's seat, behind the curtain as ever


def test_with_every_seat_holding_secrets_on_a_phone_there_is_never_a_curtain(qtbot):
    session = GameSession(started_game())
    curtain = recording(session)
    for seat in ("ann", "bo", "cy"):
        session.set_remote_seat(seat, True)
    for _ in range(2):
        for seat in ("ann", "bo", "cy"):
            session.sync_viewer()
            assert session.viewer is None and session.pending_viewer is None
            end_turn(session, seat)
    assert curtain == []
    assert session.offers() == [o for o in session.offers() if o.seat is None], "a phone's entries at the screen"


def test_a_seat_paired_while_the_curtain_waits_for_it_lifts_it_and_unpaired_brings_it_back(qtbot):
    session = GameSession(started_game())
    curtain = recording(session)
    session.sync_viewer()
    assert session.pending_viewer == "ann"
    session.set_remote_seat("ann", True)
    assert session.pending_viewer is None and session.viewer is None
    session.set_remote_seat("ann", False)
    assert curtain == ["ann", "ann"] and session.pending_viewer == "ann"


def test_a_seat_looking_that_goes_to_its_phone_hides_its_hand(qtbot):
    session = GameSession(started_game())
    session.sync_viewer()
    session.confirm_viewer()
    assert session.viewer == "ann"
    session.set_remote_seat("ann", True)
    assert session.viewer is None and session.pending_viewer is None
    session.request_viewer("ann")  # the seat's own button at the screen: its phone shows its hand
    assert session.viewer is None and session.pending_viewer is None


def test_a_phone_seats_questions_stay_open_for_it_and_are_never_the_screens(qtbot):
    game = started_game()
    card = give(game, "bo", "Sabotage")
    session = GameSession(game)
    session.set_remote_seat("bo", True)
    session.sync_viewer()
    session.confirm_viewer()  # Ann looks at the screen
    board = next(o for o in session.offers_of("bo") if o.seat is None)  # the table's own entry
    assert not session.take_offer(board, by="bo")  # chosen on Bo's phone: its questions are open there
    asked = session.open_questions("bo")
    assert asked and asked[0].seat is None
    assert session.screen_questions() == []  # not the screen's to show, nor to wait for
    # Ann, at the screen, chooses an entry of Bo's: asked of Bo on his phone, no curtain.
    session.submit(a.Play(player="ann", card=give(session.game, "ann", "Economic Initiative")))
    mine = next((o for o in session.offers_of("bo") if o.seat == "bo"), None)
    if mine is not None:
        session.take_offer(mine)
        assert session.viewer == "ann" and session.pending_viewer is None
        assert all(q.seat != "bo" for q in session.screen_questions())
    assert card in session.game.state.hand("bo")


def test_the_screens_offers_leave_a_phone_seats_entries_to_its_phone(qtbot):
    game = started_game()
    give(game, "bo", "Sabotage")
    session = GameSession(game)
    session.sync_viewer()
    session.confirm_viewer()
    session.submit(a.Play(player="ann", card=give(session.game, "ann", "Economic Initiative")))
    assert any(o.seat == "bo" for o in session.offers()), "Bo has no entry to test with"
    session.set_remote_seat("bo", True)
    assert not any(o.seat == "bo" for o in session.offers())
    assert any(o.seat == "bo" for o in session.offers_of("bo"))  # on his phone
    assert session.responders().get("bo") is not None  # still a person who may answer


def test_news_for_the_screens_seat_is_seen_before_its_hand_is_hidden_for_a_phone(qtbot):
    session = GameSession(started_game())
    session.set_remote_seat("bo", True)
    session.sync_viewer()
    session.confirm_viewer()
    handed: list[str] = []
    session.handoverRequested.connect(handed.append)
    curtain = recording(session)
    session.submit(a.Politics(player="ann"))  # Ann draws 2; Bo answers Politics on his phone
    assert handed == [NOBODY] and session.viewer == "ann"  # she sees what she drew first
    session.finish_handover()
    assert session.viewer is None and session.pending_viewer is None and curtain == []


def test_the_app_does_not_wait_for_a_phones_open_question(qtbot):
    session = GameSession(started_game())
    session.set_app_seat("cy", True)
    session.set_remote_seat("bo", True)
    session.sync_viewer()
    session.confirm_viewer()
    board = next(o for o in session.offers_of("bo") if o.seat is None)
    session.take_offer(board, by="bo")
    assert session.open_questions("bo") and session.screen_questions() == []
    board = next(o for o in session.offers() if o.seat is None)
    session.take_offer(board)  # Ann opens one at the screen: that one the app waits for
    assert session.screen_questions()


def test_seats_planning_at_once_with_one_on_a_phone(qtbot):
    from desktop.rulesets.tempo import actions as tempo
    from tests.rulesets.tempo.helpers import card, new

    session = GameSession(new())  # Ann, Bo and the GM plan at once
    covered = recording(session)
    handed: list[str] = []
    session.handoverRequested.connect(handed.append)
    session.set_remote_seat("ann", True)
    session.sync_viewer()
    assert covered == ["bo"]  # the first planner at the screen; Ann plans on her phone meanwhile
    session.confirm_viewer()

    def plan(seat: str, character: str, action: str) -> None:
        assert session.submit(tempo.Plan(player=seat, card=card(session.game, character, action), tempo=-1))
        if session.handover is not None:  # the planner saw their plan: the screen passes on
            session.finish_handover()
        if session.pending_viewer is not None:
            session.confirm_viewer()

    plan("ann", "ann", "quick_attack")  # on her phone, while Bo looks: the screen stays with Bo
    assert session.viewer == "bo" and covered == ["bo"]
    plan("bo", "bo", "rest")
    plan("bo", "bo", "move")
    assert covered == ["bo", "gm"]
    for character, action in (("orc", "help"), ("orc", "slow_attack"), ("goblin", "quick_attack"), ("goblin", "move")):
        plan("gm", character, action)
    # Only Ann still plans, on her phone: the GM's plans are hidden, and no curtain comes.
    assert session.viewer is None and session.pending_viewer is None and covered == ["bo", "gm"]
    assert NOBODY in handed
