"""Phones over real sockets on 127.0.0.1, against a real server on a real session: pairing,
the seat's view, taking an offer and answering as that seat, and every way an action is refused
(docs/phones.md)."""

from __future__ import annotations

import json
import threading

import msgspec
import pytest

from desktop.phones import desk, pairing, protocol
from tests.phones.phone_client import new_session


def secret_of(invitation) -> str:
    return invitation.url.rsplit("/join/", 1)[1]


def paired(server, phones, seat: str = "ann"):
    """A phone paired with `seat` by its pairing address; (phone, its token)."""
    invitation = server.invitation(seat)
    phone = phones.phone(server.address)
    phone.send({"type": "join", "secret": secret_of(invitation)})
    token = phone.expect("paired")["token"]
    phone.expect("view")
    return phone, token


def answer_all(phone) -> None:
    """Answers the phone's open questions with their defaults (the first entry, Yes). Another
    seat's move may change this seat's view while an answer is on its way: refused as built on an
    old view, it is answered again on the view sent with the refusal, as a phone does."""
    while questions := phone.latest_view()["feed"]["questions"]:
        question = questions[0]
        value = question["default"] if question["default"] is not None else (True if question["kind"] == "confirm" else 0)
        reply = phone.answer(question["id"], value)
        assert reply["type"] == "taken" or reply["sentence"] == protocol.STALE, reply


def test_a_phone_pairs_by_its_address_and_is_shown_its_seat_alone(serve, phones):
    session = new_session("future-imperfect")
    server = serve(session)
    assert server.address.startswith("http://127.0.0.1:")
    invitation = server.invitation("bo")
    assert invitation.url.startswith(server.address + "/join/")
    assert secret_of(invitation) not in repr(invitation) and invitation.code not in repr(invitation)
    phone = phones.phone(server.address)
    phone.send({"type": "join", "secret": secret_of(invitation)})
    hello = phone.expect("paired")
    assert (hello["seat"], hello["name"]) == ("bo", "Bo")
    assert len(hello["token"]) >= 22  # 128 bits or more, base64
    feed = phone.expect("view")["feed"]
    # The view is the seat's own, as the window draws it when Bo looks.
    assert feed["view"] == json.loads(msgspec.json.encode(session.game.view("bo")))
    assert feed["view"]["viewer"] == "bo" and feed["seat"] == "bo"
    assert feed["status"] == "wait" and feed["says"] == "Nothing to do now."
    assert server.paired_seats() == ["bo"] and server.connected_seats() == ["bo"]
    assert server.invitation("bo") is None  # a paired seat shows no code


def test_a_typed_code_pairs_too_in_any_case(serve, phones, qtbot):
    server = serve(new_session("future-imperfect"))
    code = server.invitation("cy").code
    assert len(code) == 6 and set(code) <= set(pairing.ALPHABET)
    phone = phones.phone(server.address)
    with qtbot.waitSignal(server.paired, timeout=10_000) as signal:
        phone.send({"type": "join", "secret": f"{code[:3].lower()}-{code[3:].lower()}"})
        assert phone.expect("paired")["seat"] == "cy"
    assert signal.args == ["cy"]


def test_a_phone_takes_an_offer_and_answers_as_its_seat(serve, phones):
    session = new_session("future-imperfect")
    server = serve(session)
    phone, _ = paired(server, phones)
    feed = phone.latest_view()["feed"]
    assert feed["status"] == "turn"
    assert phone.take(0) == {"type": "taken", "id": "t1", "made": False}  # its questions open
    assert phone.latest_view()["feed"]["status"] == "answer"
    answer_all(phone)
    assert len(session.game.actions) == 1 and session.game.actions[0].player == "ann"
    assert phone.latest_view()["feed"]["view"]["step"] == session.game.view("ann").step


