"""The subcommands that work on game files with the engine alone: `rulesets`, `new`, `actions`,
`play`, `replay`. No Qt: they start fast and run without a display."""

from __future__ import annotations

import sys
from pathlib import Path

from desktop.commands.refusal import Refusal


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
