"""The "Characters" dock: each character's side of its timeline row, and the count's controls.

Everything it reads comes from the ruleset's view (`extra.rows`: what the viewer may read of each
sheet; an NPC's hidden numbers are -1 and are not shown); whether a button is enabled comes from
the game's legal actions. The widget decides no rule: a Respond button hands the session that
character's legal reactions, Advance hands it the Advance action, and the session asks what is
still open and applies it, or says why not.

Why the widgets are kept: the dock is refreshed at every change of the game, and building its
whole column again (a dozen labels, the buttons, a bar per character, then Qt's layout and paint
of all of it) was one of the biggest parts of a Tempo action. So each widget is made once and
changed in place: a character's lines the first time it appears (hidden, not deleted, when it
goes), the Respond buttons from a pool that only grows, and a setter is called only when what it
sets differs from what is shown, so a refresh that changes nothing touches no widget.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Signal
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QLabel, QProgressBar, QPushButton, QSizePolicy, QWidget

from desktop.engine.changes import Reads
from desktop.engine.prompts import Offer
from desktop.rulesets.tempo import actions as a
from desktop.ui import palette
from desktop.ui.put import put_enabled, put_name, put_shown, put_text, put_tip
from desktop.ui.widgets import PanelColumn, SteadySection, panel_label

TITLE = "Characters"
# The characters' rows are read from nearly all of the state (counts, plans, the turn, what was used)
# and the buttons from the legal actions: any step of the game may change the dock. (Each widget is
# touched only where what it shows differs.)
READS = Reads(moves=True)
ADVANCE_TIP = "Advance: end the turn under way; the count goes on"


def advance_reason(extra, seat_name) -> str:
    """Why the count cannot go on now, in one sentence, from the public view."""
    if extra.phase == "planning":
        waiting = ", ".join(seat_name(seat) for seat in extra.planners)
        return f"Planning is not over: {waiting} still to plan." if waiting else "Planning is not over."
    if extra.turn is None and extra.on:
        names = ", ".join(seat_name(char) for char in extra.on)
        return f"{names} first: act at tempo {extra.tempo} or let it pass."
    return "Nothing to advance now."


# ---- setters that leave a widget alone when it already shows the value -------------------------


# ---- the widgets ---------------------------------------------------------------------------------


class ExertionBar(QProgressBar):
    """Exertion out of its maximum, as a bar reading "Exertion 2/3"; at the maximum it turns to
    the palette's warning colour and says so (a further Exert is refused, more kills).

    The colour is the bar's own palette (Fusion fills the chunk with Highlight and writes the
    text over it in HighlightedText), set when the bar reaches its maximum or leaves it and
    again when the theme changes: a style sheet on the bar would put it behind Qt's slower
    style-sheet style for every paint."""

    def __init__(self):
        super().__init__()
        self.setTextVisible(True)
        self.full = False
        self.shown: tuple[int, int] | None = None  # (exertion, maximum) on show

    def show_row(self, row) -> None:
        if self.shown == (row.exertion, row.max_exertion):
            return
        self.shown = (row.exertion, row.max_exertion)
        top = max(1, row.max_exertion)
        full = row.exertion >= row.max_exertion
        # QProgressBar paints itself at once, inside setValue (repaint, not update), and again
        # with the window's next paint: with updates off meanwhile it is only marked for that
        # paint (setUpdatesEnabled(True) asks for it), the same pixels in the same frame.
        self.setUpdatesEnabled(False)
        if self.maximum() != top:
            self.setRange(0, top)
        value = min(row.exertion, top)
        if self.value() != value:
            self.setValue(value)
        text = f"Exertion {row.exertion}/{row.max_exertion}" + (" (maximum)" if full else "")
        if self.format() != text:
            self.setFormat(text)
            self.setAccessibleName(text)
            self.setToolTip(text)
        self.setUpdatesEnabled(True)
        if full != self.full:
            self.full = full
            self.colour()

    def colour(self) -> None:
        roles = QPalette.ColorRole
        if not self.full:
            self.setPalette(QPalette())  # no role of its own: the theme's again
            return
        chunk, ink = palette.color("problem"), palette.color("problem_ink")
        current = self.palette()
        if current.color(roles.Highlight) == chunk and current.color(roles.HighlightedText) == ink:
            return
        warned = QPalette(current)
        warned.setColor(roles.Highlight, chunk)
        warned.setColor(roles.HighlightedText, ink)
        self.setPalette(warned)

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange and self.full:
            self.colour()  # the theme changed: its own warning colour (unchanged: nothing set)


def exertion_bar(row) -> ExertionBar:
    bar = ExertionBar()
    bar.setObjectName(f"exertion:{row.id}")
    bar.show_row(row)
    return bar


class CharacterLines:
    """One character's lines in the column: its name in bold, its facts ("HP 5/7 · exerted this
    scene · ..."), its Exertion bar (made the first time it has one to show)."""

    def __init__(self, character: str, name: QLabel, facts: QLabel):
        self.character = character
        self.name = name
        self.facts = facts
        self.bar: ExertionBar | None = None
        self.seen: tuple | None = None  # (row, acting) last shown; None: hidden

    def widgets(self) -> list[QWidget]:
        return [self.name, self.facts] + ([self.bar] if self.bar is not None else [])


