"""Where the cards of one zone sit inside it: side by side, fanned, in a cascade, a pile, or in
numbered slots. Pure arithmetic, tested without Qt."""

from __future__ import annotations

from desktop.ui.table.geometry import CASCADE_STRIP, MARGIN, Box

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
            # On a half-degree grid: a card's tilted copy is made once per face and angle
            # (faces.py), and a hand one card shorter or longer lands on angles already made
            # (at 24/count degrees apart, every card of it had a new one; half a degree is not seen).
            tilt = round((i - centre) * min(3.0, 24.0 / count) * 2) / 2
            lift = abs(i - centre) ** 2 * min(2.0, 40.0 / count ** 2)
        positions.append((left + i * step, top + lift, tilt))
    return positions
