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
    flexible = sum(1 for z in zones if z.layout != "pile")
    piles = len(zones) - flexible
    # A pile is one card wide, but wide enough for a short title where the band has room (a
    # pile's title cut to "B..." said nothing): at most a third of the band goes to such widening.
    pile_width = card * CARD_RATIO + MARGIN * 2
    if piles and flexible:
        pile_width = max(pile_width, min(PILE_TITLE_WIDTH, box.width / 3 / piles))
    weights = []
    for zone in zones:
        if zone.layout == "pile":
            weights.append(pile_width)
        else:
            rest = box.width - pile_width * (len(zones) - flexible) - MARGIN * (len(zones) - 1)
            weights.append(max(pile_width, rest / max(1, flexible)) * (1.6 if zone.role == "hand" else 1))
    boxes = box.split(weights)
    # A pile box narrower than its card (many zones in a small band) shrinks the cards with it.
    fitted = []
    for zone, zone_box in zip(zones, boxes):
        height = min(card, (zone_box.width - MARGIN * 2) / CARD_RATIO) if zone.layout == "pile" else card
        fitted.append(Placed(zone.zone, zone_box, max(24.0, height), title, band))
    return fitted


def card_positions(layout: str, count: int, box: Box, card_w: float, card_h: float, title: float) -> list[tuple[float, float, float]]:
    """(x, y, rotation in degrees) of each card's top-left corner inside a zone's box.

    A fan overlaps the cards when they do not fit side by side and tilts them a little, like a
    hand held up; a row overlaps without tilting; a pile stacks them with a small offset.
    """
    if count == 0:
        return []
    top = box.y + title + (box.height - title - card_h) / 2
    if layout == "pile":
        x = box.x + (box.width - card_w) / 2
        return [(x + min(i, 2) * 0.0, top, 0.0) for i in range(count)]
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
