"""`actiondeck versus`: games with every seat the app's, each at a level, to the end the system
states, printed one JSON line a game (desktop/model/versus.py plays them). Qt is never imported."""

from __future__ import annotations

from pathlib import Path

from desktop.commands.refusal import Refusal


def add_command(commands) -> None:
    """The subcommand's arguments, on the parser's subcommands."""
    versus = commands.add_parser(
        "versus", help="play games with every seat the app's, each at a level, to their end; one JSON line per game",
    )
    versus.add_argument("--system", required=True, metavar="ID", help="the rule system id (see actiondeck rulesets)")
    versus.add_argument("--games", type=int, default=1, metavar="N", help="how many games (default 1)")
    versus.add_argument("--seats", type=int, metavar="N", help="how many seats (default: one per level given, else 4)")
    versus.add_argument(
        "--levels", default="standard", metavar="L1,L2,...",
        help="each seat's level, in seat order (one level: every seat's); the system's levels and \"random\"",
    )
    versus.add_argument("--seed", type=int, help="the first game's seed; game i has seed+i (random when left out)")
    versus.add_argument("--rounds", type=int, metavar="N",
                        help="where the players end the session: after how many rounds the app's seats end it")
    versus.add_argument("--option", action="append", default=[], metavar="K=V", help="a system option")
    versus.add_argument("--deck", type=Path, metavar="FILE",
                        help="a deck file to play with instead of the built-in deck (as actiondeck new --deck)")
    versus.add_argument("--fixed-seats", action="store_true",
                        help="keep each level in its seat (by default game i moves the levels i seats on)")


def cmd_versus(args) -> int:
    """Games of app seats against each other (desktop/model/versus.py): one JSON line each; exit
    status 1 if a game did not reach its end or a move of the app's was refused."""
    import msgspec

    from desktop.commands.game_files import _options, _read_deck, random_seed
    from desktop.engine import SetupError, registry
    from desktop.model import versus

    try:
        registry.get(args.system)
    except SetupError as problem:
        raise Refusal(str(problem)) from None
    levels = [level.strip() for level in args.levels.split(",") if level.strip()]
    seats = args.seats or (len(levels) if len(levels) > 1 else 4)
    if len(levels) == 1:
        levels *= seats
    if len(levels) != seats:
        raise Refusal(f"--levels gives {len(levels)} levels for {seats} seats: give one level, or one per seat.")
    trouble = versus.check_levels(args.system, levels)
    if trouble:
        raise Refusal(trouble)
    if args.games < 1 or (args.rounds is not None and args.rounds < 1):
        raise Refusal("--games and --rounds must be at least 1.")
    seed = args.seed if args.seed is not None else random_seed() % 2**32
    options = _options(args.option)
    deck = _read_deck(args.deck, args.system) if args.deck else None
    status = 0
    for number in range(args.games):
        turn = 0 if args.fixed_seats else number % seats
        try:
            found = versus.play(args.system, levels[-turn:] + levels[:-turn] if turn else levels, seed + number,
                                options, length=args.rounds, deck=deck)
        except SetupError as problem:
            raise Refusal(str(problem)) from None
        print(msgspec.json.encode(found.record()).decode(), flush=True)
        status = status or int(not found.reached_end or found.refused > 0)
    return status
