"""The table's layout, without Qt: every zone inside the window, none overlapping, cards that grow
with the window, eight seats at 1280x720."""

from __future__ import annotations

import itertools

import pytest

from desktop.ui.table.layout import ZonePlace, card_positions, lay_out
from tests.benchmarks.window_timing import settle


def ti_zones(seats: int) -> list[ZonePlace]:
    zones = [ZonePlace("deck", None, "pile", "deck"), ZonePlace("play", None, "row", "play"),
             ZonePlace("discard", None, "pile", "discard")]
    return zones + [ZonePlace(f"hand:s{i}", f"s{i}", "fan", "hand") for i in range(seats)]


def overlap(a, b) -> bool:
    return a.x < b.x + b.width and b.x < a.x + a.width and a.y < b.y + b.height and b.y < a.y + a.height


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (3840, 2160), (900, 560)])
@pytest.mark.parametrize("seats", [1, 3, 6, 8])
def test_zones_fit_the_window_without_overlapping(size, seats):
    width, height = size
    placed = lay_out(ti_zones(seats), "s0", width, height)
    assert {p.zone for p in placed} == {z.zone for z in ti_zones(seats)}
    for where in placed:
        box = where.box
        assert 0 <= box.x and box.x + box.width <= width + 0.5
        assert 0 <= box.y and box.y + box.height <= height + 0.5
        assert where.card_height + where.title_height <= box.height + 0.5
        assert where.card_width <= box.width
    for one, two in itertools.combinations(placed, 2):
        assert not overlap(one.box, two.box), f"{one.zone} overlaps {two.zone}"


def test_the_looking_seats_cards_are_the_largest_and_grow_with_the_window():
    small = {p.zone: p for p in lay_out(ti_zones(3), "s0", 1280, 720)}
    large = {p.zone: p for p in lay_out(ti_zones(3), "s0", 2560, 1440)}
    assert small["hand:s0"].card_height > small["hand:s1"].card_height
    assert small["hand:s0"].card_height > small["play"].card_height * 0.9
    assert large["hand:s0"].card_height >= 1.9 * small["hand:s0"].card_height


def test_a_long_hand_overlaps_inside_its_zone_instead_of_overflowing():
    placed = {p.zone: p for p in lay_out(ti_zones(3), "s0", 1280, 720)}
    hand = placed["hand:s0"]
    spots = card_positions("fan", 20, hand.box, hand.card_width, hand.card_height, hand.title_height)
    assert len(spots) == 20
    assert all(hand.box.x <= x and x + hand.card_width <= hand.box.x + hand.box.width + 1 for x, _, _ in spots)
    assert any(tilt for _, _, tilt in spots)  # a fanned hand


def test_a_fan_one_card_shorter_tilts_its_cards_at_angles_a_fan_had_already():
    """A tilted card is drawn from a copy turned once per face and angle: a hand that lost a card
    (a plan, a play) was all new angles at 24/count degrees apart, every copy made again."""
    from desktop.ui.table.geometry import Box

    box = Box(0, 0, 800, 200)
    tilts = {count: [tilt for _x, _y, tilt in card_positions("fan", count, box, 120, 170, 20)]
             for count in range(2, 16)}
    for count, angles in tilts.items():
        assert all(angle * 2 == round(angle * 2) for angle in angles), (count, angles)
        assert angles == sorted(angles) and angles == [-angle for angle in reversed(angles)]
    assert set(tilts[12]) & set(tilts[13]) and set(tilts[11]) & set(tilts[12])


def test_a_narrow_piles_title_is_shortened_to_words_that_still_say_what_it_is():
    """By its parts, as the ruleset gave them: the details dropped from the last, then the
    owner, then the name's first word with its count, and alone."""
    from desktop.engine.presentation import title_parts
    from desktop.ui.table.zones import fit_title, parts_of

    def fits(limit):
        return lambda text: len(text) <= limit

    def fit(parts, limit):
        return fit_title(parts_of(parts, parts.text()), fits(limit))

    reserve = title_parts("Reserve pile", ": 10", owner="Bo's ")
    assert fit(title_parts("Spent", ": 0"), 20) == "Spent: 0"
    assert fit(title_parts("Action deck", ": 71"), 12) == "Action deck"
    assert fit(reserve, 16) == "Reserve pile: 10"
    assert fit(reserve, 12) == "Reserve pile"
    assert fit(reserve, 11) == "Reserve: 10"
    assert fit(reserve, 3) is None  # then it is cut, whole in its tooltip
    # A closing aside goes first, its count kept: the pile's own words stay whole.
    assert fit(title_parts("Red discard", ": 7", " (top 5 stay on reshuffle)"), 20) == "Red discard: 7"
    hand = title_parts("hand", ": 3", " (2 red, 1 blue)", " (limit 5, checked at Step C)", owner="Cy's ")
    assert fit(hand, 30) == "Cy's hand: 3 (2 red, 1 blue)"
    assert fit(hand, 12) == "Cy's hand: 3"
    # A title given whole keeps its words (no owner guessed): whole, or its first word, or cut.
    assert fit_title(parts_of(None, "Bo's pile: 3"), fits(11)) == "Bo's"


