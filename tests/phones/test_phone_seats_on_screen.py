"""A seat paired with a phone is answered elsewhere in the model (`session.remote_seats`): the
shared screen's curtain leaves it to its phone. Unpaired, or with the phones turned off, it is
played at the screen again; turned on again, its phone comes back to it."""

from __future__ import annotations

from tests.phones.phone_client import new_session
from tests.phones.test_phone_server import paired


def test_pairing_puts_a_seat_on_its_phone_and_unpairing_brings_it_back(serve, phones, qtbot):
    session = new_session("twilight-imperium")
    server = serve(session)
    assert session.remote_seats == set()
    paired(server, phones, "bo")
    assert session.remote_seats == {"bo"}
    server.unpair("bo")
    qtbot.waitUntil(lambda: session.remote_seats == set())


def test_phones_turned_off_give_the_seats_back_to_the_screen_and_on_again_to_the_phones(serve, phones):
    session = new_session("twilight-imperium")
    server = serve(session)
    paired(server, phones, "ann")
    paired(server, phones, "cy")
    assert session.remote_seats == {"ann", "cy"}
    server.stop()
    assert session.remote_seats == set()
    server.start("127.0.0.1")
    assert session.remote_seats == {"ann", "cy"}
