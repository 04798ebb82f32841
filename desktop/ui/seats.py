"""The seats: each one's public counters and marks, the button to take the screen (or to
respond out of turn), and who plays it: a person, or the app at one of the system's levels.
Everything shown comes from the table.

Each seat's widgets are built once and then only their texts change, so an action repaints
the few words it changed and the keyboard focus stays where it was.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QComboBox,
    QGroupBox,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from desktop.ui.put import put_accessible_name, put_tip
from desktop.ui.shields import ColumnShield
from desktop.ui.widgets import KeepsTallest, discard_widgets, eliding_button
from desktop.ui.wrapped_label import WrappedLabel


class _SeatBox(KeepsTallest, QGroupBox):
    """One seat: name and marks, its public counts, and its buttons. The box keeps the most height
    it has needed at its width (`KeepsTallest`): a "Respond: ..." button on two lines comes and
    goes at nearly every action of a game with answer windows (every seat at once in a game of
    eight seats), and each time every box under it moved and was painted again with its buttons and
    check box, and the column's scroll bar with them."""

    def __init__(self, panel: SeatsPanel, seat: str, name: str, number: int):
        super().__init__(name)
        self.setObjectName(f"seat-{seat}")
        # The panel's width decides, not the title's: a long title is read in full in the tooltip.
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        # Its state ("first player, looking") on a line of its own under the name, wrapped: in the
        # title, which cannot wrap, the column cut it ("Player 1  (first player, looki").
        self.state = WrappedLabel()
        self.state.setObjectName("seat-state")
        self.state.setWordWrap(True)
        self.state.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.state.setVisible(False)
        self.info = WrappedLabel()
        self.info.setWordWrap(True)  # a long status wraps inside the panel
        # Nothing in a seat may ask for more width than the panel has: texts wrap or end in "...".
        self.info.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.button = eliding_button()
        if number <= 8:
            self.button.setShortcut(f"Alt+{number}")
        self.button.clicked.connect(lambda: panel.lookRequested.emit(seat))
        self.edit = eliding_button("Change counts\u2026")
        self.edit.setAccessibleName(f"Change {name}'s counts")
        self.edit.clicked.connect(lambda: panel.editRequested.emit(seat))
        # Who plays the seat: "A person", or "The app: <level>" (the system's levels, `set_levels`).
        self.app = _PlayerChoice()
        self.app.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.app.setAccessibleName(f"{name} is played by")
        self.app.activated.connect(lambda index: self._player_chosen(panel, seat, index))
        self._level = ""  # the level shown ("": a person)
        self.set_levels(panel.levels)
        inner = QVBoxLayout(self)
        for widget in (self.state, self.info, self.button, self.edit, self.app):
            inner.addWidget(widget)
        # The room a box keeps (below) stays empty under its look button: "Change counts" and
        # who plays it stay where they are as the button takes a second line and leaves it.
        inner.insertStretch(3, 1)
        self._shown: tuple | None = None

    def set_levels(self, levels) -> None:
        """The choices: a person, then the app at each level (`levels`: each with its id, title and
        description, how it plays: desktop/model/new_game.py's `app_levels`)."""
        self.app.blockSignals(True)
        self.app.clear()
        self.app.addItem(PERSON, "")
        self.app.setItemData(0, "A person at the table plays this seat", Qt.ItemDataRole.ToolTipRole)
        for level in levels:
            self.app.addItem(f"{APP}{level.title}", level.id)
            self.app.setItemData(self.app.count() - 1, level.description, Qt.ItemDataRole.ToolTipRole)
        self.app.blockSignals(False)
        self._shown = None

    def _player_chosen(self, panel: SeatsPanel, seat: str, index: int) -> None:
        """A choice is a request: the box shows what the session answers (another seat is asked
        first), so it goes back to what it showed until the seats are shown again."""
        level = self.app.itemData(index)
        self._show_player(self._level)
        panel.playedBy.emit(seat, level)

    def _show_player(self, level: str) -> None:
        index = self.app.findData(level)
        if index < 0:  # a level the choices do not hold (a later version's, the random floor)
            self.app.addItem(f"{APP}{level.capitalize()}", level)
            index = self.app.count() - 1
        if self.app.currentIndex() != index:
            self.app.blockSignals(True)
            self.app.setCurrentIndex(index)
            self.app.blockSignals(False)

    def show_seat(self, name: str, marks: list[str], lines: list[str], looking: bool,
                  respond: str | None, level: str, editable: str, private: bool = True,
                  phone: bool = False) -> None:
        """`level`: the level the app plays the seat at ("": a person plays it)."""
        shown = (name, marks, lines, looking, respond, level, editable, private, phone)
        if shown == self._shown:
            return
        self._shown = shown
        self._level = level
        playing = bool(level)
        if self.title() != name:
            self.setTitle(name)
        put_tip(self, name + (f"  ({', '.join(marks)})" if marks else ""))
        self.state.setText(", ".join(marks))
        self.state.setVisible(bool(marks))
        if self.font().bold() != ("turn" in marks):
            # Only when it changes: a new font is sent to every child and lays the seat out again.
            font = QFont(self.font())
            font.setBold("turn" in marks)
            self.setFont(font)
        self.info.setText("\n".join(lines))
        if respond and not looking and not playing:
            short = respond if len(respond) <= 26 else respond[:25].rstrip() + "\u2026"
            self.button.setText(f"Respond: {short}")
            put_tip(self.button, f"Cover the table and pass the screen to {name} to answer out of turn")
            put_accessible_name(self.button, f"{name} responds: {respond}")
        else:
            self.button.setText("Hand shown" if looking else "Show my hand")
            put_tip(self.button, f"Cover the table and pass the screen to {name}")
            put_accessible_name(self.button, f"Show {name}'s hand")
        self.button.setEnabled(not looking and not playing)
        # A seat with nothing hidden (no hand of its own) has nothing to look at, unless it may
        # answer out of turn; a seat on a phone looks and answers there, never at this screen.
        self.button.setVisible((private or bool(respond)) and not phone)
        self.edit.setVisible(bool(editable))
        put_tip(self.edit, editable)
        self._show_player(level)
        if playing:
            put_tip(self.app, f"Choose \u201cA person\u201d to play {name} again (the screen passes to {name} "
                              "behind the curtain), or another level for the app")
        elif phone:
            put_tip(self.app, f"Only {name} hands {name} to the app: {name} is asked on their phone")
        elif looking or not private:
            put_tip(self.app, f"Let the app play {name} from now on (it plays {name}'s hand)")
        else:
            put_tip(self.app, f"Only {name} hands {name} to the app: the screen passes to {name}, who is asked")


