"""The `actiondeck` command: the app (no subcommand) and its headless interface (DESIGN.md §2).

The headless subcommands never import Qt, so they start fast and run without a display. Every
refusal is one sentence on stderr with exit status 2, and nothing is written.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from desktop import __version__
from desktop.commands import serve, versus
from desktop.commands.game_files import cmd_actions, cmd_new, cmd_play, cmd_replay, cmd_rulesets
from desktop.commands.refusal import REFUSED, Refusal

# The engine and msgspec are imported by the subcommands that need them, so that the GUI path
# reaches its first painted window without paying for them.

class _Parser(argparse.ArgumentParser):
    """argparse's own refusals as one sentence like every other: by itself it prints the usage
    too and echoes what was typed (unrecognized arguments) as it is."""

    def error(self, message: str):
        raise Refusal(f"{message[:1].upper()}{message[1:]} (see actiondeck --help).")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="actiondeck",
        description="Action Deck: a table for games played with action cards.",
    )
    parser.add_argument("--version", action="version", version=f"Action Deck {__version__}")
    parser.add_argument("--demo", metavar="ID", help="open the app straight into a demo game of system ID")
    parser.add_argument(
        "--smoke-test", action="store_true",
        help="build the main window with a demo game (or the game of --open, read but never "
        "written), render one frame and exit 0",
    )
    parser.add_argument("--learn", metavar="ID", help="open the app straight into Learn to play for system ID")
    parser.add_argument("--open", metavar="SAVE", type=Path, help="open the app on a saved game")
    parser.add_argument("--phones", action="store_true", help="turn the phones on and show the seats' codes")
    parser.add_argument("--help-window", action="store_true",
                        help="open the Help window at the game's rules beside the table (as F1 does)")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    commands.add_parser("rulesets", help="list the rule system ids, one a line")

    new = commands.add_parser("new", help="write a new game to a save file")
    new.add_argument("ruleset", metavar="ID")
    new.add_argument("--players", required=True, help="comma-separated player names")
    new.add_argument("--seed", type=int, help="the shuffling seed (random when left out)")
    new.add_argument("--option", action="append", default=[], metavar="K=V", help="a system option")
    new.add_argument("--deck", type=Path, help="a deck file to play with instead of the built-in deck")
    new.add_argument("-o", "--output", type=Path, required=True, metavar="SAVE")
    new.add_argument("--force", action="store_true", help="overwrite SAVE if it exists")

    actions = commands.add_parser("actions", help="print the legal actions now as JSON")
    actions.add_argument("save", type=Path, metavar="SAVE")
    actions.add_argument("--player", help="only this player's actions, as this player sees the table")
    actions.add_argument(
        "--all-seats", action="store_true",
        help="every seat's actions, naming the cards in every hand (for tools, not for a shared screen)",
    )

    play = commands.add_parser("play", help="apply one action and save")
    play.add_argument("save", type=Path, metavar="SAVE")
    play.add_argument("action", metavar="ACTION_JSON")

    replay = commands.add_parser(
        "replay", help="replay a save or an autosave and print every step and the result"
    )
    replay.add_argument("save", type=Path, metavar="SAVE")
    replay.add_argument("--json", action="store_true", help="print JSON instead of text")
    replay.add_argument(
        "--as", dest="viewer", metavar="SEAT",
        help="print only what this player saw: their log lines, their own actions and their view",
    )
    serve.add_command(commands)
    versus.add_command(commands)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    try:
        _check_arguments(argv)
        args = build_parser().parse_args(argv)
    except Refusal as refusal:
        return _refuse(refusal)
    if args.command is None:
        import gc

        # Start-up makes some 50,000 objects that live as long as the app, and the collector
        # walked them again and again while they were made (70-odd collections, 10-20 ms of a
        # start). It works again once the table has been up a moment, on the UI thread alone
        # (`app.settle_heap`, `desktop.ui.collector`).
        gc.disable()
        from desktop.app import run_gui  # Qt is imported only on this path

        _quick_exit(run_gui(demo=args.demo, smoke_test=args.smoke_test, open_path=args.open, phones=args.phones,
                            learn=args.learn, help_window=args.help_window))
    # A name the terminal's encoding cannot show is printed escaped rather than a crash.
    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")
    try:
        status = COMMANDS[args.command](args)
        sys.stdout.flush()
        return status
    except Refusal as refusal:
        return _refuse(refusal)
    except BrokenPipeError:
        # The reader went away (`actiondeck replay SAVE | head`): stop quietly, as Unix tools do.
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


def _refuse(refusal: Refusal) -> int:
    from desktop.engine.text import shown

    # Escaped again here: whatever a sentence quotes, the terminal gets one line of plain text.
    print(f"actiondeck: {_short_values(shown(refusal, limit=None))}", file=sys.stderr)
    return REFUSED


LONG_VALUE = 80  # characters of one word of a refusal; a path or a name is far shorter


def _short_values(sentence: str) -> str:
    """A refusal quotes what was typed (argparse's "invalid int value: '...'" does too): a value
    of thousands of characters, such as a 4,300-digit number, is cut in the middle."""
    import re

    def cut(found: re.Match) -> str:
        word = found.group()
        return f"{word[:30]}...{word[-12:]} ({len(word):,} characters)"

    return re.sub(rf"[^\s]{{{LONG_VALUE + 1},}}", cut, sentence)


def _check_arguments(argv: list[str]) -> None:
    """Python turns bytes that are not UTF-8 in the command line into lone surrogates, which
    cannot be printed, saved or matched to a file reliably: they are refused up front."""
    for number, argument in enumerate(argv, start=1):
        try:
            argument.encode("utf-8")
        except UnicodeEncodeError:
            raise Refusal(
                f"Argument {number} of the command line is not valid text: it holds bytes that "
                "are not UTF-8."
            ) from None


def _quick_exit(status: int) -> None:
    """Ends the process as soon as the window is closed. Python's and Qt's teardown of every
    module and widget took about 100 ms after the window had gone (a bare window's, 30 ms), and
    nothing in it matters once the files are written: the threads that write a player's files (a
    save, an opened game's new autosave: "actiondeck-" threads) are waited for, and so are an app
    seat's decisions in flight (milliseconds; its thread's `join` waits for those alone), the ones
    that only import modules ahead of time are not. Text the app holds on the clipboard is handed to the
    system's clipboard by Qt's teardown, so then the teardown runs."""
    import os
    import threading

    from PySide6.QtGui import QGuiApplication

    for thread in threading.enumerate():
        if thread is not threading.current_thread() and thread.name.startswith("actiondeck-"):
            thread.join()
    app = QGuiApplication.instance()
    if app is not None and (app.clipboard().ownsClipboard() or app.clipboard().ownsSelection()):
        sys.exit(status)
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(status)


def main_gui() -> int:
    """The windowed entry point (no console on Windows)."""
    return main()


COMMANDS = {
    "serve": serve.serve,
    "rulesets": cmd_rulesets,
    "new": cmd_new,
    "actions": cmd_actions,
    "play": cmd_play,
    "replay": cmd_replay,
    "versus": versus.cmd_versus,
}


if __name__ == "__main__":
    sys.exit(main())