class CharactersBody(PanelColumn):
    """The dock's contents: Advance and why it waits, the Respond buttons, then each character's
    lines, all made once and changed in place from the view at each change of the game."""

    responded = Signal(int)  # the Respond button at this place in the column was clicked

    def __init__(self):
        super().__init__("tempo-characters", spacing=3)
        # What may be done now comes first: a short dock (a laptop's) shows it without scrolling.
        # Its part keeps the most height it has needed: the reason under Advance and the Respond
        # buttons come and go at nearly every action, and each time every character's lines
        # below moved and were painted again.
        self.now = SteadySection("tempo-now", spacing=3)
        self.column.addWidget(self.now)
        self.advance = self.button("Advance", "tempo-advance", ADVANCE_TIP)
        self.advance.setVisible(True)
        self.now.add(self.advance)
        self.reason = self.hidden(panel_label(quiet=True))
        self.now.add(self.reason)
        self.pool: list[QPushButton] = []  # the Respond buttons, in order; the first ones shown
        self.offered: list[tuple[str, str, str, str]] = []  # per shown one: (seat, character, reaction, name)
        self.respond: dict[tuple[str, str], QPushButton] = {}  # (character, reaction) -> its shown button
        self.lines: dict[str, CharacterLines] = {}
        self.order: list[str] = []  # the characters' lines in the column, top to bottom
        self.bars: dict[str, ExertionBar] = {}  # character -> its shown Exertion bar
        self.column.addStretch(1)

    @staticmethod
    def hidden(widget: QWidget) -> QWidget:
        widget.setVisible(False)  # outright, so the layout does not show it once the dock is up
        return widget

    def button(self, text: str, name: str, tip: str) -> QPushButton:
        button = self.hidden(QPushButton(text))
        button.setObjectName(name)
        # Never wider than the column: a long name ends in an ellipsis, read whole in the tooltip.
        button.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        button.setToolTip(tip)
        button.setAccessibleName(tip.split("\n")[0])
        return button

    # ---- what changes ----------------------------------------------------------------------

    def show_advance(self, enabled: bool, reason: str) -> None:
        put_enabled(self.advance, enabled)
        put_tip(self.advance, ADVANCE_TIP if enabled else f"Advance\nNot now: {reason}")
        if not enabled:
            put_text(self.reason, f"Not now: {reason}")
        put_shown(self.reason, not enabled)

    def show_offers(self, offers: list[tuple[str, str, str, str, str]]) -> None:
        """One Respond button per (seat, character, reaction, name, what it does), in order."""
        while len(self.pool) < len(offers):
            self._add_respond()
        self.offered = [offer[:4] for offer in offers]
        self.respond = {}
        for button, (_seat, character, reaction, name, text) in zip(self.pool, offers):
            label = f"{name}: Respond: {reaction}"
            put_text(button, label)
            put_name(button, f"react:{character}:{reaction}")
            put_tip(button, f"{label}\n{text}")
            if button.accessibleName() != label:
                button.setAccessibleName(label)
            put_shown(button, True)
            self.respond[(character, reaction)] = button
        for button in self.pool[len(offers):]:
            put_shown(button, False)
            put_name(button, "")  # a hidden one answers to no reaction's name

    def _add_respond(self) -> None:
        before = self.pool[-1] if self.pool else self.reason
        button = self.button("", "", "")
        slot = len(self.pool)
        # Connected once, to its place in the column: what it takes is read when it is clicked.
        button.clicked.connect(lambda _checked=False, slot=slot: self.responded.emit(slot))
        self.now.column.insertWidget(self.now.column.indexOf(before) + 1, button)
        QWidget.setTabOrder(self.pool[-1] if self.pool else self.advance, button)
        self.pool.append(button)

    def show_rows(self, rows, acting: set[str]) -> None:
        here = [row.id for row in rows]
        for row in rows:
            lines = self.lines.get(row.id) or self._add_lines(row.id)
            seen = (row, row.id in acting)
            if lines.seen != seen:
                self._show_lines(lines, row, row.id in acting)
                lines.seen = seen
        if len(self.lines) != len(here):
            present = set(here)
            for character, lines in self.lines.items():
                if character not in present and lines.seen is not None:
                    lines.seen = None
                    for widget in lines.widgets():
                        put_shown(widget, False)
                    if lines.bar is not None:
                        put_name(lines.bar, "")
                    self.bars.pop(character, None)
        if [c for c in self.order if self.lines[c].seen is not None] != here:
            self._arrange(here)

    def _add_lines(self, character: str) -> CharacterLines:
        lines = CharacterLines(character, self.hidden(panel_label(bold=True)), self.hidden(panel_label()))
        at = self.column.count() - 1  # before the stretch
        self.column.insertWidget(at, lines.name)
        self.column.insertWidget(at + 1, lines.facts)
        self.lines[character] = lines
        self.order.append(character)
        return lines

    def _show_lines(self, lines: CharacterLines, row, acting: bool) -> None:
        put_text(lines.name, f"{row.name}{' (acting)' if acting else ''}" + (": dead" if row.dead else ""))
        put_shown(lines.name, True)
        facts = []
        if not row.dead:
            if row.hp >= 0:
                facts.append(f"HP {row.hp}/{row.max_hp}")
            if row.exerted_scene:
                facts.append("exerted this scene")
            if row.conditions:
                facts.append(", ".join(row.conditions))
        if facts:
            put_text(lines.facts, " \u00b7 ".join(facts))
        put_shown(lines.facts, bool(facts))
        if not row.dead and row.max_exertion >= 0:
            if lines.bar is None:
                lines.bar = self.hidden(ExertionBar())
                self.column.insertWidget(self.column.indexOf(lines.facts) + 1, lines.bar)
            lines.bar.show_row(row)
            put_name(lines.bar, f"exertion:{row.id}")
            put_shown(lines.bar, True)
            self.bars[row.id] = lines.bar
        elif lines.bar is not None:
            put_shown(lines.bar, False)
            put_name(lines.bar, "")  # an NPC's sheet the viewer may not read: no bar to find
            self.bars.pop(row.id, None)

    def _arrange(self, here: list[str]) -> None:
        """The characters' lines in the view's order (it seldom changes), the hidden ones after."""
        self.order = here + [c for c in self.order if c not in here]
        for character in self.order:
            for widget in self.lines[character].widgets():
                self.column.removeWidget(widget)
        at = self.column.count() - 1  # before the stretch
        for character in self.order:
            for widget in self.lines[character].widgets():
                self.column.insertWidget(at, widget)
                at += 1