PERSON, APP = "A person", "The app: "  # who plays a seat, as each choice begins


class _PlayerChoice(QComboBox):
    """Who plays a seat. Every choice is a request with consequences (the screen may pass, a seat
    is asked), so nothing chooses by passing over the list: the wheel scrolls the seats, and the
    arrow keys and typed letters open the list, where Return chooses (a closed list chose at each
    step, handing the seat over at every level it passed)."""

    STEPS = (Qt.Key.Key_Up, Qt.Key.Key_Down, Qt.Key.Key_PageUp, Qt.Key.Key_PageDown, Qt.Key.Key_Home,
             Qt.Key.Key_End)

    def wheelEvent(self, event) -> None:  # noqa: N802 - Qt's name
        event.ignore()  # on to the seats' scroll area

    def keyPressEvent(self, event) -> None:  # noqa: N802 - Qt's name
        if event.key() in self.STEPS or (event.text().isprintable() and event.text().strip()):
            self.showPopup()
            return
        super().keyPressEvent(event)

COUNTS_A_LINE_EACH = 4  # up to this many counts, one line each


def _editable_words(view, specs: list, seat: str) -> str:
    """What a seat's "Change counts" changes, for its tooltip: "Victory points, Trade goods", or
    with the characters that belong to it, "Orc, Goblin: HP, Max HP"."""
    labels = ", ".join(dict.fromkeys(spec.label for spec in specs))
    others = list(dict.fromkeys(view.seat_name(spec.entity) for spec in specs if spec.entity != seat))
    return f"{', '.join(others)}: {labels}" if others and labels else labels


