"""Dice and odds: build a pool of Aspect dice, see the exact odds before rolling, ask for the roll.

A generic panel any system can add to its table through its own `desktop/ui/systems/<id>` module:

    panel = OddsPanel(tags=[("tag Careful: Sneak", 6), ("support by Bo", 6)])
    panel.set_mandatory([Die(4, "Dusk")])   # dice every roll gains now; not removable
    panel.rollRequested.connect(ask_game)   # the system rolls the Pool in its rules, with the
                                            # game's generator (desktop.rulesets.worlds_that_remember.dice.roll), then:
    panel.show_roll(rolled)                 # every die of the result, added to the history

`set_tags` changes the tag buttons as the situation changes; `set_pool`, `add_die`, `remove_die`
and `clear` change the pool; `pool()` reads it (chosen dice in order, then the mandatory ones).

The panel never rolls for a game: Roll only emits `rollRequested(Pool)`. In practice mode
(`set_practice(seed)`, for a solo odds tool) it rolls locally with its own generator state and
emits `practiceRolled(Rolled)` instead.

Charts: pyqtgraph (and numpy, and icepool for the odds) cost over half a second to import, so
nothing of them is imported until the panel is first shown (`showEvent`); before that the pool
can be built and read, and the charts catch up when they appear. The Fate chart shows the chance
of each tier of the d20; the Aspect chart shows, per axis present, the chance that the axis's
highest die lands low, mid or high (the lowest third of its faces, the middle, the highest
third: `desktop.rulesets.worlds_that_remember.dice.odds` explains the bands), with the faces written on the bars.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont, QPalette
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from desktop.rulesets.worlds_that_remember.dice.rolls import AXES, FATE_TIERS, SIZES, Die, Pool, Rolled, roll
from desktop.ui import palette
from desktop.ui.widgets import discard_widgets

TITLE = "Dice and odds"
BAND_TONES = {"low": "grey", "mid": "blue", "high": "gold"}
TIER_TONES = ("red", "grey", "gold", "green", "blue", "purple")  # in FATE_TIERS order
AXIS_ROWS = len(SIZES)  # the Aspect chart keeps a row for every axis, so bars never change size


def percent(chance: float) -> str:
    """"23%", or "<1%" and ">99%" at the edges, so a chance never reads as impossible or sure."""
    value = float(chance) * 100
    if 0 < value < 0.5:
        return "<1%"
    if 99.5 <= value < 100:
        return ">99%"
    return f"{value:.0f}%"


def faces_text(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}\u2013{high}"


class OddsPanel(QWidget):
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
        self._charts = None  # built on first show
        self._chart_generation = -1
        self.setObjectName("oddsPanel")
        self.setAccessibleName(TITLE)
        font = QFont(self.font())
        # Read across a table: at least 12 points, more on a tall screen (as the main window).
        font.setPointSizeF(max(font.pointSizeF(), 12.0, min(20.0, self.screen().size().height() / 72)))
        self.setFont(font)

        self._dice: list[Die] = []
        self._mandatory: list[Die] = list(mandatory)
        self._practice_state = None
        self._history_count = 0

        outer = QHBoxLayout(self)
        outer.setContentsMargins(8, 8, 8, 8)
        outer.setSpacing(12)
        left = QVBoxLayout()
        right = QVBoxLayout()
        outer.addLayout(left, 5)
        outer.addLayout(right, 6)

        title = QLabel(TITLE)
        title.setFont(self._scaled(1.4, bold=True))
        title.setAccessibleName(TITLE)
        left.addWidget(title)

        dice_box = QGroupBox("Add a die")
        dice_grid = QGridLayout(dice_box)
        self.die_buttons: dict[int, QPushButton] = {}
        for index, size in enumerate(SIZES):
            button = QPushButton(f"d{size} {AXES[size]}")
            button.setAccessibleName(f"Add a d{size}, {AXES[size]}")
            button.setToolTip(f"Adds a d{size} to the pool: the {AXES[size]} axis")
            button.clicked.connect(lambda _=False, s=size: self.add_die(Die(s)))
            button.setMinimumHeight(36)
            dice_grid.addWidget(button, index // 3, index % 3)
            self.die_buttons[size] = button
        left.addWidget(dice_box)

        self._tags_box = QGroupBox("Add a tag or help")
        self._tags_layout = QGridLayout(self._tags_box)
        self.tag_buttons: list[QPushButton] = []
        left.addWidget(self._tags_box)

        pool_box = QGroupBox("The pool")
        pool_layout = QVBoxLayout(pool_box)
        self._pool_rows = QVBoxLayout()
        self._pool_rows.setSpacing(2)
        rows_widget = QWidget()
        rows_outer = QVBoxLayout(rows_widget)
        rows_outer.setContentsMargins(0, 0, 0, 0)
        rows_outer.addLayout(self._pool_rows)
        rows_outer.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidget(rows_widget)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setMinimumHeight(100)
        pool_layout.addWidget(scroll)
        self.clear_button = QPushButton("Remove all added dice")
        self.clear_button.setAccessibleName("Remove all added dice")
        self.clear_button.clicked.connect(self.clear)
        pool_layout.addWidget(self.clear_button)
        left.addWidget(pool_box, 1)
        self._pool_widgets: list[QWidget] = []
        self.remove_buttons: list[QPushButton] = []

        self.roll_button = QPushButton()
        self.roll_button.setFont(self._scaled(1.3, bold=True))
        self.roll_button.setMinimumHeight(48)
        self.roll_button.clicked.connect(self._roll_clicked)
        left.addWidget(self.roll_button)


        self.fate_heading = QLabel("Fate d20: the chance of each result")
        self.fate_heading.setFont(self._scaled(1.1, bold=True))
        right.addWidget(self.fate_heading)
        self._fate_holder = QVBoxLayout()
        right.addLayout(self._fate_holder, 5)
        self.axes_heading = QLabel("Aspect dice: where each axis's highest die lands")
        self.axes_heading.setFont(self._scaled(1.1, bold=True))
        right.addWidget(self.axes_heading)
        self.bands_note = QLabel("Low, mid, high: the lowest, middle and highest third of a die's faces.")
        self.bands_note.setWordWrap(True)
        right.addWidget(self.bands_note)
        self._axes_holder = QVBoxLayout()
        right.addLayout(self._axes_holder, 5)
        result_box = QGroupBox("Last roll")
        result_layout = QVBoxLayout(result_box)
        self.fate_result = QLabel("Nothing rolled yet.")
        self.fate_result.setFont(self._scaled(1.5, bold=True))
        self.fate_result.setAccessibleName("Last Fate result")
        self.fate_result.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByKeyboard)
        self.dice_result = QLabel("")
        self.dice_result.setWordWrap(True)
        self.dice_result.setAccessibleName("Last Aspect dice")
        self.dice_result.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByKeyboard)
        result_layout.addWidget(self.fate_result)
        result_layout.addWidget(self.dice_result)
        right.addWidget(result_box)
        history_label = QLabel("Rolls so far")
        history_label.setFont(self._scaled(1.1, bold=True))
        right.addWidget(history_label)
        self.history = QListWidget()
        self.history.setAccessibleName("Roll history")
        self.history.setMinimumHeight(80)
        history_label.setBuddy(self.history)
        right.addWidget(self.history, 3)

        self.set_tags(tags)
        self.set_practice(practice_seed)
        self._refresh_pool()
        self.setStyleSheet(palette.focus_css())

    # ---- the API a system uses ------------------------------------------------------------------

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
        if self.remove_buttons:
            self.remove_buttons[min(index, len(self.remove_buttons) - 1)].setFocus()
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

    def set_tags(self, tags: Iterable[tuple[str, int]]) -> None:
        """The buttons for tags and help the system offers now: (label, die size). The label
        becomes the die's source, as the player reads it ("tag Careful: Sneak")."""
        checked = [(label, Die(size, label)) for label, size in tags]
        if checked == getattr(self, "_tags_shown", None):
            return  # the same buttons: keep them (and the keyboard focus on them)
        self._tags_shown = checked
        discard_widgets(self._tags_layout, self.tag_buttons)
        self.tag_buttons = []
        for index, (label, die) in enumerate(checked):
            button = QPushButton(f"{label} (d{die.size})")
            button.setAccessibleName(f"Add {label}: a d{die.size}, {die.axis}")
            button.setToolTip(f"Adds a d{die.size} ({die.axis}) for {label}")
            button.clicked.connect(lambda _=False, d=die: self.add_die(d))
            button.setMinimumHeight(36)
            self._tags_layout.addWidget(button, index // 2, index % 2)
            self.tag_buttons.append(button)
        self._tags_box.setVisible(bool(checked))
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
        lines = []
        flags = rolled.counted()
        for axis, value in rolled.axes.items():
            # The die the axis reads first, then the lower ones: "EFFECT 6: d8 6 (tag...), d8 2".
            faces = sorted(
                ((counts, die, face) for (die, face), counts in zip(rolled.dice, flags)
                 if die.axis == axis),
                key=lambda entry: not entry[0],
            )
            words = [f"d{die.size} {face}" + (f" ({die.source})" if die.source else "")
                     for _counts, die, face in faces]
            lines.append(f"{axis} {value}: " + ", ".join(words))
        self.dice_result.setText("\n".join(lines) if lines else "No Aspect dice.")
        self._history_count += 1
        summary = " \u00b7 ".join(
            [f"Fate {rolled.fate} {rolled.tier}"]
            + [f"{axis} {value}" for axis, value in rolled.axes.items()]
        )
        self.history.addItem(f"{self._history_count}. {summary}")
        self.history.scrollToBottom()

    def chart_values(self) -> dict[str, dict]:
        """What the charts draw, read back from the bars: {"fate": {tier: length},
        "axes": {axis: {band: length}}}; empty before the panel was first shown."""
        if self._charts is None:
            return {}
        fate_bars, axes_bars = self._charts["fate_bars"], self._charts["axes_bars"]
        fate = {name: float(w) for (name, _l, _h), w in zip(FATE_TIERS, fate_bars.opts["width"])}
        axes: dict[str, dict[str, float]] = {}
        for (axis, band), width in zip(self._charts["axes_keys"], axes_bars.opts["width"]):
            axes.setdefault(axis, {})[band] = float(width)
        return {"fate": fate, "axes": axes}

    # ---- building ------------------------------------------------------------------------------

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
        discard_widgets(self._pool_rows, self._pool_widgets)
        self._pool_widgets, self.remove_buttons = [], []
        self._add_pool_row("Fate d20 (always rolled)", None)
        for index, die in enumerate(self._dice):
            self._add_pool_row(self._die_text(die), index)
        for die in self._mandatory:
            self._add_pool_row(self._die_text(die) + " (required)", None)
        self.clear_button.setEnabled(bool(self._dice))
        self._pin_fonts()
        self._refresh_roll_button()
        self._refresh_charts()
        self.poolChanged.emit(self.pool())

    @staticmethod
    def _die_text(die: Die) -> str:
        return die.name + (f" \u00b7 {die.source}" if die.source else "")

    def _add_pool_row(self, text: str, index: int | None) -> None:
        row = QWidget()
        layout = QHBoxLayout(row)
        layout.setContentsMargins(0, 0, 0, 0)
        label = QLabel(text)
        label.setWordWrap(True)
        layout.addWidget(label, 1)
        if index is not None:
            button = QPushButton("Remove")
            button.setAccessibleName(f"Remove {text}")
            button.setToolTip(f"Removes {text} from the pool")
            button.clicked.connect(lambda _=False, i=index: self.remove_die(i))
            layout.addWidget(button)
            self.remove_buttons.append(button)
        self._pool_rows.addWidget(row)
        self._pool_widgets.append(row)

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

    # ---- the charts, built when first shown ----------------------------------------------------

    def showEvent(self, event) -> None:
        super().showEvent(event)
        if self._charts is None:
            self._build_charts()
            self._refresh_charts()
        elif self._chart_generation != palette.generation():
            self._style_charts()

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if self._charts is not None and event.type() in (
            event.Type.PaletteChange, event.Type.ApplicationPaletteChange
        ):
            self._style_charts()

    def _new_plot(self, name: str):
        import pyqtgraph as pg

        plot = pg.PlotWidget()
        plot.setAccessibleName(name)
        plot.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        plot.setMouseEnabled(x=False, y=False)
        plot.setMenuEnabled(False)
        plot.hideButtons()
        plot.hideAxis("bottom")
        plot.getPlotItem().invertY(True)
        plot.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        plot.setMinimumHeight(130)
        return plot

    def _build_charts(self) -> None:
        import pyqtgraph as pg

        fate_plot = self._new_plot("Chance of each Fate result")
        fate_bars = pg.BarGraphItem(x0=[0] * len(FATE_TIERS), y=list(range(len(FATE_TIERS))),
                                    width=[0] * len(FATE_TIERS), height=0.72)
        fate_plot.addItem(fate_bars)
        fate_plot.setYRange(-0.5, len(FATE_TIERS) - 0.5, padding=0)
        fate_plot.getAxis("left").setTicks([[
            (index, f"{name} ({faces_text(low, high)})")
            for index, (name, low, high) in enumerate(FATE_TIERS)
        ]])
        self._fate_holder.addWidget(fate_plot)

        axes_plot = self._new_plot("Chance of each Aspect band")
        axes_bars = pg.BarGraphItem(x0=[], y=[], width=[], height=0.72)
        axes_plot.addItem(axes_bars)
        axes_plot.setXRange(0, 1, padding=0.01)
        axes_plot.setYRange(-0.5, AXIS_ROWS - 0.5, padding=0)
        self._axes_holder.addWidget(axes_plot)
        self._pin_fonts()
        self._charts = {
            "fate_plot": fate_plot, "fate_bars": fate_bars, "fate_labels": [],
            "axes_plot": axes_plot, "axes_bars": axes_bars, "axes_labels": [], "axes_keys": [],
        }
        self._style_charts()

    def _style_charts(self) -> None:
        import pyqtgraph as pg

        self._chart_generation = palette.generation()
        colours = self.palette()
        ink = colours.color(QPalette.ColorRole.WindowText)
        tick_font = self._scaled(1.0)
        for key in ("fate_plot", "axes_plot"):
            plot = self._charts[key]
            plot.setBackground(colours.color(QPalette.ColorRole.Window))
            axis = plot.getAxis("left")
            axis.setStyle(tickFont=tick_font, tickLength=0)
            axis.setTextPen(pg.mkPen(ink))
            axis.setPen(pg.mkPen(ink))
        self._refresh_charts()

    def _refresh_charts(self) -> None:
        if self._charts is None:
            return
        import pyqtgraph as pg

        from desktop.rulesets.worlds_that_remember.dice.odds import band_faces, pool_odds

        odds = pool_odds(self.pool())
        charts = self._charts
        ink = self.palette().color(QPalette.ColorRole.WindowText)
        label_font = self._scaled(1.0, bold=True)

        chances = [float(odds.fate[name]) for name, _low, _high in FATE_TIERS]
        charts["fate_bars"].setOpts(
            x0=[0] * len(chances), y=list(range(len(chances))), width=chances,
            brushes=[pg.mkBrush(palette.tone(tone)) for tone in TIER_TONES], pen=pg.mkPen(None),
        )
        for item in charts["fate_labels"]:
            charts["fate_plot"].removeItem(item)
        charts["fate_labels"] = []
        for index, chance in enumerate(chances):
            text = pg.TextItem(percent(chance), color=ink, anchor=(0, 0.5))
            text.setFont(label_font)
            text.setPos(chance + 0.005, index)
            charts["fate_plot"].addItem(text)
            charts["fate_labels"].append(text)
        charts["fate_plot"].setXRange(0, max(chances) * 1.3, padding=0)
        fate_summary = "; ".join(
            f"{name} {percent(chance)}" for (name, _l, _h), chance in zip(FATE_TIERS, chances)
        )
        charts["fate_plot"].setAccessibleDescription(fate_summary)
        charts["fate_plot"].setToolTip(fate_summary)

        x0, ys, widths, brushes, keys, labels, ticks, summary = [], [], [], [], [], [], [], []
        for row, (size, axis) in enumerate((s, AXES[s]) for s in SIZES if AXES[s] in odds.bands):
            count = odds.dice[axis]
            ticks.append((row, f"{axis} d{size}" + (f" \u00d7{count}" if count > 1 else "")))
            start = 0.0
            parts = []
            for band, (low, high) in band_faces(size).items():
                chance = float(odds.bands[axis][band])
                x0.append(start)
                ys.append(row)
                widths.append(chance)
                brushes.append(pg.mkBrush(palette.tone(BAND_TONES[band])))
                keys.append((axis, band))
                faces = faces_text(low, high)
                parts.append(f"{band} {faces} {percent(chance)}")
                if chance >= 0.2:
                    labels.append((f"{faces}: {percent(chance)}", start + chance / 2, row))
                elif chance >= 0.07:
                    labels.append((percent(chance), start + chance / 2, row))
                start += chance
            summary.append(f"{axis}: " + ", ".join(parts))
        # No per-bar pens: pyqtgraph 0.14 fails to paint an empty list of them (an empty pool).
        charts["axes_bars"].setOpts(
            x0=x0, y=ys, width=widths, brushes=brushes or None, pen=pg.mkPen(None),
        )
        charts["axes_keys"] = keys
        for item in charts["axes_labels"]:
            charts["axes_plot"].removeItem(item)
        charts["axes_labels"] = []
        if not ticks:
            labels = [("Add dice to see where each axis lands.", 0.5, (AXIS_ROWS - 1) / 2)]
        for text, x, y in labels:
            item = pg.TextItem(text, color=palette.TITLE_INK if ticks else ink, anchor=(0.5, 0.5))
            item.setFont(label_font)
            item.setPos(x, y)
            charts["axes_plot"].addItem(item)
            charts["axes_labels"].append(item)
        charts["axes_plot"].getAxis("left").setTicks([ticks])
        axes_summary = "; ".join(summary) or "No Aspect dice in the pool."
        charts["axes_plot"].setAccessibleDescription(axes_summary)
        charts["axes_plot"].setToolTip(axes_summary.replace("; ", "\n"))


def demo(tags: Sequence[tuple[str, int]] | None = None) -> OddsPanel:
    """A panel in practice mode with a sample pool (python -m desktop.ui.systems.worlds_that_remember.dice_panel)."""
    from desktop.engine import rng
    from desktop.rulesets.worlds_that_remember.dice import tag_die

    sample_tags = tags if tags is not None else [
        (tag_die(approach, name).source, tag_die(approach, name).size)
        for approach, name in (("Careful", "Sneak"), ("Forceful", "Smash"), ("Risky", "Leap"),
                               ("Opportunistic", "Bargain"))
    ] + [("support by Bo", 6)]
    panel = OddsPanel(sample_tags, practice_seed=rng.new_seed())
    panel.set_mandatory([Die(4, "Dusk")])
    panel.set_pool(Pool([Die(8, sample_tags[1][0]), Die(8), Die(6, "support by Bo"), Die(12)]))
    return panel


def main(argv: Sequence[str] | None = None) -> int:
    """The demo: `python -m desktop.ui.systems.worlds_that_remember.dice_panel [--rolls N] [--theme light|dark]`."""
    import argparse
    import sys

    from PySide6.QtWidgets import QApplication, QMainWindow

    parser = argparse.ArgumentParser(prog="python -m desktop.ui.systems.worlds_that_remember.dice_panel", description=TITLE)
    parser.add_argument("--rolls", type=int, default=0, help="practice rolls to show at start")
    parser.add_argument("--theme", choices=["light", "dark"], default=None)
    args = parser.parse_args(argv)
    app = QApplication.instance() or QApplication(sys.argv[:1])
    palette.use(args.theme or palette.saved_choice())
    window = QMainWindow()
    window.setWindowTitle(TITLE)
    panel = demo()
    for _ in range(args.rolls):
        panel.roll_button.click()
    window.setCentralWidget(panel)
    window.resize(1280, 720)
    window.show()
    return app.exec()


if __name__ == "__main__":
    raise SystemExit(main())
