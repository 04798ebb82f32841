"""`actiondeck serve`: its arguments, and the game it serves with phones on and no window
(desktop/phones/serve.py runs it; docs/phones.md, "Headless"). Like `cli.py` and `app.py`, it puts
the layers together: it builds the game (a demo, or a file opened through the model). Qt is
imported only once the command runs."""

from __future__ import annotations

import sys
from pathlib import Path

from desktop.commands.refusal import Refusal


def add_command(commands) -> None:
    serve = commands.add_parser(
        "serve", help="start a game with phones on and no window: print each seat's pairing address, "
        "serve until interrupted (docs/phones.md)",
    )
    game = serve.add_mutually_exclusive_group(required=True)
    game.add_argument("--demo", dest="serve_demo", metavar="ID", help="a demo game of system ID")
    game.add_argument("--open", dest="serve_open", metavar="FILE", type=Path, help="a saved game or an autosave")
    serve.add_argument("--host", help="the address to listen on (default: this machine's address on the local network)")
    serve.add_argument("--port", type=int, default=0, help="the port to listen on (default: any free one)")


def serve(args) -> int:
    """Serves the game; a game or a port that cannot be used is refused in one sentence."""
    from desktop.engine import SetupError
    from desktop.model import opening

    if not 0 <= args.port <= 65535:
        raise Refusal(f"The port must be a number from 0 to 65535, not {args.port}.")
    host = _usable_address(args.host, args.port)  # before the game: a demo writes its autosave
    try:
        if args.serve_demo is not None:
            from desktop.engine.demo import demo_game

            session, warnings = opening.session_for(demo_game(args.serve_demo), demo=True), []
        else:
            session, warnings = opening.open_file(args.serve_open)
    except (SetupError, opening.SaveError) as problem:
        raise Refusal(str(problem)) from None
    for warning in warnings:
        print(f"actiondeck: {warning}", file=sys.stderr)
    from desktop.phones.serve import run

    return run(session, host, args.port, session.ruleset.title)


def _usable_address(host: str | None, port: int) -> str:
    """`host` (None: this machine's address on the local network), once a trial bind on it and
    `port` worked; a Refusal in one sentence when it did not."""
    from desktop.phones.wire import cannot_serve, check_address

    if host is None:
        from desktop.phones.lan import lan_address

        host = lan_address()
    try:
        check_address(host, port)
    except OSError as problem:
        raise Refusal(cannot_serve(host, port, problem)) from None
    return host