def test_a_refusal_is_the_models_own_sentence_told_to_that_phone_alone(serve, phones):
    session = new_session("future-imperfect")
    server = serve(session)
    shown = []
    session.refused.connect(shown.append)  # what the shared screen would say
    phone, _ = paired(server, phones)
    phone.take(0)
    while (question := phone.latest_view()["feed"]["questions"][0])["kind"] != "number":
        phone.answer(question["id"], 0)
    refused = phone.answer(question["id"], question["high"] + 1)
    assert refused["type"] == "refused"
    assert refused["sentence"] == f"The answer is a number from {question['low']} to {question['high']}."
    assert shown == []  # a sentence about a phone's move may name its cards: not on the screen
    session.answer("ann", question["id"], question["high"] + 1)  # the window's own refusals still are
    assert shown == [refused["sentence"]]
    assert session.game.actions == []
    assert phone.latest_view()["feed"]["questions"][0]["id"] == question["id"]  # still open


def test_an_action_built_on_an_old_view_is_refused(serve, phones):
    session = new_session("future-imperfect")
    server = serve(session)
    phone, _ = paired(server, phones)
    old = phone.latest_view()["version"]
    phone.take(0)
    question = phone.latest_view()["feed"]["questions"][0]
    assert phone.latest_view()["version"] > old
    refused = phone.answer(question["id"], 0, version=old)
    assert refused == {"type": "refused", "sentence": protocol.STALE, "id": "t2"}
    assert session.every_question()[0].id == question["id"] and session.game.actions == []


def test_an_action_sent_twice_is_taken_once(serve, phones):
    session = new_session("tempo")
    server = serve(session)
    phone, _ = paired(server, phones)
    take = {"type": "take", "id": "same", "version": phone.latest_view()["version"], "offer": 0}
    phone.send(take)
    first = phone.reply()
    phone.send(take)
    assert phone.reply() == first
    assert len(session.open_questions("ann")) == 1  # one move opened, not two
    question = phone.latest_view()["feed"]["questions"][0]
    answer = {"type": "answer", "id": "again", "version": phone.latest_view()["version"],
              "question": question["id"], "value": 0}
    phone.send(answer)
    phone.send(answer)
    assert phone.reply() == phone.reply() == {"type": "taken", "id": "again", "made": True}
    assert len(session.game.actions) == 1


def test_a_phone_comes_back_with_its_token_to_its_seat_and_the_view_now(serve, phones):
    session = new_session("future-imperfect")
    server = serve(session)
    phone, token = paired(server, phones)
    phone.take(0)
    answer_all(phone)
    phones.run(phone._close())
    again = phones.phone(server.address)
    again.send({"type": "resume", "token": token})
    view = again.expect("view")
    assert view["feed"]["seat"] == "ann"
    assert view["feed"]["view"] == json.loads(msgspec.json.encode(session.game.view("ann")))
    assert view["version"] == phone.latest_view()["version"]
    assert again.take(0)["type"] == "taken"  # and acts as Ann


def test_a_secret_works_once_and_not_after_it_expires(serve, phones):
    server = serve(new_session("future-imperfect"))
    now = [0.0]
    server.pairing.clock = lambda: now[0]
    server.pairing.invite("bo")
    secret = secret_of(server.invitation("ann"))
    paired(server, phones, "ann")
    other = phones.phone(server.address)
    other.send({"type": "join", "secret": secret})
    assert other.expect("refused")["sentence"] == pairing.WRONG
    expiring = secret_of(server.invitation("bo"))
    now[0] += pairing.LIFE + 1
    other.send({"type": "join", "secret": expiring})
    assert other.expect("refused")["sentence"] == pairing.WRONG
    assert server.paired_seats() == ["ann"]


