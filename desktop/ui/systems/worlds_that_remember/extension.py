"""What `install` adds to the main window for Worlds That Remember, through the window's host
(desktop/ui/host.py), kept in step with the session.

The "Dice and odds" dock holds the dice panel (dice_panel.py):

- while a roll is open (the view's `extra.roll`) it shows that roll's pool exactly as the game
  holds it: the card's printed tags and the tags its player chose, the dice of the card's text,
  one die per Support, and as required dice (not removable) the ones the rules add by themselves,
  Dusk's d4 COST and the dice of Conditions in the roller's Ready Hand. Its dice cannot be changed
  here: the pool is the game's. The charts give the exact odds of that pool (the ruleset's dice);
- its Roll button asks the game to roll: it submits the roller's Roll action through the session,
  and the engine rolls with the game's generator. Nothing here rolls for the game;
- the result is read from the view (`extra.last_roll`) and added to the history, named by who
  rolled which card;
- pinned open with no roll (View > Dice and odds) it is a practice board: the tags and gear of
  the seat looking (or of the seat whose turn it is), a Support die and Dusk's die as buttons, any
  dice, and practice rolls with a generator of its own that never touches the game.

Where it sits: docked in the right-hand column, under "Actions and log", as wide as that column
(a fifth of the window), so the table keeps its width and never moves when the dock comes and
goes; its content is one scrolling column, the Roll button and the Fate odds at its top. It is
never floating unless the player drags it out.

When it shows (FOLLOW, the default): the whole panel while a roll is open; once the roll is
rolled, one line with the result until the turn ends; nothing otherwise. Closed with its button
(or View > Dice and odds unticked) it stays away until the next roll opens. Ticking View > Dice
and odds pins the whole panel open (PINNED). Behind the curtain it is disabled with the rest of
the window (and hidden, if the player made it float).

Speed: one panel per game, its charts (plain widgets that paint their bars) made once and
changed in place; a refresh that changes nothing changes no widget, and what changes while the
panel is hidden is drawn when it shows. icepool is imported on a background thread once the
table is up (`install`), so the first roll costs no import on the UI thread.

The host takes the dock, the menu entries and the toolbar action away when the window turns to
another game; a new game gets a new extension (and a new history).
"""

from __future__ import annotations

