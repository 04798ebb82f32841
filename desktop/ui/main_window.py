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

        from desktop.ui import palette

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
        self.problem.setStyleSheet(
            f"color: {palette.PROBLEM_INK}; background: {palette.PROBLEM}; padding: 6px; border-radius: 4px;"
        )
        self.problem.hide()
        # The zones come from the ruleset's table description: shared ones in the middle row,
        # other seats' zones below it, the zones of the seat looking at the bottom.
        self.middle = QHBoxLayout()
        self.others = QHBoxLayout()
        self.own = QVBoxLayout()
        self.own_placeholder = QLabel()
        self.own_placeholder.setWordWrap(True)
        self.own.addWidget(self.own_placeholder)
        self.zone_views: dict[str, object] = {}

        table = QWidget()
        table.setObjectName("table")
        layout = QVBoxLayout(table)
        layout.addWidget(self.header)
        layout.addWidget(self.banner)
        layout.addWidget(self.problem)
        layout.addLayout(self.middle)
        layout.addLayout(self.others)
        layout.addLayout(self.own)
        layout.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidget(table)
        scroll.setWidgetResizable(True)
        self.setCentralWidget(scroll)

    def _build_docks(self) -> None:
        from PySide6.QtWidgets import QDockWidget, QListWidget, QSplitter

        from desktop.ui.actions_panel import ActionsPanel
        from desktop.ui.seats import SeatsPanel

        self.seats = SeatsPanel()
        self.seats.lookRequested.connect(lambda seat: self.session.request_viewer(seat))
        self.seats.editRequested.connect(self._edit_counters)
        self.seats.appToggled.connect(lambda seat, on: self.session.set_app_seat(seat, on))
        left = QDockWidget("Players", self)
        left.setObjectName("players-dock")
        left.setWidget(self.seats)
        left.setFeatures(QDockWidget.DockWidgetFeature.NoDockWidgetFeatures)
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, left)

        self.log = QListWidget()
        self.log.setObjectName("log")
        self.log.setWordWrap(True)
        self.log.setAccessibleName("Game log")
        self.actions = ActionsPanel()
        self.actions.chosen.connect(self._offer_chosen)
        right = QDockWidget("Actions and log", self)
        right.setObjectName("actions-dock")
        right.setFeatures(QDockWidget.DockWidgetFeature.NoDockWidgetFeatures)
        self._right = QSplitter(Qt.Orientation.Vertical)
        self._right.addWidget(self.actions)
        self._right.addWidget(self.log)
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
        from desktop.ui.cards import CardWidget
        from desktop.ui.systems import extension_for

        if not self._built:
            self._build()
        if self.session is not None:
            for signal in (self.session.changed, self.session.refused, self.session.curtainRequested):
                signal.disconnect()
            self.session.close()
        self.session = session
        self._clear_zones()
        self.log.clear()
        self._log_count = 0
        session.changed.connect(self.refresh)
        session.refused.connect(self._refused)
        session.curtainRequested.connect(self._cover)
        session.saved.connect(lambda path: self.statusBar().showMessage(f"Saved to {path}", 6000))
        session.saveFailed.connect(self._save_failed)
        self._build_menus()
        ruleset = session.ruleset
        self.setWindowTitle(f"Action Deck \u2014 {ruleset.title}")
        extension = extension_for(ruleset.id)
        CardWidget.painter_hook = getattr(extension, "paint_face", None)
        if extension is not None and hasattr(extension, "install"):
            extension.install(self, session)
        self.refresh(None)
        session.sync_viewer()

    def refresh(self, changes=None) -> None:
        """Re-reads the session's view and table; rebuilds only the zones `changes` names
        (all of them when it is None or says everything changed)."""
        session = self.session
        view, table = session.view(), session.table()
        everything = changes is None or changes.everything
        self.header.setText(table.headline)
        self.banner.setText(table.banner)
        self.banner.setVisible(bool(table.banner))
        self._show_zones(view, table, None if everything else changes.zones)
        self.seats.show_table(view, table, session.responders(), session.app_seats)
        self.actions.show_offers([(self._offer_text(view, offer), offer) for offer in session.offers()])
        self._show_log(everything)

    def _offer_text(self, view, offer) -> str:
        return offer.label if offer.seat is None else f"{view.seat_name(offer.seat)}: {offer.label}"

    def _show_log(self, everything: bool) -> None:
        lines = self.session.log_lines()
        if everything or len(lines) < self._log_count:
            self.log.clear()
            self._log_count = 0
        self.log.addItems(lines[self._log_count:])
        self._log_count = len(lines)
        self.log.scrollToBottom()

    # ---- zones -------------------------------------------------------------------------------

    def _clear_zones(self) -> None:
        from desktop.ui.widgets import discard_widgets

        for layout in (self.middle, self.others, self.own):
            discard_widgets(layout, [w for w in self.zone_views.values() if layout.indexOf(w) >= 0])
        self.zone_views = {}
        self._zone_places: dict[str, str] = {}

    def _place_of(self, spec, viewer) -> str:
        if spec.seat is None:
            return "middle"
        return "own" if spec.seat == viewer else "others"

    def _show_zones(self, view, table, changed: frozenset[str] | None) -> None:
        """Lays the ruleset's zones out (again when who looks has changed) and fills the zones
        that changed."""
        from desktop.ui.zones import ZoneView

        places = {spec.zone: self._place_of(spec, view.viewer) for spec in table.zones}
        if places != self._zone_places:
            self._clear_zones()
            self._zone_places = places
            changed = None
            for spec in table.zones:
                place = places[spec.zone]
                small = place == "others"
                zone = ZoneView(spec.zone, spec.title, pile=spec.layout == "pile", small=small)
                zone.drop_handler = self._on_drop
                zone.cardActivated.connect(self._card_activated)
                zone.dragStarted.connect(self._drag_started)
                layout = {"middle": self.middle, "others": self.others, "own": self.own}[place]
                layout.addWidget(zone, 1 if spec.role == "play" else 0)
                self.zone_views[spec.zone] = zone
        for spec in table.zones:
            zone = self.zone_views[spec.zone]
            title = spec.title + (f": {spec.hint}" if spec.hint and places[spec.zone] == "middle" else "")
            zone.set_title(title)
            if changed is None or spec.zone in changed:
                owner = "" if spec.seat is None else f"{view.seat_name(spec.seat)}'s {spec.role}"
                zone.show_zone(view.zones[spec.zone], view.faces, draggable=spec.drag_from, owner=owner)
        own_zones = [spec for spec in table.zones if places[spec.zone] == "own"]
        self.own_placeholder.setVisible(not own_zones)
        self.own_placeholder.setText(
            "No hand is shown: press \u201cShow my hand\u201d beside your name to look."
        )

    def zone(self, zone_id: str):
        return self.zone_views.get(zone_id)

    def own_zone(self):
        """The first zone of the seat looking (its hand), if any."""
        view, table = self.session.view(), self.session.table()
        for spec in table.zones:
            if spec.seat is not None and spec.seat == view.viewer:
                return self.zone_views[spec.zone]
        return None

    # ---- turning input into actions ----------------------------------------------------------

    def _drag_started(self, card: str, from_zone: str) -> None:
        legal = self.session.drop_targets(card, from_zone)
        for zone_id, zone in self.zone_views.items():
            zone.set_lit(zone_id in legal)

    def _unlight(self) -> None:
        for zone in self.zone_views.values():
            zone.set_lit(False)

    def _on_drop(self, card: str, from_zone: str, to_zone: str) -> bool:
        self._unlight()
        choices = self.session.drops(card, from_zone, to_zone)
        return bool(choices) and self._run(choices)

    def _card_activated(self, card: str, zone: str) -> None:
        """Keyboard: Enter on a card plays it, or discards it when that is what is owed."""
        choices = self.session.card_actions(card, zone)
        if choices:
            self._run(choices)

    def _offer_chosen(self, offer) -> None:
        self._ask(offer)

    def _run(self, choices: list) -> bool:
        """Settles a set of legal completions (several kinds: asks which) and submits it."""
        from desktop.engine.prompts import Offer, group

        view = self.session.view()
        groups = group(choices)
        if len(groups) > 1:
            labels = [self.session.ruleset.offer_label(kind, members, view) for _, kind, members in groups]
            index = self.prompter.choose("What do you do with it?", labels)
            if index is None:
                return False
            groups = [groups[index]]
        seat, kind, members = groups[0]
        return self._ask(Offer(seat, kind, "", members))

    def _ask(self, offer) -> bool:
        """Asks an offer's open questions in turn, then submits the finished action."""
        prompt = self.session.prompt(offer)
        while (question := prompt.next()) is not None:
            answer = self._answer(question)
            if answer is _CANCELLED:
                return False
            prompt.answer(answer)
        if prompt.cancelled:
            return False
        return self.session.submit(prompt.action())

    def _answer(self, question):
        kind = question.ask.kind
        if kind in ("seat", "card", "choice"):
            index = self.prompter.choose(question.text, [option.label for option in question.options])
            return _CANCELLED if index is None else question.options[index].value
        if kind == "confirm":
            return self.prompter.confirm("Action Deck", question.text)
        if kind == "order":
            order = self.prompter.order(question.text, [(o.value, o.label) for o in question.options])
            return _CANCELLED if order is None else order
        if kind == "number":
            value = self.prompter.number(question.text, question.ask.low, question.ask.high, question.initial)
            return _CANCELLED if value is None else value
        value = self.prompter.text(question.text, question.initial or "", question.ask.limit)
        return _CANCELLED if value is None else value

    def _edit_counters(self, seat: str) -> None:
        view, table = self.session.view(), self.session.table()
        specs = [spec for spec in table.counters_of(seat) if spec.editable]
        changed = self.prompter.counters(view.seat_name(seat), specs)
        for spec in specs:
            value = (changed or {}).get(spec.key, spec.value)
            if value != spec.value:
                action = self.session.counter_action(seat, spec.key, value)
                if action is None or not self.session.submit(action):
                    return

    # ---- feedback --------------------------------------------------------------------------

    def _refused(self, sentence: str) -> None:
        self.problem.setText(f"Not allowed: {sentence}")
        self.problem.show()
        self.statusBar().showMessage(sentence, 10000)
        self.log.addItem(f"\u2717 {sentence}")
        self.log.scrollToBottom()

    def _cover(self, seat: str) -> None:
        self.problem.hide()
        self.statusBar().clearMessage()
        self.curtain.cover(self.session.view().seat_name(seat))

    def _curtain_confirmed(self) -> None:
        self.curtain.hide()
        self.session.confirm_viewer()
        own = self.own_zone()
        if own is not None and own.cards:
            own.cards[0].setFocus()

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


_CANCELLED = object()  # a question the player closed without answering