def test_a_seat_status_coming_and_going_moves_no_seat_below_it(qtbot):
    """A status line ("1d12 vs TN 7") comes and goes at nearly every action of some systems:
    once one has been shown, every seat keeps its line, so no box changes height and the seats
    under it do not move (each move repainted them)."""
    from types import SimpleNamespace as Fake

    from PySide6.QtCore import QPoint

    from desktop.engine.presentation import CounterSpec, Table
    from desktop.ui.seats import SeatsPanel

    panel = SeatsPanel()
    qtbot.addWidget(panel)
    panel.resize(240, 900)
    panel.show()
    seats = [Fake(id=seat, name=seat.title()) for seat in ("ann", "bo", "cy")]
    view = Fake(seats=seats, zones={}, viewer=None)
    counters = [CounterSpec(entity=seat.id, key="victories", label="Victories", value=0) for seat in seats]

    def show(status: dict) -> int:
        panel.show_table(view, Table(headline="", counters=counters, status=status), {}, ())
        qtbot.waitUntil(lambda: panel._boxes["cy"].mapTo(panel, QPoint(0, 0)).y() > 0)
        settle()  # every posted event and ready timer handled, until none is left
        return panel._boxes["cy"].mapTo(panel, QPoint(0, 0)).y()

    show({})
    with_status = show({"bo": "1d12 vs TN 7"})
    assert show({}) == with_status  # gone again: Cy's box stays where it was
    assert show({"ann": "failure: 3"}) == with_status
    assert panel._boxes["bo"].info.text().startswith("\nVictories")  # an empty line kept


def test_a_seat_answer_button_on_two_lines_coming_and_going_moves_nothing(qtbot):
    """In an answer window every seat's button reads "Respond: ..." on two lines, and goes back
    to one as each seat passes, at nearly every action: a box keeps the height it needed, so the
    seats under it, and its own "Change counts" and "Played by the app", stay where they were
    (each move repainted them, and the column's scroll bar)."""
    from types import SimpleNamespace as Fake

    from PySide6.QtCore import QPoint

    from desktop.engine.presentation import Table
    from desktop.ui.seats import SeatsPanel

    panel = SeatsPanel()
    qtbot.addWidget(panel)
    panel.resize(240, 900)
    panel.show()
    seats = [Fake(id=seat, name=seat.title()) for seat in ("ann", "bo", "cy")]
    view = Fake(seats=seats, zones={"h": Fake(owner="bo", visibility="owner")}, viewer=None)

    def show(responders: dict) -> tuple:
        panel.show_table(view, Table(headline=""), responders, ())
        settle()  # every posted event and ready timer handled, until none is left
        bo = panel._boxes["bo"]
        return panel._boxes["cy"].mapTo(panel, QPoint(0, 0)).y(), bo.edit.y(), bo.app.y(), bo.height()

    show({})
    answering = show({"bo": "play a card for \u201cA player is about to activate a system\u201d"})
    assert panel._boxes["bo"].button.heightForWidth(panel._boxes["bo"].button.width()) > \
        panel._boxes["ann"].button.heightForWidth(panel._boxes["ann"].button.width())  # two lines
    assert show({}) == answering  # passed: one line again, and nothing moved
    panel.restart()  # a new game gives the room back
    qtbot.waitUntil(lambda: show({})[3] < answering[3])


def test_a_seat_with_many_counts_reads_them_as_one_paragraph_and_few_a_line_each(qtbot):
    """A character sheet's ten counts on ten lines made each seat's box taller than the panel:
    past four they are one wrapped paragraph, each count whole on its line."""
    from types import SimpleNamespace as Fake

    from desktop.engine.presentation import CounterSpec, Table
    from desktop.ui.seats import COUNTS_A_LINE_EACH, SeatsPanel

    panel = SeatsPanel()
    qtbot.addWidget(panel)
    view = Fake(seats=[Fake(id="ann", name="Ann"), Fake(id="bo", name="Bo")], zones={}, viewer=None)
    many = [CounterSpec(entity="ann", key=f"k{n}", label=f"Mana (tier {n})", value=n) for n in range(10)]
    few = [CounterSpec(entity="bo", key=f"k{n}", label=f"Gems {n}", value=n) for n in range(COUNTS_A_LINE_EACH)]
    panel.show_table(view, Table(headline="", counters=many + few), {}, ())
    ann, bo = panel._boxes["ann"].info.text(), panel._boxes["bo"].info.text()
    assert ann.count("\n") == 0 and ann.count(" \u00b7 ") == 9
    assert "Mana\u00a0(tier\u00a03)\u00a03" in ann  # no line breaks inside one count
    assert bo.split("\n") == [f"Gems {n}: {n}" for n in range(COUNTS_A_LINE_EACH)]
