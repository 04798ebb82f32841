"""Where each zone goes on the table, for any window size: shared zones across the middle, the
zones of the seat looking along the bottom (largest), every other seat's zones along the top.
The rows of a track (zones sharing a `track` id: a count of steps) are one grid in the middle,
whatever seat owns them.

Pure arithmetic on (x, y, width, height) tuples, so it is tested without Qt. Card sizes follow
the band a zone sits in, so the table scales from 1280x720 to 4K and with any scale factor.
The shapes and proportions are in geometry.py, a track's grid in grid.py, where the cards sit
inside a zone in card_places.py; this module re-exports what the table's modules import.
"""

from __future__ import annotations

from desktop.ui.table.card_places import (
    SLOT_PAD,
    SLOTS_SHARE,
    card_positions,
    slot_boxes,
    slot_order,
    slot_positions,
    slots_width,
)
from desktop.ui.table.geometry import (
    CARD_RATIO,
    CASCADE_SHOWN,
    CASCADE_STRIP,
    MARGIN,
    PILE_TITLE_WIDTH,
    SPREAD_SHARE,
    SPREAD_SHRINK,
    SPREAD_STEP,
    TITLE,
    TITLE_MAX,
    TITLE_MIN,
    TOP_ZONES_IN_ONE_ROW,
    ZONE_GAP_IN_SEAT,
    Box,
    Placed,
    ZonePlace,
    one_card_wide,
)
from desktop.ui.table.grid import (
    TRACK_COLUMN_MIN,
    TRACK_HEADER,
    TRACK_HEADER_MAX,
    TRACK_HEADER_MIN,
    TRACK_LABEL,
    TRACK_LABEL_MAX,
    TRACK_LABEL_MIN,
    TRACK_ROW_MAX,
    TRACK_SIDE,
    Grid,
    chip_positions,
)

# What the table's modules import from here, wherever it is written now.
__all__ = ["CARD_RATIO", "CASCADE_SHOWN", "CASCADE_STRIP", "Box", "Grid", "Placed", "ZonePlace", "card_positions",
           "chip_positions", "lay_out", "one_card_wide", "own_band", "slot_boxes", "slot_order", "slot_positions"]


