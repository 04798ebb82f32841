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


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="actiondeck",
        description="Action Deck: a table for games played with action cards.",
    )
    parser.add_argument("--version", action="version", version=f"Action Deck {__version__}")
    parser.add_argument("--demo", metavar="ID", help="open the app straight into a demo game of system ID")
    parser.add_argument(
        "--smoke-test", action="store_true",
        help="build the main window with a demo game, render one frame and exit 0",
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
    actions.add_argument("--player", help="only this player's actions")

    play = commands.add_parser("play", help="apply one action and save")
    play.add_argument("save", type=Path, metavar="SAVE")
    play.add_argument("action", metavar="ACTION_JSON")

    replay = commands.add_parser("replay", help="replay a save and print every step and the result")
    replay.add_argument("save", type=Path, metavar="SAVE")
    replay.add_argument("--json", action="store_true", help="print JSON instead of text")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command is None:
        from desktop.app import run_gui  # Qt is imported only on this path

        return run_gui(demo=args.demo, smoke_test=args.smoke_test, open_path=args.open)
    try:
        return COMMANDS[args.command](args)
    except Refusal as refusal:
        print(f"actiondeck: {refusal}", file=sys.stderr)
        return REFUSED


def main_gui() -> int:
    """The windowed entry point (no console on Windows)."""
    return main()


def _load(path: Path):
    from desktop.storage import SaveError, load_save

    try:
        return load_save(path)[0]
    except SaveError as problem:
        raise Refusal(str(problem))


def _options(pairs: list[str]) -> dict[str, str]:
    options = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise Refusal(f"The option '{pair}' must look like KEY=VALUE.")
        options[key.strip()] = value.strip()
    return options


def _read_deck(path: Path) -> list[dict]:
    import msgspec

    from desktop.storage.savefile import MAX_BYTES

    try:
        if path.stat().st_size > MAX_BYTES:
            raise Refusal(f"The deck file {path.name} is too large to be a deck of cards.")
        data = msgspec.json.decode(path.read_bytes())
    except OSError as problem:
        raise Refusal(f"The deck file {path} cannot be read: {problem.strerror or problem}.")
    except msgspec.DecodeError as problem:
        raise Refusal(f"The deck file {path.name} is not valid JSON: {problem}.")
    except RecursionError:
        raise Refusal(f"The deck file {path.name} is nested too deeply to be a deck of cards.")
    cards = data.get("cards") if isinstance(data, dict) else data
    if not isinstance(cards, list):
        raise Refusal(f"The deck file {path.name} must hold a list of cards (or an object with \"cards\").")
    return cards


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
    from desktop.storage import SaveError, write_save

    if args.output.exists() and not args.force:
        raise Refusal(f"{args.output} already exists; choose another name or add --force.")
    players = [name.strip() for name in args.players.split(",") if name.strip()]
    setup = GameSetup(
        ruleset=args.ruleset,
        players=players,
        seed=args.seed if args.seed is not None else random_seed(),
        options=_options(args.option),
        deck=_read_deck(args.deck) if args.deck else None,
    )
    try:
        game = Game.new(setup)
        write_save(game, args.output)
    except (SetupError, SaveError) as problem:
        raise Refusal(str(problem))
    print(f"New {game.ruleset.title} game for {', '.join(players)} (seed {setup.seed}) saved to {args.output}.")
    return 0


def cmd_actions(args) -> int:
    import msgspec

    from desktop.engine import RuleError

    game = _load(args.save)
    try:
        legal = game.legal_actions(args.player)
    except RuleError as refusal:
        raise Refusal(str(refusal))
    print(msgspec.json.encode([action.to_dict() for action in legal]).decode())
    return 0


def cmd_play(args) -> int:
    from desktop.engine import RuleError
    from desktop.storage import SaveError, load_save, write_save

    try:
        game, record = load_save(args.save)
        action = game.decode_action(args.action)
        outcome = game.apply(action)
        write_save(game, args.save, record.name)
    except (RuleError, SaveError) as refusal:
        raise Refusal(str(refusal))
    for entry in outcome.log:
        if entry.seat is None or entry.seat == action.player:
            print(entry.text)
    return 0


def cmd_replay(args) -> int:
    import msgspec

    game = _load(args.save)
    steps = [
        {
            "step": number,
            "action": action.to_dict(),
            "log": [msgspec.to_builtins(entry) for entry in entries],
        }
        for number, (action, entries) in enumerate(zip(game.actions, game.log), start=1)
    ]
    if args.json:
        report = {"steps": steps, "state": msgspec.to_builtins(game.state)}
        print(msgspec.json.encode(report).decode())
        return 0
    for step in steps:
        public = [line["text"] for line in step["log"] if line["seat"] is None]
        print(f"{step['step']:>4}. {'  '.join(public)}")
    print(_summary(game))
    return 0


def _summary(game) -> str:
    table = game.view(None)
    lines = [f"{game.ruleset.title}: step {table['step']}."]
    extra = table.get("table", {})
    if "phase_label" in extra:
        lines.append(f"Round {extra['round']}, {extra['phase_label'].lower()}.")
    for zone in table["zones"].values():
        lines.append(f"  {zone['label']}: {zone['count']} card(s)")
    return "\n".join(lines)


COMMANDS = {
    "rulesets": cmd_rulesets,
    "new": cmd_new,
    "actions": cmd_actions,
    "play": cmd_play,
    "replay": cmd_replay,
}


if __name__ == "__main__":
    sys.exit(main())
