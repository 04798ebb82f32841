"""Dragging a card on the table and dropping it: the half of `TableView` that lights where a card
may go, works out what a drop means (a zone, a column of a track's row, the card in a slot) and
keeps the card dropped waiting where it lies until the answer.

A drop is a signal (`cardDropped`) and the mouse event ends there: nothing is decided here, and
nothing waits. The answer comes back as the table changing (`TableView.show_table` lets the
waiting card go where the view puts it) or as a refusal (`drop_refused`: it glides home).
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF

from desktop.ui.table.items import CardItem
from desktop.ui.table.track import TrackRowItem
from desktop.ui.table.zones import ZoneItem


class TableDrops:
    """Mixed into `TableView` (desktop/ui/table/view.py), whose `zones`, scene, `preview`,
    `pending` card and signals (`dragStarted`, `cardDropped`) it works with. A card item calls
    `drag_started` and `drag_finished`; the window calls `light`, `drop_refused` and
    `drop_answered`."""

    def drag_started(self, card: CardItem) -> None:
        self.preview(None)
        self.dragStarted.emit(card.card_id or "", card.zone)  # "": a face-down card, named by its zone

    def light(self, zones: set[str], columns: dict[str, set[int]] | None = None) -> None:
        """Lights the zones a card may go to; in a row of a track, only the columns it may go to
        (`columns`: by zone; none named, the whole row)."""
        columns = columns or {}
        for zone_id, zone in self.zones.items():
            if isinstance(zone, TrackRowItem):
                zone.set_lit(zone_id in zones, columns.get(zone_id, ()))
            else:
                zone.set_lit(zone_id in zones)

    def zone_at(self, point: QPointF) -> ZoneItem | None:
        for zone in self.zones.values():
            if zone.boundingRect().contains(point):
                return zone
        return None

    def drag_finished(self, card: CardItem, point: QPointF) -> None:
        """The card was let go at `point`: dropped on another zone (or along its track's row) it
        stays there and `cardDropped` says so; anywhere else it glides back at once. Nothing is
        decided here, and nothing waits: the answer comes back as the table changing or as a
        refusal, once the mouse event is over."""
        self.light(set())
        self._still_since_drop = True  # nothing shown large until the pointer moves again
        target = self.zone_at(point)
        column = target.column_at(point.x()) if isinstance(target, TrackRowItem) else None
        # Along a row of a track a card may move to another column of the same row.
        moved = column is not None and card.marks is not None and card.marks.slot != column
        if target is None or (target.zone_id == card.zone and not moved):
            card.go_home()  # dropped nowhere: the card glides back
            return
        onto = self.slot_card_at(target, point)
        if onto == card.card_id:
            onto = None  # dropped on its own slot: the drop means the zone
        self.drop_answered()  # an earlier drop still unanswered goes home first
        self.pending, card.waiting = card, True
        self.cardDropped.emit(card.card_id or "", card.zone, target.zone_id, onto, column)

    def drop_refused(self, _sentence: str = "") -> None:
        """The drop waiting for an answer was refused: the card glides back home."""
        self.drop_answered()

    def drop_answered(self) -> None:
        """The drop waiting for an answer has one: a card the table put somewhere already stands
        at its place; one still where it was dropped (refused, or a question left unanswered)
        glides back home."""
        card, self.pending = self.pending, None
        if card is None:
            return
        card.waiting = False
        if card.scene() is self._scene and card.pos() != card.home:
            card.go_home()

    @staticmethod
    def slot_card_at(zone: ZoneItem, point: QPointF) -> str | None:
        """The card in the slot of a zone of slots under `point`, if that slot holds one."""
        for outline, held in zip(zone.slot_outlines(), zone.slot_cards()):
            if held is not None and held.card_id is not None and QRectF(
                    outline.x, outline.y, outline.width, outline.height).contains(point):
                return held.card_id
        return None
