"""The table: a graphics scene laid out from the ruleset's table description.

It fills the window at any size: zones are placed by `layout.lay_out` from the view's size, cards
are sized by the band they sit in, and the card under the pointer or the keyboard focus is shown
large beside it. Updates touch only the zones a change-set names. A drag lights the zones where
the card may legally go. A drop is a signal (`cardDropped`) and the mouse event ends there: the
card waits where it was dropped while the session decides, is put where the view says when the
table changes (`show_table`), and glides back home on a refusal (`drop_refused`) or when the
drop came to nothing (`drop_answered`). Dragging and dropping: drops.py, mixed in; placing: placing.py.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPointF, QRectF, QSizeF, Qt, Signal
from PySide6.QtGui import QBrush, QFont, QPainter
from PySide6.QtWidgets import QGraphicsScene, QGraphicsSimpleTextItem, QGraphicsView

from desktop.ui import palette
from desktop.ui.table import faces
from desktop.ui.table.drops import TableDrops
from desktop.ui.table.fill import fill_zone
from desktop.ui.table.items import CardItem, Preview
from desktop.ui.table.layout import ZonePlace, lay_out, one_card_wide
from desktop.ui.table.placing import place_cards, preview_place
from desktop.ui.table.pointing import NONE, pointed_now, widened
from desktop.ui.table.track import TrackRowItem
from desktop.ui.table.track_grid import GridItem, track_marks
from desktop.ui.table.track_text import common_title_size
from desktop.ui.table.zones import CountBadge, ZoneItem, alike_zones, naming_zones, parts_of


class TableView(TableDrops, QGraphicsView):
    cardActivated = Signal(str, str)  # card, zone: Enter on a card
    dragStarted = Signal(str, str)  # card, zone: light the legal targets
    focusedText = Signal(str)  # what the focused card or zone reads as (for the status line)
    # A click (not a drag) on a card: its id, zone, the point in the card's own coordinates and
    # its size (a system may read a click on a part of its face).
    cardClicked = Signal(str, str, QPointF, QSizeF)
    # A card dropped on another zone, or along a track's row: card ("" a face-down one, named by
    # its zone), from, to, the card in the slot it was dropped on (or None) and the column of a
    # track's row it was dropped on (or None). Whoever listens decides; the view only shows.
    cardDropped = Signal(str, str, str, object, object)

    def __init__(self, parent=None):
        super().__init__(parent)
        self._scene = QGraphicsScene(self)  # a Qt child: deleted with the window, never by the collector
        self.setScene(self._scene)
        self.setObjectName("table-view")
        self.setAccessibleName("Game table")
        self.viewport().setAccessibleName("Game table: Tab moves between the cards, Enter plays one")
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.MinimalViewportUpdate)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.SmoothPixmapTransform)
        self.setFrameShape(QGraphicsView.Shape.NoFrame)
        # The felt (its background brush) covers every pixel it paints: no fill under it (white,
        # then the felt over it, and its parents': a third of a millisecond an action at 8 seats).
        self.viewport().setAutoFillBackground(False)
        self.viewport().setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMinimumSize(480, 320)
        self.pending: CardItem | None = None  # dropped, waiting where it was for the answer
        self.zones: dict[str, ZoneItem] = {}
        self._specs: list = []
        self._shape: tuple | None = None
        self._private = False
        self._badges: dict[str, CountBadge] = {}
        self._viewer: str | None = None
        self._layout_owed = False  # filled under the curtain, not yet laid out (show_table)
        self._placed: dict[str, object] = {}
        self._pointing = NONE  # the cards the practice's step names (pointing.py)
        self.grids: dict[str, GridItem] = {}  # a track's grid, by track id
        self._title_sizes: dict[str, tuple] = {}  # track -> ((grid, titles), the size its row titles are set at)
        self._table = None
        self.card_painters = faces.NO_PAINTERS  # the system's own, set through the window's host
        self._looked = False  # some card has a look of its system's (Table.looks)
        self._preview = Preview()
        self._scene.addItem(self._preview)
        self._note = QGraphicsSimpleTextItem()
        self._note.setZValue(5)
        self._scene.addItem(self._note)
        self._press: QPointF | None = None
        self._still_since_drop = False  # a card was dropped and the pointer has not moved since
        self._apply_theme()

    # ---- filling the table ---------------------------------------------------------------------

    def show_table(self, view, table, changed: frozenset[str] | None = None, covered: bool = False) -> None:
        """Shows `view` laid out by `table`; only the zones in `changed` are refilled (all of
        them when None, or when the zones or who looks have changed).

        `covered`: the curtain is over the table. Its cards are filled as `view` shows them, so nothing
        of the last hand stays behind it, but they are laid out only once the table is seen again:
        nothing under the curtain is painted or read (laid out for nobody: 2-4 ms a hand-over)."""
        shape = tuple((s.zone, s.seat, s.role, s.layout, s.slots, s.track, s.spread) for s in table.zones)
        rebuilt = shape != self._shape
        if rebuilt:
            self._rebuild(table)
            self._shape = shape
            changed = None
        if view.viewer != self._viewer:
            # Another seat looks: its zones go to the bottom. The zone items stay, and every
            # card item still showing the same card is kept (a hand-over re-made them all).
            rebuilt, changed = True, None
        if self._layout_owed and not covered:
            rebuilt = True
        if self.pending is not None and (changed is None or self.pending.zone in changed):
            # The game changed where the card dropped and waiting lies: it goes where the view
            # puts it now (anything else changing, a bot's move, leaves it waiting).
            self.pending.waiting = False
        self._viewer = view.viewer
        self._specs = list(table.zones)
        self._table = table
        # Only a game with hands shown to their owner alone needs a word about looking.
        private = any(zone.visibility == "owner" for zone in view.zones.values())
        if private != self._private:
            self._private = private
            rebuilt = True
        pointing = pointed_now(view)
        changed, self._pointing = widened(self.zones, view, self._pointing, pointing, changed), pointing
        naming, alike = naming_zones(table.zones, view.seat_name), alike_zones(table.zones)
        for spec in table.zones:
            zone = self.zones[spec.zone]
            if (spec.zone in alike) != zone.alike:
                zone.alike = spec.zone in alike
                zone.update()
            shown_hint = spec.seat is None and not spec.track
            words = (spec.title, spec.hint if shown_hint else "", view.zones[spec.zone].count)
            if naming.get(spec.zone, "") != zone.keep:
                zone.keep = naming.get(spec.zone, "")
                zone.update()
            if words != (zone.title, zone.hint, zone.count):
                # Its title alone changed only while it holds cards before and after: a zone
                # emptied now shows its hint where the cards were (its last card's place alone
                # was repainted, the hint half drawn or not at all).
                only_title = (words[1] == zone.hint and zone.cards and view.zones[spec.zone].cards
                              and zone.slots <= 0
                              and not isinstance(zone, TrackRowItem))  # a row's title is at its left
                before = (zone.title, zone.parts)
                zone.title, zone.hint, zone.count = words
                zone.parts = spec.parts  # how it shortens; one text is split one way, so keyed by the title
                if isinstance(zone, TrackRowItem):
                    zone.retitled(before)  # a row draws its title alone (no count, no hint)
                elif only_title:
                    # Its title band alone: the cards under the rest of the panel (a hand's fan
                    # of tilted cards is the slowest thing to repaint) show nothing new.
                    box = zone.box
                    zone.update(QRectF(box.x, box.y, box.width, zone.title_height + 4))
                else:
                    zone.update()  # its panel: the title, the count or the words of an empty zone
            if changed is None or spec.zone in changed:
                # Where a seat's card lies, in its system's words ("Orc's row"), for a
                # screen reader: the zone's own label, not a possessive made of its role.
                owner = "" if spec.seat is None else view.zones[spec.zone].label
                looks = [table.backs.get(back) for back in spec.backs]
                fill_zone(self, zone, view.zones[spec.zone], view.faces, spec.drag_from, owner, looks)
                for item in zone.cards:
                    if item.card_id is not None:
                        item.set_marks(view.marks.get(item.card_id))
                        item.set_pointed(item.card_id in pointing)
                if not rebuilt and not covered:
                    self._place_cards(zone)
            if isinstance(zone, TrackRowItem):
                zone.set_inactive(spec.inactive)
        self._set_looks(table.looks)
        if covered:
            self._layout_owed = True
        elif rebuilt:
            self._relayout()
        else:
            self._mark_tracks()

    def set_painters(self, painters: faces.CardPainters) -> None:
        """The system's own card painters for this table (`faces.NO_PAINTERS`: the generic)."""
        self.card_painters = painters
        self.viewport().update()

    def _set_looks(self, looks: dict) -> None:
        """Each card's look as the table says it (its action's state, say), which changes without
        its zone being named: a card is drawn again only when its look changed. Nothing to read
        at a table whose system gives no looks."""
        if not looks and not self._looked:
            return
        self._looked = bool(looks)
        for zone in self.zones.values():
            for card in zone.cards:
                card.set_look(looks.get(card.card_id) if card.card_id is not None else None)

    def _rebuild(self, table) -> None:
        """Makes the zone items match the table's zones. A zone of the same kind keeps its item
        and its cards: at a hand-over only what looks different to the new viewer is made anew
        (one seat's own pile laid out as a row), not every zone and card of the table."""
        self._preview.show_card(None, 0, 0, QPointF())
        old, self.zones = self.zones, {}
        old_badges, self._badges = self._badges, {}
        for spec in table.zones:
            zone = old.get(spec.zone)
            track = spec.track
            if zone is not None and (zone.role, zone.layout, zone.slots, getattr(zone, "track", "")) == (
                    spec.role, spec.layout, spec.slots, track):
                del old[spec.zone]
            else:
                # A row of a track is drawn as a row of its grid (desktop/ui/table/track.py).
                previous = zone
                zone = (TrackRowItem(spec.zone, spec.role, spec.layout, spec.slots, track) if track
                        else ZoneItem(spec.zone, spec.role, spec.layout, spec.slots))
                if previous is not None and type(previous) is type(zone):  # laid out otherwise now
                    zone.cards, previous.cards = previous.cards, []
                self._scene.addItem(zone)
            self.zones[spec.zone] = zone
            if one_card_wide(spec.layout):
                badge = old_badges.pop(spec.zone, None)
                if badge is None:
                    badge = CountBadge()
                    self._scene.addItem(badge)
                self._badges[spec.zone] = badge
        for zone in old.values():
            for card in zone.cards:
                self._scene.removeItem(card)
            self._scene.removeItem(zone)
        for badge in old_badges.values():
            self._scene.removeItem(badge)
        tracks = {spec.track for spec in table.zones} - {""}
        for track in list(self.grids):
            if track not in tracks:
                self._scene.removeItem(self.grids.pop(track))
        for track in tracks:
            if track not in self.grids:
                self.grids[track] = GridItem(track)
                self._scene.addItem(self.grids[track])

    def adopt(self, item: CardItem) -> CardItem:
        """A new card item, on this table."""
        item.table = self
        self._scene.addItem(item)
        return item

    def let_go(self, item: CardItem, remove: bool = True) -> None:
        """An item that no longer shows its card: no longer shown large, and off the table unless
        it is to show another."""
        if self._preview.card is item:
            self._preview.show_card(None, 0, 0, QPointF())
        if remove:
            self._scene.removeItem(item)

    # ---- layout --------------------------------------------------------------------------------

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._relayout()

    def _relayout(self) -> None:
        self._layout_owed = False
        width, height = self.viewport().width(), self.viewport().height()
        self._scene.setSceneRect(QRectF(0, 0, width, height))
        places = [ZonePlace(s.zone, s.seat, s.layout, s.role, s.slots, s.track, s.spread)
                  for s in self._specs if s.zone in self.zones]
        placed = lay_out(places, self._viewer, width, height)
        self._placed = {p.zone: p for p in placed}
        for where in placed:
            zone = self.zones[where.zone]
            if where.grid is not None and isinstance(zone, TrackRowItem):
                zone.set_place(where.grid, where.row)
                self.grids[where.grid.track].set_grid(where.grid)
            if (zone.box, zone.card_height, zone.title_height) != (where.box, where.card_height, where.title_height):
                zone.prepareGeometryChange()
                zone.box, zone.card_height, zone.title_height = where.box, where.card_height, where.title_height
            self._place_cards(zone)
        self._mark_tracks()
        has_own = any(p.band == "own" for p in placed)
        self._note.setVisible(not has_own and self._private)
        if not has_own:
            font = QFont()
            font.setPixelSize(max(14, round(height * 0.028)))
            self._note.setFont(font)
            self._note.setBrush(QBrush(palette.color("felt_ink")))
            self._note.setText("No hand is shown: press \u201cShow my hand\u201d beside your name to look.")
            self._note.setPos(20, height - height * 0.12)

    def _place_cards(self, zone: ZoneItem) -> None:
        place_cards(zone, self._placed.get(zone.zone_id), self._badges.get(zone.zone_id))

    def _mark_tracks(self) -> None:
        """The current column of each grid and the rows acting now, as the table says."""
        for track, grid in self.grids.items():
            current, note, acting, labels = track_marks(self._table, track)
            grid.set_marks(current, note, labels)
            rows = [zone for zone in self.zones.values() if isinstance(zone, TrackRowItem) and zone.track == track]
            for zone in rows:
                zone.set_acting(zone.zone_id in acting)
            if grid.grid is not None:
                key = (grid.grid, tuple(parts_of(zone.parts, zone.title) for zone in sorted(rows, key=lambda z: z.row)))
                if self._title_sizes.get(track, (None,))[0] != key:  # measured again only when they change
                    self._title_sizes[track] = (key, common_title_size(grid.grid, list(key[1])))
                size = self._title_sizes[track][1]
                for zone in rows:
                    if zone.title_size != size:
                        zone.title_size = size
                        zone.update()

    # ---- the card shown large ------------------------------------------------------------------

    def preview(self, card: CardItem | None, pointer: bool = False) -> None:
        """Shows `card` large (None: hides it), placed beside it inside the table. `pointer`: the
        pointer came over it; not after a drop until the pointer moves again (the view replays
        its last pointer event when the table changes: the card just dropped was shown large
        over the table, the pointer long gone to a question's button)."""
        if card is None or card.face is None or card.dragging or (pointer and self._still_since_drop):
            self._preview.show_card(None, 0, 0, QPointF())
            return
        x, y, width, height = preview_place(card.sceneBoundingRect(), card.size()[1], *self.viewport().size().toTuple())
        self._preview.show_card(card, width, height, QPointF(x, y))

    def card_focused(self, card: CardItem, by_keyboard: bool = True) -> None:
        self.setAccessibleDescription(card.accessible_text())
        if by_keyboard:  # the pointer has its own preview (hover); the keyboard gets it here
            self.preview(card)
            self.focusedText.emit(card.accessible_text())

    def activate(self, card: CardItem) -> None:
        if card.card_id is not None:
            self.cardActivated.emit(card.card_id, card.zone)

    # ---- clicks --------------------------------------------------------------------------------

    def mousePressEvent(self, event) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self._press = event.position()
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event) -> None:
        if self._still_since_drop:  # the pointer moves again after a drop: the card under it shows
            self._still_since_drop = False
            point = self.mapToScene(event.position().toPoint())
            under = next((item for item in self._scene.items(point) if isinstance(item, CardItem)), None)
            if under is not None and not under.dragging:
                self.preview(under, pointer=True)
        super().mouseMoveEvent(event)

    def viewportEvent(self, event) -> bool:
        if event.type() == QEvent.Type.Leave:
            shown = self._preview.card
            if shown is not None and not shown.hasFocus():  # the pointer's, not the keyboard's
                self._preview.show_card(None, 0, 0, QPointF())
        return super().viewportEvent(event)

    def mouseReleaseEvent(self, event) -> None:
        start, self._press = self._press, None
        super().mouseReleaseEvent(event)
        if start is not None and (event.position() - start).manhattanLength() < 6:
            scene_point = self.mapToScene(event.position().toPoint())
            card = next((item for item in self._scene.items(scene_point) if isinstance(item, CardItem)), None)
            if card is not None and card.card_id is not None and card.scene() is self._scene:
                width, height = card.size()
                self.cardClicked.emit(card.card_id, card.zone, card.mapFromScene(scene_point), QSizeF(width, height))

    # ---- keyboard --------------------------------------------------------------------------------

    def focusable_cards(self) -> list[CardItem]:
        return [card for zone in self.zones.values() for card in zone.cards if card.face is not None]

    def focusNextPrevChild(self, forward: bool) -> bool:
        """Tab walks the face-up cards in table order, then leaves the table."""
        cards = self.focusable_cards()
        current = self._scene.focusItem()
        if cards and self.hasFocus():
            index = cards.index(current) if current in cards else (-1 if forward else len(cards))
            index += 1 if forward else -1
            if 0 <= index < len(cards):
                reason = Qt.FocusReason.TabFocusReason if forward else Qt.FocusReason.BacktabFocusReason
                self._scene.setFocusItem(cards[index], reason)
                return True
        self._scene.setFocusItem(None)
        return super().focusNextPrevChild(forward)

    def focusInEvent(self, event) -> None:
        super().focusInEvent(event)
        if self._scene.focusItem() is None:
            cards = self.focusable_cards()
            if cards:
                first = cards[0] if event.reason() != Qt.FocusReason.BacktabFocusReason else cards[-1]
                self._scene.setFocusItem(first, event.reason())

    def focus_card(self, card_id: str) -> bool:
        for card in self.focusable_cards():
            if card.card_id == card_id:
                self.setFocus()
                self._scene.setFocusItem(card)
                return True
        return False

    # ---- looks --------------------------------------------------------------------------------------

    def _apply_theme(self) -> None:
        self.setBackgroundBrush(QBrush(palette.color("felt")))

    def theme_changed(self) -> None:
        self._apply_theme()
        self.viewport().update()
