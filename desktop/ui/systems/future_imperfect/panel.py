"""The check panel: what the check waits for, one button per result the player may take (keys
1 to 5 take rows 1 to 5), the next draw, the result, and the Master's form to set a check.

Every button hands a legal action to the session; nothing here decides a rule.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from desktop.rulesets.future_imperfect import actions as a
from desktop.rulesets.future_imperfect.cards import DICE, cell_text, is_exceptional
from desktop.rulesets.future_imperfect.presentation import (
    card_in_view,
    describe,
    draft_check,
    result_words,
)
from desktop.ui.put import put_accessible_name, put_shown, put_text, put_tip
from desktop.ui.widgets import wrap_narrow

STEP_KINDS = (a.DrawResolution, a.DrawExtension)
CHOICE_KINDS = (a.Take, a.Extend)


class CheckPanel(QWidget):
    submitted = Signal(object)  # an action to hand to the session
    previewChanged = Signal(object)  # the form's check (a SetCheck or SetComplexCheck) while idle

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("fi-check-panel")
        self.setAccessibleName("Future Imperfect check")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 4)
        self.summary = QLabel()
        self.summary.setObjectName("fi-summary")
        self.result = QLabel()
        wrap_narrow(self.result)
        wrap_narrow(self.summary)
        big = QFont(self.font())
        big.setBold(True)
        self.result.setFont(big)
        self.step_button = QPushButton()
        self.step_button.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.step_button.clicked.connect(lambda: self._send(self._step))
        self.choices = QVBoxLayout()
        self.buttons: list[QPushButton] = []
        self._step = None
        self._offered: list = []
        self._asking = None  # (the seat choosing, the kind it chooses with) while a result is open
        # Keys 1 to 5 always answer while a result is open: a row that cannot be taken goes to
        # the game too, whose refusal says why (a key that did nothing said nothing).
        from PySide6.QtGui import QKeySequence, QShortcut

        self.row_keys = []
        for row in range(1, 6):
            key = QShortcut(QKeySequence(str(row)), self, activated=lambda r=row: self.take_row(r))
            key.setContext(Qt.ShortcutContext.WindowShortcut)
            self.row_keys.append(key)
        self.form = CheckForm()
        self.form.submitted.connect(self.submitted)
        self.form.changed.connect(self.previewChanged)
        for widget in (self.summary, self.result, self.step_button):
            layout.addWidget(widget)
        layout.addLayout(self.choices)
        layout.addWidget(self.form)
        layout.addStretch(1)
        self._pool: list[QPushButton] = []  # the result buttons, made once; the first ones shown

    def _send(self, action) -> None:
        if action is not None:
            self.submitted.emit(action)

    def take_row(self, row: int) -> None:
        """Key `row`: that row's result if it is offered, else the same request, for the game
        to refuse in words."""
        if self._asking is None or not self.isEnabled():
            return
        offered = next((act for act in self._offered if act.row == row), None)
        who, kind = self._asking
        self._send(offered if offered is not None else kind(player=who, row=row))

    def show_state(self, view, legal: list, enabled: bool = True) -> None:
        """`legal`: the legal actions of seats played by people."""
        check = view.extra.check
        self.summary.setText(status_line(view))
        self.summary.setVisible(bool(self.summary.text()))
        self.result.setText(f"{view.seat_name(check.who)}: {result_words(check)}." if check and check.result else "")
        self.result.setVisible(bool(self.result.text()))
        steps = [act for act in legal if isinstance(act, STEP_KINDS)]
        self._step = steps[0] if steps else None
        self.step_button.setVisible(self._step is not None)
        if self._step is not None:
            text = describe(self._step, view)
            self.step_button.setText(text)
            self.step_button.setAccessibleName(text)
        offered = [act for act in legal if isinstance(act, CHOICE_KINDS)]
        kind = {"choose": a.Take, "pick": a.Extend}.get(check.phase) if check is not None else None
        self._asking = (check.who, kind) if kind is not None else None
        if offered != self._offered:
            self._offered = offered
            # The buttons are kept: a check's results change at every check, and new buttons
            # (their fonts, styles and layout, then the old ones' deletion) cost more than the
            # words changed on the same ones.
            while len(self._pool) < len(offered):
                self._pool.append(self._result_button(len(self._pool)))
            for button, act in zip(self._pool, offered):
                put_text(button, button_text(act, view))
                put_tip(button, f"{describe(act, view)} (key {act.row})")
                put_accessible_name(button, describe(act, view))
                put_shown(button, True)
            for button in self._pool[len(offered):]:
                put_shown(button, False)
            self.buttons = self._pool[: len(offered)]
        self.form.show_state(view, legal)
        self.setEnabled(enabled)

    def _result_button(self, slot: int) -> QPushButton:
        """The result button at `slot`: what it takes is read when it is clicked."""
        button = QPushButton()
        button.setVisible(False)  # outright, until a result is offered in its place
        button.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        button.clicked.connect(lambda _=False: self._send(self._offered[slot] if slot < len(self._offered) else None))
        self.choices.addWidget(button)
        return button


class CheckForm(QGroupBox):
    """The Master's check in one form instead of a question at a time."""

    submitted = Signal(object)
    changed = Signal(object)

    def __init__(self, parent: QWidget | None = None):
        super().__init__("Set a check", parent)
        self.setObjectName("fi-check-form")
        form = QFormLayout(self)
        form.setContentsMargins(6, 2, 6, 4)
        form.setVerticalSpacing(3)
        self.who = QComboBox()
        self.trait = QComboBox()
        self.effect = QComboBox()
        for die in DICE:
            self.trait.addItem(f"d{die}", die)
        self.effect.addItem("none (simple)", 0)
        for die in DICE:
            self.effect.addItem(f"d{die}", die)
        # Its values open at the ruleset's draft of a check (`draft_check`), as the questions of
        # "Set a simple check" do: set with the seats, in `show_state`.
        self.skill = QSpinBox(minimum=1, maximum=5)
        self.tn = QSpinBox(minimum=1, maximum=a.TN_HIGH)
        self.effect_row = QSpinBox(minimum=1, maximum=5, value=1)
        for label, widget, name, tip in (
            ("Who", self.who, "Who makes the check", "Who makes the check"),
            ("Trait", self.trait, "Trait die", "The trait die: the column of the cause grid"),
            ("Skill", self.skill, "Skill level", "The skill level: rows 1 to this one may be read"),
            ("TN", self.tn, "Target number", "The target number the result must reach"),
            ("Effect", self.effect, "Effect die of a complex check", "A complex check's effect die, or none"),
            ("Effect row", self.effect_row, "Effect row", "The effect row: the (n) of (n)dN"),
        ):
            widget.setAccessibleName(name)
            widget.setToolTip(tip)
            widget.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
            form.addRow(label, widget)
        self.set_button = QPushButton("Set the check")
        self.set_button.setAccessibleName("Set the check")
        self.set_button.clicked.connect(lambda: self.submitted.emit(self.action()))
        form.addRow(self.set_button)
        for signal in (self.who.currentIndexChanged, self.trait.currentIndexChanged, self.effect.currentIndexChanged,
                       self.skill.valueChanged, self.tn.valueChanged, self.effect_row.valueChanged):
            signal.connect(self._changed)
        self._master = ""
        self._seats: list = []

    def _changed(self, *_args) -> None:
        self.effect_row.setEnabled(self.effect.currentData() != 0)
        if self._master:
            self.changed.emit(self.action())

    def action(self):
        who = self.who.currentData() or self._master
        common = {"player": self._master, "who": who, "trait": self.trait.currentData(), "skill": self.skill.value(), "tn": self.tn.value()}
        if self.effect.currentData():
            return a.SetComplexCheck(**common, effect=self.effect.currentData(), effect_row=self.effect_row.value())
        return a.SetCheck(**common)

    def show_state(self, view, legal: list) -> None:
        can_set = any(isinstance(act, (a.SetCheck, a.SetComplexCheck)) for act in legal)
        self.setVisible(can_set)
        seats = [(seat.id, seat.name) for seat in view.seats]
        if seats != self._seats:
            self._seats = seats
            self.who.blockSignals(True)
            self.who.clear()
            for seat, name in seats:
                self.who.addItem(name, seat)
            self.who.blockSignals(False)
            self._open_at(draft_check(view))
        self._master = view.extra.master
        self.who.setEnabled(len(seats) > 1)
        if can_set:
            self._changed()


    def _open_at(self, check) -> None:
        """The form's values set to `check`'s, saying nothing until the whole is set."""
        for widget in (self.who, self.trait, self.skill, self.tn):
            widget.blockSignals(True)
        self.who.setCurrentIndex(max(0, self.who.findData(check.who)))
        self.trait.setCurrentIndex(max(0, self.trait.findData(check.trait)))
        self.skill.setValue(check.skill)
        self.tn.setValue(check.tn)
        for widget in (self.who, self.trait, self.skill, self.tn):
            widget.blockSignals(False)


