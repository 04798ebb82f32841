"""Where each zone goes on the table, for any window size: shared zones across the middle, the
zones of the seat looking along the bottom (largest), every other seat's zones along the top.
The rows of a track (zones sharing a `track` id: a count of steps) are one grid in the middle,
whatever seat owns them.

Pure arithmetic on (x, y, width, height) tuples, so it is tested without Qt. Card sizes follow
the band a zone sits in, so the table scales from 1280x720 to 4K and with any scale factor.
"""

from __future__ import annotations

from dataclasses import dataclass

CARD_RATIO = 0.71  # width / height of a card
PILE_TITLE_WIDTH = 110.0  # room for a pile's short title ("Discard: 3", "Draw pile")
MARGIN = 10
TITLE = 0.16  # part of a band's height used by a zone's title (at most TITLE_MAX px)
TITLE_MAX = 48
TITLE_MIN = 20
TOP_ZONES_IN_ONE_ROW = 12  # other seats' zones the top band holds in one row
CASCADE_SHOWN = 5  # a cascade shows its top five cards, each title strip above the next
CASCADE_STRIP = 0.2  # of a card's height: its title band (0.19) and a hair of its body
SPREAD_STEP = 0.75  # a spread zone's cards: each shows at least this much of its width
SPREAD_SHARE = 0.6  # the most of a band's width a spread zone takes
SPREAD_SHRINK = 0.7  # its cards shrink to show more of each, down to this part of the band's size


def one_card_wide(layout: str) -> bool:
    """A pile or a cascade: a zone one card wide, however many cards it holds."""
    return layout in ("pile", "cascade")


@dataclass(frozen=True)
class Box:
    x: float
    y: float
    width: float
    height: float

    def split(self, weights: list[float], gap: float = MARGIN) -> list[Box]:
        """Side by side, widths in proportion to `weights`."""
        free = self.width - gap * (len(weights) - 1)
        boxes, x = [], self.x
        total = sum(weights) or 1
        for weight in weights:
            width = free * weight / total
            boxes.append(Box(x, self.y, width, self.height))
            x += width + gap
        return boxes


@dataclass(frozen=True)
class Placed:
    """A zone's box on the table and the card size inside it."""

    zone: str
    box: Box
    card_height: float
    title_height: float
    band: str  # "others", "shared" or "own"
    grid: Grid | None = None  # a row of a track: the grid it is a row of
    row: int = -1  # and which row, from the top


    @property
    def card_width(self) -> float:
        return self.card_height * CARD_RATIO


@dataclass(frozen=True)
class ZonePlace:
    """What the layout needs of a zone: its id, the seat it belongs to, its layout and role."""

    zone: str
    seat: str | None
    layout: str = "row"  # fan, pile, row
    role: str = "pile"
    slots: int = 0  # a zone of slots: that many card places side by side, each outlined
    track: str = ""  # a row of this track (zones sharing it are drawn as the rows of one grid)
    spread: int = 0  # cards it shows side by side, each readable (0: it shares the band as usual)


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


# ---- tracks: rows of slots drawn as one grid ---------------------------------------------------

TRACK_HEADER = 0.09  # part of a grid's height for its column headers (TRACK_HEADER_MIN to _MAX px)
TRACK_HEADER_MIN, TRACK_HEADER_MAX = 20.0, 44.0
TRACK_LABEL = 0.22  # part of a grid's width for its row headers (TRACK_LABEL_MIN to _MAX px)
TRACK_LABEL_MIN, TRACK_LABEL_MAX = 120.0, 420.0
TRACK_ROW_MAX = 110.0  # a row no taller than this: a short track leaves room below it
TRACK_COLUMN_MIN = 48.0  # a column no narrower than this while shared zones beside it can give way
TRACK_SIDE = 0.3  # the most of the middle's width the other shared zones take beside a grid
CHIP_PAD = 3.0  # between a cell's edge and a card in it


