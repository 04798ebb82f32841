"""Where each zone goes on the table, for any window size: shared zones across the middle, the
zones of the seat looking along the bottom (largest), every other seat's zones along the top.

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
CASCADE_SHOWN = 5  # a cascade shows its top five cards, each title strip above the next
CASCADE_STRIP = 0.2  # of a card's height: its title band (0.19) and a hair of its body


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


def lay_out(zones: list[ZonePlace], viewer: str | None, width: float, height: float) -> list[Placed]:
    shared = [z for z in zones if z.seat is None]
    own = [z for z in zones if z.seat is not None and z.seat == viewer]
    others = [z for z in zones if z.seat is not None and z.seat != viewer]
    seats: list[str] = []
    for zone in others:
        if zone.seat not in seats:
            seats.append(zone.seat)
    # Band heights: the looking seat's cards are the largest; other seats get a top band that
    # grows a second row when they are many, so eight seats still fit at 1280x720.
    rows = 1 if len(seats) <= 4 else 2
    top = (0.16 if rows == 1 else 0.25) * height if seats else 0
    bottom = (0.42 if own else 0.16) * height
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
            for seat, box in zip(row_seats, line.split([1] * len(row_seats))):
                placed += _group([z for z in others if z.seat == seat], box, "others")
    middle_box = Box(MARGIN, MARGIN * 2 + top, width - 2 * MARGIN, middle)
    placed += _group(shared, middle_box, "shared")
    if own:
        own_box = Box(MARGIN, height - bottom - MARGIN, width - 2 * MARGIN, bottom)
        placed += _group(own, own_box, "own")
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


def card_positions(layout: str, count: int, box: Box, card_w: float, card_h: float, title: float) -> list[tuple[float, float, float]]:
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
        step = max(6.0, (inner - card_w) / (count - 1))
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