def status_line(view) -> str:
    """What the check waits for, in a few words (the banner over the table says it in full)."""
    check = view.extra.check
    if check is None or check.phase == "done":
        return ""
    who = view.seat_name(check.who)
    if check.phase == "draw":
        return f"{who}: draw the resolution card."
    if check.phase == "choose":
        return f"{who}: take a result (keys 1 to {check.skill}, or click it on the card)."
    if check.phase == "extend":
        return f"Exceptional: {who} draws an extension card ({', '.join(map(str, check.totals))} so far)."
    return f"{who}: keep one exceptional result (key or click)."


def button_text(action, view) -> str:
    """"2 · 10 (exceptional)": the key, the value, and what taking it does."""
    check = view.extra.check
    if isinstance(action, a.Take):
        value = card_in_view(view, check.cards[0]).cell(action.row, check.trait)
        special = " (exceptional)" if check.exceptional and is_exceptional(value, check.trait) else ""
        return f"{action.row} \u00b7 row {action.row}: {cell_text(value)}{special}"
    value = card_in_view(view, check.cards[-1]).cell(action.row, check.trait)
    total = check.totals[check.rows.index(action.row)]
    special = ", goes on" if is_exceptional(value, check.trait) else ""
    return f"{action.row} \u00b7 row {action.row}: {total}{special}"
