"""A zone's card items made to match what its viewer sees, keeping every item it can.

The items of cards still there are kept (a card that reads differently now is drawn again); the
items the zone no longer needs become the cards it lacks, face down or face up (a hand turned
face down for one viewer and face up for the next keeps its items: making new ones for both hands
was most of a hand-over of a game of large hands); new items are made only past that, and the
rest leave the table. Face-down cards carry nothing that names them, and an item turned over
keeps nothing of the card it showed (`CardItem.become`).
"""

from __future__ import annotations

from desktop.ui.table import faces
from desktop.ui.table.items import CardItem
from desktop.ui.table.layout import CASCADE_SHOWN
from desktop.ui.table.track import ChipItem, TrackRowItem


def fill_zone(table, zone, seen, faces_by_id: dict, draggable: bool, owner: str, looks: list) -> None:
    """`zone`'s items made to show the cards of `seen` (its ZoneSeen) that its layout shows: a
    pile its top two, a cascade its top CASCADE_SHOWN, any other zone all of them."""
    shown = (2 if zone.layout == "pile" else CASCADE_SHOWN if zone.layout == "cascade" else len(seen.cards))
    entries = seen.cards[-shown:] if shown else []
    # Each card's own back (where the zone's backs differ), in step with the cards shown.
    looks = looks[-shown:] if shown and len(looks) == len(seen.cards) else []
    fill(table, zone, entries, faces_by_id, draggable, owner, looks)


def fill(table, zone, entries, faces_by_id: dict, draggable: bool, owner: str, looks: list = ()) -> None:
    """Sets `zone.cards` to items showing `entries` (the view's cards, None for face down), on
    `table` (the TableView: `adopt` puts a new item on it, `let_go` takes one off). `looks`: each
    entry's own back where the zone's backs differ (presentation.CardBack), else empty."""
    wanted = {entry.id for entry in entries if entry is not None}
    keep = {card.card_id: card for card in zone.cards if card.card_id in wanted and card.owner == owner}
    backs = [card for card in zone.cards if card.card_id is None]
    down = sum(entry is None for entry in entries)
    spare = [card for card in zone.cards if card.card_id is not None and card not in keep.values()]
    spare += backs[:max(0, len(backs) - down)]  # the faces-down it has more of than it needs
    backs = backs[len(backs) - min(down, len(backs)):]
    kind = ChipItem if isinstance(zone, TrackRowItem) else CardItem  # a card lying in a cell
    items: list[CardItem] = []
    for index, entry in enumerate(entries):
        if entry is None:
            item = backs.pop() if backs else _turned(table, spare, CardItem, owner, None)
            if item is None:
                item = table.adopt(CardItem(zone.zone_id, owner=owner))
            # A face-down pile the viewer may drag from: only its top card is lifted (a draw).
            item.set_draggable(draggable and zone.layout == "pile" and index == len(entries) - 1)
            item.set_back(looks[index] if looks else None)
        else:
            face = faces_by_id[entry.face]
            key = faces.face_key(entry.face, face)
            item = keep.pop(entry.id, None)
            if item is not None:
                if key != item.face_key:  # the same card reads differently now
                    item.face, item.face_key = face, key
                    item.update()
            else:
                item = _turned(table, spare, kind, owner, entry.id, face, key)
            if item is None:
                item = table.adopt(kind(zone.zone_id, entry.id, face, key, draggable=draggable, owner=owner))
            item.set_draggable(draggable)  # the viewer's own cards may be dragged
        items.append(item)
    for item in spare:
        table.let_go(item)
    zone.cards = items


def _turned(table, spare: list, kind: type, owner: str, card_id: str | None, face=None,
            face_key: str = "") -> CardItem | None:
    """An item of `kind` the zone no longer needs, made to show `card_id` (None: face down); a
    chip on a track is another kind of item than a face-down card there."""
    item = next((item for item in reversed(spare) if type(item) is kind), None)
    if item is None:
        return None
    spare.remove(item)
    table.let_go(item, remove=False)
    item.owner = owner
    item.become(card_id, face, face_key)
    return item
