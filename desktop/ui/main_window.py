"""The main window: the table in the centre, seats on the left, actions and log on the right.

It never decides a rule: drops and clicks become actions handed to the session, and whatever the
session says (a new view or a refusal) is shown.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QLabel, QMainWindow

from desktop.model.labels import seat_name

if TYPE_CHECKING:
    from desktop.engine import Action
    from desktop.model.session import GameSession
    from desktop.ui.dialogs import Prompter

# The widgets of the table are imported when the table is first built, after the window has been
# painted: importing a Qt class creates all its Python enums, and those add up to ~100 ms.

SAVE_FILTER = "Action Deck games (*.json)"


class MainWindow(QMainWindow):
    openRequested = Signal(str)  # a save file path the app should open in place of this game

    def __init__(self, session: GameSession | None = None, prompter: Prompter | None = None):
        super().__init__()
        self.prompter = prompter
        self.setWindowTitle("Action Deck")
        screen = self.screen().availableGeometry()
        self.resize(min(1560, screen.width()), min(960, screen.height()))
        base = QFont(self.font())
        base.setPointSizeF(max(base.pointSizeF(), 11))
        self.setFont(base)
        self.session: GameSession | None = None
        self._built = False
        if session is not None:
            self.set_session(session)
        else:
            opening = QLabel("Opening the game\u2026")
            opening.setAlignment(Qt.AlignmentFlag.AlignCenter)
            self.setCentralWidget(opening)

    def _build(self) -> None:
        from desktop.ui.curtain import Curtain
        from desktop.ui.dialogs import Prompter

        self.prompter = self.prompter or Prompter(self)
        self._build_table()
        self._build_docks()
        self.curtain = Curtain(self)
        self.curtain.confirmed.connect(self._curtain_confirmed)
        self._built = True

    # ---- building --------------------------------------------------------------------------

    def _build_table(self) -> None:
        from PySide6.QtWidgets import QHBoxLayout, QScrollArea, QVBoxLayout, QWidget

        from desktop.ui.zones import ZoneView

        self.header = QLabel()
        self.header.setObjectName("header")
        header_font = QFont(self.font())
        header_font.setPointSizeF(17)
        header_font.setBold(True)
        self.header.setFont(header_font)
        self.banner = QLabel()
        self.banner.setWordWrap(True)
        self.banner.setObjectName("banner")
        self.problem = QLabel()
        self.problem.setWordWrap(True)
        self.problem.setObjectName("problem")
        self.problem.setStyleSheet("color: white; background: #9b2226; padding: 6px; border-radius: 4px;")
        self.problem.hide()

        self.deck = ZoneView("deck", "Action deck", pile=True)
        self.play_area = ZoneView("play", "Play area: drop a card here to play it", accepts_drops=True)
        self.discard = ZoneView("discard", "Discard pile", pile=True, accepts_drops=True)
        for zone in (self.play_area, self.discard):
            zone.drop_handler = self._on_drop
        middle = QHBoxLayout()
        middle.addWidget(self.deck)
        middle.addWidget(self.play_area, 1)
        middle.addWidget(self.discard)

        self.others = QHBoxLayout()
        self.other_hands: dict[str, ZoneView] = {}
        self.hand = ZoneView("hand", "Your hand", accepts_drops=False)
        self.hand.cardActivated.connect(self._card_activated)

        table = QWidget()
        table.setObjectName("table")
        layout = QVBoxLayout(table)
        layout.addWidget(self.header)
        layout.addWidget(self.banner)
        layout.addWidget(self.problem)
        layout.addLayout(middle)
        layout.addLayout(self.others)
        layout.addWidget(self.hand)
        layout.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidget(table)
        scroll.setWidgetResizable(True)
        self.setCentralWidget(scroll)

    def _build_docks(self) -> None:
        from PySide6.QtWidgets import QDockWidget, QListWidget, QSplitter

        from desktop.ui.seats import SeatsPanel

        self.seats = SeatsPanel()
        self.seats.lookRequested.connect(lambda seat: self.session.request_viewer(seat))
        self.seats.editRequested.connect(self._edit_counters)
        left = QDockWidget("Players", self)
        left.setObjectName("players-dock")
        left.setWidget(self.seats)
        left.setFeatures(QDockWidget.DockWidgetFeature.NoDockWidgetFeatures)
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, left)

        self.log = QListWidget()
        self.log.setObjectName("log")
        self.log.setWordWrap(True)
        self.log.setAccessibleName("Game log")
        right = QDockWidget("Actions and log", self)
        right.setObjectName("actions-dock")
        right.setFeatures(QDockWidget.DockWidgetFeature.NoDockWidgetFeatures)
        self._right = QSplitter(Qt.Orientation.Vertical)
        right.setWidget(self._right)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, right)
        self.statusBar()

    def _build_menus(self) -> None:
        from PySide6.QtGui import QAction, QKeySequence
        from PySide6.QtWidgets import QToolBar

        self.menuBar().clear()
        for toolbar in self.findChildren(QToolBar):
            self.removeToolBar(toolbar)
        stack = self.session.undo_stack
        self.undo_action = stack.createUndoAction(self, "&Undo")
        self.undo_action.setShortcut(QKeySequence.StandardKey.Undo)
        self.redo_action = stack.createRedoAction(self, "&Redo")
        self.redo_action.setShortcut(QKeySequence.StandardKey.Redo)
        self.save_action = QAction("&Save", self, shortcut=QKeySequence.StandardKey.Save)
        self.save_action.triggered.connect(self.save)
        save_as = QAction("Save &as\u2026", self, shortcut=QKeySequence.StandardKey.SaveAs)
        save_as.triggered.connect(lambda: self.save(ask=True))
        open_action = QAction("&Open\u2026", self, shortcut=QKeySequence.StandardKey.Open)
        open_action.triggered.connect(self.open_file)
        self.hide_action = QAction("&Hide hands", self, shortcut="Ctrl+H")
        self.hide_action.setToolTip("Cover every hand (someone else is about to look)")
        self.hide_action.triggered.connect(lambda: self.session.hide_hands())
        quit_action = QAction("&Quit", self, shortcut=QKeySequence.StandardKey.Quit)
        quit_action.triggered.connect(self.close)
        game = self.menuBar().addMenu("&Game")
        for action in (open_action, self.save_action, save_as, quit_action):
            game.addAction(action)
        edit = self.menuBar().addMenu("&Edit")
        edit.addAction(self.undo_action)
        edit.addAction(self.redo_action)
        view = self.menuBar().addMenu("&View")
        view.addAction(self.hide_action)
        toolbar = self.addToolBar("Game")
        toolbar.setObjectName("game-toolbar")
        for action in (self.undo_action, self.redo_action, self.save_action, open_action, self.hide_action):
            toolbar.addAction(action)

    # ---- the session -----------------------------------------------------------------------

    def set_session(self, session: GameSession) -> None:
        from desktop.ui.actions_panel import ActionsPanel

        if not self._built:
            self._build()
        if self.session is not None:
            self.session.changed.disconnect(self.refresh)
            self.session.close()
        self.session = session
        ruleset = session.game.ruleset
        self.actions = ActionsPanel(getattr(ruleset, "events", {}))
        self.actions.chosen.connect(self._action_chosen)
        self.actions.declareRequested.connect(self._declare)
        while self._right.count():
            self._right.widget(0).setParent(None)
        self._right.addWidget(self.actions)
        self._right.addWidget(self.log)
        session.changed.connect(self.refresh)
        session.refused.connect(self._refused)
        session.curtainRequested.connect(self._cover)
        session.saved.connect(lambda path: self.statusBar().showMessage(f"Saved to {path}", 6000))
        session.saveFailed.connect(self._save_failed)
        self._build_menus()
        self.setWindowTitle(f"Action Deck \u2014 {ruleset.title}")
        self.refresh()
        session.sync_viewer()

    def refresh(self) -> None:
        session = self.session
        view = session.view()
        defs = view.get("defs", {})
        self.header.setText(self._headline(view))
        self.banner.setText(self._window_text(view))
        self.banner.setVisible(bool(self.banner.text()))
        self.deck.show_zone(view["zones"]["deck"], defs)
        self.deck.set_title(f"Action deck: {view['zones']['deck']['count']}")
        self.discard.show_zone(view["zones"]["discard"], defs)
        self.discard.set_title(f"Discard pile: {view['zones']['discard']['count']}")
        self.play_area.show_zone(view["zones"]["play"], defs)
        viewer = view["viewer"]
        self._show_other_hands(view, defs)
        if viewer is None:
            self.hand.zone_id = "hand"
            self.hand.show_zone({"cards": []}, defs)
            self.hand.set_title("No hand is shown: press \u201cShow my hand\u201d beside your name to look.")
        else:
            zone = view["zones"][f"hand:{viewer}"]
            self.hand.zone_id = zone["id"]
            self.hand.show_zone(zone, defs, draggable=True)
            limit = view["counters"][viewer].get("hand_limit")
            self.hand.set_title(
                f"{seat_name(view, viewer)}'s hand ({zone['count']} of {limit}): drag a card to the "
                "play area to play it, or press Enter on it"
            )
        self.seats.show_view(view)
        offered = [
            (seat_name(view, seat), session.label(action), action)
            for seat, action in session.offered_actions()
        ]
        self.actions.show_actions(view, offered)
        self.log.clear()
        self.log.addItems(session.log_lines())
        self.log.scrollToBottom()

    def _headline(self, view: dict) -> str:
        table = view.get("table", {})
        text = f"Round {table.get('round', 1)} \u00b7 {table.get('phase_label', '')}"
        if table.get("active"):
            text += f" \u00b7 {seat_name(view, table['active'])}'s turn"
        return text

    def _window_text(self, view: dict) -> str:
        table = view.get("table", {})
        parts = []
        for duty in table.get("obligations", []):
            who = seat_name(view, duty["player"])
            if duty["kind"] == "scheming":
                parts.append(f"{who} must discard one action card for Scheming (drag it to the discard pile).")
            else:
                limit = view["counters"][duty["player"]]["hand_limit"]
                parts.append(f"{who} holds too many action cards: discard down to {limit} now (drag to the discard pile).")
        resolving = table.get("resolving")
        if resolving:
            parts.append(
                f"{seat_name(view, resolving['player'])}'s card is resolving: other players may Sabotage it; "
                f"{seat_name(view, resolving['player'])} presses Resolve when it takes effect."
            )
        window = table.get("window")
        if window:
            passed = ", ".join(seat_name(view, s) for s in window["passed"]) or "nobody yet"
            parts.append(
                f"Timing window open: {window['label']} (happens to {seat_name(view, window['declarer'])}). "
                f"Passed: {passed}."
            )
        if table.get("secondary"):
            waiting = ", ".join(seat_name(view, s) for s in table["secondary"])
            parts.append(f"Politics: waiting for {waiting} to follow or decline.")
        return "\n".join(parts)

    def _show_other_hands(self, view: dict, defs: dict) -> None:
        from desktop.ui.widgets import discard_widgets
        from desktop.ui.zones import ZoneView

        seats = [s["id"] for s in view["seats"] if s["id"] != view["viewer"]]
        if list(self.other_hands) != seats:
            discard_widgets(self.others, list(self.other_hands.values()))
            self.other_hands = {}
            for seat in seats:
                zone = ZoneView(f"hand:{seat}", "", small=True)
                self.others.addWidget(zone)
                self.other_hands[seat] = zone
        for seat, zone_view in self.other_hands.items():
            zone = view["zones"][f"hand:{seat}"]
            zone_view.show_zone(zone, defs)
            zone_view.set_title(f"{seat_name(view, seat)}: {zone['count']} action card(s)")

    # ---- turning input into actions ----------------------------------------------------------

    def _on_drop(self, card: str, zone: str) -> bool:
        action = self.session.move_action(card, zone)
        if action is None:
            return False
        settled = self._settle(self.session.move_choices(action))
        return settled is not None and self.session.submit(settled)

    def _card_activated(self, card: str) -> None:
        """Keyboard: Enter on a card in the hand plays it, or discards it when that is what is owed."""
        action = self.session.card_action(card)
        if action is None:
            return
        settled = self._settle(self.session.move_choices(action))
        if settled is not None:
            self.session.submit(settled)

    def _action_chosen(self, action: Action) -> None:
        if action.type == "set_initiative":
            view = self.session.view()
            order = self.prompter.order([(s["id"], s["name"]) for s in view["seats"]])
            if order is None:
                return
            action = type(action)(player=action.player, order=order)
        settled = self._settle([action])
        if settled is not None:
            self.session.submit(settled)

    def _settle(self, choices: list[Action]) -> Action | None:
        """Asks the table to pick among several completions and to confirm requirements."""
        action = choices[0]
        if len(choices) > 1:
            labels = [self.session.label(choice) for choice in choices]
            index = self.prompter.choose("Choose whom it affects", labels)
            if index is None:
                return None
            action = choices[index]
        if getattr(action, "confirm", False):
            card = self.session.card_def(action.card)
            if not self.prompter.confirm(
                card.name, f"{card.name} needs {card.requirement}.\n\nCan it fully resolve now?"
            ):
                return None
        return action

    def _edit_counters(self, seat: str) -> None:
        view = self.session.view()
        values = dict(view["counters"].get(seat, {}))
        changed = self.prompter.counters(seat_name(view, seat), values)
        for key, value in (changed or {}).items():
            if value != values[key]:
                action = self.session.game.decode_action(
                    {"type": "set_counter", "player": seat, "counter": key, "value": value}
                )
                if not self.session.submit(action):
                    return

    def _declare(self, event: str, seat: str) -> None:
        self.session.submit(self.session.declare_action(seat, event))

    # ---- feedback --------------------------------------------------------------------------

    def _refused(self, sentence: str) -> None:
        self.problem.setText(f"Not allowed: {sentence}")
        self.problem.show()
        self.statusBar().showMessage(sentence, 10000)
        self.log.addItem(f"\u2717 {sentence}")
        self.log.scrollToBottom()

    def _cover(self, seat: str) -> None:
        self.problem.hide()
        self.curtain.cover(seat_name(self.session.view(), seat))

    def _curtain_confirmed(self) -> None:
        self.curtain.hide()
        self.session.confirm_viewer()
        if self.hand.cards:
            self.hand.cards[0].setFocus()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if self._built and self.curtain.isVisible():
            self.curtain.setGeometry(self.rect())

    def _save_failed(self, sentence: str) -> None:
        from PySide6.QtWidgets import QMessageBox

        self.statusBar().showMessage(sentence, 10000)
        QMessageBox.warning(self, "Not saved", sentence)

    # ---- files -----------------------------------------------------------------------------

    def save(self, ask: bool = False) -> None:
        from PySide6.QtWidgets import QFileDialog

        from desktop.storage.paths import saves_dir

        path = self.session.save_path
        if ask or path is None:
            chosen, _ = QFileDialog.getSaveFileName(
                self, "Save game", str(saves_dir() / "game.json"), SAVE_FILTER
            )
            if not chosen:
                return
            path = Path(chosen)
        self.session.save(path)

    def open_file(self) -> None:
        from PySide6.QtWidgets import QFileDialog

        from desktop.storage.paths import saves_dir

        chosen, _ = QFileDialog.getOpenFileName(self, "Open game", str(saves_dir()), SAVE_FILTER)
        if chosen:
            self.openRequested.emit(chosen)

    def closeEvent(self, event) -> None:
        if self.session is not None:
            self.session.close()  # the journal stays: "Continue" resumes this game next time
        super().closeEvent(event)
