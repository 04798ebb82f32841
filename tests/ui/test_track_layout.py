"""A track (`ZoneSpec.track`): zones of slots sharing a track id are the rows of one grid in the
middle of the table, whatever seat owns them, their slots shared columns (a tempo timeline: ten
columns, a row per character). The layout, without Qt."""

from __future__ import annotations

import itertools

import pytest

from desktop.ui.table.layout import ZonePlace, chip_positions, lay_out


def timeline(pcs: int = 4, npcs: int = 4, shared: bool = False) -> list[ZonePlace]:
    """A row and an action hand per character: player characters with a seat each, NPCs with the GM."""
    zones = [ZonePlace("pool", None, "pile", "deck"), ZonePlace("spent", None, "pile", "discard")] if shared else []
    for i in range(pcs):
        zones += [ZonePlace(f"row:pc{i}", f"p{i}", "row", "track", slots=10, track="tempo"),
                  ZonePlace(f"hand:pc{i}", f"p{i}", "fan", "hand")]
    for i in range(npcs):
        zones += [ZonePlace(f"row:npc{i}", "gm", "row", "track", slots=10, track="tempo"),
                  ZonePlace(f"hand:npc{i}", "gm", "fan", "hand")]
    return zones


def overlap(a, b) -> bool:
    return a.x < b.x + b.width - 0.5 and b.x < a.x + a.width - 0.5 and a.y < b.y + b.height - 0.5 and b.y < a.y + a.height - 0.5


def test_the_rows_of_a_track_are_one_grid_in_the_middle_in_the_tables_order_whatever_seat_owns_them():
    placed = {p.zone: p for p in lay_out(timeline(), "p0", 1280, 720)}
    rows = [placed[f"row:pc{i}"] for i in range(4)] + [placed[f"row:npc{i}"] for i in range(4)]
    grid = rows[0].grid
    assert grid is not None and grid.track == "tempo" and grid.columns == 10
    assert grid.rows == tuple(f"row:pc{i}" for i in range(4)) + tuple(f"row:npc{i}" for i in range(4))
    for index, row in enumerate(rows):
        assert row.grid == grid and row.row == index and row.band == "shared"  # the viewer's own row too
        assert row.box == grid.row_box(index)
    assert [row.box.y for row in rows] == sorted(row.box.y for row in rows)  # player characters on top
    # The seat's own zones (its action hand) stay in the bottom band, the others' along the top.
    assert placed["hand:pc0"].band == "own" and placed["hand:pc0"].box.y > grid.box.y + grid.box.height
    assert placed["hand:pc1"].band == "others" and placed["hand:pc1"].box.y + placed["hand:pc1"].box.height < grid.box.y


def test_a_row_header_at_the_left_then_the_columns_zero_to_nine_left_to_right():
    grid = next(p.grid for p in lay_out(timeline(), "p0", 1280, 720) if p.grid is not None)
    label = grid.label_box(0)
    assert label.x == grid.box.x and label.width == grid.label
    columns = [grid.column_box(c) for c in range(10)]
    assert columns[0].x == pytest.approx(grid.box.x + grid.label)
    assert columns[-1].x + columns[-1].width == pytest.approx(grid.box.x + grid.box.width)
    for c, column in enumerate(columns):
        assert grid.column_at(column.x + column.width / 2) == c
        assert grid.header_box(c).height == grid.header and grid.header_box(c).y == grid.box.y
    assert grid.column_at(label.x + 2) is None  # over the row headers: no column
    cell = grid.cell(3, 4)
    assert (cell.x, cell.width) == (columns[4].x, columns[4].width) and cell.y == grid.row_box(3).y


# The table's own size in a 1280x720 and a 2560x1440 window (the side panels take the rest),
# and the windows' whole sizes.
SIZES = [(750, 554), (1592, 1256), (1280, 720), (2560, 1440)]


