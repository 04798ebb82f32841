"""What `install` adds to the main window for Worlds That Remember, kept in step with the session.

The "Dice and odds" dock holds the dice panel (dice_panel.py):

- while a roll is open (the view's `extra.roll`) it shows that roll's pool exactly as the game
  holds it: the card's printed tags and the tags its player chose, the dice of the card's text,
  one die per Support, and as required dice (not removable) the ones the rules add by themselves,
  Dusk's d4 COST and the dice of Conditions in the roller's Ready Hand. Its dice cannot be changed
  here: the pool is the game's. The charts give the exact odds of that pool (the ruleset's dice package);
- its Roll button asks the game to roll: it submits the roller's Roll action through the session,
  and the engine rolls with the game's generator. Nothing here rolls for the game;
- the result is read from the view (`extra.last_roll`) and added to the history, named by who
  rolled which card;
- with no roll open it is a practice board: the tags and gear of the seat looking (or of the seat
  whose turn it is), a Support die and Dusk's die as buttons, any dice, and practice rolls with a
  generator of its own that never touches the game.

The panel is larger than a side column (about 1000 x 700 pixels once its charts are drawn), so
the dock floats over the window and does not dock beside the table. It follows the rolls: it appears when a roll
opens and goes away when that turn ends, unless the player pinned it (View > Dice and odds, or
the toolbar) or closed it (then it stays closed until asked for again). It is hidden while the
privacy curtain is up. pyqtgraph is imported by the panel when it is first shown, never before.

When the window turns to another game, `install`'s returned `unbind` hides the dock and lets the
session go; the menu entries go with the window's menus, which it builds afresh for every game.
"""

from __future__ import annotations

import msgspec
from PySide6.QtCore import QObject, QPoint, QRect, Qt, QTimer, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDockWidget, QLabel, QToolBar, QVBoxLayout, QWidget

from desktop.rulesets.worlds_that_remember.dice.rolls import AXES, Die, Pool, Rolled
from desktop.rulesets.worlds_that_remember import actions as a
from desktop.rulesets.worlds_that_remember import pools
from desktop.rulesets.worlds_that_remember.cards import Tag
from desktop.rulesets.worlds_that_remember.state import DUSK
from desktop.ui.systems.worlds_that_remember.dice_panel import TITLE, OddsPanel

SYSTEM = "worlds-that-remember"
FOLLOW, PINNED, OFF = "follow", "pinned", "off"  # how the dock shows itself


def rolled_from(last) -> Rolled:
    """The view's latest roll (`LastRoll`) as the panel's `Rolled`."""
    return Rolled(
        fate=last.fate, tier=last.tier,
        dice=[(Die(die.size, die.source), die.value) for die in last.dice],
        axes=dict(last.axes),
    )


def practice_tags(view, seat: str | None) -> list[tuple[str, int]]:
    """The tag buttons of practice mode: `seat`'s tags and gear, a Support die, Dusk's die."""
    found: list[tuple[str, int]] = []
    character = view.extra.characters.get(seat) if seat else None
    if character is not None:
        for tag in [*character.tags, *character.gear]:
            die = pools.tag_die(Tag(tag.label, tag.approach))
            found.append((die.source, die.size))
    found.append((f"{AXES[pools.DEFAULT_SUPPORT]} (Support, no tag)", pools.DEFAULT_SUPPORT))
    found.append(("COST (Dusk)", 4))
    return found


class _Dock(QDockWidget):
    """A dock that says when the player closed it with its own button (not when it is hidden)."""

    closedByHand = Signal()

    def closeEvent(self, event) -> None:
        super().closeEvent(event)
        if event.isAccepted():
            self.closedByHand.emit()


