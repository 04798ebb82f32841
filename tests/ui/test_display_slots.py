"""A zone of slots (`ZoneSpec.slots`): drawn as that many outlined slots side by side, each card
in the slot its mark names, its tokens on it; Price of Power's display panels are such zones."""

from __future__ import annotations

import msgspec
import pytest
from table_helpers import window_on

from desktop.engine.demo import demo_game
from desktop.ui.table.layout import ZonePlace, lay_out, slot_boxes, slot_order, slot_positions
from tests.demos import demo_played

# ---- the layout, without Qt -----------------------------------------------------------------------


def test_each_card_goes_in_the_slot_its_mark_names_or_the_first_free_one():
    assert slot_order([1], 2) == [1]
    assert slot_order([None, None], 2) == [0, 1]
    assert slot_order([1, None], 2) == [1, 0]
    # Two marks naming one slot, or a slot that is not there: the second goes to the free one.
    assert slot_order([0, 0], 2) == [0, 1]
    assert slot_order([5, None], 2) == [0, 1]
    # More cards than slots (the rules never allow it) are still shown, past the last slot.
    assert slot_order([None, None, None], 2) == [0, 1, 2]


def test_the_slots_sit_side_by_side_inside_the_zone_and_hold_their_cards():
    zones = [ZonePlace("hand:a", "a", "fan", "hand"), ZonePlace("shown:a", "a", "row", "play", slots=2),
             ZonePlace("court:a", "a", "row", "play"), ZonePlace("deck", None, "pile", "deck")]
    placed = {p.zone: p for p in lay_out(zones, "a", 1280, 720)}
    shown = placed["shown:a"]
    outlines = slot_boxes(2, shown.box, shown.card_width, shown.card_height, shown.title_height)
    assert len(outlines) == 2 and outlines[0].x + outlines[0].width < outlines[1].x
    for outline in outlines:
        assert shown.box.x <= outline.x and outline.x + outline.width <= shown.box.x + shown.box.width
        assert shown.box.y <= outline.y and outline.y + outline.height <= shown.box.y + shown.box.height + 0.5
    spots = slot_positions([1], 2, shown.box, shown.card_width, shown.card_height, shown.title_height)
    x, y, tilt = spots[0]
    assert outlines[1].x <= x and x + shown.card_width <= outlines[1].x + outlines[1].width
    assert tilt == 0
    # Every other zone of the band keeps at least one card's width: no card runs past its zone.
    for zone in ("hand:a", "court:a"):
        assert placed[zone].box.width >= placed[zone].card_width + 10


def seats_of_zones(seats: int) -> list[ZonePlace]:
    zones = [ZonePlace(f"deck{i}", None, "pile", "deck") for i in range(6)] + [ZonePlace("wait", None, "row", "play")]
    for i in range(seats):
        seat = f"s{i}"
        zones += [ZonePlace(f"hand:{seat}", seat, "fan", "hand"), ZonePlace(f"drawn:{seat}", seat, "row", "pile"),
                  ZonePlace(f"shown:{seat}", seat, "row", "play", slots=2), ZonePlace(f"court:{seat}", seat, "row", "play")]
    return zones


@pytest.mark.parametrize("width,height", [(1280, 720), (1920, 1080), (3840, 2160)])
@pytest.mark.parametrize("seats", [2, 4, 6])
def test_slots_stay_inside_their_zone_and_leave_the_others_a_card_wide(width, height, seats):
    for viewer in ("s0", None):
        for where in lay_out(seats_of_zones(seats), viewer, width, height):
            box = where.box
            assert 0 <= box.x and box.x + box.width <= width + 0.5
            card_h = round(where.card_height)
            card_w = round(card_h * 0.71)
            if where.zone.startswith("shown:"):
                for outline in slot_boxes(2, box, card_w, card_h, where.title_height):
                    assert box.x <= outline.x + 0.5 and outline.x + outline.width <= box.x + box.width + 0.5
                    assert outline.y + outline.height <= box.y + box.height + 0.5
            elif where.zone.split(":")[0] in ("drawn", "court", "hand"):
                assert card_w <= box.width, f"{where.zone} at {width}x{height}: a card runs past its zone"


# ---- the Price of Power demo through the real window -------------------------------------------


@pytest.fixture
def demo_window(qtbot):
    return window_on(qtbot, demo_game("price-of-power"))


def inside(card, outline) -> bool:
    rect = card.sceneBoundingRect()
    width, height = card.size()
    x, y = card.pos().x(), card.pos().y()
    return (outline.x <= x and x + width <= outline.x + outline.width + 0.5
            and outline.y <= y and y + height <= outline.y + outline.height + 0.5 and rect.width() > 0)


