"""The "Display actions" dock: each Display card in play, its cubes, and its actions as buttons.

What a button reads (the cost now, the cubes it spends, why it cannot be used) comes from the
ruleset's view; whether it is enabled comes from the game's legal actions. The widget decides no
rule: a click hands the session the owner's legal uses of that action, and the session asks what
is still open (a target, a die's type, a confirmation) and applies it, or says why not.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QLabel, QPushButton, QWidget

from desktop.engine.changes import Reads
from desktop.engine.prompts import Offer
from desktop.rulesets.price_of_power import actions as a
from desktop.ui.widgets import ElidingButton, PanelColumn, panel_label

TITLE = "Display actions"
# What a button reads (the cost after the Advisors' discounts, the cubes) comes from the cards in
# play and the seats' state, and whether it is enabled from the legal actions: any step of the game
# may change it. The column is built again only when what it shows differs (`DisplayActions.shown`).
READS = Reads(moves=True)


def cubes_words(count: int) -> str:
    return f"{count} cube{'' if count == 1 else 's'}"


class DisplayBody(PanelColumn):
    """The dock's contents: a column of lines and buttons, changed in place (`show_lines`). The
    column changes with the seat looking (its own display comes first), so at every pass of the
    screen: made anew each time, its widgets (made, styled, laid out, then deleted) were most of
    the dock's cost of a pass; now each line takes a widget of its kind kept from before, and
    only its words change."""

    def __init__(self):
        super().__init__("pop-display-actions")
        self.buttons: dict[tuple[str, str], QPushButton] = {}  # (card, action name) -> its button
        self.reasons: dict[tuple[str, str], QLabel] = {}
        self._shown: list[tuple[tuple, QWidget]] = []  # (kind, widget) per line, in column order
        self.column.addStretch(1)  # under the lines: the room left stays empty

    def show_lines(self, lines: list[Line], made) -> None:
        """Shows `lines` in order, each in a widget of its kind kept from before where there is
        one (its words set, moved to its place), else in a new one from `made(line)`; the
        widgets left over go."""
        spare: dict[tuple, list[QWidget]] = {}
        for kind, widget in self._shown:
            spare.setdefault(kind, []).append(widget)
        shown = []
        for index, line in enumerate(lines):
            kept = spare.get(line.kind)
            widget = kept.pop(0) if kept else made(line)
            line.put(widget)
            item = self.column.itemAt(index)
            if item is None or item.widget() is not widget:
                self.column.removeWidget(widget)  # nothing when it is new
                self.column.insertWidget(index, widget)
            shown.append((line.kind, widget))
        for widgets in spare.values():
            for widget in widgets:
                self.column.removeWidget(widget)
                widget.hide()
                widget.deleteLater()
        self._shown = shown

    def widgets(self) -> list[QWidget]:
        return [widget for _kind, widget in self._shown]


@dataclass(frozen=True)
class Line:
    """One line of the column: words (`bold` a heading, `quiet` greyed like the button it
    explains), or a Display action's button with what it reads and does."""

    text: str
    bold: bool = False
    quiet: bool = False
    use: tuple[str, str, str, str] | None = None  # a button's (seat, card, action, its words)
    enabled: bool = True
    tip: str = ""
    name: str = ""  # a button's accessible name
    object_name: str = ""

    @property
    def kind(self) -> tuple:
        return ("button",) if self.use is not None else ("label", self.bold, self.quiet)

    def put(self, widget) -> None:
        """Sets `widget` (of this line's kind) to read this line."""
        widget.setText(self.text)
        if self.use is None:
            return
        widget.use = self.use
        widget.setObjectName(self.object_name)
        widget.setEnabled(self.enabled)
        widget.setToolTip(self.tip)
        widget.setAccessibleName(self.name)


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
        lines: list[Line] = []
        buttons: list[tuple[int, tuple[str, str]]] = []  # a button's line, and its (card, action)
        reasons: list[tuple[int, tuple[str, str]]] = []
        # The looking seat's own display first: its buttons are the ones it may press.
        seats = sorted(view.seats, key=lambda seat: seat.id != view.viewer)
        for seat in seats:
            entries = view.extra.display.get(seat.id, [])
            if not entries:
                continue
            lines.append(Line(f"{seat.name}'s display", bold=True))
            for entry in entries:
                name = view.card_name(entry.card)
                wait = " (its actions from the next turn)" if entry.fresh else ""
                lines.append(Line(f"{name}: {cubes_words(entry.cubes)} left{wait}"))
                for action in entry.actions:
                    buttons.append((len(lines), (entry.card, action.name)))
                    lines.append(self._button_line(seat.id, entry.card, name, action))
                    if not lines[-1].enabled:
                        reasons.append((len(lines), (entry.card, action.name)))
                        lines.append(Line(f"Not now: {self._reason(seat.id, action, lines[-1])}", quiet=True))
        if not lines:
            lines.append(Line("No Display card is in play.", quiet=True))
        body.setUpdatesEnabled(False)
        body.show_lines(lines, self._made)
        body.setUpdatesEnabled(True)
        widgets = body.widgets()
        body.buttons = {key: widgets[index] for index, key in buttons}
        body.reasons = {key: widgets[index] for index, key in reasons}

    def _button_line(self, seat: str, card: str, card_name: str, action) -> Line:
        text = f"{action.name}: {action.cost}, {cubes_words(action.cubes)}"
        members = self.uses(seat, card, action.name)
        turn = " (takes the turn)" if action.takes_turn else ""
        reason = "" if members else self._reason(seat, action)
        return Line(text, use=(seat, card, action.name, f"{card_name}: {action.name}"), enabled=bool(members),
                    tip=f"{card_name}: {text}{turn}" + (f"\nNot now: {reason}" if not members else ""),
                    name=f"{card_name}: {text}", object_name=f"use:{card}:{action.name}")

    def _reason(self, seat: str, action, _line=None) -> str:
        return action.reason or ("played by the app" if seat in self.session.app_seats else "not possible now")

    def _made(self, line: Line):
        """A new widget for `line`'s kind: a wrapped line of words, or a Display action's button
        (what it uses is read from the line it shows when it is clicked)."""
        if line.use is None:
            return panel_label("", line.bold, line.quiet)
        # The dock never widens for a long name: the button keeps the column's width, its words
        # on two lines where one is too narrow, and its tooltip reads it whole.
        button = ElidingButton()
        button.use = None
        button.clicked.connect(lambda _=False, b=button: b.use is not None and self.use(*b.use))
        return button

    def use(self, seat: str, card: str, name: str, label: str) -> None:
        """The owner's legal uses of this action, handed to the session to ask what is open."""
        members = self.uses(seat, card, name)
        if not members:
            return
        self.host.take_offer(Offer(seat, members[0].type, label, members))