@dataclass(frozen=True)
class Grid:
    """One track as a grid: a row per zone (in the table's order) under a strip of column
    headers, a row header (the row's title) at the left of each row, the slots as shared columns."""

    track: str
    box: Box
    rows: tuple[str, ...]
    columns: int
    header: float  # the column headers' height
    label: float  # the row headers' width

    @property
    def row_height(self) -> float:
        return (self.box.height - self.header) / max(1, len(self.rows))

    @property
    def column_width(self) -> float:
        return (self.box.width - self.label) / max(1, self.columns)

    def row_box(self, row: int) -> Box:
        """The whole row: its header and its cells."""
        return Box(self.box.x, self.box.y + self.header + row * self.row_height, self.box.width, self.row_height)

    def label_box(self, row: int) -> Box:
        line = self.row_box(row)
        return Box(line.x, line.y, self.label, line.height)

    def column_box(self, column: int) -> Box:
        """A whole column, its header included."""
        return Box(self.box.x + self.label + column * self.column_width, self.box.y, self.column_width, self.box.height)

    def header_box(self, column: int) -> Box:
        whole = self.column_box(column)
        return Box(whole.x, whole.y, whole.width, self.header)

    def cell(self, row: int, column: int) -> Box:
        line, whole = self.row_box(row), self.column_box(column)
        return Box(whole.x, line.y, whole.width, line.height)

    def column_at(self, x: float) -> int | None:
        """The column under `x`, None over the row headers or past the grid."""
        inside = x - self.box.x - self.label
        if inside < 0 or x > self.box.x + self.box.width:
            return None
        return min(self.columns - 1, int(inside // self.column_width))

    def chip_size(self) -> tuple[float, float]:
        """The size of a card lying in one cell (a chip, wider than tall), whole pixels."""
        return (float(max(8, int(self.column_width - CHIP_PAD * 2))), float(max(8, int(self.row_height - CHIP_PAD * 2))))


def chip_positions(columns: list[int | None], grid: Grid, row: int) -> list[tuple[float, float, float, float]]:
    """(x, y, width, height) of each card of a row, in the cell of the column its mark names:
    several cards in one cell share its height; a card with no column (or one out of range)
    goes to the first column, so nothing is lost from sight."""
    cell_of = [c if c is not None and 0 <= c < grid.columns else 0 for c in columns]
    width, height = grid.chip_size()
    spots = []
    for index, column in enumerate(cell_of):
        sharing = [i for i, other in enumerate(cell_of) if other == column]
        place = sharing.index(index)
        cell = grid.cell(row, column)
        each = max(6.0, (cell.height - CHIP_PAD * 2 - (len(sharing) - 1) * 2) / len(sharing))
        x = cell.x + (cell.width - width) / 2
        y = cell.y + CHIP_PAD + place * (each + 2)
        spots.append((x, y, width, min(height, each)))
    return spots


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
    pile_width = card * CARD_RATIO + MARGIN * 2
    if piles and flexible:
        pile_width = max(pile_width, min(PILE_TITLE_WIDTH, box.width / 3 / piles))
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
    gaps = MARGIN * (len(zones) - 1)
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
            rest = box.width - sum(fixed.values()) - gaps
            if slotted:  # the others share exactly what is left: the slots keep their width
                weights.append(max(0.0, rest) * factors[zone.zone] / sum(factors.values()))
            else:
                weights.append(max(pile_width, rest / max(1, flexible)) * factors[zone.zone])
    boxes = box.split(weights)
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


SLOTS_SHARE = 0.4  # the most of a band's width a zone of slots takes
SLOT_PAD = 3.0  # between a slot's outline and the card in it


def slots_width(slots: int, card_width: float) -> float:
    """The width of `slots` slots side by side, each a card wide, with the zone's margins."""
    return slots * (card_width + SLOT_PAD * 2) + MARGIN * (slots + 1)


def slot_boxes(slots: int, box: Box, card_w: float, card_h: float, title: float) -> list[Box]:
    """The outline of each slot of a zone of slots, side by side and centred in its box."""
    if slots <= 0:
        return []
    width, height = card_w + SLOT_PAD * 2, card_h + SLOT_PAD * 2
    used = slots * width + (slots - 1) * MARGIN
    left = box.x + max(MARGIN, (box.width - used) / 2)
    top = box.y + title + max(0.0, (box.height - title - height) / 2)
    return [Box(left + i * (width + MARGIN), top, width, height) for i in range(slots)]


def slot_order(wanted: list[int | None], slots: int) -> list[int]:
    """The slot each card goes in: the one its mark names, else the first free one, in order.

    A mark out of range, or naming a slot already taken, counts as no mark; cards beyond the
    slots (the rules never allow it) go past the last slot rather than vanish.
    """
    taken: dict[int, int] = {}
    for index, slot in enumerate(wanted):
        if slot is not None and 0 <= slot < slots and slot not in taken.values():
            taken[index] = slot
    free = [slot for slot in range(slots) if slot not in taken.values()]
    extra = slots
    order = []
    for index in range(len(wanted)):
        if index in taken:
            order.append(taken[index])
        elif free:
            order.append(free.pop(0))
        else:
            order.append(extra)
            extra += 1
    return order


def slot_positions(wanted: list[int | None], slots: int, box: Box, card_w: float, card_h: float,
                   title: float) -> list[tuple[float, float, float]]:
    """(x, y, rotation) of each card of a zone of slots: inside the slot its mark names."""
    outlines = slot_boxes(slots, box, card_w, card_h, title)
    positions = []
    for slot in slot_order(wanted, slots):
        if slot < len(outlines):
            outline = outlines[slot]
        else:  # more cards than slots: past the last one, overlapping it a little
            last = outlines[-1]
            outline = Box(last.x + (slot - slots + 1) * card_w * 0.3, last.y, last.width, last.height)
        positions.append((outline.x + SLOT_PAD, outline.y + SLOT_PAD, 0.0))
    return positions


def card_positions(layout: str, count: int, box: Box, card_w: float, card_h: float, title: float,
                   least: float = 6.0) -> list[tuple[float, float, float]]:
    """(x, y, rotation in degrees) of each card's top-left corner inside a zone's box.

    A fan overlaps the cards when they do not fit side by side and tilts them a little, like a
    hand held up; a row overlaps without tilting; a pile stacks them; a cascade (its top
    CASCADE_SHOWN cards) sets each a title strip below the one under it, the last whole.
    """
    if count == 0:
        return []
    top = box.y + title + (box.height - title - card_h) / 2
    if layout == "pile":
        x = box.x + (box.width - card_w) / 2
        return [(x, top, 0.0) for i in range(count)]
    if layout == "cascade":
        x = box.x + (box.width - card_w) / 2
        strip = card_h * CASCADE_STRIP
        first = box.y + title + MARGIN / 2
        return [(x, first + i * strip, 0.0) for i in range(count)]
    inner = box.width - MARGIN * 2
    step = card_w + MARGIN
    if count > 1 and count * card_w + (count - 1) * MARGIN > inner:
        # Overlapping down to `least` px a card (6: a strip to grab); in another seat's zones, where
        # nothing is dragged, closer still rather than run past the zone (one seat's four
        # hands side by side), never on top of each other.
        step = max(least, (inner - card_w) / (count - 1))
    used = card_w + step * (count - 1)
    left = box.x + MARGIN + max(0.0, (inner - used) / 2)
    positions = []
    for i in range(count):
        tilt = 0.0
        lift = 0.0
        if layout == "fan" and count > 1 and step < card_w:
            centre = (count - 1) / 2
            tilt = (i - centre) * min(3.0, 24.0 / count)
            lift = abs(i - centre) ** 2 * min(2.0, 40.0 / count ** 2)
        positions.append((left + i * step, top + lift, tilt))
    return positions