def test_each_seats_display_is_two_slots_with_its_cards_and_their_cubes(demo_window):
    session, window = demo_window
    seen = session.game.view(session.viewer)
    for seat in session.game.state.seat_ids():
        zone = window.table_view.zones[f"display:{seat}"]
        shown = seen.extra.display[seat]
        assert zone.slots == 2
        outlines = zone.slot_outlines()
        assert len(outlines) == 2
        texts = zone.slot_texts()
        for entry in shown:
            card = zone.card(entry.card)
            assert card is not None and card.face is not None
            assert inside(card, outlines[entry.slot]), f"{entry.card} is not in slot {entry.slot} of {seat}'s display"
            assert card.marks.tokens == entry.cubes  # the cubes, drawn as its token counter
            assert f"({entry.cubes} token" in texts[entry.slot]
        for slot in set(range(2)) - {entry.slot for entry in shown}:
            assert texts[slot] == "empty slot"
        assert "empty slot" in zone.accessible_text() or len(shown) == 2
        # the zone's box holds both slots, the cards inside the table
        box = zone.box
        for outline in outlines:
            assert box.x <= outline.x and outline.x + outline.width <= box.x + box.width
    assert any(seen.extra.display.values()), "the demo shows Display cards"


def test_a_card_marked_for_the_second_slot_is_drawn_there(demo_window):
    session, window = demo_window
    seat = session.viewer
    seen = session.game.view(seat)
    card = seen.extra.display[seat][0].card
    marks = dict(seen.marks)
    marks[card] = msgspec.structs.replace(marks[card], slot=1)
    moved = msgspec.structs.replace(seen, marks=marks)
    window.table_view.show_table(moved, session.table(), frozenset({f"display:{seat}"}))
    zone = window.table_view.zones[f"display:{seat}"]
    assert inside(zone.card(card), zone.slot_outlines()[1])
    assert zone.slot_texts()[0] == "empty slot"


# ---- the Display actions dock -------------------------------------------------------------------


def dock_body(window):
    from desktop.ui.systems.price_of_power.panel import DisplayBody

    return window.findChild(DisplayBody, "pop-display-actions")


def test_each_display_action_is_a_button_with_its_cost_greyed_with_its_reason(demo_window):
    session, window = demo_window
    body = dock_body(window)
    seen = session.view()
    for entries in seen.extra.display.values():
        for entry in entries:
            for action in entry.actions:
                button = body.buttons[(entry.card, action.name)]
                assert action.cost in button.text() and action.name in button.text()
                assert not button.isEnabled()  # nothing is usable in the demo's battle step now
                reason = body.reasons[(entry.card, action.name)]
                assert reason.text() == f"Not now: {action.reason}" and action.reason
    ann = next(entry for entry in seen.extra.display["ann"])
    assert body.reasons[(ann.card, ann.actions[0].name)].text() == "Not now: not your turn"


def test_pressing_a_usable_action_uses_it_and_its_cube_leaves_the_card(qtbot):
    from PySide6.QtCore import Qt

    from desktop.rulesets.price_of_power import actions as a

    game = demo_played("price-of-power", upto=-1)  # before the attacker's Battle Action
    use = next(act for act in game.legal_actions() if isinstance(act, a.Use))
    session, window = window_on(qtbot, game)
    entry = next(e for e in session.view().extra.display[use.player] if e.card == use.card)
    cubes, spent = entry.cubes, next(x.cubes for x in entry.actions if x.name == use.action)
    button = dock_body(window).buttons[(use.card, use.action)]
    assert button.isEnabled()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    # Its question is answered in the real dialog as it shows: the move is made then.
    qtbot.waitUntil(lambda: session.game.actions[-1] == use)
    zone = window.table_view.zones[f"display:{use.player}"]
    card = zone.card(use.card)
    if cubes > spent:  # the card stays, its cubes fewer on its token counter
        assert card.marks.tokens == cubes - spent
    else:
        assert card is None
    # The button is rebuilt from the new view: that action was used this battle round.
    assert not dock_body(window).buttons[(use.card, use.action)].isEnabled()



def test_a_press_for_a_seat_not_looking_passes_the_screen_to_it_first(qtbot):
    from PySide6.QtCore import Qt

    from desktop.rulesets.price_of_power import actions as a

    game = demo_played("price-of-power", before=lambda game, action: any(
        isinstance(act, a.Use) for act in game.legal_actions()))  # the first moment of a usable action
    use = next(act for act in game.legal_actions() if isinstance(act, a.Use))
    session, window = window_on(qtbot, game)
    other = next(seat for seat in game.state.seat_ids() if seat != use.player)
    session.request_viewer(other)
    window.curtain.button.click()
    assert session.viewer == other
    before = len(session.game.actions)
    qtbot.mouseClick(dock_body(window).buttons[(use.card, use.action)], Qt.MouseButton.LeftButton)
    # Nothing is used while another seat looks: the curtain asks for the owner first.
    assert len(session.game.actions) == before
    assert window.curtain.isVisible()
    window.curtain.button.click()
    assert session.viewer == use.player
    qtbot.waitUntil(lambda: len(session.game.actions) == before + 1)
    last = session.game.actions[-1]
    assert isinstance(last, a.Use) and last.player == use.player
