"""The save file (docs/save-format.md): the setup and the list of actions, replayed on load.

Decoding is typed (msgspec): a field of the wrong type, an unknown field or a missing one is
refused with a sentence naming it. Nothing in a file is ever executed.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from pathlib import Path

import msgspec

from desktop import __version__
from desktop.engine import Game, GameSetup, RuleError, SetupError
from desktop.storage.durable import write_atomic
from desktop.storage.errors import SaveError

FORMAT = "actiondeck-save"
VERSION = 1
MAX_BYTES = 32 * 1024 * 1024  # far above any real game; refuses runaway or hostile files
TOO_DEEP = "The file is nested too deeply to be an Action Deck save."

# version -> function turning a decoded dict of that version into one of the next version
MIGRATIONS: dict[int, Callable[[dict], dict]] = {}


class Header(msgspec.Struct):
    format: str = ""
    version: int = 0


class SaveFile(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    format: str
    version: int
    app_version: str
    ruleset: str
    players: list[str]
    seed: int
    options: dict[str, str] = msgspec.field(default_factory=dict)
    deck: list[dict] | None = None
    actions: list[dict] = msgspec.field(default_factory=list)
    name: str = ""
    saved_at: str = ""


def save_bytes(game: Game, name: str = "") -> bytes:
    record = SaveFile(
        format=FORMAT,
        version=VERSION,
        app_version=__version__,
        ruleset=game.setup.ruleset,
        players=list(game.setup.players),
        seed=game.setup.seed,
        options=dict(game.setup.options),
        deck=game.setup.deck,
        actions=[action.to_dict() for action in game.actions],
        name=name,
        saved_at=datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
    )
    return msgspec.json.format(msgspec.json.encode(record), indent=1)


def write_save(game: Game, path: Path, name: str = "") -> None:
    try:
        write_atomic(Path(path), save_bytes(game, name))
    except OSError as problem:
        raise SaveError(f"The game could not be saved to {path}: {problem.strerror or problem}.")


def read_save(path: Path) -> bytes:
    path = Path(path)
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise SaveError(f"{path.name} is too large to be an Action Deck save ({size / 1_048_576:.1f} MB).")
        return path.read_bytes()
    except FileNotFoundError:
        raise SaveError(f"There is no file {path}.")
    except IsADirectoryError:
        raise SaveError(f"{path} is a folder, not a save file.")
    except OSError as problem:
        raise SaveError(f"{path.name} cannot be read: {problem.strerror or problem}.")


def decode_save(raw: bytes) -> SaveFile:
    if len(raw) > MAX_BYTES:
        raise SaveError("The file is too large to be an Action Deck save.")
    try:
        header = msgspec.json.decode(raw, type=Header)
    except msgspec.ValidationError as problem:
        # Well-formed JSON of the wrong shape. (ValidationError is a kind of DecodeError, so it
        # must be caught first, or the file would be called malformed.)
        if "$.version" in str(problem):
            raise SaveError("The file has an impossible format version.")
        raise SaveError("The file is not an Action Deck save.")
    except msgspec.DecodeError as problem:
        if "truncated" in str(problem):
            raise SaveError("The file ends too early: it was cut off while being written or copied.")
        raise SaveError(f"The file is not a valid save (it is not well-formed JSON: {problem}).")
    except RecursionError:
        raise SaveError(TOO_DEEP)
    if header.format != FORMAT:
        raise SaveError("The file is not an Action Deck save.")
    if header.version > VERSION:
        raise SaveError(
            f"The file was saved by a newer Action Deck (format {header.version}); this version "
            f"reads format {VERSION} and older: update Action Deck to open it."
        )
    if header.version < 1:
        raise SaveError(f"The file has an impossible format version ({header.version}).")
    try:
        data = msgspec.json.decode(raw)
        for version in range(header.version, VERSION):
            data = MIGRATIONS[version](data)
        return msgspec.convert(data, SaveFile)
    except msgspec.DecodeError as problem:  # a wrong field, or a number out of range
        raise SaveError(f"The save file has a mistake: {problem}.")
    except RecursionError:
        raise SaveError(TOO_DEEP)


def game_from_record(record: SaveFile) -> Game:
    setup = GameSetup(
        ruleset=record.ruleset,
        players=record.players,
        seed=record.seed,
        options=record.options,
        deck=record.deck,
    )
    try:
        game = Game.new(setup)
        actions = [game.decode_action(item) for item in record.actions]
        return Game.replay(setup, actions)
    except (RuleError, SetupError) as problem:
        raise SaveError(f"The saved game cannot be rebuilt: {problem}")


def load_save(path: Path) -> tuple[Game, SaveFile]:
    record = decode_save(read_save(path))
    return game_from_record(record), record