class CharactersPanel(QObject):
    def __init__(self, host):
        super().__init__(host)
        self.host = host
        self.session = host.session
        self.body = CharactersBody()
        self.body.advance.clicked.connect(self.advance)
        self.body.responded.connect(self.respond)
        self.dock = host.add_dock("tempo-characters-dock", TITLE, self.body, side="right", under="actions")
        host.follow(self.refresh, READS)
        self.refresh()

    def reactions(self, seat: str, character: str, reaction: str) -> list[a.React]:
        """The legal uses of one reaction by its character now (none for a seat the app plays)."""
        if seat in self.session.app_seats:
            return []
        return [act for act in self.session.legal_actions()
                if isinstance(act, a.React) and act.character == character and act.reaction == reaction]

    def advances(self) -> list[a.Advance]:
        viewer = self.session.viewer
        found = [act for act in self.session.legal_actions() if isinstance(act, a.Advance)]
        mine = [act for act in found if act.player == viewer]
        return mine or found[:1]

    def refresh(self, _changes=None) -> None:
        view = self.session.view()
        extra = view.extra
        body = self.body
        members = self.advances()
        body.show_advance(bool(members), "" if members else advance_reason(extra, view.seat_name))
        legal = self.session.legal_actions()
        usable = {(act.character, act.reaction) for act in legal if isinstance(act, a.React)}
        app_seats = self.session.app_seats
        body.show_offers([
            (row.seat, row.id, reaction.name, row.name, reaction.text)
            for row in extra.rows if not row.dead and row.seat not in app_seats
            for reaction in row.reactions
            if (row.id, reaction.name) in usable  # only what it may use now is offered
        ])
        acting = set(extra.on) | ({extra.turn.character} if extra.turn is not None else set())
        body.show_rows(extra.rows, acting)

    def respond(self, slot: int) -> None:
        if slot < len(self.body.offered):
            self.react(*self.body.offered[slot])

    def react(self, seat: str, character: str, reaction: str, name: str) -> None:
        members = self.reactions(seat, character, reaction)
        if members:
            self.host.take_offer(Offer(seat, "react", f"{name}: {reaction}", members))

    def advance(self) -> None:
        members = self.advances()
        if members:
            self.host.take_offer(Offer(members[0].player, "advance", "Advance", members))
