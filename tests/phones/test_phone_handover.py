"""A change reaches the network thread in one hand-over: an action's view and reply together, and
every other phone's new view together after it. Each hand-over wakes the network's loop, which
then takes the GIL while the UI thread still works out the next seat's view (docs/performance.md,
"Phones: from a tap to every screen")."""

from __future__ import annotations

from tests.phones.phone_client import new_session
from tests.phones.test_phone_server import paired


def test_an_action_and_every_view_it_changes_go_in_two_hand_overs(serve, phones, qtbot, monkeypatch):
    session = new_session("future-imperfect")
    server = serve(session)
    ann, _ = paired(server, phones, "ann")
    others = [paired(server, phones, seat)[0] for seat in ("bo", "cy")]
    before = [phone.latest_view()["version"] for phone in others]
    handed: list[int] = []  # messages in each hand-over to the network thread
    wire, call = server._wire, server._wire._call

    def counted(function, *args):
        handed.append(len(args[0]) if function.__name__ == "_queue_all" else 1)
        call(function, *args)

    monkeypatch.setattr(wire, "_call", counted)
    offers = ann.latest_view()["feed"]["offers"]
    draw = next(offer["index"] for offer in offers if offer["kind"] == "draw_playing_card")
    assert ann.take(draw)["made"] is True
    qtbot.waitUntil(lambda: all(phone.latest_view()["version"] > seen for phone, seen in zip(others, before)))
    assert handed == [2, 2]  # Ann's view and her reply; then Bo's and Cy's views
