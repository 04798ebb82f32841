"""Where the items of a laid-out table go: each zone's card items at the places worked out for its
kind of zone (`place_cards`), and the card shown large beside the card it shows (`preview_place`).

The places themselves are pure arithmetic (desktop/ui/table/card_places.py, grid.py); here they
are given to the items, on whole pixels.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from desktop.ui.table.layout import card_positions, chip_positions, slot_positions
from desktop.ui.table.track import TrackRowItem

if TYPE_CHECKING:
    from PySide6.QtCore import QRectF

    from desktop.ui.table.geometry import Placed
    from desktop.ui.table.zones import CountBadge, ZoneItem


def place_cards(zone: ZoneItem, placed: Placed | None, badge: CountBadge | None) -> None:
    """Puts the cards of `zone` (laid out at `placed`) where they go, and its count badge (a pile's)."""
    # Whole pixels: a pixmap drawn at its own size is a plain copy, not a smooth rescale.
    width, height = zone.card_size()
    layout = zone.layout
    if layout == "fan" and (placed is None or placed.band != "own"):
        layout = "row"  # only the hand being held is tilted; a tilted blit costs ten straight ones
    if isinstance(zone, TrackRowItem):  # each card in the cell of the column its mark names
        if zone.grid is None:
            return
        # A face-down card with no column is not drawn in a cell: its place would say what
        # is hidden (when a hidden plan happens); the row's title says how many there are.
        shown = [item for item in zone.cards if item.card_id is not None or item.marks is not None]
        for item in zone.cards:
            item.setVisible(item in shown)
        columns = [item.marks.slot if item.marks is not None else None for item in shown]
        for index, (item, (x, y, w, h)) in enumerate(zip(shown, chip_positions(columns, zone.grid, zone.row))):
            item.set_size(w, h)
            item.place(round(x), round(y), 0.0)
            item.set_stack(index)
        # No `zone.update()`: a row's own look (its title, stripe, mark, veil) never follows its
        # cards, and a card moved, shown, hidden or changed repaints its own places; the whole
        # row painted again with every chip of it and the grid under it was most of an action's
        # table paint at eight rows.
        return
    if zone.slots > 0:  # each card in the slot its mark names
        wanted = [item.marks.slot if item.marks is not None else None for item in zone.cards]
        spots = slot_positions(wanted, zone.slots, zone.box, width, height, zone.title_height)
        zone.update()  # its outlines, and which slots read "empty slot"
    else:
        least = 1.0 if placed is not None and placed.band == "others" else 6.0  # nothing dragged there
        spots = card_positions(layout, len(zone.cards), zone.box, width, height, zone.title_height, least)
    for index, (item, (x, y, tilt)) in enumerate(zip(zone.cards, spots)):
        item.set_size(width, height)
        item.place(round(x), round(y), tilt)
        item.set_stack(index)
    if badge is not None:
        size = max(18.0, min(40.0, height * 0.16))
        if (badge.count, badge._size) != (zone.count, size):
            badge.set_count(zone.count, size)
        box = zone.box
        badge.setPos(box.x + box.width - size * 1.6 - 6, box.y + box.height - size - 6)


def preview_place(rect: QRectF, card_height: float, view_w: int, view_h: int) -> tuple[float, float, float, float]:
    """Where the card at `rect` (in the scene, `card_height` tall) is shown large in a view of
    `view_w` x `view_h`: (x, y, width, height), inside the view."""
    wanted = min(max(card_height * 1.6, min(view_h * 0.62, 520.0)), view_h - 20)
    # Above the card, or below it, made smaller to fit there rather than laid over its
    # neighbours (a preview beside a hand card covered the rest of the hand).
    least = min(wanted, max(card_height * 1.3, 160.0))
    above, below = rect.top() - 20, view_h - rect.bottom() - 20
    if above >= least or below >= least:
        height = min(wanted, max(above, below))
        y = rect.top() - height - 10 if above >= below else rect.bottom() + 10
        x = rect.center().x() - height * 0.71 / 2
    else:
        height = wanted
        y = max(10.0, (view_h - height) / 2)
        x = rect.right() + 12 if rect.right() + 12 + height * 0.71 <= view_w - 10 else rect.left() - height * 0.71 - 12
    width = height * 0.71
    x = min(max(10.0, x), view_w - width - 10)
    return x, y, width, height
