"""The games a player can go back to, as any front end lists them: plain records (`RecentGame`),
newest first, of the systems installed here, each with its system's title and whether it is a
demo. Storage reads the files (`desktop/storage/recent.py`) and knows no system; the words a list
or a title is written in are the window's (`desktop/ui/naming.py`).

Demo games (`actiondeck --demo`, "Try a demo") are kept apart from real ones, so that looking at a
demo never hides the game a table was playing. A demo's journal carries the name `DEMO_NAME`; a
game whose setup is its system's demo setup is a demo too, whatever it is called.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from desktop.engine import SetupError, registry
from desktop.engine.ruleset import RulesetBase
from desktop.storage import journal as journals
from desktop.storage import recent
from desktop.storage.recent import AUTOSAVE, SAVE, RecentFile

DEMO_NAME = "Demo"  # the name a demo's journal is started with (model.opening.session_for)

__all__ = [
    "AUTOSAVE", "DEMO_NAME", "SAVE", "RecentGame", "demo_systems", "distinct", "forget_older_demos",
    "is_demo", "recent_games", "saves_folder", "split",
]


@dataclass(frozen=True)
class RecentGame:
    """One game to go back to, as a list shows it."""

    path: Path
    kind: str  # SAVE or AUTOSAVE
    system: str  # the rule system's id
    title: str  # the rule system's title
    seats: tuple[str, ...]  # the players' names, in seating order
    last_played: float  # the file's modification time (seconds since the epoch)
    step: int  # how many actions the game holds
    name: str  # the game's name ("" when it has none)
    demo: bool
    identity: tuple = field(default=(), compare=False, repr=False)  # one game, whatever its files
    damaged_line: int = 0  # an autosave's first line that cannot be read (0: none); it opens on those before


def recent_games(saves: Path | None = None, autosaves: Path | None = None) -> list[RecentGame]:
    """Every save and autosave this app can open, newest first: a game of a system that is not
    installed here is left out (it cannot be opened)."""
    return [game for game in map(_listed, recent.recent_files(saves, autosaves)) if game is not None]


def _listed(found: RecentFile) -> RecentGame | None:
    try:
        title = registry.get(found.system).title
    except SetupError:
        return None
    return RecentGame(
        path=found.path,
        kind=found.kind,
        system=found.system,
        title=title,
        seats=found.seats,
        last_played=found.last_played,
        step=found.step,
        name=found.name,
        demo=_demo_setup(found.name, found.system, found.seats, found.seed, found.options),
        identity=found.identity,
        damaged_line=found.damaged_line,
    )


def split(games: Iterable[RecentGame]) -> tuple[list[RecentGame], list[RecentGame]]:
    """(real games, demos), each in the order given."""
    games = list(games)
    return [g for g in games if not g.demo], [g for g in games if g.demo]


def distinct(games: Iterable[RecentGame]) -> list[RecentGame]:
    """The first (newest) file of each game: a save that was opened and played on has a newer
    autosave, and every run of one system's demo starts from the same setup."""
    seen: set[tuple] = set()
    kept = []
    for game in games:
        if game.identity in seen:
            continue
        seen.add(game.identity)
        kept.append(game)
    return kept


def saves_folder() -> Path:
    """Where a saved game goes unless the player picks another folder: where a file dialog opens."""
    from desktop.storage.paths import saves_dir

    return saves_dir()


# ---- demos ---------------------------------------------------------------------------------


def is_demo(name: str, setup) -> bool:
    """Whether a game (its name and GameSetup) is a demo game."""
    return _demo_setup(name, setup.ruleset, setup.players, setup.seed, tuple(sorted(setup.options.items())))


def _demo_setup(name: str, system: str, players, seed: int, options: tuple) -> bool:
    if name == DEMO_NAME:
        return True
    return _demo_key(system) == (seed, tuple(players), tuple(options))


_DEMO_KEYS: dict[str, tuple | None] = {}


def _demo_key(system: str) -> tuple | None:
    if system not in _DEMO_KEYS:
        try:
            demo = registry.get(system).demo()
            _DEMO_KEYS[system] = (demo.seed, tuple(demo.players), tuple(sorted(demo.options.items())))
        except SetupError:
            _DEMO_KEYS[system] = None
    return _DEMO_KEYS[system]


def demo_systems() -> list[tuple[str, str]]:
    """(id, title) of every installed system that has a demo game: one that declares its own
    `demo`. Its demo is not built here: building one plays its opening (a fifth of a second for
    some systems), and the start screen lists every system before its first frame."""

    def declares_demo(ruleset) -> bool:
        own = getattr(type(ruleset), "demo", None)
        return own is not None and own is not RulesetBase.demo

    return [(ruleset.id, ruleset.title) for ruleset in registry.all_rulesets() if declares_demo(ruleset)]


def forget_older_demos(system: str, keep: Path, folder: Path | None = None) -> None:
    """Removes the journals of earlier demos of `system`: one demo per system is enough to go
    back to, and demo journals must never crowd real games out of the kept autosaves. Only each
    journal's first line is read (`recent.journal_headers`): a demo is known by its header, and
    reading every line of every autosave made each demo's start slower as games piled up.
    Another system's journal is passed over on its header alone: asking whether it is a demo
    would import that system's rules (every installed system's: 40 ms of a demo's start)."""
    for found in recent.journal_headers(folder):
        if found.system != system or found.path == Path(keep):
            continue
        if _demo_setup(found.name, found.system, found.seats, found.seed, found.options):
            journals.remove_unless_open(found.path)  # a demo open in another window goes on