class Extension(QObject):
    def __init__(self, window):
        super().__init__(window)
        self.window = window
        self.session = None
        self.mode = FOLLOW
        self.panel: OddsPanel | None = None
        self._placed = False
        self._quiet = False  # the dock is being shown or hidden here, not by the player

        self.note = QLabel()
        self.note.setObjectName("wtr-dice-note")
        self.note.setWordWrap(True)
        self.note.setAccessibleName("What the dice show now")
        self.note.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByKeyboard)
        self._body = QWidget()
        self._body_layout = QVBoxLayout(self._body)
        self._body_layout.setContentsMargins(8, 6, 8, 6)
        self._body_layout.addWidget(self.note)

        self.dock = _Dock(TITLE, window)
        self.dock.setObjectName("wtr-dice-dock")
        self.dock.setAccessibleName(TITLE)
        self.dock.setFeatures(
            QDockWidget.DockWidgetFeature.DockWidgetClosable
            | QDockWidget.DockWidgetFeature.DockWidgetMovable
            | QDockWidget.DockWidgetFeature.DockWidgetFloatable
        )
        # Not in a scroll area: its word-wrapped texts would make it as tall as it likes to be,
        # twice the screen; as it is, it takes the height it is given (about 700 pixels at least).
        self.dock.setAllowedAreas(Qt.DockWidgetArea.NoDockWidgetArea)  # too large to dock beside the table
        self.dock.setWidget(self._body)
        self.dock.closedByHand.connect(self._closed_by_hand)
        window.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.dock)
        self.dock.setFloating(True)
        self.dock.hide()  # until a roll opens or the player asks: the charts load when first shown

        self.show_action = QAction("&Dice and odds", self, checkable=True)
        self.show_action.setToolTip(
            "Show the dice and their exact odds all the time (by default they appear for each roll)"
        )
        self.show_action.triggered.connect(self._toggled)
        self.builder_action = QAction("&Deck builder\u2026", self)
        self.builder_action.setToolTip("Build a Worlds That Remember deck, export it, or start a game with it")
        self.builder_action.triggered.connect(self.open_deck_builder)

    # ---- following the session ------------------------------------------------------------

    def bind(self, session) -> None:
        from desktop.engine import rng

        self.session = session
        # A new game starts a new history: a fresh panel (its charts build when it is shown).
        if self.panel is not None:
            self._body_layout.removeWidget(self.panel)
            self.panel.setParent(None)
            self.panel.deleteLater()
        self.panel = OddsPanel(practice_seed=rng.new_seed())
        self.panel.rollRequested.connect(self._roll_requested)
        self.panel.practiceRolled.connect(self._practice_rolled)
        self.panel.poolChanged.connect(lambda _pool: self._lock())
        self._body_layout.addWidget(self.panel, 1)
        self._open: tuple | None = None  # the open roll's pool as last shown (chosen, required)
        self._practising = True
        self._practice_seat: object = ()
        self._shown_roll: bytes | None = None
        session.changed.connect(self.refresh)
        session.curtainRequested.connect(self._cover)
        self._add_menu_entries()
        self.refresh()

    def _add_menu_entries(self) -> None:
        menus = {
            entry.text().replace("&", ""): entry.menu()
            for entry in self.window.menuBar().actions() if entry.menu() is not None
        }
        game, view = menus.get("Game"), menus.get("View")
        if game is not None:
            last = next((entry for entry in game.actions() if entry.text().replace("&", "") == "Quit"), None)
            game.insertAction(last, self.builder_action)
            game.insertSeparator(last)
        if view is not None:
            view.addSeparator()
            view.addAction(self.show_action)
        bars = [bar for bar in self.window.findChildren(QToolBar) if not bar.isHidden()]
        if bars:
            bars[-1].addAction(self.show_action)

    def unbind(self) -> None:
        """The window turns to another game: the dock goes, and this session is let go (the
        window has already cut every connection of the old session's signals)."""
        self.session = None
        self._set_visible(False)
        for bar in self.window.findChildren(QToolBar):
            bar.removeAction(self.show_action)

    def _ours(self) -> bool:
        return self.session is not None and self.session.ruleset.id == SYSTEM and self.window.session is self.session

    def covered(self) -> bool:
        curtain = getattr(self.window, "curtain", None)
        return curtain is not None and curtain.isVisible()

    def refresh(self, _changes=None) -> None:
        if not self._ours():
            return
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
        self.note.setText(self._note(view))
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
        seat = view.viewer or view.extra.active
        if seat != self._practice_seat:
            self._practice_seat = seat
            panel.set_tags(practice_tags(view, seat))

    @staticmethod
    def _practice_seed() -> int:
        from desktop.engine import rng

        return rng.new_seed()

    def _show_result(self, view, last) -> None:
        self.panel.show_roll(rolled_from(last))
        self._label_history(f"{view.seat_name(last.player)} \u00b7 {last.card}")

    def _practice_rolled(self, _rolled) -> None:
        self._label_history("Practice")

    def _label_history(self, who: str) -> None:
        history = self.panel.history
        item = history.item(history.count() - 1)
        number, _, rest = item.text().partition(". ")
        item.setText(f"{number}. {who}: {rest}")

    def _note(self, view) -> str:
        extra = view.extra
        roll = extra.roll
        dusk = " At Dusk every roll gains a d4 COST." if extra.phase == DUSK else ""
        if roll is not None:
            who = view.seat_name(roll.player)
            text = (f"{who} rolls {view.card_name(roll.card)}: \u201c{roll.intent}\u201d The pool below is the "
                    "game's as it stands; Support adds dice, and Roll asks the game to roll it.")
            if roll.waiting:
                names = [view.seat_name(seat) for seat in roll.waiting]
                text += f" {', '.join(names)} may still Support ({extra.support_cost()} Fatigue)."
            if roll.player in self.session.app_seats:
                text += f" {who} is played by the app, which rolls by itself."
            return text + dusk
        seat = view.viewer or extra.active
        name = extra.characters[seat].name if seat in extra.characters else view.seat_name(seat)
        text = (f"No roll is open. Practise here: {name}'s tags, Support and any dice build a pool "
                "and show its odds; a practice roll uses dice of its own and changes nothing in the game.")
        last = extra.last_roll
        if last is not None:
            text += f" Last roll: {view.seat_name(last.player)} rolled {last.card}, Fate {last.fate}, {last.tier}."
        return text + dusk

    def roll_action(self) -> a.Roll | None:
        """The Roll the Roll button submits: the roller's legal Roll, for a seat played by a person."""
        session = self.session
        roll = session.view().extra.roll if self._ours() else None
        if roll is None or roll.player in session.app_seats:
            return None
        return next((act for act in session.game.legal_actions(roll.player) if act.type == "roll"), None)

    def _lock(self) -> None:
        """While a roll is open its dice are the game's: nothing to add or remove here, and Roll
        works only when the rules let the roller roll. Under the curtain nothing works."""
        panel = self.panel
        if panel is None or self.session is None:
            return
        open_roll = self._open is not None
        for button in [*panel.die_buttons.values(), *panel.tag_buttons, *panel.remove_buttons, panel.clear_button]:
            if open_roll:
                button.setEnabled(False)
        if open_roll:
            allowed = self.roll_action() is not None
            panel.roll_button.setEnabled(allowed)
            panel.roll_button.setToolTip(
                "Rolls through the game, with the game's dice" if allowed
                else "The roll cannot be rolled from here now (see the note above)"
            )
        else:
            for button in [*panel.die_buttons.values(), *panel.tag_buttons, *panel.remove_buttons]:
                button.setEnabled(True)
            panel.clear_button.setEnabled(bool(panel.remove_buttons))
            panel.roll_button.setEnabled(True)
            panel.roll_button.setToolTip("A practice roll with dice of its own: the game is not touched")
        panel.setEnabled(not self.covered())

    def _roll_requested(self, _pool) -> None:
        act = self.roll_action()
        if act is not None:
            self.session.submit(act)

    # ---- showing the dock --------------------------------------------------------------------

    def _follow(self, extra) -> None:
        if self.mode == PINNED:
            wanted = True
        elif self.mode == OFF:
            wanted = False
        else:
            last = extra.last_roll
            wanted = extra.roll is not None or (
                last is not None and last.turn == extra.turn and last.player == extra.active and not extra.scene_over
            )
        self.show_action.blockSignals(True)
        self.show_action.setChecked(wanted)
        self.show_action.blockSignals(False)
        # Floating, it would stay over the curtain: it waits behind it instead.
        self._set_visible(wanted and not (self.covered() and self.dock.isFloating()))

    def _set_visible(self, on: bool) -> None:
        if on == self.dock.isVisible():
            return
        self._quiet = True
        try:
            if on:
                self._place()
                self.dock.show()
                self.dock.raise_()
            else:
                self.dock.hide()
        finally:
            self._quiet = False

    def _place(self) -> None:
        """The first time it floats: the size its charts want (about 1060 x 800, at most the
        screen), over the right of the window, so that the players' column and its Respond
        buttons stay in view."""
        if self._placed or not self.dock.isFloating():
            return
        self._placed = True
        screen = self.window.screen().availableGeometry()
        hint = self._body.sizeHint()
        width = min(max(hint.width() + 40, 1060), screen.width())
        height = min(800, screen.height())
        frame = self.window.frameGeometry()
        rect = QRect(0, 0, width, height)
        rect.moveRight(frame.right())
        rect.moveCenter(QPoint(rect.center().x(), frame.center().y()))
        rect.moveLeft(max(screen.left(), min(rect.left(), screen.right() - width + 1)))
        rect.moveTop(max(screen.top(), min(rect.top(), screen.bottom() - height + 1)))
        self.dock.setGeometry(rect)

    def _toggled(self, checked: bool) -> None:
        self.mode = PINNED if checked else OFF
        self.refresh()

    def _closed_by_hand(self) -> None:
        if not self._quiet:
            self.mode = OFF
            self.show_action.setChecked(False)

    def _cover(self, _seat: str) -> None:
        if not self._ours():
            return
        self.panel.setEnabled(False)
        if self.dock.isFloating():
            self._set_visible(False)

    # ---- the deck builder ----------------------------------------------------------------------

    def open_deck_builder(self) -> None:
        from desktop.ui.systems.worlds_that_remember.deck_builder import DeckBuilder

        builder = DeckBuilder(self.window, session=self.session)
        builder.gameReady.connect(self._start_game)
        self.builder = builder
        builder.exec()

    def _start_game(self, game) -> None:
        """A game the deck builder set up: the window shows it as it would a new game from the
        wizard (with an autosave), once the builder and the menu that opened it are closed."""
        from desktop.app import session_for

        QTimer.singleShot(0, lambda: self.window.set_session(session_for(game)))
