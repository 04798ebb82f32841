"""Worlds That Remember's dice and odds: a pool of Aspect dice, its exact odds before rolling, the
Roll button, the last result and the rolls so far. One column, made for a side dock beside the
table (about 260 pixels wide on a 1280 x 720 window); a narrow column scrolls, it never widens.

    panel = DicePanel(tags=[("Careful (Sneak)", 6), ("Support", 6)])
    panel.set_mandatory([Die(4, "Dusk")])   # dice every roll gains now; not removable
    panel.rollRequested.connect(ask_game)   # the rules roll the Pool with the game's generator
    panel.show_roll(rolled)                 # every die of the result, added to the history

`set_tags` changes the tag buttons as the situation changes; `set_pool`, `add_die`, `remove_die`
and `clear` change the pool; `pool()` reads it (chosen dice in order, then the mandatory ones);
`set_editable(False)` hides what would change it (an open roll's pool is the game's); `note` is a
line under the odds for the host's words (hidden while empty).

The panel never rolls for a game: Roll only emits `rollRequested(Pool)`. In practice mode
(`set_practice(seed)`) it rolls here with a generator of its own and emits `practiceRolled(Rolled)`.

The charts are the generic `desktop.ui.charts.BarChart`: the Fate chart gives the chance of each
tier of the d20; the Aspect chart gives, per axis present, the chance that the axis's highest
die lands low, mid or high (the lowest third of its faces, the middle, the highest third:
`desktop.rulesets.worlds_that_remember.dice.odds` explains the bands).
They change in place; a pool equal to the one shown redraws nothing.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QGridLayout,
    QGroupBox,
    QListWidget,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from desktop.rulesets.worlds_that_remember.dice.rolls import (
    AXES,
    FATE_TIERS,
    SIZES,
    Die,
    Pool,
    Rolled,
    roll,
)
from desktop.ui.charts import AFTER, INSIDE, BarChart
from desktop.ui.screens import screen_of
from desktop.ui.systems.worlds_that_remember.dice_lists import PoolBox, TagButtons, narrow
from desktop.ui.systems.worlds_that_remember.dice_rows import (
    axis_rows,
    fate_rows,
    result_lines,
    summary,
)
from desktop.ui.wrapped_label import WrappedLabel

TITLE = "Dice and odds"
ODDS_POLL_MS = 50  # how soon the charts look again while the odds are still loading
class DicePanel(QWidget):
    rollRequested = Signal(object)  # the Pool to roll (the game rolls it)
    practiceRolled = Signal(object)  # a Rolled, in practice mode only
    poolChanged = Signal(object)  # the new Pool

    def __init__(
        self,
        tags: Iterable[tuple[str, int]] = (),
        parent: QWidget | None = None,
        *,
        mandatory: Iterable[Die] = (),
        practice_seed: int | None = None,
    ):
        super().__init__(parent)
        self.setObjectName("dicePanel")
        self.setAccessibleName(TITLE)
        font = QFont(self.font())
        # Read across a table: at least 12 points, more on a tall screen (as the main window).
        font.setPointSizeF(max(font.pointSizeF(), 12.0, min(20.0, screen_of(self).size().height() / 72)))
        self.setFont(font)

        self._dice: list[Die] = []
        self._mandatory: list[Die] = list(mandatory)
        self._practice_state = None
        self._history_count = 0
        self._editable = True
        self._stale: set[str] = set()  # "pool", "tags": changed while hidden, drawn when shown
        self._tags_shown: list = []
        self._shown_sizes: tuple[int, ...] | None = None  # the pool the charts show
        self._shown_axes: set[str] = set()

        column = QVBoxLayout(self)
        column.setContentsMargins(4, 4, 4, 4)
        column.setSpacing(6)

        self.roll_button = QPushButton()
        self.roll_button.setFont(self._scaled(1.3, bold=True))
        self.roll_button.setMinimumHeight(44)
        self.roll_button.clicked.connect(self._roll_clicked)
        column.addWidget(self.roll_button)

        self.fate_heading = self._heading("Fate d20")
        column.addWidget(self.fate_heading)
        self.fate_chart = BarChart("Chance of each Fate result", rows=len(FATE_TIERS), texts=AFTER)
        column.addWidget(self.fate_chart)
        self.axes_heading = self._heading("Aspect dice, by axis")
        column.addWidget(self.axes_heading)
        self.axes_chart = BarChart("Chance of each Aspect band", rows=len(SIZES), segments=3, texts=INSIDE)
        column.addWidget(self.axes_chart)
        self.bands_note = WrappedLabel("Each axis reads its highest die. Grey, blue, gold: the lowest, "
                                       "middle and highest third of its faces.")
        self.bands_note.setWordWrap(True)
        column.addWidget(self.bands_note)
        for chart in (self.fate_chart, self.axes_chart):
            chart.setFont(self._scaled(0.9))  # a little smaller: the bars need the column's width
        self.note = WrappedLabel()  # the host's words on what the dice show now
        self.note.setWordWrap(True)
        self.note.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByKeyboard)
        self.note.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.note.hide()
        self.note.setObjectName("dice-note")
        column.addWidget(self.note)

        self._pool_box = PoolBox()
        self._pool_box.removeRequested.connect(self.remove_die)
        self.clear_button = self._pool_box.clear_button
        self.clear_button.clicked.connect(self.clear)
        column.addWidget(self._pool_box)

        result_box = QGroupBox("Last roll")
        result_layout = QVBoxLayout(result_box)
        self.fate_result = WrappedLabel("Nothing rolled yet.")
        self.fate_result.setFont(self._scaled(1.3, bold=True))
        self.fate_result.setWordWrap(True)
        self.fate_result.setAccessibleName("Last Fate result")
        self.fate_result.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByKeyboard)
        self.dice_result = WrappedLabel("")
        self.dice_result.setWordWrap(True)
        self.dice_result.setAccessibleName("Last Aspect dice")
        self.dice_result.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByKeyboard)
        result_layout.addWidget(self.fate_result)
        result_layout.addWidget(self.dice_result)
        column.addWidget(result_box)

        self._dice_box = QGroupBox("Add a die")
        dice_grid = QGridLayout(self._dice_box)
        self.die_buttons: dict[int, QPushButton] = {}
        for index, size in enumerate(SIZES):
            button = narrow(QPushButton(f"d{size} {AXES[size]}"))
            button.setAccessibleName(f"Add a d{size}, {AXES[size]}")
            button.setToolTip(f"Adds a d{size} to the pool: the {AXES[size]} axis")
            button.clicked.connect(lambda _=False, s=size: self.add_die(Die(s)))
            dice_grid.addWidget(button, index // 2, index % 2)
            self.die_buttons[size] = button
        column.addWidget(self._dice_box)

        self._tags_box = TagButtons()
        self._tags_box.dieChosen.connect(self.add_die)
        column.addWidget(self._tags_box)

        history_label = self._heading("Rolls so far")
        column.addWidget(history_label)
        self.history = QListWidget()
        self.history.setAccessibleName("Roll history")
        self.history.setWordWrap(True)
        self.history.setMinimumHeight(90)
        self.history.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        history_label.setBuddy(self.history)
        column.addWidget(self.history)
        column.addStretch(1)

        self.set_tags(tags)
        self.set_practice(practice_seed)
        self._refresh_pool()

    # ---- the API a system uses ------------------------------------------------------------------

    @property
    def tag_buttons(self) -> list[QPushButton]:
        """The tag buttons (made now if they changed while the panel was hidden)."""
        if "tags" in self._stale:
            self._draw_tags()
        return self._tags_box.buttons

    @property
    def remove_buttons(self) -> list[QPushButton]:
        """The Remove buttons of the chosen dice, in pool order (made now if the pool changed
        while the panel was hidden)."""
        if "pool" in self._stale:
            self._draw_pool()
        return self._pool_box.remove_buttons

    def pool(self) -> Pool:
        """The dice chosen, in the order they were added, then the mandatory dice."""
        return Pool([*self._dice, *self._mandatory])

    def set_pool(self, pool: Pool) -> None:
        """Replaces the chosen dice (the mandatory dice stay)."""
        if list(pool.dice) == self._dice:
            return  # the same pool: nothing to redraw (the game refreshes it at every change)
        self._dice = list(pool.dice)
        self._refresh_pool()

    def add_die(self, die: Die) -> None:
        self._dice.append(die)
        self._refresh_pool()

    def remove_die(self, index: int) -> None:
        """Removes the chosen die at `index` (mandatory dice cannot be removed)."""
        del self._dice[index]
        self._refresh_pool()
        buttons = self.remove_buttons
        if buttons:
            buttons[min(index, len(buttons) - 1)].setFocus()
        else:
            self.die_buttons[SIZES[0]].setFocus()

    def clear(self) -> None:
        self._dice = []
        self._refresh_pool()

    def set_mandatory(self, dice: Iterable[Die]) -> None:
        """Dice every roll gains now (a d4 at dusk...): shown in the pool, never removable."""
        dice = list(dice)
        if dice == self._mandatory:
            return
        self._mandatory = dice
        self._refresh_pool()

    def set_editable(self, on: bool) -> None:
        """Whether the player may change the pool here: off, the dice and tag buttons, the
        Remove buttons and "Remove all" are hidden (an open roll's pool is the game's)."""
        if on == self._editable:
            return
        self._editable = on
        self._dice_box.setVisible(on)
        self._tags_box.setVisible(on and bool(self._tags_shown))
        self.clear_button.setVisible(on)
        if self.isVisible():
            self._draw_pool()  # the Remove buttons
        else:
            self._stale.add("pool")

    def set_tags(self, tags: Iterable[tuple[str, int]]) -> None:
        """The buttons for tags and help the system offers now: (label, die size). The label
        becomes the die's source, as the player reads it ("Careful (Sneak)")."""
        checked = [(label, Die(size, label)) for label, size in tags]
        if checked == self._tags_shown:
            return  # the same buttons: keep them (and the keyboard focus on them)
        self._tags_shown = checked
        if not self.isVisible():
            self._stale.add("tags")  # made when the panel is next shown (it is hidden most of a game)
            return
        self._draw_tags()

    def _draw_tags(self) -> None:
        """The tag buttons, changed in place (dice_lists.TagButtons)."""
        self._stale.discard("tags")
        made = self._tags_box.draw(self._tags_shown)
        self._tags_box.setVisible(self._editable and bool(self._tags_shown))
        if made:
            self._pin_fonts()

    def set_practice(self, seed: int | None) -> None:
        """Practice mode rolls here, with a generator of its own seeded by `seed`; None turns it
        off (Roll then only asks the game to roll)."""
        from desktop.engine import rng

        self._practice_state = None if seed is None else rng.seed_state(seed)
        self._refresh_roll_button()

    def show_roll(self, rolled: Rolled) -> None:
        """Shows every die of a result and adds it to the history."""
        self.fate_result.setText(f"Fate {rolled.fate}: {rolled.tier}")
        lines = result_lines(rolled)
        self.dice_result.setText("\n".join(lines) if lines else "No Aspect dice.")
        self._history_count += 1
        self.history.addItem(f"{self._history_count}. {summary(rolled)}")
        self.history.scrollToBottom()

    def clear_history(self) -> None:
        """A new game: no result, no rolls so far."""
        self.history.clear()
        self._history_count = 0
        self.fate_result.setText("Nothing rolled yet.")
        self.dice_result.setText("")

    def chart_values(self) -> dict[str, dict]:
        """What the charts paint, read back from their bars: {"fate": {tier: length},
        "axes": {axis: {band: length}}}; empty until the panel has been shown (the odds are
        worked out only then)."""
        fate, axes = self.fate_chart.values(), self.axes_chart.values()
        if not fate:
            return {}
        drawn_axes: dict[str, dict[str, float]] = {}
        present = [AXES[size] for size in SIZES if AXES[size] in self._shown_axes]
        for axis, widths in zip(present, axes):
            drawn_axes[axis] = dict(zip(("low", "mid", "high"), widths))
        return {"fate": {name: row[0] for (name, _l, _h), row in zip(FATE_TIERS, fate)}, "axes": drawn_axes}

    # ---- building ------------------------------------------------------------------------------

    def _heading(self, text: str) -> WrappedLabel:
        label = WrappedLabel(text)
        label.setFont(self._scaled(1.05, bold=True))
        label.setWordWrap(True)
        return label

    def _pin_fonts(self) -> None:
        """Gives every child the panel's large font outright. Inherited fonts do not survive a
        style sheet on an ancestor (the focus ring's, here or in the host window): Qt then polishes
        the children back to the application's font."""
        base = self.font()
        for child in self.findChildren(QWidget):
            if not child.testAttribute(Qt.WidgetAttribute.WA_SetFont):
                child.setFont(base)

    def _scaled(self, factor: float, bold: bool = False) -> QFont:
        font = QFont(self.font())
        font.setPointSizeF(font.pointSizeF() * factor)
        font.setBold(bold)
        return font

    def _refresh_pool(self) -> None:
        if self.isVisible():
            self._draw_pool()
        else:
            self._stale.add("pool")  # drawn when the panel is next shown
        self.clear_button.setEnabled(bool(self._dice))
        self._refresh_roll_button()
        self._refresh_charts()
        self.poolChanged.emit(self.pool())

    def _draw_pool(self) -> None:
        """One row per die, the Fate die first, changed in place (dice_lists.PoolBox)."""
        self._stale.discard("pool")
        wanted = [("Fate d20 (always rolled)", False)]
        wanted += [(self._die_text(die), self._editable) for die in self._dice]
        wanted += [(self._die_text(die) + " (required)", False) for die in self._mandatory]
        if self._pool_box.draw(wanted, len(self._dice)):
            self._pin_fonts()

    @staticmethod
    def _die_text(die: Die) -> str:
        return die.name + (f" \u00b7 {die.source}" if die.source else "")

    def _refresh_roll_button(self) -> None:
        count = len(self._dice) + len(self._mandatory)
        dice = f" + {count} {'die' if count == 1 else 'dice'}" if count else ""
        verb = "Practice roll" if self._practice_state is not None else "Roll"
        self.roll_button.setText(f"{verb}: Fate{dice}")
        self.roll_button.setAccessibleName(f"{verb} the Fate die{dice.replace('+', 'and')}")

    def _roll_clicked(self) -> None:
        pool = self.pool()
        if self._practice_state is None:
            self.rollRequested.emit(pool)
            return
        self._practice_state, rolled = roll(pool, self._practice_state)
        self.show_roll(rolled)
        self.practiceRolled.emit(rolled)

    def showEvent(self, event) -> None:
        if "pool" in self._stale:
            self._draw_pool()
        if "tags" in self._stale:
            self._draw_tags()
        super().showEvent(event)
        self._refresh_charts()

    def _refresh_charts(self) -> None:
        """The odds of the pool, into the charts (which change only what differs). Not while the
        panel is hidden: the odds need icepool, imported in the background meanwhile."""
        sizes = self.pool().sizes()
        if sizes == self._shown_sizes or not self.isVisible():
            return
        from desktop.rulesets.worlds_that_remember.dice import odds as dice_odds

        if not dice_odds.ready():
            # icepool is still loading on its own thread: loaded here, it held the window past
            # 100 ms at a game's first roll. The charts say so and look again shortly.
            dice_odds.warm_up()
            coming = "Working out the odds\u2026"
            self.fate_chart.set_rows([], coming, empty=coming)
            self.axes_chart.set_rows([], coming, empty=coming)
            QTimer.singleShot(ODDS_POLL_MS, self, self._refresh_charts)
            return
        self._shown_sizes = sizes
        odds = dice_odds.pool_odds(self.pool())
        self._shown_axes = set(odds.bands)
        rows, words = fate_rows(odds)
        self.fate_chart.set_rows(rows, words)
        rows, words = axis_rows(odds)
        self.axes_chart.set_rows(rows, words or "No Aspect dice in the pool.",
                                 empty="Add dice to see where each axis lands.")
        width = max(self.fate_chart.label_width(), self.axes_chart.label_width())
        self.fate_chart.set_label_width(width)  # the bars of both charts start at one place
        self.axes_chart.set_label_width(width)
