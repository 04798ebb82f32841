"""Passing the screen from one seat to the next, in the window.

The session decides who looks (desktop/model/curtain.py); the window shows it: the curtain over
everything until the next seat says it is them, the note that lets a player see private news
before passing on, no game input while the table is covered, and, with "Cover the table when the
window is left", the curtain back when the window is left.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt

if TYPE_CHECKING:
    from desktop.model.session import GameSession


class ScreenPassing(QObject):
    """The window's side of the hand-over: `window.curtain` and `window.handover` follow the
    session's `curtainRequested` and `handoverRequested` here."""

    def __init__(self, window):
        from PySide6.QtGui import QGuiApplication

        super().__init__(window)
        self._window = window
        window.curtain.confirmed.connect(self._curtain_confirmed)
        window.handover.passed.connect(lambda: window.session.finish_handover())
        QGuiApplication.instance().applicationStateChanged.connect(self.app_state_changed)

    def follow(self, session: GameSession) -> None:
        session.curtainRequested.connect(self._cover)
        session.handoverRequested.connect(self._handover)

    def lift_if_not_waited(self) -> None:
        """The seat the curtain waits for is no longer to look (the app plays it now): lifted."""
        window = self._window
        if window.curtain.isVisible() and window.session.pending_viewer is None:
            window.curtain.hide()
            self.allow_input(True)  # before the Turn menu says whether it has entries

    def app_state_changed(self, state) -> None:
        """With "Cover the table when the window is left": leaving the window (another app, a
        locked screen) brings the curtain back for the seat that was looking."""
        window = self._window
        if (
            state != Qt.ApplicationState.ApplicationActive
            and window.session is not None
            and window.menus.cover_on_leave.isChecked()
            and window.session.viewer is not None
            and not window.curtain.isVisible()
        ):
            window.session.request_viewer(window.session.viewer)

    def _handover(self, seat: str) -> None:
        """The player looking got private news (cards drawn): they see it before passing on."""
        window = self._window
        name = window.session.view().seat_name(seat) if seat else ""  # "": the screen goes to nobody
        window.handover.ask(name, window.table_view)

    def _cover(self, seat: str) -> None:
        window = self._window
        # Nothing meant for the previous viewer may outlive them: refusals, notes, status text.
        window.heading.forget()  # the refusal's whole sentence may name a card of that hand
        window.handover.hide()
        window.statusBar().clearMessage()
        window.table_view.setAccessibleDescription("")
        self.allow_input(False)
        window.questions.close()  # the person leaves: their question goes with them
        window.curtain.cover(window.session.view().seat_name(seat))

    def _curtain_confirmed(self) -> None:
        window = self._window
        window.curtain.hide()
        self.allow_input(True)
        window.session.confirm_viewer()
        own = window.own_zone()
        if own is not None and own.cards:
            window.table_view.focus_card(own.cards[0].card_id)
        window.questions.later()  # what was chosen for this seat while it was away is asked now

    def allow_input(self, on: bool) -> None:
        """While the curtain is up no key, shortcut, menu entry or drop reaches the game."""
        import shiboken6
        from PySide6.QtWidgets import QDockWidget

        window = self._window
        window.centralWidget().setEnabled(on)
        # A system's panels too: every dock is the window's own child, docked or floating (the
        # whole tree searched was a quarter of a millisecond at each pass of the screen).
        for dock in window.findChildren(QDockWidget, options=Qt.FindChildOption.FindDirectChildrenOnly):
            dock.setEnabled(on)
        window.menus.allow_input(on)
        host = getattr(window, "host", None)
        if host is not None and shiboken6.isValid(host):
            host.covered.emit(not on)
