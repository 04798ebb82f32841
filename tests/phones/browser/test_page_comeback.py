"""The phone page on a real Wi-Fi, in a real browser: a reload, a dropped socket, a socket that
looks open and is dead, the table stopping and starting again each bring the phone back to the
same seat with the view of now; an action the table took whose reply was lost is taken once; an
action built on an old view is refused with the sentence; a code typed, a wrong code, a seat
unpaired at the table; a buzz when the seat must act (docs/phones.md, "The phone page")."""

from __future__ import annotations

import re

from desktop.phones import desk, pairing, protocol, seat_feed
from tests.phones.browser.chromium import SocketGate
from tests.phones.phone_client import new_session

DRAW = "Your turn: draw the resolution card"
TOKEN = "localStorage.getItem('actiondeck-token')"


def move(session, seat: str, label: str, *answers) -> None:
    """`seat` takes its entry `label` and answers its questions (the values given, then each at
    its default) through the model, as another front end would: the table moves on elsewhere."""
    offer = next(offer for offer in session.offers_of(seat) if offer.label == label)
    session.take_offer(offer, by=seat)
    given = list(answers)
    while questions := session.open_questions(seat):
        asked = questions[0]
        answer = given.pop(0) if given else seat_feed.shown(asked).default
        if answer is None:
            answer = True if asked.kind == "confirm" else asked.ask.low if asked.kind == "number" else 0
        value, problem = seat_feed.value_of(asked, answer)
        assert not problem and session.answer(seat, asked.id, value)


def bo_checks(session) -> None:
    """Ann sets a check for Bo (the second seat): Bo's turn to draw."""
    move(session, "ann", "Set a simple check", 1)


def test_a_reload_comes_back_to_the_same_seat_with_the_view_of_now(serve, browser):
    session = new_session("future-imperfect")
    server = serve(session)
    gate = SocketGate()
    bo = browser.phone(server.invitation("bo").url, gate=gate)
    assert bo.evaluate("location.pathname") == "/"  # the spent pairing address is gone from the bar
    assert bo.evaluate(TOKEN)
    gate.hold_views = True  # Bo's phone misses what happens next
    bo_checks(session)
    gate.until_held()
    gate.hold_views = False
    bo.says("Nothing to do now.")
    bo.reload()
    bo.says(DRAW)
    assert bo.text("#seat") == "Bo"
    assert server.paired_seats() == ["bo"] and server.invitation("bo") is None  # not paired again
    assert [message["type"] for message in gate.sent] == ["join", "resume"]
    bo.take("Draw the resolution card")
    assert session.game.actions[-1].player == "bo"
    assert bo.problems == []


def test_a_dropped_socket_comes_back_to_the_same_seat_with_the_view_of_now(serve, browser):
    session = new_session("future-imperfect")
    server = serve(session)
    gate = SocketGate()
    bo = browser.phone(server.invitation("bo").url, gate=gate)
    gate.hold_views = True
    bo_checks(session)
    gate.until_held()
    gate.hold_views = False
    bo.says("Nothing to do now.")
    gate.drop()
    bo.says(DRAW)
    assert gate.sockets == 2 and gate.sent[-1]["type"] == "resume"
    bo.link("")
    bo.take("Draw the resolution card")
    assert session.game.actions[-1].player == "bo"


def test_a_socket_that_looks_open_but_is_dead_is_given_up_when_the_phone_wakes(serve, browser):
    session = new_session("future-imperfect")
    server = serve(session)
    gate = SocketGate()
    bo = browser.phone(server.invitation("bo").url, gate=gate)
    gate.die()  # asleep: the socket stays open on the phone, and nothing passes any more
    bo_checks(session)
    gate.until_held()
    bo.says("Nothing to do now.")
    bo.evaluate("document.dispatchEvent(new Event('visibilitychange'))")  # the phone wakes
    bo.says(DRAW)  # a look unanswered, the socket given up, a new one: the view of now
    assert gate.sockets == 2 and {"type": "look"} in gate.sent


def test_the_table_stopping_and_starting_again_brings_the_phones_back(serve, browser):
    session = new_session("future-imperfect")
    server = serve(session)
    ann = browser.phone(server.invitation("ann").url)
    bo = browser.phone(server.invitation("bo").url)
    port = int(server.address.rsplit(":", 1)[1])
    server.stop()
    bo.link("Not connected: trying again…")
    bo_checks(session)
    server.start("127.0.0.1", port=port)
    bo.says(DRAW)
    ann.says("Nothing to do now.")
    bo.link("")
    assert server.connected_seats() == ["ann", "bo"]
    bo.take("Draw the resolution card")
    assert session.game.actions[-1].player == "bo"


