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
    from desktop.model.session import GameSession
    from desktop.ui.asker import Asker

# The widgets of the table are imported when the table is first built, after the window has been
# painted: importing a Qt class creates all its Python enums, and those add up to ~100 ms.

SAVE_FILTER = "Action Deck games (*.json)"
PANEL_SHARE = 0.4  # of a side column, the most a system's panel is given for its contents
OPEN_FILTER = "Action Deck games and autosaves (*.json *.jsonl);;Saved games (*.json);;Autosaves (*.jsonl)"


class MainWindow(QMainWindow):
    openRequested = Signal(str)  # a save or autosave path the app should open in place of this game
    newRequested = Signal()  # the player asks for a new game (the wizard)

    def __init__(self, session: GameSession | None = None, prompter: Asker | None = None):
        super().__init__()
        self.prompter = prompter
        self.setWindowTitle("Action Deck")
        # Most of the screen, whatever its size: the table grows with the window.
        screen = self.screen().availableGeometry()
        self.resize(round(screen.width() * 0.94), round(screen.height() * 0.92))
        self.move(screen.center() - self.rect().center())
        # Text grows with the screen so that it reads across a table on a TV as on a laptop.
        base = QFont(self.font())
        base.setPointSizeF(max(base.pointSizeF(), min(20.0, max(11.0, screen.height() / 85))))
        # The application's font, not only the window's: a style sheet (the focus ring) stops a
        # window's font from reaching its children, and dialogs should read as large.
        from PySide6.QtWidgets import QApplication

        QApplication.instance().setFont(base)
        self.setFont(base)
        self.session: GameSession | None = None
        self._uninstall = None  # what the current system's Qt module gave to remove its panels
        self._room_asked = False  # the Actions dock's room is to be worked out once events settle
        self._shared_for: dict = {}  # own dock's name -> what its column was last shared for
        self._asked_room: set[str] = set()  # the system panels whose system gave them a height
        self._sharing = False  # the window itself is sharing a column (not a system asking)
        self._offers_shown: tuple | None = None  # what the offers shown were worked out from
        self._built = False
        from desktop.ui.seat_questions import SeatQuestions

        self.questions = SeatQuestions(self)  # the seat looking answers the model's questions here
        if session is not None:
            self.set_session(session)
        else:
            opening = QLabel("Opening the game\u2026")
            opening.setAlignment(Qt.AlignmentFlag.AlignCenter)
            self.setCentralWidget(opening)

    def _build(self) -> None:
        from desktop.ui.asker import Asker
        from desktop.ui.curtain import Curtain

        self.prompter = self.prompter or Asker(self)
        self._build_table()
        self._build_docks()
        self.curtain = Curtain(self)
        self.curtain.confirmed.connect(self._curtain_confirmed)
        from desktop.ui.menus import WindowMenus

        self.menus = WindowMenus(self)  # made once: each game changes what they say (`follow`)
        self._built = True
        from PySide6.QtGui import QGuiApplication

        from desktop.ui import style

        style.install()  # the focus ring is the style's: a style sheet here slowed every paint
        QGuiApplication.styleHints().colorSchemeChanged.connect(self._system_scheme_changed)
        QGuiApplication.instance().applicationStateChanged.connect(self._app_state_changed)

    # ---- building --------------------------------------------------------------------------

    def _build_table(self) -> None:
        from PySide6.QtWidgets import QVBoxLayout, QWidget

        from desktop.ui.table.view import TableView

        self.header = QLabel()
        self.header.setObjectName("header")
        header_font = QFont(self.font())
        # The headline grows with the screen, as the rest of the text does (a TV reads as a laptop).
        header_font.setPointSizeF(self.font().pointSizeF() * 1.45)
        header_font.setBold(True)
        self.header.setFont(header_font)
        self.header.setWordWrap(True)  # a long headline wraps instead of widening the window
        # The banner keeps its room whether or not it has text, so the table never moves: three
        # lines on a tall window, two on a laptop's (the tooltip and the log have the rest).
        from desktop.ui.widgets import fitting_label

        self.banner = fitting_label()  # a long banner is set smaller, never cut off
        self.banner.setObjectName("banner")
        self.table_view = TableView()
        # A drop is taken once the mouse event is over: the scene waits on nothing, and a
        # question it opens is never a modal dialog inside a mouse release.
        self.table_view.cardDropped.connect(self._on_drop, Qt.ConnectionType.QueuedConnection)
        self.table_view.cardActivated.connect(self._card_activated)
        self.table_view.dragStarted.connect(self._drag_started)
        self.table_view.focusedText.connect(lambda text: self.statusBar().showMessage(text, 8000))
        # A refusal takes the banner's place until the game changes: it never covers a zone,
        # and the table does not move. The hand-over note floats over the table.
        self.problem = QLabel()
        self.problem.setObjectName("problem")
        self.problem.setWordWrap(True)
        self.problem.hide()
        from desktop.ui.handover import HandOverNote

        self.handover = HandOverNote(self.table_view)
        self.handover.passed.connect(lambda: self.session.finish_handover())

        table = QWidget()
        table.setObjectName("table")
        layout = QVBoxLayout(table)
        layout.setContentsMargins(8, 4, 8, 4)
        layout.addWidget(self.header)
        from PySide6.QtWidgets import QStackedLayout

        self._banner_place = QWidget()
        place = QStackedLayout(self._banner_place)
        place.setStackingMode(QStackedLayout.StackingMode.StackAll)
        place.addWidget(self.banner)
        place.addWidget(self.problem)
        layout.addWidget(self._banner_place)
        layout.addWidget(self.table_view, 1)
        from desktop.ui.widgets import LayoutShield

        self.setCentralWidget(LayoutShield(table, "table-shield"))  # the window decides its room
        self._style_feedback()

    def _app_state_changed(self, state) -> None:
        """With "Cover the table when the window is left": leaving the window (another app, a
        locked screen) brings the curtain back for the seat that was looking."""
        from PySide6.QtCore import Qt

        if (
            state != Qt.ApplicationState.ApplicationActive
            and self.session is not None
            and self.menus.cover_on_leave.isChecked()
            and self.session.viewer is not None
            and not self.curtain.isVisible()
        ):
            self.session.request_viewer(self.session.viewer)

    def _system_scheme_changed(self, _scheme) -> None:
        from desktop.ui import palette

        if palette.saved_choice() is None:
            self.use_theme(None)

    def use_theme(self, name: str | None, remember: bool = False) -> None:
        """Light, dark, or the system's (None); every colour comes from desktop.ui.palette."""
        from desktop.ui import palette

        palette.use(name)
        if remember:
            palette.save_choice(name)
        self._style_feedback()
        self.curtain.restyle()
        self.table_view.theme_changed()
        self.update()

    def _style_feedback(self) -> None:
        from desktop.ui import palette

        self.problem.setStyleSheet(
            f"color: {palette.css('problem_ink')}; background: {palette.css('problem')}; "
            "padding: 2px 12px; border-radius: 6px;"
        )
        note = getattr(self, "copy_note", None)  # a read-only copy's note, in the same colours
        if note is not None:
            note.setStyleSheet(self.problem.styleSheet())
        self.handover.restyle()

    def _build_docks(self) -> None:
        from PySide6.QtWidgets import QDockWidget, QScrollArea

        from desktop.ui.actions_panel import ActionsAndLog, ActionsPanel
        from desktop.ui.seats import SeatsPanel

        self.seats = SeatsPanel()
        self.seats.lookRequested.connect(lambda seat: self.session.request_viewer(seat))
        self.seats.editRequested.connect(self._edit_counters)
        # The session decides: another seat is asked first, behind the curtain.
        self.seats.appToggled.connect(lambda seat, on: self.session.choose_app_seat(seat, on))
        left = QDockWidget("Players", self)
        left.setObjectName("players-dock")
        # Eight seats do not fit a laptop's height: the players scroll, every seat stays reachable.
        seats_scroll = QScrollArea()
        seats_scroll.setWidget(self.seats)
        seats_scroll.setWidgetResizable(True)
        seats_scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        seats_scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        seats_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        left.setWidget(seats_scroll)
        left.setFeatures(QDockWidget.DockWidgetFeature.NoDockWidgetFeatures)
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, left)
        self._docks = [left]

        # A plain text log: appending a line costs the same at line 10 as at line 10,000.
        from desktop.ui.log_panel import GameLog

        self.log = GameLog()
        self.actions = ActionsPanel()
        self.actions.chosen.connect(self._offer_chosen)
        self.actions.moreRequested.connect(self._other_actions)
        self.actions.grew.connect(self._room_for_actions_later)
        right = QDockWidget("Actions and log", self)
        right.setObjectName("actions-dock")
        right.setFeatures(QDockWidget.DockWidgetFeature.NoDockWidgetFeatures)
        # The actions take the height their buttons need, scrolling past what leaves the log six lines.
        self._right = ActionsAndLog(self.actions, self.log)
        from desktop.ui.widgets import LayoutShield

        right.setWidget(LayoutShield(self._right, "actions-shield"))  # of fixed width, as tall as the window
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, right)
        self._docks.append(right)
        self.statusBar()

    # ---- the session -----------------------------------------------------------------------

    def set_session(self, session: GameSession) -> None:
        from desktop.ui.systems import extension_for

        if not self._built:
            self._build()
        if self.session is not None:
            self.questions.close()  # a question of the last game goes with it
            for signal in (self.session.changed, self.session.refused, self.session.curtainRequested,
                           self.session.handoverRequested, self.session.questionsChanged):
                signal.disconnect()
            self.session.close()
        self.session = session
        self.log.restart()
        self.seats.restart()
        session.changed.connect(self.refresh)
        session.refused.connect(self._refused)
        session.curtainRequested.connect(self._cover)
        session.handoverRequested.connect(self._handover)
        session.questionsChanged.connect(self.questions.later)
        session.saved.connect(self._saved)
        session.saveFailed.connect(self._save_failed)
        self.menus.follow(session)
        ruleset = session.ruleset
        self.actions.offer_more(ruleset.unlisted is not None)
        self._show_title()
        self._mark_copy(session)
        extension = extension_for(ruleset.id)
        if self._uninstall is not None:
            self._uninstall()  # the previous game's system takes its panels away
            self._uninstall = None
        self._asked_room.clear()
        self._shared_for.clear()
        if extension is not None and hasattr(extension, "install"):
            self._uninstall = self._install(extension, session)
        self._size_docks()
        self.refresh(None)
        session.sync_viewer()
        self._room_for_actions_later()  # once the system's panels are laid out

    def _show_title(self) -> None:
        from desktop.ui.naming import window_title

        session = self.session
        seats = [seat.name for seat in session.game.state.seats]
        self.setWindowTitle(window_title(session.name, seats, session.ruleset.title, session.read_only))

    def _saved(self, path: str) -> None:
        """A save finished (a bound method: queued here from the thread that wrote it). A game
        first saved with no name of its own took its file's name: the title says it now."""
        self.statusBar().showMessage(f"Saved to {path}", 6000)
        self._show_title()

    def _mark_copy(self, session) -> None:
        """A read-only copy says so as long as it is shown, in the status bar (refusals and notes
        come and go beside it; the table does not move)."""
        note = getattr(self, "copy_note", None)
        if note is None:
            note = self.copy_note = QLabel(
                "Read-only copy: the game is open in another window. Nothing can be played here."
            )
            note.setObjectName("copy-note")
            note.setToolTip("Moves, undo and the app's seats are refused here, so nothing is lost when "
                            "this window closes. Game > Save a copy as\u2026 makes it a new game of its own.")
            self.statusBar().addPermanentWidget(note)
            self._style_feedback()
        note.setVisible(session.read_only)

    def _install(self, extension, session):
        """A system's own pieces, through a host that takes them all away again (desktop.ui.host)."""
        from desktop.ui.host import TableHost

        host = TableHost(self, session)
        self.host = host
        teardown = extension.install(host)
        if callable(teardown):
            host.on_close(teardown)
        return host.close

    def own_dock(self, name: str):
        """The window's own panels by name, for a system's dock to sit beside: "players", "actions"."""
        return {"players": self._docks[0], "actions": self._docks[1]}.get(name)

    def refresh(self, changes=None) -> None:
        """Re-reads what `changes` names (everything when it is None or says so): the zones it
        names are refilled, the seats re-read when a zone, a count or the system's own state
        changed, the log when it names new entries; the headline, the banner, the offers and the
        Turn menu when what the offers are worked out from moved (`_offers_moved`)."""
        from desktop.model.reading import Reads

        session = self.session
        view, table = session.view(), session.table()
        everything = changes is None or changes.everything
        if self.curtain.isVisible() and session.pending_viewer is None:
            # The seat it waited for is no longer to look (the app plays it now): lift it.
            self.curtain.hide()
            self._set_game_input(True)  # before the Turn menu says whether it has entries
        if self._offers_moved(changes):
            self.header.setText(table.headline)
            offers = [(self._offer_text(view, offer), offer) for offer in session.offers()]
            self.banner.setText(table.banner or self._what_now(offers))
            self.actions.show_offers(offers)
            self.menus.fill_turn(offers)
        refill = None if everything else changes.zones | self._zones_holding(view, changes.cards)
        self.table_view.show_table(view, table, refill, covered=session.pending_viewer is not None)
        if Reads(zones=True, counters=True, table=True).named_by(changes):
            self.seats.show_table(view, table, session.responders(), session.app_seats)
        if Reads(log=True).named_by(changes):
            self.log.show_from(session)
        self.handover.follow(session.handover)  # no "Pass to ..." once there is nothing to pass
        self.problem.hide()  # a refusal lasts until the game changes, no longer
        self._room_for_actions_later()  # a system's panel may have grown or emptied

    def _offers_moved(self, changes) -> bool:
        """Whether the headline, the banner, the offers' buttons and the Turn menu may read
        differently now: they are worked out from the session's offers key (the game's version,
        which moves with every action, undo and app seat; who looks; the app's seats) and from the
        seat the curtain waits for. A change that moved none of them (a hand-over note passed
        with the screen staying, a refused autosave line) leaves them as they are."""
        key = (self.session.offers_key, self.session.pending_viewer)
        if changes is not None and key == self._offers_shown:
            return False
        self._offers_shown = key
        return True

    def _what_now(self, offers) -> str:
        """With nothing pending to say, the banner says what can be done first."""
        if self.session.pending_viewer is not None:
            return ""
        if not offers:
            return "Nothing can be done with the hands shown now: \u201cShow my hand\u201d passes the screen to a player."
        view = self.session.view()
        by_seat: dict = {}
        for _, offer in offers:
            label = offer.label
            if offer.seat is not None:  # "Ann can: not now", never "Ann can: Ann: not now"
                label = label.removeprefix(f"{view.seat_name(offer.seat)}: ")
            by_seat.setdefault(offer.seat, []).append(label)
        parts = [
            f"{view.seat_name(seat) + ' can' if seat is not None else 'Anyone may'}: {', '.join(labels)}"
            for seat, labels in sorted(by_seat.items(), key=lambda item: item[0] is None)
        ]
        return "; ".join(parts) + "."

    @staticmethod
    def _zones_holding(view, cards) -> frozenset[str]:
        """The zones of cards whose marks (tokens, face, position, caption) changed."""
        if not cards:
            return frozenset()
        return frozenset(
            zone.id for zone in view.zones.values()
            if any(entry is not None and entry.id in cards for entry in zone.cards)
        )

    def _offer_text(self, view, offer) -> str:
        """The offer's words after its seat's name, unless they begin with it already (a seat
        playing one character named like it: "Ann: not now", never "Ann: Ann: not now")."""
        if offer.seat is None:
            return offer.label
        name = view.seat_name(offer.seat)
        if offer.label.startswith((f"{name}: ", f"{name} ")):
            return offer.label
        return f"{name}: {offer.label}"

    # ---- zones -------------------------------------------------------------------------------

    def zone(self, zone_id: str):
        return self.table_view.zones.get(zone_id)

    def own_zone(self):
        """The first zone of the seat looking (its hand), if any."""
        view, table = self.session.view(), self.session.table()
        for spec in table.zones:
            if spec.seat is not None and spec.seat == view.viewer:
                return self.table_view.zones.get(spec.zone)
        return None

    # ---- turning input into actions ----------------------------------------------------------

    def _drag_started(self, card: str, from_zone: str) -> None:
        # In a row of a track only the columns the card may go to light up.
        self.table_view.light(*self.session.drop_targets(card, from_zone))

    def _on_drop(self, card: str, from_zone: str, to_zone: str, onto: str | None, column: int | None) -> None:
        """A card dropped on the table (`TableView.cardDropped`, queued: the mouse event is over):
        the session decides. The answer comes back as signals: `changed` puts the card where
        the view says, `refused` sends it home. A drop whose question is on screen waits where
        it was dropped until the dialog closes (desktop/ui/seat_questions.py); one that came to
        nothing at once goes home now."""
        self.session.take_drop(card, from_zone, to_zone, onto=onto, column=column)
        self.questions.serve()
        if not self.questions.dropped(card):
            self.table_view.drop_answered()

    def _card_activated(self, card: str, zone: str) -> None:
        """Keyboard: Enter on a card plays it (or discards it when owed), once asked."""
        self.session.take_card(card, zone)
        self.questions.serve()

    def _offer_chosen(self, offer, by_key: bool = False) -> None:
        """An offer's button, or its Turn-menu entry or key (`by_key`)."""
        self.session.take_offer(offer, by_key=by_key)
        self.questions.serve()

    def _other_actions(self) -> None:
        """The Turn menu's "Other actions...": what the seat looking may also do that the
        buttons leave out, chosen from a list, then asked like any offer."""
        from desktop.model import other_actions

        told = other_actions.take(self.session)  # the model's: the list, or why there is none
        if told:
            self._tell(told)
            return
        self.questions.serve()

    def _edit_counters(self, seat: str) -> None:
        """A seat's "Change counts": a talk of the model's (whose, when several, then the counts
        together; the changed ones set in one action, desktop/model/counts.py), shown in the
        window's dialogs like any open question."""
        from desktop.model import counts

        counts.take(self.session, seat)
        self.questions.serve()

    # ---- feedback --------------------------------------------------------------------------

    def _refused(self, sentence: str) -> None:
        self.table_view.drop_refused(sentence)  # a card dropped and waiting glides back
        self._tell(sentence, "Not allowed: ")
        self.log.refused(sentence)

    def _tell(self, sentence: str, lead: str = "") -> None:
        """A sentence in the banner over the table (until the game changes) and the status bar."""
        self.problem.setText(lead + sentence)
        self.problem.setToolTip(sentence)  # the whole sentence, should it not fit the banner's lines
        self.problem.show()
        self.problem.raise_()
        self.statusBar().showMessage(sentence, 10000)

    def _handover(self, seat: str) -> None:
        """The player looking got private news (cards drawn): they see it before passing on."""
        name = self.session.view().seat_name(seat)
        self.handover.ask(name, self.table_view)

    def _cover(self, seat: str) -> None:
        # Nothing meant for the previous viewer may outlive them: refusals, notes, status text.
        self.problem.hide()
        self.problem.clear()
        self.problem.setToolTip("")  # the refusal's whole sentence may name a card of that hand
        self.handover.hide()
        self.statusBar().clearMessage()
        self.table_view.setAccessibleDescription("")
        self._set_game_input(False)
        self.questions.close()  # the person leaves: their question goes with them
        self.curtain.cover(self.session.view().seat_name(seat))

    def _curtain_confirmed(self) -> None:
        self.curtain.hide()
        self._set_game_input(True)
        self.session.confirm_viewer()
        own = self.own_zone()
        if own is not None and own.cards:
            self.table_view.focus_card(own.cards[0].card_id)
        self.questions.later()  # what was chosen for this seat while it was away is asked now

    def _set_game_input(self, on: bool) -> None:
        """While the curtain is up no key, shortcut, menu entry or drop reaches the game."""
        from PySide6.QtWidgets import QDockWidget

        self.centralWidget().setEnabled(on)
        for dock in self.findChildren(QDockWidget):  # a system's panels too
            dock.setEnabled(on)
        self.menus.allow_input(on)
        host = getattr(self, "host", None)
        import shiboken6

        if host is not None and shiboken6.isValid(host):
            host.covered.emit(not on)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if self._built:
            self._size_docks()
            self._room_for_actions_later()
            if self.curtain.isVisible():
                self.curtain.setGeometry(self.rect())

    def _size_docks(self) -> None:
        """The side panels keep their width whatever their buttons say, so that a new entry
        never squeezes the table (which would move and repaint every card)."""
        lines = 3 if self.height() >= 900 else 2
        self._banner_place.setFixedHeight(self.banner.fontMetrics().lineSpacing() * lines + 6)
        width = self.width()
        left, right = self._docks
        left.setFixedWidth(max(228, min(420, round(width * 0.17))))  # "Played by the app" whole at 1280
        right.setFixedWidth(max(260, min(520, round(width * 0.22))))

    def _room_for_actions_later(self) -> None:
        from PySide6.QtCore import QTimer

        if not self._room_asked:
            self._room_asked = True
            # Two turns of the event loop: a system's panel refreshed after the window, and the
            # widgets it added are shown by events it queued then; read before, its contents
            # seemed empty and the panel was shrunk to nothing.
            QTimer.singleShot(0, lambda: QTimer.singleShot(0, self._room_for_actions))

    def _room_for_actions(self) -> None:
        """Shares each side column between the window's own dock (the players, the actions and
        log) and a system's panels beside it. A panel gets what its contents ask for, up to
        `PANEL_SHARE` of the column (a new dock takes half the column: an empty "Display
        actions" kept 300 pixels while "What can happen now" scrolled; at 1280x720 a Display
        card's buttons were below the dock's edge; a system's odds kept half the players'
        column empty); more than that only if its system gave it more. The window's own dock
        has the rest: its list scrolls, and the log keeps six lines. Worked out again only when a
        panel's contents, the list or the column's height change: a handle dragged stays."""
        from PySide6.QtWidgets import QDockWidget

        self._room_asked = False
        docks = self.findChildren(QDockWidget, options=Qt.FindChildOption.FindDirectChildrenOnly)
        for own in self._docks:
            area = self.dockWidgetArea(own)
            others = [dock for dock in docks
                      if dock not in self._docks and dock.isVisible() and not dock.isFloating()
                      and self.dockWidgetArea(dock) == area]
            if own.isVisible() and others:
                self._share_column(own, others)

    def _share_column(self, own, others) -> None:
        column = own.height() + sum(dock.height() for dock in others)
        needs = [min(self._dock_needs(dock), dock.maximumHeight()) for dock in others]
        wanted = own.height() - own.widget().height() + own.widget().sizeHint().height()
        key = (column, wanted, tuple(needs))
        if key == self._shared_for.get(own.objectName()):
            return
        self._shared_for[own.objectName()] = key
        share = round(column * PANEL_SHARE)
        sizes = []
        for dock, need in zip(others, needs):
            if dock.height() > need:
                sizes.append(need)  # what its contents do not use goes to the window's own dock
            elif dock.objectName() in self._asked_room:
                sizes.append(dock.height())  # what its system asked for it stands
            else:
                sizes.append(min(need, share))
        least = own.height() - own.widget().height() + own.widget().minimumSizeHint().height()
        if column - sum(sizes) < least:
            sizes = [min(size, dock.height()) for size, dock in zip(sizes, others)]  # no panel grows
        if any(abs(size - dock.height()) > 2 for size, dock in zip(sizes, others)):
            # Every dock of the column is named: one named alone takes from all the others in
            # proportion, the panels' own contents too.
            self._sharing = True
            try:
                self.resizeDocks([own, *others], [column - sum(sizes), *sizes], Qt.Orientation.Vertical)
            finally:
                self._sharing = False

    def resizeDocks(self, docks, sizes, orientation) -> None:
        """A system giving its panel a height (a battle's room, the dice panel opened whole):
        noted, so that sharing the column leaves that panel the height it was given."""
        if not self._sharing and orientation == Qt.Orientation.Vertical:
            for dock in docks:
                if dock not in self._docks:
                    self._asked_room.add(dock.objectName())
        super().resizeDocks(docks, sizes, orientation)

    @staticmethod
    def _dock_needs(dock) -> int:
        """The height a dock's contents ask for now, its title included. A scroll area's own
        size hint is the one its contents had when it was first asked (an empty panel's)."""
        from PySide6.QtWidgets import QScrollArea

        holder = dock.widget()
        inner = holder.widget() if isinstance(holder, QScrollArea) and holder.widget() is not None else holder
        frame = 2 * holder.frameWidth() if isinstance(holder, QScrollArea) else 0
        return dock.height() - holder.height() + inner.sizeHint().height() + frame

    def _save_failed(self, sentence: str) -> None:
        from PySide6.QtWidgets import QMessageBox

        self.statusBar().showMessage(sentence, 10000)
        QMessageBox.warning(self, "Not saved", sentence)

    # ---- files -----------------------------------------------------------------------------

    def save(self, ask: bool = False) -> None:
        from PySide6.QtWidgets import QFileDialog

        from desktop.model.library import saves_folder

        path = self.session.save_path
        copy = self.session.read_only
        if ask or path is None or copy:
            caption = "Save a copy as a new game" if copy else "Save game"
            chosen, _ = QFileDialog.getSaveFileName(self, caption, str(saves_folder() / "game.json"), SAVE_FILTER)
            if not chosen:
                return
            path = Path(chosen)
        if copy:
            # A read-only copy becomes a game of its own: saved, then opened here for real.
            done = []
            self.session.saved.connect(done.append)
            self.session.save(path, wait=True)
            self.session.saved.disconnect(done.append)
            if done:
                self.openRequested.emit(str(path))
            return
        self.session.save(path)

    def open_file(self) -> None:
        from PySide6.QtWidgets import QFileDialog

        from desktop.model.library import saves_folder

        # A save file or an autosave journal: the app opens either (app.open_session).
        chosen, _ = QFileDialog.getOpenFileName(self, "Open game", str(saves_folder()), OPEN_FILTER)
        if chosen and self.session is not None and self.session.holds(Path(chosen)):
            self._tell("This game is already open here.")  # never a copy of itself
        elif chosen:
            self.openRequested.emit(chosen)

    def closeEvent(self, event) -> None:
        if self.session is not None:
            self.session.close()  # the journal stays: "Continue" resumes this game next time
        super().closeEvent(event)

