"""The main window: the table in the centre, seats on the left, actions and log on the right.

It never decides a rule: drops and clicks become actions handed to the session, and whatever the
session says (a new view or a refusal) is shown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QLabel, QMainWindow

if TYPE_CHECKING:
    from desktop.model.session import GameSession
    from desktop.ui.asker import Asker

# The widgets of the table are imported when the table is first built, after the window has been
# painted: importing a Qt class creates all its Python enums, and those add up to ~100 ms.


class MainWindow(QMainWindow):
    openRequested = Signal(str)  # a save or autosave path the app should open in place of this game
    newRequested = Signal()  # the player asks for a new game (the wizard)
    learnRequested = Signal(str)  # a system's id: its Learn to play game in place of this one

    def __init__(self, session: GameSession | None = None):
        super().__init__()
        self.prompter: Asker | None = None  # how the window asks a person: made with the table
        self.setWindowTitle("Action Deck")
        # Most of the screen, whatever its size: the table grows with the window.
        from desktop.ui.screens import room_of  # asked of the app, not of this widget
        screen = room_of(self)
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
        from desktop.ui.game_files import GameFiles
        from desktop.ui.screen_passing import ScreenPassing

        self.prompter = Asker(self)  # the real question dialog, the counts dialog
        self._build_table()
        self._build_docks()
        self.curtain = Curtain(self)
        self.passing = ScreenPassing(self)  # the curtain and the hand-over note follow the session there
        self.files = GameFiles(self)  # Save, Save as, Open
        from desktop.ui.phones_switch import PhonesSwitch

        self.phones = PhonesSwitch(self)  # Game > Phones...: the seats' codes, the server
        from desktop.ui.menus import WindowMenus

        self.menus = WindowMenus(self)  # made once: each game changes what they say (`follow`)
        from desktop.ui.summary_panel import SummaryWatch

        self.summary = SummaryWatch(self)  # the game's summary at its end, and Game > Summary
        self._built = True
        from PySide6.QtGui import QGuiApplication

        from desktop.ui import style

        style.install()  # the focus ring is the style's: a style sheet here slowed every paint
        QGuiApplication.styleHints().colorSchemeChanged.connect(self._system_scheme_changed)

    # ---- building --------------------------------------------------------------------------

    def _build_table(self) -> None:
        from PySide6.QtWidgets import QVBoxLayout, QWidget

        from desktop.ui.handover import HandOverNote
        from desktop.ui.practice_strip import PracticeStrip
        from desktop.ui.table.view import TableView
        from desktop.ui.table_heading import TableHeading

        self.heading = TableHeading(self.font())  # the headline, the banner, a refusal in its place
        self.header, self.banner, self.problem = self.heading.header, self.heading.banner, self.heading.problem
        self.table_view = TableView()
        # A drop is taken once the mouse event is over: the scene waits on nothing, and a
        # question it opens is never a modal dialog inside a mouse release.
        self.table_view.cardDropped.connect(self._on_drop, Qt.ConnectionType.QueuedConnection)
        self.table_view.cardActivated.connect(self._card_activated)
        self.table_view.dragStarted.connect(self._drag_started)
        self.table_view.focusedText.connect(lambda text: self.statusBar().showMessage(text, 8000))
        self.handover = HandOverNote(self.table_view)  # floats over the table

        table = QWidget()
        table.setObjectName("table")
        layout = QVBoxLayout(table)
        layout.setContentsMargins(8, 4, 8, 4)
        self.practice_strip = PracticeStrip(self.font())  # a practice's step, for its learner
        layout.addWidget(self.practice_strip)
        layout.addWidget(self.header)
        layout.addWidget(self.heading.place)
        layout.addWidget(self.table_view, 1)
        from desktop.ui.shields import LayoutShield

        self.setCentralWidget(LayoutShield(table, "table-shield"))  # the window decides its room
        self._style_feedback()

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
        self.practice_strip.restyle()
        self.table_view.theme_changed()
        self.update()

    def _style_feedback(self) -> None:
        self.heading.restyle()
        note = getattr(self, "copy_note", None)  # a read-only copy's note, in the same colours
        if note is not None:
            note.setStyleSheet(self.problem.styleSheet())
        self.handover.restyle()

    def _build_docks(self) -> None:
        from desktop.ui.actions_panel import ActionsAndLog, ActionsPanel
        from desktop.ui.log_panel import GameLog
        from desktop.ui.seats import SeatsPanel
        from desktop.ui.side_columns import SideColumns

        self.seats = SeatsPanel()
        self.seats.lookRequested.connect(lambda seat: self.session.request_viewer(seat))
        self.seats.editRequested.connect(self._edit_counters)
        # The session decides: another seat is asked first, behind the curtain.
        self.seats.playedBy.connect(lambda seat, level: self.session.choose_app_seat(seat, bool(level), level=level or None))
        # A plain text log: appending a line costs the same at line 10 as at line 10,000.
        self.log = GameLog()
        self.actions = ActionsPanel()
        self.actions.chosen.connect(self._offer_chosen)
        self.actions.moreRequested.connect(self._other_actions)
        self.columns = SideColumns(self, self.seats, ActionsAndLog(self.actions, self.log))
        self.actions.grew.connect(self.columns.share_later)
        self.statusBar()

    # ---- the session -----------------------------------------------------------------------

    def set_session(self, session: GameSession) -> None:
        from desktop.ui.systems import extension_for

        if not self._built:
            self._build()
        self.phones.follow(session)  # the last game's phones go with it
        if self.session is not None:
            self.questions.close()  # a question of the last game goes with it
            for signal in (self.session.changed, self.session.refused, self.session.curtainRequested,
                           self.session.handoverRequested, self.session.questionsChanged):
                signal.disconnect()
            self.session.close()
        self.session = session
        self.log.restart()
        self.seats.restart(session.ruleset.levels)  # who may play a seat: a person, or the app at a level
        session.changed.connect(self.refresh)
        session.refused.connect(self._refused)
        self.passing.follow(session)
        session.questionsChanged.connect(self.questions.later)
        self.files.follow(session)
        self.menus.follow(session)
        self.summary.follow(session)
        ruleset = session.ruleset
        self.actions.offer_more(ruleset.unlisted is not None)
        self.show_title()
        self._mark_copy(session)
        extension = extension_for(ruleset.id)
        if self._uninstall is not None:
            self._uninstall()  # the previous game's system takes its panels away
            self._uninstall = None
        self.columns.restart()
        if extension is not None and hasattr(extension, "install"):
            self._uninstall = self._install(extension, session)
        self._fit_to_size()
        self.refresh(None)
        session.sync_viewer()
        self.columns.share_later()  # once the system's panels are laid out

    def show_title(self) -> None:
        from desktop.ui.naming import window_title

        session = self.session
        seats = [seat.name for seat in session.game.state.seats]
        self.setWindowTitle(window_title(session.name, seats, session.ruleset.title, session.read_only))

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
        return self.columns.own(name)

    def refresh(self, changes=None) -> None:
        """Re-reads what `changes` names (everything when it is None or says so): the zones it
        names are refilled, the seats re-read when a zone, a count or the system's own state
        changed, the log when it names new entries; the headline, the banner, the offers and the
        Turn menu when what the offers are worked out from moved (`_offers_moved`)."""
        from desktop.model.reading import Reads
        from desktop.ui.offer_words import offer_text, what_now

        session = self.session
        view, table = session.view(), session.table()
        everything = changes is None or changes.everything
        self.passing.lift_if_not_waited()
        if self._offers_moved(changes):
            self.header.setText(table.headline)
            self.practice_strip.show_practice(table.practice)
            offers = [(offer_text(view, offer), offer) for offer in session.offers()]
            # With nothing pending to say, the banner says what can be done first.
            waiting = session.pending_viewer is not None
            self.banner.setText(table.banner or ("" if waiting else what_now(view, offers)))
            self.actions.show_offers(offers)
            self.menus.turn_menu.show_offers(offers)
        refill = None if everything else changes.zones | self._zones_holding(view, changes.cards)
        self.table_view.show_table(view, table, refill, covered=session.pending_viewer is not None)
        if Reads(zones=True, counters=True, table=True).named_by(changes):
            self.seats.show_table(view, table, session.responders(), session.app_seat_levels(), session.remote_seats)
        if Reads(log=True).named_by(changes):
            self.log.show_from(session, covered=session.pending_viewer is not None)
        self.handover.follow(session.handover)  # no "Pass to ..." once there is nothing to pass
        self.problem.hide()  # a refusal lasts until the game changes, no longer
        self.columns.share_later()  # a system's panel may have grown or emptied

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

    @staticmethod
    def _zones_holding(view, cards) -> frozenset[str]:
        """The zones of cards whose marks (tokens, face, position, caption) changed."""
        if not cards:
            return frozenset()
        return frozenset(
            zone.id for zone in view.zones.values()
            if any(entry is not None and entry.id in cards for entry in zone.cards)
        )

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
            self.tell(told)
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
        self.tell(sentence, "Not allowed: ", self.session.refusal_rule)  # with "Read the rule" when it cites one
        self.log.refused(sentence)

    def tell(self, sentence: str, lead: str = "", rule: str | None = None) -> None:
        """A sentence in the banner over the table (until the game changes) and the status bar."""
        self.heading.refuse(sentence, lead, rule)
        self.statusBar().showMessage(sentence, 10000)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if self._built:
            self._fit_to_size()
            self.columns.share_later()
            if self.curtain.isVisible():
                self.curtain.setGeometry(self.rect())

    def _fit_to_size(self) -> None:
        """The banner keeps room for its lines, the side columns their widths: neither follows
        its contents, so that a new entry never squeezes the table (which would move and
        repaint every card)."""
        self.heading.fit(self.height())
        self.columns.fit_widths()

    def resizeDocks(self, docks, sizes, orientation) -> None:
        """A height a system gives its panel is noted by the columns (`SideColumns.given`), which
        leave it that height when they share their room again."""
        self.columns.given(docks, orientation)
        super().resizeDocks(docks, sizes, orientation)

    def closeEvent(self, event) -> None:
        if self._built:
            self.phones.close()  # every phone let go, the server stopped
            self.summary.close()  # its own window would outlive the table, and keep the keyboard
        if self.session is not None:
            self.session.close()  # the journal stays: "Continue" resumes this game next time
        super().closeEvent(event)

