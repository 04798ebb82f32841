"""An "owner" zone seen by more seats than its owner (allies sharing plans, Zone.seen_by), and a
zone of slots that is a row of a track (ZoneSpec.track): both default to what every other system
had before."""

from __future__ import annotations

from desktop.engine.presentation import ZoneSpec
from desktop.engine.state import GameState, Seat, Zone
from desktop.engine.views import base_view, may_see


def table() -> GameState:
    zones = {
        "plan:ann": Zone(id="plan:ann", label="Ann's plan", visibility="owner", owner="ann", cards=["c1"], seen_by=["bo"]),
        "hand:ann": Zone(id="hand:ann", label="Ann's hand", visibility="owner", owner="ann", cards=["c2"]),
    }
    return GameState(ruleset="test", seats=[Seat("ann", "Ann"), Seat("bo", "Bo"), Seat("gm", "GM")],
                     cards={"c1": "move", "c2": "hide"}, zones=zones)


def test_an_owner_zone_is_seen_by_its_owner_and_the_seats_it_names_only():
    state = table()
    shared, own = state.zones["plan:ann"], state.zones["hand:ann"]
    assert [may_see(state, shared, "c1", seat) for seat in ("ann", "bo", "gm", None)] == [True, True, False, False]
    assert [may_see(state, own, "c2", seat) for seat in ("ann", "bo", "gm", None)] == [True, False, False, False]
    seen = base_view(state, "bo", lambda definition: None)
    assert seen.zones["plan:ann"].cards[0].id == "c1" and seen.zones["hand:ann"].cards == [None]
    assert seen.zones["plan:ann"].seen_by == ["bo"]


def test_zones_are_no_track_unless_they_say_so():
    assert ZoneSpec(zone="z", role="play", title="Z").track == ""
    assert Zone(id="z", label="Z", visibility="owner").seen_by == []
