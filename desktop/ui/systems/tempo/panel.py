"""The "Characters" dock: each character's side of its timeline row, and the count's controls.

Everything it reads comes from the ruleset's view (`extra.rows`: what the viewer may read of each
sheet; an NPC's hidden numbers are -1 and are not shown); whether a button is enabled comes from
the game's legal actions. The widget decides no rule: a Respond button hands the session that
character's legal reactions, Advance hands it the Advance action, and the session asks what is
still open and applies it, or says why not.
"""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QLabel, QProgressBar, QPushButton, QSizePolicy

from desktop.engine.prompts import Offer
from desktop.rulesets.tempo import actions as a
from desktop.ui import palette
from desktop.ui.widgets import PanelColumn

TITLE = "Characters"


def advance_reason(extra, seat_name) -> str:
    """Why the count cannot go on now, in one sentence, from the public view."""
    if extra.phase == "planning":
        waiting = ", ".join(seat_name(seat) for seat in extra.planners)
        return f"Planning is not over: {waiting} still to plan." if waiting else "Planning is not over."
    if extra.turn is None and extra.on:
        names = ", ".join(seat_name(char) for char in extra.on)
        return f"{names} first: act at tempo {extra.tempo} or let it pass."
    return "Nothing to advance now."


class CharactersBody(PanelColumn):
    """The dock's contents, rebuilt from the view at each change of the game."""

    def __init__(self):
        super().__init__("tempo-characters", spacing=3)
        self.bars: dict[str, QProgressBar] = {}  # character -> its Exertion bar
        self.respond: dict[tuple[str, str], QPushButton] = {}  # (character, reaction) -> its button
        self.advance: QPushButton | None = None
        self.reason: QLabel | None = None

    def clear(self) -> None:
        super().clear()
        self.bars, self.respond, self.advance, self.reason = {}, {}, None, None

    def button(self, text: str, name: str, tip: str) -> QPushButton:
        button = QPushButton(text)
        button.setObjectName(name)
        # Never wider than the column: a long name ends in an ellipsis, read whole in the tooltip.
        button.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        button.setToolTip(tip)
        button.setAccessibleName(tip.split("\n")[0])
        self.column.addWidget(button)
        return button


def exertion_bar(row) -> QProgressBar:
    """Exertion out of its maximum, as a bar reading "Exertion 2/3"; at the maximum it turns to
    the palette's warning colour and says so (a further Exert is refused, more kills)."""
    bar = QProgressBar()
    bar.setObjectName(f"exertion:{row.id}")
    bar.setRange(0, max(1, row.max_exertion))
    bar.setValue(min(row.exertion, max(1, row.max_exertion)))
    at_max = row.exertion >= row.max_exertion
    bar.setFormat(f"Exertion {row.exertion}/{row.max_exertion}" + (" (maximum)" if at_max else ""))
    bar.setTextVisible(True)
    bar.setAccessibleName(bar.format())
    bar.setToolTip(bar.format())
    if at_max:
        bar.setStyleSheet(f"QProgressBar::chunk {{ background: {palette.css('problem')}; }}")
    return bar


class CharactersPanel(QObject):
    def __init__(self, host):
        super().__init__(host)
        self.host = host
        self.session = host.session
        self.body = CharactersBody()
        self.dock = host.add_dock("tempo-characters-dock", TITLE, self.body, side="right", under="actions")
        host.link(self.session.changed, self.refresh)
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
        body.setUpdatesEnabled(False)
        body.clear()
        acting = set(extra.on) | ({extra.turn.character} if extra.turn is not None else set())
        # What may be done now comes first: a short dock (a laptop's) shows it without scrolling.
        advance = body.button("Advance", "tempo-advance", "Advance: end the turn under way; the count goes on")
        members = self.advances()
        advance.setEnabled(bool(members))
        advance.clicked.connect(self.advance)
        body.advance = advance
        if not members:
            reason = advance_reason(extra, view.seat_name)
            advance.setToolTip(f"Advance\nNot now: {reason}")
            body.reason = body.label(f"Not now: {reason}", quiet=True)
        for row in extra.rows:
            for reaction in row.reactions:
                if row.dead or not self.reactions(row.seat, row.id, reaction.name):
                    continue  # only what it may use now is offered
                text = f"{row.name}: Respond: {reaction.name}"
                button = body.button(text, f"react:{row.id}:{reaction.name}", f"{text}\n{reaction.text}")
                button.clicked.connect(lambda _=False, s=row.seat, c=row.id, r=reaction.name, n=row.name:
                                       self.react(s, c, r, n))
                body.respond[(row.id, reaction.name)] = button
        for row in extra.rows:
            now = " (acting)" if row.id in acting else ""
            body.label(f"{row.name}{now}" + (": dead" if row.dead else ""), bold=True)
            if row.dead:
                continue
            facts = []
            if row.hp >= 0:
                facts.append(f"HP {row.hp}/{row.max_hp}")
            if row.exerted_scene:
                facts.append("exerted this scene")
            if row.conditions:
                facts.append(", ".join(row.conditions))
            if facts:
                body.label(" \u00b7 ".join(facts))
            if row.max_exertion >= 0:
                bar = exertion_bar(row)
                body.column.addWidget(bar)
                body.bars[row.id] = bar
        body.column.addStretch(1)
        body.setUpdatesEnabled(True)

    def react(self, seat: str, character: str, reaction: str, name: str) -> None:
        members = self.reactions(seat, character, reaction)
        if members:
            self.session.take_offer(Offer(seat, "react", f"{name}: {reaction}", members), self.host.asker)

    def advance(self) -> None:
        members = self.advances()
        if members:
            self.session.take_offer(Offer(members[0].player, "advance", "Advance", members), self.host.asker)
