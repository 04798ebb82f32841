"""A new game as the players set it up: the systems to choose from, what each one asks (its
player range, its options, its deck file), and the engine's yes or no to what was chosen.

The new-game wizard and a system's own panel (a deck builder's "new game with this deck") set a
game up here: the window never builds a game with the engine itself, nor reads a deck file
(tests/engine/test_layering.py). `build` either returns the game or raises `Refused`, the
engine's one sentence, and keeps nothing of a refused setup: a front end shows the sentence and
leaves everything typed as it was.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from desktop.engine import Game, GameSetup, SetupError, registry, rng
from desktop.engine.levels import STANDARD, Level
from desktop.engine.ruleset import Option, RulesetBase
from desktop.engine.text import NAME_LIMIT, TEXT_LIMIT

# The engine's refusal of a setup, one sentence to show as it is. The same class as the engine's,
# so that whoever starts a game (the app) catches one kind of refusal however it was built.
Refused = SetupError
System = RulesetBase  # a rule system as the wizard presents it: id, title, description, players, options

__all__ = [
    "NAME_LIMIT", "STANDARD", "TEXT_LIMIT", "Choices", "Level", "NewGame", "Option", "Refused", "System", "app_levels", "build",
    "default_options", "new_game_options", "new_seed", "seat_roles", "system", "systems",
]


def systems() -> list[System]:
    """Every installed rule system, in the order a list offers them."""
    return registry.all_rulesets()


def system(system_id: str) -> System:
    """The installed system of that id; Refused, naming it, when there is none."""
    return registry.get(system_id)


def new_seed() -> int:
    """The seed of a new game's shuffles and draws: fixed once chosen, so that a setup checked
    again (the players went back a page and on) is the same game."""
    return rng.new_seed()


def new_game_options(ruleset: System) -> tuple[Option, ...]:
    """The options a new game offers: an edition kept only for replaying old saves is given to
    them when they load, and a new game never asks for it."""
    return tuple(option for option in ruleset.options if not option.legacy)


def app_levels(ruleset: System) -> list[Level]:
    """The levels a player may have the app play a seat at, gentlest first, each with its id,
    its title and one line of how it plays (the system's own: engine/levels.py)."""
    return list(ruleset.levels)


def default_options(ruleset: System) -> dict[str, str]:
    """Every option of the system at its default."""
    return {option.key: option.default for option in ruleset.options}


def seat_roles(ruleset: System, names: Sequence[str], options: Mapping[str, str] | None = None) -> list[str]:
    """The part each of the seats `names` plays at the table, in the system's words, where its
    rules give a seat one ("" for a seat like any other): so that the players know, as they sit
    down, which seat is whose. `options`: those typed so far, the others at their defaults."""
    chosen = {**default_options(ruleset), **(options or {})}
    return [ruleset.seat_role(index, list(names), chosen) or "" for index in range(len(names))]


@dataclass(frozen=True)
class Choices:
    """What the players chose for a new game: everything the engine needs to set it up."""

    system: str  # the rule system's id
    players: tuple[str, ...]  # the players' names, in seating order
    seed: int
    options: dict[str, str] = field(default_factory=dict)
    deck_file: str = ""  # a deck file of the players' own, read as the system reads one ("": its own cards)
    deck: list[dict] | None = None  # or the deck's records themselves (a deck builder's)


def build(choices: Choices) -> Game:
    """The game the engine sets up from `choices`; Refused with its sentence when it cannot be
    (a deck file that cannot be read says why in the same way)."""
    ruleset = system(choices.system)
    deck = choices.deck
    if deck is None and choices.deck_file.strip():
        deck = _read_deck(ruleset, Path(choices.deck_file.strip()))
    setup = GameSetup(ruleset=ruleset.id, players=list(choices.players), seed=choices.seed,
                      options=dict(choices.options), deck=deck)
    return Game.new(setup)


def _read_deck(ruleset: System, path: Path) -> list[dict]:
    from desktop.storage import SaveError
    from desktop.storage.deckfile import read_deck

    try:
        return read_deck(path, ruleset.deck_records)
    except SaveError as problem:
        raise Refused(str(problem)) from None


@dataclass
class NewGame:
    """A game set up and accepted, ready for a session (`model.opening.session_for`)."""

    game: Game
    app_seats: dict[str, str]  # the seats the app plays (their ids), each with its level
    phones: bool = False  # the players use their phones: the window turns them on with the game

    @property
    def setup(self) -> GameSetup:
        return self.game.setup

    @classmethod
    def of(cls, game: Game, app_places: Iterable[int] | dict[int, str], phones: bool = False) -> NewGame:
        """`game`, the app playing the seats at `app_places` (0 for the first seat listed), each
        at the level given (place -> level), else at the standard level."""
        seats = game.state.seat_ids()
        levels = app_places if isinstance(app_places, dict) else dict.fromkeys(app_places, STANDARD)
        return cls(game, {seats[place]: level for place, level in levels.items() if 0 <= place < len(seats)}, phones)