class SeatsPanel(QWidget):
    lookRequested = Signal(str)  # a seat asks to see its hand (behind the curtain)
    editRequested = Signal(str)  # a seat's public counters are to be changed
    playedBy = Signal(str, str)  # who is chosen for a seat: the app at a level, or "" (a person)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(6, 6, 6, 6)
        self._boxes: dict[str, _SeatBox] = {}
        self._seats: list[tuple[str, str]] = []
        self._spacer: QWidget | None = None
        # Once a seat has shown a status line ("1d12 vs TN 7"), every seat keeps a line for one:
        # a status coming and going changed its box's height, and every box under it moved and
        # was painted again, at nearly every action of a system whose statuses come and go.
        self._status_room = False
        self.levels: list = []  # the levels the app plays a seat at, offered beside each seat

    def restart(self, levels=()) -> None:
        """A new game: its seats keep a status line only once one of them has shown one, and
        no more room than its own buttons need; the app plays its seats at `levels` (the
        system's own, each with its title and how it plays)."""
        self._status_room = False
        self.levels = list(levels)
        for box in self._boxes.values():
            box.forget_height()
            box.set_levels(self.levels)

    @property
    def buttons(self) -> dict[str, QPushButton]:
        return {seat: box.button for seat, box in self._boxes.items()}

    @property
    def players(self) -> dict[str, QComboBox]:
        """Each seat's choice of who plays it."""
        return {seat: box.app for seat, box in self._boxes.items()}

    def show_table(self, view, table, responders: dict[str, str], app_seats, phones=()) -> None:
        """`app_seats`: the seats the app plays, each with its level (seat -> level), or only the
        seats; `phones`: the seats played on their players' phones (marked, no screen passed)."""
        levels = app_seats if isinstance(app_seats, dict) else dict.fromkeys(app_seats, "standard")
        seats = [(seat.id, seat.name) for seat in view.seats]
        if seats != self._seats:
            self._build(seats)
        by_seat: dict[str, list] = {}
        for counter in table.counters:
            by_seat.setdefault(counter.entity, []).append(counter)
        editable_by_seat = table.editable_by_seat()
        hiding = {zone.owner for zone in view.zones.values() if zone.visibility == "owner"}
        self._status_room = self._status_room or any(table.status.get(seat.id) for seat in view.seats)
        for seat in view.seats:
            counters = by_seat.get(seat.id, [])
            lines = [table.status[seat.id]] if seat.id in table.status else []
            if self._status_room and not lines:
                lines = [""]  # the status line's room, kept empty
            status = lines[0].lower() if lines else ""
            counts = [(c.label, c.value) for c in counters if not c.flag and c.label.lower() not in status]
            if len(counts) > COUNTS_A_LINE_EACH:
                # Many counts (a character sheet's ten) read as one wrapped paragraph, each count
                # whole on its line: a line each made the next seat's button scroll off.
                lines.append(" \u00b7 ".join(f"{label} {value}".replace(" ", "\u00a0") for label, value in counts))
            else:
                lines += [f"{label}: {value}" for label, value in counts]
            flags = [c.label for c in counters if c.flag and c.value]
            if flags:
                lines.append(", ".join(flags))
            marks = list(table.marks.get(seat.id, []))
            looking = view.viewer == seat.id
            marks += ["looking"] if looking else []
            marks += ["app"] if seat.id in app_seats else []
            marks += ["on a phone"] if seat.id in phones and seat.id not in app_seats else []
            editable = _editable_words(view, editable_by_seat.get(seat.id, []), seat.id)
            private = seat.id in hiding
            self._boxes[seat.id].show_seat(
                seat.name, marks, lines, looking, responders.get(seat.id), levels.get(seat.id, ""), editable,
                private, seat.id in phones,
            )

    def _build(self, seats: list[tuple[str, str]]) -> None:
        discard_widgets(self._layout, [*(box.parentWidget() for box in self._boxes.values()),
                                       *([self._spacer] if self._spacer else [])])
        self._boxes = {}
        for number, (seat, name) in enumerate(seats, start=1):
            box = _SeatBox(self, seat, name, number)
            self._layout.addWidget(ColumnShield(box))  # its words change: the column is laid out only if its height does
            self._boxes[seat] = box
        self._spacer = QWidget()
        self._layout.addWidget(self._spacer, 1)
        self._seats = seats
        self._status_room = False