import msgspec
from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import (
    QDockWidget,
    QFrame,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from desktop.engine.changes import Reads
from desktop.rulesets.worlds_that_remember import actions as a
from desktop.rulesets.worlds_that_remember.dice.rolls import Die, Pool
from desktop.ui.side_columns import contents_height
from desktop.ui.systems.worlds_that_remember.dice_panel import TITLE, DicePanel
from desktop.ui.systems.worlds_that_remember.dice_reading import (
    dock_note,
    practice_tags,
    rolled_from,
    rolled_this_turn,
)
from desktop.ui.systems.worlds_that_remember.dice_rows import summary

SYSTEM = "worlds-that-remember"
FOLLOW, PINNED = "follow", "pinned"  # whether the dock follows the rolls or stays open
HIDDEN, LINE, FULL = "hidden", "line", "full"  # what the dock shows
FULL_SHARE = 0.62  # of the right-hand column's height, for the whole panel beside the actions
NOT_DISMISSED = None
# What the dock reads. With no roll open: whether one opened, the last roll, the phase (Dusk's die:
# `played`), the practice seat's character and tags, and the turn (the one line lasts until the turn
# ends). While a roll is open: its pool, worked out from the cards in hands too, and whether the rules
# let the roller roll now (the legal actions), so any step of the game.
NO_ROLL = Reads(extra=frozenset({"roll", "last_roll", "played", "characters", "active", "turn", "scene_over"}))
ROLL_OPEN = Reads(moves=True)


class Extension(QObject):
    def __init__(self, host):
        from desktop.engine import rng

        super().__init__(host)
        self.host = host
        self.session = host.session
        self.mode = FOLLOW
        self.shown = HIDDEN
        self._dismissed: int | None = NOT_DISMISSED  # closed by hand: the turn of that roll, or -1
        self._quiet = False  # the dock is being shown or hidden here, not by the player
        self._open: tuple | None = None  # the open roll's pool as last shown (chosen, required)
        self._practising = True
        self._practice_seat: object = ()
        self._shown_roll: bytes | None = None

        self.line = QLabel()  # the dock's one line, between a roll and the end of the turn
        self.line.setObjectName("wtr-dice-line")
        self.line.setWordWrap(True)
        self.line.setAccessibleName("The last roll")
        self.line.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.more_button = QPushButton("Odds\u2026")
        self.more_button.setAccessibleName("Show the dice and odds")
        self.more_button.setToolTip("Shows the whole dice panel and keeps it open (View > Dice and odds)")
        self.more_button.clicked.connect(lambda: self.show_action.trigger())
        self._line_row = QWidget()
        line_layout = QHBoxLayout(self._line_row)
        line_layout.setContentsMargins(6, 2, 6, 2)
        line_layout.addWidget(self.line, 1)
        line_layout.addWidget(self.more_button, 0, Qt.AlignmentFlag.AlignTop)

        self.panel = DicePanel(practice_seed=rng.new_seed())
        self.panel.rollRequested.connect(self._roll_requested)
        self.panel.practiceRolled.connect(self._practice_rolled)
        self.note = self.panel.note  # who rolls what, under the odds: Roll and the odds come first
        self.note.setObjectName("wtr-dice-note")
        self.note.setAccessibleName("What the dice show now")
        # One scrolling column: a narrow or short window scrolls the panel, never widens the dock.
        self.scroll = QScrollArea()
        self.scroll.setWidget(self.panel)
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Tab goes to the panel's controls
        self.scroll.setMinimumWidth(60)
        body = QWidget()
        body_layout = QVBoxLayout(body)
        body_layout.setContentsMargins(0, 0, 0, 0)
        body_layout.setSpacing(0)
        body_layout.addWidget(self._line_row)
        body_layout.addWidget(self.scroll, 1)

        # Under the actions, in the right-hand column: the table keeps its width.
        self.dock = host.add_dock("wtr-dice-dock", TITLE, body, side="right", under="actions", scroll=False,
                                  shown=False)  # until a roll opens or the player asks
        self.dock.setAccessibleName(TITLE)
        self.dock.setFeatures(
            QDockWidget.DockWidgetFeature.DockWidgetClosable
            | QDockWidget.DockWidgetFeature.DockWidgetMovable
            | QDockWidget.DockWidgetFeature.DockWidgetFloatable
        )
        self.dock.setAllowedAreas(Qt.DockWidgetArea.LeftDockWidgetArea | Qt.DockWidgetArea.RightDockWidgetArea)
        self.dock.installEventFilter(self)  # its close button (hiding it here is not closing it)
        self.dock.topLevelChanged.connect(lambda _floating: self.refresh())

        self.show_action = host.add_menu_entry(
            "view", "&Dice and odds", self._menu_toggled,
            tip="Keep the dice and their exact odds open (by default they open for each roll)",
        )
        self.show_action.setCheckable(True)
        host.add_toolbar_action(self.show_action)
        self.builder_action = host.add_menu_entry(
            "game", "&Deck builder\u2026", self.open_deck_builder,
            tip="Build a Worlds That Remember deck, export it, or start a game with it",
        )
        host.follow(self.refresh, lambda: NO_ROLL if self._open is None else ROLL_OPEN)
        host.link(host.covered, self._covered)
        self.refresh()

    def covered(self) -> bool:
        return self.host.is_covered()

    def refresh(self, _changes=None) -> None:
        view = self.session.view()
        extra = view.extra
        if extra.roll is not None:
            self._show_open_roll(extra.roll)
        else:
            self._show_practice(view)
        last = extra.last_roll
        key = msgspec.json.encode(last) if last is not None else None
        if key is not None and key != self._shown_roll:
            self._shown_roll = key
            self._show_result(view, last)
        note = dock_note(view, self.session.app_seats)
        self.note.setText(note)
        self.note.setVisible(bool(note))
        self._lock()
        self._follow(extra)

    # ---- the open roll, the result, practice -------------------------------------------------

    def _show_open_roll(self, roll) -> None:
        chosen = [Die(die.size, die.source) for die in roll.dice if not die.required]
        required = [Die(die.size, die.source) for die in roll.dice if die.required]
        panel = self.panel
        if self._practising:
            self._practising = False
            self._practice_seat = ()  # the tag buttons come back when the roll is over
            panel.set_practice(None)
            panel.set_tags([])
            panel.set_editable(False)
        if self._open != (chosen, required):
            self._open = (chosen, required)
            panel.set_mandatory(required)
            panel.set_pool(Pool(chosen))

    def _show_practice(self, view) -> None:
        panel = self.panel
        if not self._practising:
            # The roll just closed: practise from the pool that was rolled, every die removable.
            self._practising = True
            chosen, required = self._open or ([], [])
            self._open = None
            panel.set_practice(self._practice_seed())
            panel.set_mandatory([])
            panel.set_pool(Pool([*chosen, *required]))
            panel.set_editable(True)
        seat = view.viewer or view.extra.active
        if seat != self._practice_seat:
            self._practice_seat = seat
            panel.set_tags(practice_tags(view, seat))

    @staticmethod
    def _practice_seed() -> int:
        from desktop.engine import rng

        return rng.new_seed()

    def _show_result(self, view, last) -> None:
        rolled = rolled_from(last)
        self.panel.show_roll(rolled)
        who = f"{view.seat_name(last.player)} \u00b7 {last.card}"
        self._label_history(who)
        self.line.setText(f"{who}: {summary(rolled)}")
        self._fit_line()

    def _practice_rolled(self, _rolled) -> None:
        self._label_history("Practice")

    def _label_history(self, who: str) -> None:
        history = self.panel.history
        item = history.item(history.count() - 1)
        number, _, rest = item.text().partition(". ")
        item.setText(f"{number}. {who}: {rest}")

    def roll_action(self) -> a.Roll | None:
        """The Roll the Roll button submits: the roller's legal Roll, for a seat played by a person."""
        session = self.session
        roll = session.view().extra.roll
        if roll is None or roll.player in session.app_seats:
            return None
        return next((act for act in session.game.legal_actions(roll.player) if act.type == "roll"), None)

    def _lock(self) -> None:
        """While a roll is open its dice are the game's (the panel hides what would change them),
        and Roll works only when the rules let the roller roll. Under the curtain nothing works."""
        panel = self.panel
        if self._open is not None:
            allowed = self.roll_action() is not None
            tip = ("Rolls through the game, with the game's dice" if allowed
                   else "The roll cannot be rolled from here now (see the note above)")
        else:
            allowed, tip = True, "A practice roll with dice of its own: the game is not touched"
        panel.roll_button.setEnabled(allowed)
        panel.roll_button.setToolTip(tip)
        panel.setEnabled(not self.covered())

    def _roll_requested(self, _pool) -> None:
        act = self.roll_action()
        if act is not None:
            self.session.submit(act)

    # ---- showing the dock --------------------------------------------------------------------

    def _follow(self, extra) -> None:
        if self._dismissed is not NOT_DISMISSED and extra.roll is not None and extra.turn != self._dismissed:
            self._dismissed = NOT_DISMISSED  # a new roll opened: the dock comes back for it
        if self.mode == PINNED:
            wanted = FULL
        elif self._dismissed is not NOT_DISMISSED:
            wanted = HIDDEN
        elif extra.roll is not None:
            wanted = FULL
        elif rolled_this_turn(extra):
            wanted = LINE
        else:
            wanted = HIDDEN
        if self.dock.isFloating() and self.covered():
            wanted = HIDDEN  # floating, it would stay over the curtain: it waits behind it instead
        self.show_action.blockSignals(True)
        self.show_action.setChecked(wanted == FULL)
        self.show_action.blockSignals(False)
        self._show(wanted)

    def _show(self, wanted: str) -> None:
        """Shows the dock as `wanted` says; showing what is already shown touches no widget."""
        if wanted == self.shown:
            return
        self.shown = wanted
        self._quiet = True
        try:
            if wanted == HIDDEN:
                self.dock.hide()  # the window laid out at once (`TableHost.add_dock`)
                return
            full = wanted == FULL
            column = self._column_height()
            going, coming = (self._line_row, self.scroll) if full else (self.scroll, self._line_row)
            # What goes, then the dock's height, then what comes: showing a widget in a window on
            # screen lays the whole window out at once, so it comes last and that one pass sees
            # every change (shown first, the window was laid out twice at each roll).
            going.setVisible(False)
            # The line takes its own height; the whole panel takes what the column gives it.
            self.dock.setMaximumHeight(16_777_215 if full else self._line_height())
            coming.setVisible(True)
            self.dock.show()
            if full and column:
                self._share_column(column)
        finally:
            self._quiet = False

    def _line_height(self) -> int:
        """The dock's height for its one line (wrapped to the column's width) and its title."""
        width = max(120, self.dock.width())
        row = self._line_row.layout().totalHeightForWidth(width)
        title = max(self.dock.style().pixelMetric(self.dock.style().PixelMetric.PM_TitleBarHeight),
                    self.dock.fontMetrics().height() + 8)
        return row + title + 4

    def _fit_line(self) -> None:
        if self.shown == LINE:
            self.dock.setMaximumHeight(self._line_height())

    def _column_height(self) -> int:
        """The height of the column the dock shares with the actions (0: it does not share one)."""
        actions = self.host.own_dock("actions")
        main = self.dock.parentWidget()
        if (actions is None or actions.isHidden() or self.dock.isFloating() or not isinstance(main, QMainWindow)
                or main.dockWidgetArea(self.dock) != main.dockWidgetArea(actions)):
            return 0
        return actions.height() + (self.dock.height() if self.dock.isVisible() else 0)

    def _share_column(self, column: int) -> None:
        """Gives the whole panel what its contents ask for, up to most of the right-hand column
        (the actions keep the rest). What the side columns would leave it (`contents_height`):
        given the whole share, the panel was shrunk to its contents two turns later, and the
        column was laid out and painted twice at a roll."""
        mine = min(round(column * FULL_SHARE), contents_height(self.dock))
        self.dock.parentWidget().resizeDocks([self.host.own_dock("actions"), self.dock], [column - mine, mine],
                                             Qt.Orientation.Vertical)

    def _menu_toggled(self) -> None:
        """View > Dice and odds (or the toolbar): ticked, the whole panel stays open; unticked,
        the same as closing it."""
        if self.show_action.isChecked():
            self.mode = PINNED
            self._dismissed = NOT_DISMISSED
            self.refresh()
        else:
            self._dismiss()

    def eventFilter(self, watched, event) -> bool:
        if watched is self.dock and event.type() == QEvent.Type.Close and not self._quiet:
            self.shown = HIDDEN  # its close button hides it
            self._dismiss()
        return False

    def _dismiss(self) -> None:
        """The player sent the dock away: it stays away until the next roll opens."""
        self.mode = FOLLOW
        extra = self.session.view().extra
        self._dismissed = extra.turn if extra.roll is not None or rolled_this_turn(extra) else -1
        self.refresh()

    def _covered(self, covered: bool) -> None:
        if covered:
            self.panel.setEnabled(False)
            if self.dock.isFloating():
                self._show(HIDDEN)
        else:
            self.refresh()

    # ---- the deck builder ----------------------------------------------------------------------

    def open_deck_builder(self) -> None:
        from desktop.ui.systems.worlds_that_remember.deck_builder import DeckBuilder

        builder = DeckBuilder(self.host.parent_widget(), session=self.session)
        # A game the deck builder set up: the window shows it as a new game from the wizard
        # (with an autosave), once the builder and the menu that opened it are closed.
        builder.gameReady.connect(self.host.open_game)
        self.builder = builder
        builder.exec()
