"""The "Display actions" dock: each Display card in play, its cubes, and its actions as buttons.

What a button reads (the cost now, the cubes it spends, why it cannot be used) comes from the
ruleset's view; whether it is enabled comes from the game's legal actions. The widget decides no
rule: a click hands the session the owner's legal uses of that action, and the session asks what
is still open (a target, a die's type, a confirmation) and applies it, or says why not.
"""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QLabel, QPushButton

from desktop.engine.changes import Reads
from desktop.engine.prompts import Offer
from desktop.rulesets.price_of_power import actions as a
from desktop.ui.widgets import ElidingButton, PanelColumn

TITLE = "Display actions"
# What a button reads (the cost after the Advisors' discounts, the cubes) comes from the cards in
# play and the seats' state, and whether it is enabled from the legal actions: any step of the game
# may change it. The column is built again only when what it shows differs (`DisplayActions.shown`).
READS = Reads(moves=True)


def cubes_words(count: int) -> str:
    return f"{count} cube{'' if count == 1 else 's'}"


class DisplayBody(PanelColumn):
    """The dock's contents, rebuilt from the view at each change of the game."""

    def __init__(self):
        super().__init__("pop-display-actions")
        self.buttons: dict[tuple[str, str], QPushButton] = {}  # (card, action name) -> its button
        self.reasons: dict[tuple[str, str], QLabel] = {}

    def clear(self) -> None:
        super().clear()
        self.buttons, self.reasons = {}, {}


class DisplayActions(QObject):
    def __init__(self, host):
        super().__init__(host)
        self.host = host
        self.session = host.session
        self.body = DisplayBody()
        self.dock = host.add_dock("pop-display-dock", TITLE, self.body, side="right", under="actions")
        self.shown: tuple | None = None  # what the column was last built from
        host.follow(self.refresh, READS)
        self.refresh()

    def uses(self, seat: str, card: str, name: str) -> list[a.Use]:
        """The legal uses of one action by its owner (none for a seat the app plays)."""
        session = self.session
        if seat in session.app_seats:
            return []
        return [act for act in session.legal_actions()  # worked out once per change, not per button
                if isinstance(act, a.Use) and act.player == seat and act.card == card and act.action == name]

    def refresh(self, _changes=None) -> None:
        view = self.session.view()
        # Everything the column is built from: the same, and nothing in it is touched (building it
        # again was half a millisecond of every action of a game, most of which use no Display card).
        session = self.session
        usable = frozenset((act.player, act.card, act.action) for act in session.legal_actions() if isinstance(act, a.Use))
        shown = (view.viewer, tuple(session.app_seats), tuple(view.seats), view.extra.display, usable)
        if shown == self.shown:
            return
        self.shown = shown
        body = self.body
        body.setUpdatesEnabled(False)
        body.clear()
        shown = False
        # The looking seat's own display first: its buttons are the ones it may press.
        seats = sorted(view.seats, key=lambda seat: seat.id != view.viewer)
        for seat in seats:
            entries = view.extra.display.get(seat.id, [])
            if not entries:
                continue
            shown = True
            body.label(f"{seat.name}'s display", bold=True)
            for entry in entries:
                name = view.card_name(entry.card)
                wait = " (its actions from the next turn)" if entry.fresh else ""
                body.label(f"{name}: {cubes_words(entry.cubes)} left{wait}")
                for action in entry.actions:
                    self._add_button(view, seat.id, entry.card, name, action)
        if not shown:
            body.label("No Display card is in play.", quiet=True)
        body.column.addStretch(1)
        body.setUpdatesEnabled(True)

    def _add_button(self, view, seat: str, card: str, card_name: str, action) -> None:
        body = self.body
        text = f"{action.name}: {action.cost}, {cubes_words(action.cubes)}"
        button = ElidingButton(text)
        button.setObjectName(f"use:{card}:{action.name}")
        # The dock never widens for a long name: the button keeps the column's width, its words
        # on two lines where one is too narrow, and its tooltip reads it whole.
        members = self.uses(seat, card, action.name)
        reason = action.reason or ("" if members else
                                   "played by the app" if seat in self.session.app_seats else "not possible now")
        button.setEnabled(bool(members))
        turn = " (takes the turn)" if action.takes_turn else ""
        button.setToolTip(f"{card_name}: {text}{turn}" + (f"\nNot now: {reason}" if not members else ""))
        button.setAccessibleName(f"{card_name}: {text}")
        button.clicked.connect(lambda _=False, s=seat, c=card, n=action.name, words=f"{card_name}: {action.name}":
                               self.use(s, c, n, words))
        body.column.addWidget(button)
        body.buttons[(card, action.name)] = button
        if not members:
            body.reasons[(card, action.name)] = body.label(f"Not now: {reason}", quiet=True)

    def use(self, seat: str, card: str, name: str, label: str) -> None:
        """The owner's legal uses of this action, handed to the session to ask what is open."""
        members = self.uses(seat, card, name)
        if not members:
            return
        self.host.take_offer(Offer(seat, members[0].type, label, members))