@pytest.mark.parametrize("width,height", SIZES)
@pytest.mark.parametrize("viewer", ["p0", "gm", None])
@pytest.mark.parametrize("shared", [False, True])
def test_eight_rows_fit_readably_with_nothing_overlapping(width, height, viewer, shared):
    placed = lay_out(timeline(shared=shared), viewer, width, height)
    assert len(placed) == len(timeline(shared=shared))
    grid = next(p.grid for p in placed if p.grid is not None)
    # Read across a room: a row a line of large text high, a cell wide enough for an action's name.
    assert grid.row_height >= 30 and grid.column_width >= 40 and grid.label >= 120
    assert grid.row_height >= height * 0.05  # and it grows with the window
    chip_w, chip_h = grid.chip_size()
    assert chip_w <= grid.column_width and chip_h <= grid.row_height
    for where in placed:
        box = where.box
        assert 0 <= box.x and box.x + box.width <= width + 0.5
        assert 0 <= box.y and box.y + box.height <= height + 0.5
    assert grid.box.y + grid.box.height <= height
    for one, two in itertools.combinations(placed, 2):
        if one.grid is None or two.grid is None:
            assert not overlap(one.box, two.box), f"{one.zone} overlaps {two.zone}"
    for where in placed:
        if where.grid is None:
            assert not overlap(where.box, grid.box), f"{where.zone} overlaps the grid"


def test_the_other_shared_zones_go_beside_the_grid():
    placed = {p.zone: p for p in lay_out(timeline(shared=True), "p0", 1280, 720)}
    grid = placed["row:pc0"].grid
    for pile in ("pool", "spent"):
        assert placed[pile].band == "shared" and placed[pile].box.x >= grid.box.x + grid.box.width
        assert placed[pile].card_width <= placed[pile].box.width


def test_two_tracks_are_two_grids_one_above_the_other():
    zones = [ZonePlace(f"a{i}", None, "row", "track", slots=5, track="a") for i in range(2)]
    zones += [ZonePlace(f"b{i}", None, "row", "track", slots=3, track="b") for i in range(3)]
    placed = {p.zone: p for p in lay_out(zones, None, 1280, 720)}
    a, b = placed["a0"].grid, placed["b0"].grid
    assert (a.columns, b.columns) == (5, 3) and a.rows == ("a0", "a1") and b.rows == ("b0", "b1", "b2")
    assert a.box.y + a.box.height <= b.box.y


def test_each_card_lies_in_the_cell_of_its_column_and_cards_in_one_cell_share_it():
    grid = next(p.grid for p in lay_out(timeline(), "p0", 1280, 720) if p.grid is not None)
    spots = chip_positions([3, 7, 7, None, 12], grid, 2)
    for (x, y, w, h), column in zip(spots, [3, 7, 7, 0, 0]):
        cell = grid.cell(2, column)
        assert cell.x <= x and x + w <= cell.x + cell.width
        assert cell.y <= y and y + h <= cell.y + cell.height + 0.5
    (_, y1, _, h1), (_, y2, _, _) = spots[1], spots[2]
    assert y1 + h1 <= y2  # one above the other, not on top of each other


def test_many_hands_of_one_other_seat_keep_their_cards_inside_their_zones():
    """The GM's four NPC hands of thirteen backs each, side by side in its part of the top band."""
    from desktop.ui.table.layout import card_positions

    for width, height in SIZES:
        for where in lay_out(timeline(), "p0", width, height):
            if where.zone.startswith("hand:npc"):
                assert where.band == "others"
                spots = card_positions("row", 13, where.box, where.card_width, where.card_height, where.title_height,
                                       least=1.0)
                right = max(x for x, _, _ in spots) + where.card_width
                assert right <= where.box.x + where.box.width + 1 or where.card_width > where.box.width - 20


def test_a_seat_with_more_zones_gets_a_wider_part_of_the_top_band():
    """The GM's four NPC hands beside three player seats with one hand each: each zone of the
    top band gets about the same width, so the GM's are not squeezed to a sliver."""
    zones = [ZonePlace(f"hand:p{i}", f"p{i}", "row", "hand") for i in range(4)]
    zones += [ZonePlace(f"hand:npc{i}", "gm", "row", "hand") for i in range(4)]
    for width, height in ((1280, 720), (2560, 1440)):
        top = [where for where in lay_out(zones, "p0", width, height) if where.band == "others"]
        widths = [where.box.width for where in top]
        assert len(widths) == 7 and max(widths) < min(widths) * 1.1, widths  # the gaps inside a group aside
