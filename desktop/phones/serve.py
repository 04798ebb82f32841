"""`actiondeck serve`: a game with phones on and no window (docs/phones.md, "Headless").

Qt's core event loop runs the session (the app's seats, their pace) and the phone server. Each
seat's pairing address and code go to standard output, one line a seat, and again whenever a
seat's invitation changes (expired and renewed, or unpaired); what happens at the table (a phone
paired, gone, back) goes to standard error. It serves until interrupted (Ctrl+C, SIGTERM).
"""

from __future__ import annotations

import signal
import sys

from PySide6.QtCore import QCoreApplication, QTimer

from desktop.phones.server import Invitation, PhoneServer
from desktop.phones.wire import cannot_serve

SIGNALS_MS = 200  # how often Python gets a turn to run a signal's handler inside Qt's loop


def invitation_line(invitation: Invitation) -> str:
    """One seat's line: `seat ann (Ann): http://host:port/join/<secret> code K7M2QX`."""
    return f"seat {invitation.seat} ({invitation.name}): {invitation.url} code {invitation.code}"


def run(session, host: str | None, port: int, title: str, out=None, err=None) -> int:
    """Serves `session`'s phones on `host`:`port` until interrupted; the exit status."""
    out = out or sys.stdout
    err = err or sys.stderr
    app = QCoreApplication.instance() or QCoreApplication([])
    server = PhoneServer(session)
    try:
        address = server.start(host, port)
    except OSError as problem:  # checked before the game was made (commands/serve.py); taken since
        print(f"actiondeck: {cannot_serve(host, port, problem)}", file=err)
        session.close()
        return 2
    name = {seat.id: seat.name for seat in session.game.state.seats}

    def say(text: str) -> None:
        print(text, file=err, flush=True)

    def show(seat: str) -> None:
        invitation = server.invitation(seat)
        if invitation is not None:
            print(invitation_line(invitation), file=out, flush=True)

    server.invited.connect(show)
    server.paired.connect(lambda seat: say(f"{name[seat]}'s phone paired."))
    server.connected.connect(lambda seat: say(f"{name[seat]}'s phone is connected."))
    server.disconnected.connect(lambda seat: say(f"{name[seat]}'s phone went away; it may come back."))
    say(f"{title}: phones at {address}/ (Ctrl+C stops).")
    for invitation in server.invitations():
        print(invitation_line(invitation), file=out, flush=True)

    previous = {sig: signal.signal(sig, lambda *_: app.quit()) for sig in (signal.SIGINT, signal.SIGTERM)}
    ticker = QTimer(interval=SIGNALS_MS)
    ticker.timeout.connect(lambda: None)  # Python runs pending signal handlers between Qt's events
    ticker.start()
    try:
        app.exec()
    finally:
        ticker.stop()
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        server.stop()
        session.close()
    say("The table closed.")
    return 0
