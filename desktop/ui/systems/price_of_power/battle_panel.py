"""The "Battle" dock: while a battle is under way, both sides' Battle Actions this round, the dice
they added for the rest of the battle, whose Play Battle Actions step it is, and the step's own
buttons.

Everything it reads is the ruleset's public view (`extra.battle`), so any seat may look at it. Its
buttons are the session's offers of the battle's kinds (a Battle Action card, done, the next
round, the end); which cards a side could still play is never listed for another seat: that seat
plays them once the screen has passed to it, as the rules' stage asks.
"""

from __future__ import annotations

from collections import Counter

from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtWidgets import QGridLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from desktop.engine.changes import Reads
from desktop.rulesets.price_of_power.cards import DIE_WORDS
from desktop.ui.widgets import ElidingButton, panel_label

TITLE = "Battle"
SIDES = ("attacker", "defender")
ROOM = 300  # pixels asked for the dock when a battle begins: its sides, step and a button
KINDS = ("play", "use", "done", "next_round", "end_battle")  # the offers the dock shows, in order
# With no battle under way the dock waits for one (the state's `battle`); during a battle it shows
# the offers of the battle's kinds, which any step of the game may change.
WAITING = Reads(extra=frozenset({"battle"}))
IN_BATTLE = Reads(moves=True)


def dice_words(dice, side: str, this_round: int) -> str:
    """'2 Artillery, 1 Cavalry (1 this round)': the dice a side's Battle Actions added."""
    mine = [die for die in dice if die.side == side]
    if not mine:
        return "no dice added"
    counts = Counter(DIE_WORDS[die.die] for die in mine)
    fresh = sum(1 for die in mine if die.round == this_round)
    words = ", ".join(f"{count} {name}" for name, count in sorted(counts.items()))
    return f"{words} ({fresh} this round)" if fresh != len(mine) else words


def used_words(used: list[str]) -> str:
    return ", ".join(used) if used else "none yet"


class BattleBody(QWidget):
    """The dock's contents: a headline, a column per side, the step, the step's buttons."""

    def __init__(self):
        super().__init__()
        self.setObjectName("pop-battle")
        column = QVBoxLayout(self)
        column.setContentsMargins(6, 6, 6, 6)
        column.setSpacing(4)
        self.headline = self._label(column, bold=True)
        self.note = self._label(column, quiet=True)
        self.sides = QGridLayout()
        self.sides.setHorizontalSpacing(10)
        column.addLayout(self.sides)
        self.side_titles: dict[str, QLabel] = {}
        self.side_used: dict[str, QLabel] = {}
        self.side_dice: dict[str, QLabel] = {}
        for index, side in enumerate(SIDES):
            self.side_titles[side] = self._label(None, bold=True)
            self.side_used[side] = self._label(None)
            self.side_dice[side] = self._label(None)
            top = Qt.AlignmentFlag.AlignTop
            self.sides.addWidget(self.side_titles[side], 0, index, top)
            self.sides.addWidget(self.side_used[side], 1, index, top)
            self.sides.addWidget(self.side_dice[side], 2, index, top)
            self.sides.setColumnStretch(index, 1)
        self.step = self._label(column)
        self.buttons_box = QVBoxLayout()
        self.buttons_box.setSpacing(4)
        column.addLayout(self.buttons_box)
        column.addStretch(1)
        self.buttons: dict[str, QPushButton] = {}  # offer kind -> its button, for the kinds offered now
        self.made: dict[str, QPushButton] = {}  # every kind's button, made once, hidden while not offered

    @staticmethod
    def _label(column, bold: bool = False, quiet: bool = False) -> QLabel:
        label = panel_label("", bold, quiet)
        if column is not None:
            column.addWidget(label)
        return label


