"""What a phone's feed costs the UI thread: it is built for every connected seat after every
change, so its seat's view (most of its cost) is worked out once per feed, not again for its
offers (docs/performance.md, "Phones: from a tap to every screen")."""

from __future__ import annotations

import pytest

from desktop.engine import registry
from desktop.phones import seat_feed
from tests.phones.phone_client import new_session


@pytest.mark.parametrize("system", sorted(ruleset.id for ruleset in registry.all_rulesets()
                                          if type(ruleset).__module__.startswith("desktop.rulesets.")))
def test_a_feed_works_out_its_seats_view_once(system, monkeypatch):
    session = new_session(system)
    try:
        seat = next(seat for seat in session.game.state.seat_ids() if seat != session.viewer)
        views = []
        worked_out = session.game.view

        def counted(viewer):
            views.append(viewer)
            return worked_out(viewer)

        monkeypatch.setattr(session.game, "view", counted)
        feed = seat_feed.build(session, seat)
        assert views == [seat]
        assert [offer.label for offer in feed.offers] == [offer.label for offer in session.offers_of(seat)]
    finally:
        session.close()
