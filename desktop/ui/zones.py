"""A zone on the table (a hand, a deck, a discard pile, a play area...) and its drop target."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QScrollArea, QVBoxLayout, QWidget

from desktop.ui import palette
from desktop.ui.cards import CardWidget, decode_drag
from desktop.ui.widgets import discard_widgets


class ZoneView(QFrame):
    """Shows a zone's cards as the view gives them; a drop asks `drop_handler` for a verdict."""

    cardActivated = Signal(str, str)  # keyboard: Enter on a card of this zone (card, zone)
    dragStarted = Signal(str, str)  # a card of this zone is being dragged (card, zone)

    def __init__(self, zone_id: str, title: str, pile: bool = False, small: bool = False,
                 accepts_drops: bool = True, parent: QWidget | None = None):
        super().__init__(parent)
        self.zone_id = zone_id
        self.pile = pile  # show only the top card and a count
        self.small = small
        self.drop_handler: Callable[[str, str, str], bool] | None = None  # card, from, to
        self.setObjectName(f"zone-{zone_id}")
        self.setAccessibleName(title)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAcceptDrops(accepts_drops)
        self._title = QLabel(title)
        self._title.setObjectName("zoneTitle")
        self._title.setWordWrap(True)
        self._row = QHBoxLayout()
        self._row.setContentsMargins(4, 4, 4, 4)
        self._row.setSpacing(8)
        self._row.addStretch(1)
        holder = QWidget()
        holder.setLayout(self._row)
        self._scroll = QScrollArea()
        self._scroll.setWidget(holder)
        self._scroll.setWidgetResizable(True)
        self._scroll.setFrameShape(QFrame.Shape.NoFrame)
        self._scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self._scroll.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        height = (CardWidget.SMALL if small else CardWidget.FULL).height() + 12
        self._scroll.setFixedHeight(height + self._scroll.horizontalScrollBar().sizeHint().height())
        if pile:
            self._scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
            self.setFixedWidth((CardWidget.SMALL if small else CardWidget.FULL).width() + 40)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 6, 8, 6)
        layout.addWidget(self._title)
        layout.addWidget(self._scroll)
        self.cards: list[CardWidget] = []

    def set_title(self, text: str) -> None:
        self._title.setText(text)
        self.setAccessibleName(text)

    def show_zone(self, zone, faces: dict, draggable: bool = False, owner: str = "") -> None:
        """Rebuilds the cards from a zone of the session's view (None entries are face down)."""
        discard_widgets(self._row, self.cards)
        self.cards = []
        entries = zone.cards[-1:] if self.pile else zone.cards
        for entry in entries:
            if entry is None:
                widget = CardWidget(self.zone_id, small=self.small, owner=owner)
            else:
                widget = CardWidget(self.zone_id, entry.id, faces[entry.face],
                                    draggable=draggable, small=self.small, owner=owner)
                widget.activated.connect(lambda card: self.cardActivated.emit(card, self.zone_id))
                widget.dragStarted.connect(self.dragStarted)
            self._row.insertWidget(self._row.count() - 1, widget)
            self.cards.append(widget)

    def clear(self) -> None:
        discard_widgets(self._row, self.cards)
        self.cards = []

    def card_widget(self, card_id: str) -> CardWidget | None:
        return next((w for w in self.cards if w.card_id == card_id), None)

    def set_lit(self, lit: bool) -> None:
        """Marks the zone as a legal place for the card being dragged."""
        self.setStyleSheet(
            f"ZoneView {{ border: 3px solid {palette.LEGAL_DROP}; }}" if lit else ""
        )

    # ---- dropping ----------------------------------------------------------------------------

    def dragEnterEvent(self, event) -> None:
        payload = decode_drag(event.mimeData())
        if payload is not None and payload.get("zone") != self.zone_id:
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragMoveEvent(self, event) -> None:
        self.dragEnterEvent(event)

    def dropEvent(self, event) -> None:
        payload = decode_drag(event.mimeData())
        if payload is None or self.drop_handler is None:
            event.ignore()
            return
        if self.drop_handler(payload["card"], str(payload.get("zone", "")), self.zone_id):
            event.acceptProposedAction()
        else:
            event.ignore()  # refused: the drag reports no move, the card stays where it was