def test_a_wrong_token_holds_no_seat_and_too_many_tries_are_refused(serve, phones):
    server = serve(new_session("future-imperfect"))
    phone = phones.phone(server.address)
    phone.send({"type": "resume", "token": "x" * 32})
    assert phone.expect("refused")["sentence"] == pairing.NOT_PAIRED
    phone.send({"type": "look"})
    assert phone.expect("refused")["sentence"] == desk.NOT_PAIRED_YET
    for _ in range(pairing.TRIES):
        phone.send({"type": "join", "secret": "ABCDEF"})
        phone.expect("refused")
    phone.send({"type": "join", "secret": server.invitation("ann").code})  # right, but too late
    assert phone.expect("refused")["sentence"] == pairing.TOO_MANY
    assert server.paired_seats() == []


def test_another_seats_question_and_offers_are_refused(serve, phones):
    session = new_session("tempo")  # every seat plans at once
    server = serve(session)
    ann, _ = paired(server, phones, "ann")
    bo, _ = paired(server, phones, "bo")
    ann.take(0)
    question = ann.latest_view()["feed"]["questions"][0]
    assert bo.latest_view()["feed"]["questions"] == []  # nothing of Ann's reaches Bo
    refused = bo.answer(question["id"], 0)
    assert refused["sentence"] == desk.NOT_YOURS
    offers = len(bo.latest_view()["feed"]["offers"])
    assert bo.take(offers)["sentence"] == desk.NO_OFFER
    assert session.game.actions == [] and session.open_questions("ann")[0].id == question["id"]
    # Both plan at once, each on their own phone.
    bo.take(0)
    answer_all(bo)
    answer_all(ann)
    assert {action.player for action in session.game.actions} == {"ann", "bo"}


BAD = [
    b"\x00\x01binary",
    "not json",
    "[]",
    '{"type": "take"}',
    '{"type": "take", "id": "a", "version": 1, "offer": -1}',
    '{"type": "take", "id": "a b", "version": 1, "offer": 0}',
    '{"type": "join", "secret": ""}',
    '{"type": "answer", "id": "a", "version": 1, "question": 1, "value": {"x": "y"}}',
    '{"type": "hack", "seat": "bo"}',
    '{"type": "take", "id": "a", "version": 1, "offer": 0, "seat": "bo"}',
    '{"type": "look"}' + " " * (protocol.MOST_BYTES + 1),
]


def test_malformed_and_oversized_messages_are_refused_and_change_nothing(serve, phones):
    session = new_session("future-imperfect")
    server = serve(session)
    phone, _ = paired(server, phones)
    version = phone.latest_view()["version"]
    for message in BAD:
        phone.send(message)
        sentence = phone.expect("refused")["sentence"]
        assert sentence.endswith(".") and "Traceback" not in sentence
    assert session.game.actions == [] and session.every_question() == []
    phone.send({"type": "look"})
    assert phone.expect("view")["version"] == version  # still served, nothing changed
    huge = phones.phone(server.address)
    huge.send('{"type": "look", "x": "' + "y" * 100_000 + '"}')
    assert huge.wait_closed() == 1009  # past what the socket reads at all: let go
    assert phone.take(0)["type"] == "taken"  # the table goes on


def test_unpairing_lets_the_phone_go_and_its_token_no_longer_works(serve, phones, qtbot):
    server = serve(new_session("future-imperfect"))
    phone, token = paired(server, phones)
    with qtbot.waitSignal(server.invited, timeout=10_000):
        server.unpair("ann")
    assert phone.expect("unpaired")["sentence"] == desk.UNPAIRED
    phone.wait_closed()
    again = phones.phone(server.address)
    again.send({"type": "resume", "token": token})
    assert again.expect("refused")["sentence"] == pairing.NOT_PAIRED
    again.send({"type": "join", "secret": secret_of(server.invitation("ann"))})  # a new code
    assert again.expect("paired")["seat"] == "ann"


def test_a_seats_phone_is_sent_a_view_when_its_view_changes_and_only_then(serve, phones, qtbot):
    session = new_session("tempo")
    server = serve(session)
    ann, _ = paired(server, phones, "ann")
    bo, _ = paired(server, phones, "bo")
    seen = len(bo.received)
    ann.take(0)  # Ann's question opens: nothing Bo sees changes
    answer_all(ann)  # Ann's plan is made: Bo sees that Ann planned
    qtbot.waitUntil(lambda: bo.latest_view()["feed"]["view"]["step"] == 1, timeout=10_000)
    views = [json.loads(text) for text in bo.received[seen:]]
    assert [message["type"] for message in views] == ["view"]