def lay_out(zones: list[ZonePlace], viewer: str | None, width: float, height: float) -> list[Placed]:
    tracks: dict[str, list[ZonePlace]] = {}
    for zone in zones:
        if zone.track:
            tracks.setdefault(zone.track, []).append(zone)
    zones = [z for z in zones if not z.track]
    shared = [z for z in zones if z.seat is None]
    own = [z for z in zones if z.seat is not None and z.seat == viewer]
    others = [z for z in zones if z.seat is not None and z.seat != viewer]
    seats: list[str] = []
    for zone in others:
        if zone.seat not in seats:
            seats.append(zone.seat)
    # Band heights: the looking seat's cards are the largest; other seats get a top band that
    # grows a second row when they are many, so eight seats still fit at 1280x720.
    # A second row when the seats are many, or their zones are (four each for three seats left
    # each zone too narrow for a one-word title at 1280x720).
    rows = 1 if len(seats) <= 4 and len(others) < TOP_ZONES_IN_ONE_ROW else 2
    top = (0.16 if rows == 1 else 0.25) * height if seats else 0
    bottom = (0.42 if own else 0.16) * height
    if tracks:  # the grid is what the table reads by: the hands give it room
        top = (0.12 if rows == 1 else 0.2) * height if seats else 0
        bottom = (0.28 if own else 0.16) * height
    middle = height - top - bottom - MARGIN * 4
    placed: list[Placed] = []
    if seats:
        per_row = -(-len(seats) // rows)
        row_height = (top - MARGIN * (rows - 1)) / rows
        for row in range(rows):
            row_seats = seats[row * per_row:(row + 1) * per_row]
            if not row_seats:
                continue
            line = Box(MARGIN, MARGIN + row * (row_height + MARGIN), width - 2 * MARGIN, row_height)
            # Each seat's share in proportion to its zones: a seat holding four hands (a referee's
            # characters) beside seats holding one would otherwise squeeze each to a sliver.
            shares = [sum(1 for z in others if z.seat == seat) for seat in row_seats]
            for seat, box in zip(row_seats, line.split(shares)):
                placed += _group([z for z in others if z.seat == seat], box, "others")
    middle_box = Box(MARGIN, MARGIN * 2 + top, width - 2 * MARGIN, middle)
    if tracks:
        placed += _tracks(list(tracks.values()), shared, middle_box, height)
    else:
        placed += _group(shared, middle_box, "shared")
    if own:
        own_box = Box(MARGIN, height - bottom - MARGIN, width - 2 * MARGIN, bottom)
        placed += _group(own, own_box, "own")
    return placed


def _tracks(tracks: list[list[ZonePlace]], shared: list[ZonePlace], box: Box, height: float) -> list[Placed]:
    """The grids of the tracks stacked in `box`, the other shared zones in a column beside them."""
    placed: list[Placed] = []
    grids_box = box
    if shared:
        card = min(box.height, 0.3 * height) * 0.7  # a card's height in the column beside the grid
        wanted = sum(card * CARD_RATIO + MARGIN * 2 if z.layout == "pile" else card * CARD_RATIO * 2.5 for z in shared)
        # Never so wide that a grid's columns get narrower than a short word (the grid first).
        columns = max(max(1, z.slots) for rows in tracks for z in rows)
        least = box.width - MARGIN - TRACK_LABEL_MIN - columns * TRACK_COLUMN_MIN
        side = max(60.0, min(box.width * TRACK_SIDE, wanted + MARGIN * (len(shared) - 1), least))
        grids_box = Box(box.x, box.y, box.width - side - MARGIN, box.height)
        side_box = Box(box.x + grids_box.width + MARGIN, box.y, side, min(box.height, 0.3 * height))
        placed += _group(shared, side_box, "shared")
    header = max(TRACK_HEADER_MIN, min(TRACK_HEADER_MAX, grids_box.height * TRACK_HEADER))
    label = max(TRACK_LABEL_MIN, min(TRACK_LABEL_MAX, grids_box.width * TRACK_LABEL))
    lines = sum(len(rows) for rows in tracks)
    room = grids_box.height - MARGIN * (len(tracks) - 1) - header * len(tracks)
    row_height = min(TRACK_ROW_MAX, room / max(1, lines))
    y = grids_box.y
    for rows in tracks:
        grid = Grid(rows[0].track, Box(grids_box.x, y, grids_box.width, header + row_height * len(rows)),
                    tuple(z.zone for z in rows), max(1, max(z.slots for z in rows)), header, label)
        chip = grid.chip_size()[1]
        for index, zone in enumerate(rows):
            placed.append(Placed(zone.zone, grid.row_box(index), chip, 0.0, "shared", grid, index))
        y += grid.box.height + MARGIN
    return placed


def own_band(height: float) -> Box:
    """Where the looking seat's zones would go (for a note when nobody looks)."""
    bottom = 0.16 * height
    return Box(MARGIN, height - bottom - MARGIN, 0, bottom)


def _group(zones: list[ZonePlace], box: Box, band: str) -> list[Placed]:
    """Zones side by side in a box: piles are one card wide, the others share what is left."""
    if not zones:
        return []
    title = max(TITLE_MIN, min(TITLE_MAX, box.height * TITLE))
    card = max(24.0, box.height - title - MARGIN * 1.5)
    flexible = sum(1 for z in zones if not one_card_wide(z.layout) and z.slots <= 0)
    piles = sum(1 for z in zones if one_card_wide(z.layout) and z.slots <= 0)
    # A pile is one card wide, but wide enough for a short title where the band has room (a
    # pile's title cut to "B..." said nothing): at most a third of the band goes to such widening.
    # In another seat's group, half: its hand shows backs, whose count its title says.
    pile_width = card * CARD_RATIO + MARGIN * 2
    if piles and flexible:
        widening = 2 if band == "others" else 3
        pile_width = max(pile_width, min(PILE_TITLE_WIDTH, box.width / widening / piles))
    # A zone of slots is as wide as its slots side by side (each a card wide), but takes at most
    # SLOTS_SHARE of the band: its cards shrink to fit rather than crowd out the hand.
    fixed = {zone.zone: pile_width for zone in zones if one_card_wide(zone.layout) and zone.slots <= 0}
    # A spread zone (cards all to be read now) is as wide as its cards side by side, each mostly
    # showing, up to SPREAD_SHARE of the band: before the slots, which shrink for it.
    for zone in zones:
        if zone.spread > 0 and zone.zone not in fixed and zone.slots <= 0:
            wanted = card * CARD_RATIO * (1 + SPREAD_STEP * (zone.spread - 1)) + MARGIN * 2
            fixed[zone.zone] = max(pile_width, min(wanted, box.width * SPREAD_SHARE))
    flexible = len(zones) - len(fixed) - sum(1 for zone in zones if zone.slots > 0)
    # Another seat's zones sit closer together than the seats do: each seat reads as one group,
    # and its narrow zones keep room for a one-word title where many seats share a row.
    gap = ZONE_GAP_IN_SEAT if band == "others" else MARGIN
    gaps = gap * (len(zones) - 1)
    for zone in zones:
        if zone.slots > 0:  # leaves every other zone at least one card's width
            room = box.width - sum(fixed.values()) - gaps - pile_width * flexible
            fixed[zone.zone] = max(min(slots_width(zone.slots, card * CARD_RATIO), box.width * SLOTS_SHARE, room),
                                   slots_width(zone.slots, 24.0 * CARD_RATIO))
    slotted = any(zone.slots > 0 for zone in zones)
    # The hand is the widest zone, except in another seat's row beside slots: there its backs
    # need no more room than the zones beside it, whose titles would otherwise be cut.
    hand = 1.6 if band == "own" or not slotted else 1.0
    factors = {zone.zone: hand if zone.role == "hand" else 1 for zone in zones if zone.zone not in fixed}
    weights = []
    for zone in zones:
        if zone.zone in fixed:
            weights.append(fixed[zone.zone])
        else:
            # The others share exactly what is left, the hand the most: the piles and slots keep
            # their widths (a hand weighed past what was left squeezed the piles beside it, and
            # another seat's "Spent" read "S...").
            rest = box.width - sum(fixed.values()) - gaps
            weights.append(max(pile_width if not slotted else 0.0,
                               max(0.0, rest) * factors[zone.zone] / sum(factors.values())))
    boxes = box.split(weights, gap)
    # A pile box narrower than its card (many zones in a small band) shrinks the cards with it.
    fitted = []
    for zone, zone_box in zip(zones, boxes):
        height = card
        if zone.slots > 0:
            slot_width = (zone_box.width - MARGIN * (zone.slots + 1)) / zone.slots
            height = min(card, (slot_width - SLOT_PAD * 2) / CARD_RATIO)
        elif zone.spread > 1:  # a little smaller rather than much more covered
            fit = (zone_box.width - MARGIN * 2) / (CARD_RATIO * (1 + SPREAD_STEP * (zone.spread - 1)))
            height = min(card, max(card * SPREAD_SHRINK, fit))
        elif one_card_wide(zone.layout) or slotted:  # beside slots, a row narrower than a card shrinks it
            height = min(card, (zone_box.width - MARGIN * 2) / CARD_RATIO)
        if zone.layout == "cascade":  # sized for its five cards, so it does not jump as they come
            height = min(height, card / (1 + CASCADE_STRIP * (CASCADE_SHOWN - 1)))
        fitted.append(Placed(zone.zone, zone_box, max(24.0, height), title, band))
    return fitted
