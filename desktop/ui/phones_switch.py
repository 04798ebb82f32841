"""Turning the phones on and off for the window's game (Game > Phones..., the wizard's "Players
use their phones", `actiondeck --phones`).

Turned on, the phone server (desktop/phones/server.py) serves the game on this machine's address
on the local network, and the phones panel shows each seat's code (desktop/ui/phones_panel.py).
A seat whose phone pairs is played on it: the server tells the model, whose curtain leaves that
seat to its phone. Turned off (or the window closed, or another game opened), every phone is let
go and its seat is played at the screen again. When there is no local network, or the address
cannot be used, the window says so in one sentence and nothing is started.

`ACTIONDECK_PHONES_HOST` names the address to serve on instead (tests and tools: 127.0.0.1).
The server's module (and aiohttp) is imported only when phones are first turned on.
"""

from __future__ import annotations

import os
import weakref

HOST_VARIABLE = "ACTIONDECK_PHONES_HOST"
NO_NETWORK = "No local network found: phones need the same Wi-Fi as this computer."


def serving_address() -> str:
    """The address to serve the phones on: the one named for tests and tools, else this
    machine's on the local network; "" when it has none."""
    named = os.environ.get(HOST_VARIABLE, "").strip()
    if named:
        return named
    from desktop.phones.lan import candidates

    found = candidates()
    return found[0] if found else ""


class PhonesSwitch:
    """The window's phones: its server (one per game) and its panel."""

    def __init__(self, window) -> None:
        # Weakly: the window holds this, and a cycle would leave the window to the garbage
        # collector, which may delete it at any moment, from any thread.
        self._window_ref = weakref.ref(window)
        self.server = None  # the PhoneServer of the window's game, once phones were turned on
        self.panel = None

    @property
    def on(self) -> bool:
        return self.server is not None and self.server.running

    def turn_on(self) -> bool:
        """Serves the game's phones (if not yet) and shows the panel; True when they are on. A
        sentence in the window when they cannot be."""
        window = self._window_ref()
        session = None if window is None else window.session
        if session is None:
            return False
        if session.read_only:
            from desktop.model.session import READ_ONLY

            window.tell(READ_ONLY)
            return False
        if self.server is None:
            from desktop.phones.server import PhoneServer

            self.server = PhoneServer(session, parent=window)
        if not self.server.running:
            host = serving_address()
            if not host:
                window.tell(NO_NETWORK)
                return False
            try:
                self.server.start(host)
            except OSError as problem:
                reason = (problem.strerror or str(problem)).rstrip(".")
                window.tell(f"The phones could not be turned on: {reason}.")
                return False
        self.show_panel()
        return True

    def show_panel(self) -> None:
        window = self._window_ref()
        if window is None or self.server is None:
            return
        if self.panel is None:
            from desktop.ui.phones_panel import PhonesPanel

            self.panel = PhonesPanel(window, self.server)
            self.panel.turnOffRequested.connect(self.turn_off)
            self.panel.place(window)
        self.panel.refresh()
        self.panel.show()
        self.panel.raise_()
        self.panel.activateWindow()
        self.panel.close_button.setFocus()

    def turn_off(self) -> None:
        """Every phone let go, its seat played at the screen again; the pairings are kept for
        when the phones are turned on again in this game."""
        if self.panel is not None:
            self.panel.hide()
        if self.server is not None:
            self.server.stop()

    def follow(self, session) -> None:
        """The window shows `session` now: the last game's phones are let go with it."""
        if self.server is not None and self.server.session is not session:
            self.close()

    def close(self) -> None:
        """The window closes, or turns to another game: the server stops and goes."""
        panel, server, self.panel, self.server = self.panel, self.server, None, None
        if panel is not None:
            panel.forget()
            panel.close()
            panel.deleteLater()
        if server is not None:
            server.stop()
            server.deleteLater()