def test_the_desk_runs_on_the_ui_thread_only(serve, phones, monkeypatch):
    threads = []
    original = desk.Desk.received

    def received(self, connection, message):
        threads.append(threading.current_thread())
        original(self, connection, message)

    monkeypatch.setattr(desk.Desk, "received", received)
    server = serve(new_session("future-imperfect"))
    paired(server, phones)
    assert threads == [threading.main_thread()]


def test_the_page_is_served_without_giving_the_secret_away(serve, phones):
    server = serve(new_session("future-imperfect"))
    for path in ("/", "/join/anything"):
        status, headers, text = phones.get(server.address + path)
        assert status == 200 and "<html" in text.lower()
        assert headers["Referrer-Policy"] == "no-referrer" and headers["Cache-Control"] == "no-store"
    assert phones.get(server.address + "/static/phone.js")[0] == 200
    assert phones.get(server.address + "/static/../protocol.py")[0] == 404
    assert phones.get(server.address + "/static/%2e%2e/protocol.py")[0] in (403, 404)


def test_a_socket_from_another_sites_page_is_refused(serve, phones):
    server = serve(new_session("future-imperfect"))
    with pytest.raises(Exception, match="403"):
        phones.phone(server.address, Origin="http://elsewhere.example")
    port = server.address.rsplit(":", 1)[1]
    with pytest.raises(Exception, match="403"):  # a name made to point here (DNS rebinding)
        phones.phone(server.address, Origin=f"http://elsewhere.example:{port}", Host=f"elsewhere.example:{port}")
    phone = phones.phone(server.address, Origin=server.address)
    phone.send({"type": "look"})
    assert phone.expect("refused")["sentence"] == desk.NOT_PAIRED_YET


def test_an_answer_names_an_entry_by_its_place_never_a_card_it_cannot_see(serve, phones):
    session = new_session("tempo")
    server = serve(session)
    phone, _ = paired(server, phones)
    phone.take(0)
    question = phone.latest_view()["feed"]["questions"][0]
    assert question["kind"] == "card" and all(set(option) == {"label"} for option in question["options"])
    hidden = next(card for card in session.game.state.cards if card not in session.game.view("ann").seen_cards())
    for value in (len(question["options"]), hidden, -1, [0], True):
        reply = phone.answer(question["id"], value)
        assert reply["type"] == "refused" and reply["sentence"].endswith("."), value
    assert session.game.actions == [] and session.open_questions("ann")[0].id == question["id"]


def test_an_expired_invitation_is_renewed_and_shown_again(serve, qtbot):
    server = serve(new_session("future-imperfect"))
    now = [0.0]
    server.pairing.clock = lambda: now[0]
    server.pairing.invite("ann")
    first = server.invitation("ann")
    now[0] += pairing.LIFE + 1
    assert server.invitation("ann") is None  # out of date: no code is shown
    with qtbot.waitSignal(server.invited, timeout=10_000) as signal:
        server._renew_invitations()
    assert signal.args == ["ann"]
    assert server.invitation("ann") is not None and server.invitation("ann").url != first.url


def test_the_lan_address_is_one_phones_can_reach():
    import ipaddress

    from desktop.phones.lan import candidates, lan_address

    assert all(not ipaddress.ip_address(address).is_loopback for address in candidates())
    assert ipaddress.ip_address(lan_address()).version == 4


def test_the_server_listens_on_one_address_never_on_every_one(qtbot):
    from desktop.phones.server import PhoneServer

    server = PhoneServer(new_session("future-imperfect"))
    with pytest.raises(OSError, match="every address"):
        server.start("0.0.0.0")
    assert not server.running