def test_an_action_taken_whose_reply_was_lost_is_sent_again_and_taken_once(serve, browser):
    session = new_session("future-imperfect")
    server = serve(session)
    gate = SocketGate()
    bo = browser.phone(server.invitation("bo").url, gate=gate)
    bo_checks(session)
    bo.says(DRAW)
    gate.hold_replies = True  # the table takes the draw; its reply and the new view are lost
    bo.take("Draw the resolution card", wait=False)
    browser.qtbot.waitUntil(lambda: len(session.game.actions) == 2)  # the table has taken it
    taken = len(session.game.actions)
    gate.hold_replies = False
    gate.drop()
    bo.idle()  # back, and the action answered
    sends = [message for message in gate.sent if message["type"] == "take"]
    assert len(sends) == 2 and sends[0] == sends[1]  # the same id, the same version
    assert len(session.game.actions) == taken == 2  # the check, the draw: once
    bo.says(re.compile("^Your turn: take a result"))


def test_an_action_on_an_old_view_is_refused_with_the_sentence(serve, browser):
    session = new_session("future-imperfect")
    server = serve(session)
    gate = SocketGate()
    bo = browser.phone(server.invitation("bo").url, gate=gate)
    gate.hold_views = True  # the next view is lost on the way
    move(session, "ann", "Draw a playing card")
    gate.until_held()
    gate.hold_views = False
    actions = len(session.game.actions)
    bo.take("End the session")  # built on the view Bo's phone still shows
    bo.notice(protocol.STALE)
    assert len(session.game.actions) == actions and session.every_question() == []
    bo_checks(session)
    bo.says(DRAW)  # the page has the view of now again and goes on
    bo.take("Draw the resolution card")
    assert session.game.actions[-1].player == "bo"


def test_a_typed_code_pairs_and_a_wrong_one_is_refused_in_words(serve, browser):
    server = serve(new_session("future-imperfect"))
    cy = browser.phone(server.address + "/", seated=False)
    cy.expect(lambda expect, page: expect(page.locator("#join")).to_be_visible())
    for code in ("ZZZZZZ", server.invitation("cy").code.lower()):
        cy.run(lambda code=code: cy.page.locator("#code").fill(code))
        cy.run(lambda: cy.page.locator("#join-button").click())
        if code == "ZZZZZZ":
            cy.notice(pairing.WRONG)
    cy.expect(lambda expect, page: expect(page.locator("#play")).to_be_visible())
    assert cy.text("#seat") == "Cy" and server.paired_seats() == ["cy"]
    assert cy.evaluate(TOKEN)


def test_a_seat_unpaired_at_the_table_is_told_and_asked_for_a_code(serve, browser):
    server = serve(new_session("future-imperfect"))
    bo = browser.phone(server.invitation("bo").url)
    server.unpair("bo")
    bo.notice(desk.UNPAIRED)
    bo.expect(lambda expect, page: expect(page.locator("#join")).to_be_visible())
    assert bo.evaluate(TOKEN) is None
    bo.run(lambda: bo.page.locator("#code").fill(server.invitation("bo").code))
    bo.run(lambda: bo.page.locator("#join-button").click())
    bo.says("Nothing to do now.")


BUZZES = """
window.buzzes = [];
Object.defineProperty(navigator, "vibrate", {value: (pattern) => { window.buzzes.push(pattern); return true; }});
"""


def test_the_phone_buzzes_once_when_its_seat_must_act(serve, browser):
    session = new_session("future-imperfect")
    server = serve(session)
    bo = browser.phone(server.invitation("bo").url, script=BUZZES)
    bo.run(lambda: bo.page.locator("#top").click())  # a browser buzzes only for a page touched once
    bo_checks(session)
    bo.says(DRAW)
    assert len(bo.evaluate("window.buzzes")) == 1
    move(session, "bo", "Draw the resolution card")
    bo.says(re.compile("^Your turn: take a result"))
    assert len(bo.evaluate("window.buzzes")) == 1  # still Bo's to act: no second buzz
    assert bo.problems == []