class BattlePanel(QObject):
    def __init__(self, host):
        super().__init__(host)
        self.host = host
        self.session = host.session
        self.body = BattleBody()
        # Under the players, whose panel scrolls: the right column already holds the actions, the
        # log and the Display actions, and at 1280x720 a third panel there would be a sliver.
        self.dock = host.add_dock("pop-battle-dock", TITLE, self.body, side="left", under="players")
        self._shown: tuple | None = None  # what the dock last showed, to change nothing when same
        host.follow(self.refresh, lambda: WAITING if self._shown is None else IN_BATTLE)
        self.refresh()

    def refresh(self, _changes=None) -> None:
        view = self.session.view()
        battle = view.extra.battle
        if battle is None:
            self._shown = None
            self.dock.hide()
            return
        offers = self._offers(view, battle)
        key = (battle, view.viewer, tuple((o.seat, o.kind, o.label) for o in offers))
        if key == self._shown and self.dock.isVisible():
            return
        began = self._shown is None
        self._shown = key
        self._show(view, battle, offers)
        self.dock.show()
        if began:
            # After the window has laid the dock out: asked before, the column splits evenly.
            QTimer.singleShot(0, lambda: self.host.make_room(self.dock, ROOM))

    def _offers(self, view, battle) -> list:
        """One offer per kind the battle shows: the looking seat's own when it has one."""
        chosen: dict[str, object] = {}
        for offer in self.session.offers():
            if offer.kind not in KINDS or not self._battle_offer(offer, battle):
                continue
            if offer.kind not in chosen or offer.seat == view.viewer:
                chosen[offer.kind] = offer
        return [chosen[kind] for kind in KINDS if kind in chosen]

    def _battle_offer(self, offer, battle) -> bool:
        """An offer that belongs to the battle: its step's seat's plays and done, or between rounds."""
        if offer.kind in ("next_round", "end_battle"):
            return True
        step_seat = {"attacker": battle.attacker, "defender": battle.defender}.get(battle.step)
        return offer.seat is not None and offer.seat == step_seat

    def _show(self, view, battle, offers) -> None:
        body = self.body
        def name(seat):
            return view.seat_name(seat) if seat else "a non-player realm"
        where = "at sea" if battle.sea else "on land"
        body.headline.setText(f"Battle {where}, round {battle.round}: {name(battle.attacker)} attacks "
                              f"{name(battle.defender)}")
        body.note.setText(battle.note)
        body.note.setVisible(bool(battle.note))
        for side in SIDES:
            body.side_titles[side].setText(f"{name(battle.attacker if side == 'attacker' else battle.defender)} "
                                           f"({side})")
            body.side_used[side].setText(f"Played this round: {used_words(battle.used.get(side, []))}")
            body.side_dice[side].setText(f"Dice: {dice_words(battle.dice, side, battle.round)}")
        if battle.step == "between":
            body.step.setText("Both sides have played: roll on the board, then the next round or the end.")
        else:
            seat = battle.attacker if battle.step == "attacker" else battle.defender
            body.step.setText(f"Now: {name(seat)} plays Battle Actions, then says done.")
        self._set_buttons(view, offers)

    def _set_buttons(self, view, offers) -> None:
        # Each kind's button is made once, in KINDS order, and only shown or hidden after: making
        # and deleting them as the kinds came and went was half a millisecond of a battle's moves.
        body = self.body
        if not body.made:
            for kind in KINDS:
                button = ElidingButton()
                button.setObjectName(f"battle:{kind}")
                button.clicked.connect(lambda _=False, k=kind: self.take(k))
                button.hide()
                body.buttons_box.addWidget(button)
                body.made[kind] = button
        wanted = {offer.kind: offer for offer in offers}
        body.buttons = {}
        for kind, button in body.made.items():
            offer = wanted.get(kind)
            if offer is None:
                if not button.isHidden():
                    button.hide()
                continue
            who = f"{view.seat_name(offer.seat)}: " if offer.seat is not None else ""
            button.setText(f"{who}{offer.label}")
            if button.isHidden():
                button.show()
            body.buttons[kind] = button

    def take(self, kind: str) -> None:
        """The offer of this kind as it stands now, handed to the session to ask what is open."""
        view = self.session.view()
        if view.extra.battle is None:
            return
        offer = next((o for o in self._offers(view, view.extra.battle) if o.kind == kind), None)
        if offer is not None:
            self.host.take_offer(offer)
