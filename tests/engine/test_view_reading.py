"""A view names the definition of a card its viewer sees, and of no other: every system reads its
own card data by it (a card's ability, its requirement, its grid), so none walks the zones of a
view again."""

from __future__ import annotations

from desktop.engine.presentation import Face, SeatSeen, SeenCard, View, ZoneSeen


def _view() -> View:
    hand = ZoneSeen(id="hand:ann", label="Ann's hand", visibility="owner", owner="ann", count=2,
                    cards=[SeenCard(id="c1", face="ace"), None])
    pile = ZoneSeen(id="discard", label="Discard pile", visibility="public", owner=None, count=1,
                    cards=[SeenCard(id="c3", face="two")])
    return View(ruleset="toy", viewer="ann", step=0, seats=[SeatSeen("ann", "Ann")],
                zones={"hand:ann": hand, "discard": pile}, counters={},
                faces={"ace": Face(title="Ace"), "two": Face(title="Two")})


def test_a_card_seen_is_read_by_its_definition_in_any_zone():
    view = _view()
    assert view.definition_of("c1") == "ace"
    assert view.definition_of("c3") == "two"
    assert view.face_of("c3").title == "Two"


def test_a_card_not_seen_has_no_definition_and_no_face():
    view = _view()
    assert view.definition_of("c2") is None  # face down in the hand: no id, no definition
    assert view.face_of("c2") is None
    assert view.card_name("c2") == "a card"
