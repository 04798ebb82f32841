"""The `actiondeck` command: the app (no subcommand) and its headless interface (DESIGN.md §2).

The headless subcommands never import Qt, so they start fast and run without a display. Every
refusal is one sentence on stderr with exit status 2, and nothing is written.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from desktop import __version__

# The engine and msgspec are imported by the subcommands that need them, so that the GUI path
# reaches its first painted window without paying for them.

REFUSED = 2


class Refusal(Exception):
    """A user-facing refusal from the command line."""


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
    parser.add_argument("--open", metavar="SAVE", type=Path, help="open the app on a saved game")
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
    from desktop.serving import add_command  # no Qt until the command runs

    add_command(commands)
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

        _quick_exit(run_gui(demo=args.demo, smoke_test=args.smoke_test, open_path=args.open))
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
    save, an opened game's new autosave: "actiondeck-" threads) are waited for, the ones that only
    import modules ahead of time are not. Text the app holds on the clipboard is handed to the
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


def _load(path: Path):
    from desktop.storage import SaveError, load_save

    try:
        return load_save(path)[0]
    except SaveError as problem:
        raise Refusal(str(problem)) from None


def _options(pairs: list[str]) -> dict[str, str]:
    from desktop.engine.text import shown

    options = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise Refusal(f"The option '{shown(pair, limit=60)}' must look like KEY=VALUE.")
        options[key.strip()] = value.strip()
    return options


def _read_deck(path: Path, ruleset_id: str) -> list[dict]:
    from desktop.engine import SetupError, registry
    from desktop.storage import SaveError
    from desktop.storage.deckfile import read_deck

    try:
        return read_deck(path, registry.get(ruleset_id).deck_records)
    except (SaveError, SetupError) as problem:
        raise Refusal(str(problem)) from None


def cmd_rulesets(args) -> int:
    from desktop.engine import registry

    for ruleset_id in registry.ids():
        print(ruleset_id)
    return 0


def random_seed() -> int:
    """128 bits from the OS, which pick the BLAKE2b generator (desktop/engine/rng.py)."""
    from desktop.engine import rng

    return rng.new_seed()


def cmd_new(args) -> int:
    from desktop.engine import Game, GameSetup, SetupError
    from desktop.engine.text import shown
    from desktop.storage import SaveError, write_save

    try:
        taken = args.output.exists()
    except OSError as problem:  # a name too long for the system, say
        raise Refusal(f"{shown(args.output)} cannot be used: {problem.strerror}.") from None
    if taken and not args.force:
        raise Refusal(f"{shown(args.output)} already exists; choose another name or add --force.")
    players = [name.strip() for name in args.players.split(",") if name.strip()]
    setup = GameSetup(
        ruleset=args.ruleset,
        players=players,
        seed=args.seed if args.seed is not None else random_seed(),
        options=_options(args.option),
        deck=_read_deck(args.deck, args.ruleset) if args.deck else None,
    )
    from desktop.storage.lock import GameLock

    try:
        game = Game.new(setup)
        with GameLock.take(args.output):  # not over a game open in a window
            write_save(game, args.output)
    except (SetupError, SaveError) as problem:
        raise Refusal(str(problem)) from None
    print(
        f"New {game.ruleset.title} game for {', '.join(players)} (seed {setup.seed}) saved to "
        f"{shown(args.output)}."
    )
    return 0


def cmd_actions(args) -> int:
    import msgspec

    from desktop.engine import RuleError
    from desktop.engine.text import NAME_LIMIT, problem

    trouble = args.player is not None and problem(args.player, NAME_LIMIT)
    if trouble:  # refused before a sentence could quote it
        raise Refusal(f"The player given with --player {trouble}.")
    if args.player is not None and args.all_seats:
        raise Refusal("Give either --player or --all-seats, not both.")
    game = _load(args.save)
    try:
        legal = game.legal_actions(args.player)
    except RuleError as refusal:
        raise Refusal(str(refusal)) from None
    if not args.all_seats:
        # What a screen shared at the table may show: an action naming a card the public view
        # (or the player's own, with --player) does not show would tell what a hand holds.
        hidden = set(game.state.cards) - game.view(args.player).seen_cards()
        from desktop.engine.views import cards_named

        legal = [action for action in legal if not (cards_named(action, game.state.cards) & hidden)]
    print(msgspec.json.encode([action.to_dict() for action in legal]).decode())
    return 0


def cmd_play(args) -> int:
    from desktop.engine import RuleError
    from desktop.engine.text import shown
    from desktop.storage import SaveError, load_save, write_save
    from desktop.storage.lock import GameLock

    try:
        # Held from reading to writing: another window or `play` cannot write in between and
        # have its action overwritten by ours.
        with GameLock.take(args.save):
            game, record = load_save(args.save)
            action = game.decode_action(args.action)
            outcome = game.apply(action)
            write_save(game, args.save, record.name, record.app_seats)  # who the app plays, kept
    except (RuleError, SaveError) as refusal:
        raise Refusal(str(refusal)) from None
    for entry in outcome.log:
        if entry.seat is None or entry.seat == action.player:
            print(shown(entry.text, limit=None))
    return 0


def cmd_replay(args) -> int:
    import msgspec

    game = _load_any(args.save)
    viewer = args.viewer
    if viewer is not None and viewer not in game.state.seat_ids():
        players = ", ".join(game.state.seat_ids())
        raise Refusal(f"There is no player '{_printable(viewer)}' in this game; the players are {players}.")
    steps = []
    for number, (action, entries) in enumerate(zip(game.actions, game.log), start=1):
        lines = [entry for entry in entries if viewer is None or entry.seat in (None, viewer)]
        step = {"step": number, "log": [msgspec.to_builtins(entry) for entry in lines]}
        # Another seat's action may name cards this seat never saw: with --as only its own show.
        if viewer is None or action.player == viewer:
            step["action"] = action.to_dict()
        steps.append(step)
    if args.json:
        report = {"steps": steps}
        if viewer is None:
            report["state"] = msgspec.to_builtins(game.state)
        else:
            report["view"] = msgspec.to_builtins(game.view(viewer))
        print(msgspec.json.encode(report).decode())
        return 0
    for step in steps:
        texts = [line["text"] for line in step["log"] if viewer is not None or line["seat"] is None]
        print(f"{step['step']:>4}. {'  '.join(texts)}")
    print(_summary(game, viewer))
    return 0


def _load_any(path: Path):
    """The game of a save or of an autosave (the journal the app writes as a game is played,
    read as Continue reads it, never written); what a damaged autosave's replay left out is
    said on stderr, and the game up to there is replayed."""
    from desktop.storage import SaveError, recent

    try:
        opened = recent.open_game(path)
    except SaveError as problem:
        raise Refusal(str(problem)) from None
    if opened.damage is not None:
        print(f"actiondeck: {opened.damage.read_only_sentence}", file=sys.stderr)
    return opened.game


def _summary(game, viewer: str | None) -> str:
    """The end of a replay as `viewer` sees it (None: the public table)."""
    view = game.view(viewer)
    table = game.ruleset.table(view)
    who = f" as {view.seat_name(viewer)} saw it" if viewer else ""
    lines = [f"{game.ruleset.title}: step {view.step}{who}.", table.headline]
    for zone in view.zones.values():
        faces = [view.faces[entry.face].title for entry in zone.cards if entry is not None]
        shown = f": {', '.join(faces)}" if faces and zone.visibility != "public" else ""
        lines.append(f"  {zone.label}: {zone.count} card(s){shown}")
    return "\n".join(lines)


def _printable(text: str) -> str:
    """A user's text safe to print: control characters and undecodable bytes shown escaped."""
    return "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in text)


def cmd_serve(args) -> int:
    from desktop.serving import serve

    return serve(args, Refusal)


COMMANDS = {
    "serve": cmd_serve,
    "rulesets": cmd_rulesets,
    "new": cmd_new,
    "actions": cmd_actions,
    "play": cmd_play,
    "replay": cmd_replay,
}


if __name__ == "__main__":
    sys.exit(main())
