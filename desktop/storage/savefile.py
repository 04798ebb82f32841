"""The save file (docs/save-format.md): the setup and the list of actions, replayed on load.

Decoding is typed (msgspec): a field of the wrong type, an unknown field or a missing one is
refused with a sentence naming it. Nothing in a file is ever executed. The sizes a file may have
and declare are capped (limits.py) before anything big is built from it.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from pathlib import Path

import msgspec

from desktop import __version__
from desktop.engine import Game, GameSetup, RuleError, SetupError
from desktop.engine.text import TEXT_LIMIT, clipped, problem, shown
from desktop.storage import migrations
from desktop.storage.appseats import AppSeat, as_records, misread, stranger  # noqa: F401 (AppSeat: the record's type)
from desktop.storage.durable import write_atomic
from desktop.storage.errors import SaveError
from desktop.storage.limits import MAX_ACTIONS, MAX_BYTES, read_limited

FORMAT = "actiondeck-save"
# 2: games of format 1 get their system's options of that era (migrations.py); 3: games of
# format 2 get the rules edition they were played by (the corrections from the table came after);
# 4: the file keeps who the app plays (`app_seats`; a file of format 3 has none); 5: games of
# format 4 and before get the rules edition they were played by (Tempo Combat's corrections of
# issue 26 came after); 6: an app seat's level may be other than "standard" (a file of format 5
# or before has only "standard").
VERSION = 6
WHAT = "an Action Deck save"
TOO_DEEP = "The file is nested too deeply to be an Action Deck save."
AUTOSAVE = (
    "The file is an Action Deck autosave (the journal of a game as it was played), not a save: "
    "continue it in Action Deck, or read it with actiondeck replay."
)
NOT_TEXT = "The file is damaged or is not an Action Deck save: it holds bytes that are not text."

# version -> function turning a decoded dict of that version into one of the next version
MIGRATIONS: dict[int, Callable[[dict], dict]] = {
    1: migrations.save_1_to_2, 2: migrations.save_2_to_3, 3: migrations.save_3_to_4, 4: migrations.save_4_to_5,
    5: migrations.save_5_to_6,
}


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
    app_seats: dict[str, AppSeat] = msgspec.field(default_factory=dict)  # seat -> how the app plays it
    saved_at: str = ""


def save_bytes(game: Game, name: str = "", app_seats=None) -> bytes:
    """The file of `game`, with the seats the app plays (`app_seats`: seat -> level, or the
    seats, each at the standard level); SaveError if it would hold more than a save may be read with (the
    writer keeps the reader's limits: no file is written that Action Deck would then refuse)."""
    if len(game.actions) > MAX_ACTIONS:
        raise SaveError(
            f"The game already holds {MAX_ACTIONS:,} actions, the most a save or an autosave may "
            "hold; no more can be played in it."
        )
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
        app_seats=as_records(app_seats or {}),
        saved_at=datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
    )
    return msgspec.json.format(msgspec.json.encode(record), indent=1)


def write_save(game: Game, path: Path, name: str = "", app_seats=None) -> None:
    try:
        write_atomic(Path(path), save_bytes(game, name, app_seats))
    except OSError as problem:
        reason = problem.strerror or problem
        raise SaveError(f"The game could not be saved to {shown(path)}: {reason}.") from None
    except UnicodeEncodeError:  # a lone surrogate the app let through; nothing was written
        raise SaveError("The game could not be saved: some of its text is not valid.") from None


def read_save(path: Path) -> bytes:
    return read_limited(path, MAX_BYTES, WHAT)


def decode_save(raw: bytes) -> SaveFile:
    if len(raw) > MAX_BYTES:
        raise SaveError("The file is too large to be an Action Deck save.")
    try:
        header = msgspec.json.decode(raw, type=Header)
    except msgspec.ValidationError as problem:
        # Well-formed JSON of the wrong shape. (ValidationError is a kind of DecodeError, so it
        # must be caught first, or the file would be called malformed.)
        if "$.version" in str(problem):
            raise SaveError("The file has an impossible format version.") from None
        raise SaveError("The file is not an Action Deck save.") from None
    except msgspec.DecodeError as problem:
        if _is_journal(raw):
            raise SaveError(AUTOSAVE) from None
        if "truncated" in str(problem):
            raise SaveError("The file ends too early: it was cut off while being written or copied.") from None
        raise SaveError(f"The file is not a valid save (it is not well-formed JSON: {shown(problem)}).") from None
    except RecursionError:
        raise SaveError(TOO_DEEP) from None
    except UnicodeDecodeError:
        raise SaveError(NOT_TEXT) from None
    if header.format != FORMAT:
        raise SaveError(AUTOSAVE if _is_journal(raw) else "The file is not an Action Deck save.")
    if header.version > VERSION:
        raise SaveError(
            f"The file was saved by a newer Action Deck (format {header.version}); this version "
            f"reads format {VERSION} and older: update Action Deck to open it."
        )
    if header.version < 1:
        raise SaveError(f"The file has an impossible format version ({header.version}).")
    try:
        if header.version == VERSION:
            # Straight into the typed record: one copy in memory, and a wrong shape stops early.
            record = msgspec.json.decode(raw, type=SaveFile)
        else:
            data = msgspec.json.decode(raw)
            for version in range(header.version, VERSION):
                data = MIGRATIONS[version](data)
            record = msgspec.convert(data, SaveFile)
    except msgspec.DecodeError as problem:  # a wrong field, or a number out of range
        raise SaveError(f"The save file has a mistake: {clipped(problem)}.") from None
    except RecursionError:
        raise SaveError(TOO_DEEP) from None
    except UnicodeDecodeError:
        raise SaveError(NOT_TEXT) from None
    _check_record(record)
    return record


class _JournalKind(msgspec.Struct):
    journal: str = ""


def _is_journal(raw: bytes) -> bool:
    """Whether the file is an autosave journal (JSON lines whose first names its kind)."""
    try:
        first = msgspec.json.decode(raw.partition(b"\n")[0], type=_JournalKind)
    except (msgspec.DecodeError, UnicodeDecodeError, RecursionError):
        return False
    return first.journal == "actiondeck-journal"


def _check_record(record: SaveFile) -> None:
    """What the typed decoding cannot say: how much the file declares, and its own texts."""
    if len(record.actions) > MAX_ACTIONS:
        raise SaveError(
            f"The file holds {len(record.actions):,} actions; a save may hold at most "
            f"{MAX_ACTIONS:,}."
        )
    for field in ("name", "app_version", "saved_at"):
        trouble = problem(getattr(record, field), TEXT_LIMIT)
        if trouble:
            raise SaveError(f"The save file has a mistake: its {field} {trouble}.")
    trouble = misread(record.app_seats)
    if trouble:
        raise SaveError(f"The save file has a mistake: {trouble}.")


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
        actions = game.decode_actions(record.actions)
        game = Game.replay(setup, actions)
    except (RuleError, SetupError) as problem:
        raise SaveError(f"The saved game cannot be rebuilt: {problem}") from None
    stray = stranger(record.app_seats, game.state.seat_ids())
    if stray is not None:
        raise SaveError(
            f"The save file has a mistake: its app_seats names '{shown(stray, 40)}', who is not a "
            "player of this game."
        )
    return game


def load_save(path: Path) -> tuple[Game, SaveFile]:
    record = decode_save(read_save(path))
    return game_from_record(record), record
