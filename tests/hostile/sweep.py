"""The type-confusion sweep: every field of every file format a player can hand Action Deck (each
system's card file, a save, an autosave journal), its value replaced by each wrong type in turn.

A format is a valid file of that kind, decoded, and the way the app loads it (`load(path)`: the
game, or a refusal). Its cases are every path into that data (the file itself, each field, each
item of a list, at any depth) times every value of WRONG: the case is the valid file with that one
value replaced. Cases are made lazily (a Future Imperfect deck alone makes some 50,000) and the
same each run; `sample` draws a seeded few of them.
"""

from __future__ import annotations

import random
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import msgspec

from desktop.engine import Game, GameSetup, RuleError, registry
from desktop.storage import load_save, recent, save_bytes
from desktop.storage.deckfile import read_deck
from desktop.storage.journal import Entry, JournalHeader, resume

from .judging import REFUSALS, game_problem, sentence_problem

ROOT = Path(__file__).resolve().parents[2]

# Every kind of JSON value, and the edges of each kind a decoder still reads: in place of any
# field, a loader accepts the file or refuses it with a sentence.
WRONG: tuple[tuple[str, object], ...] = (
    ("a list", []), ("a list of text", ["x"]), ("a list of objects", [{}]), ("a list of lists", [[]]),
    ("an object", {}), ("an object with a name", {"name": "x"}),
    ("text", "x"), ("empty text", ""), ("long text", "x" * 5000),
    ("a number", 7), ("zero", 0), ("a negative number", -3), ("a fraction", 1.5),
    ("the largest number", 2**64 - 1), ("the smallest number", -(2**63)), ("a huge fraction", 1e308),
    ("true", True), ("false", False), ("null", None),
)
PLAYS = 6  # legal actions played on a game a changed file still gave


@dataclass(frozen=True)
class Format:
    name: str
    data: object  # the valid file, decoded
    load: Callable[[Path], Game]  # as the app reads the file: the game, or a refusal
    lines: bool = False  # a journal: one JSON value a line (data is the list of lines)

    def encode(self, data: object) -> bytes:
        if self.lines and isinstance(data, list):
            return b"\n".join(msgspec.json.encode(line) for line in data) + b"\n"
        return msgspec.json.encode(data)

    def cases(self) -> Iterator[tuple[tuple, str, object]]:
        """(path, label of the wrong value, the wrong value), every one, in a fixed order."""
        for path in paths(self.data):
            here = value_at(self.data, path)
            for label, wrong in WRONG:
                if type(here) is type(wrong) and here == wrong:
                    continue  # not a change
                yield path, label, wrong

    def case(self, path: tuple, wrong: object) -> bytes:
        return self.encode(replaced(self.data, path, wrong))


def paths(value, path=()) -> Iterator[tuple]:
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from paths(item, (*path, index))


def value_at(data, path: tuple):
    for step in path:
        data = data[step]
    return data


def replaced(data, path: tuple, value):
    if not path:
        return value
    copy = list(data) if isinstance(data, list) else dict(data)
    copy[path[0]] = replaced(data[path[0]], path[1:], value)
    return copy


def where(path: tuple) -> str:
    return "/".join(map(str, path)) or "the whole file"


# ---- judging one case ------------------------------------------------------------------------


def _crash(crash: BaseException) -> str:
    frame = traceback.extract_tb(crash.__traceback__)[-1]
    place = f"{Path(frame.filename).name}:{frame.lineno}"
    return f"crashed at {place}: {type(crash).__name__}: {crash!s:.200}"


def judged(fmt: Format, raw: bytes, path: Path, seed: int) -> str | None:
    """None if the file was refused with one sentence, or accepted as a game that shows, plays a
    few legal actions, and saves and loads; what went wrong otherwise."""
    path.write_bytes(raw)
    try:
        game = fmt.load(path)
    except REFUSALS as refusal:
        return sentence_problem(str(refusal))
    except Exception as crash:  # noqa: BLE001 - any other exception is what the sweep looks for
        return _crash(crash)
    try:
        return played(game, random.Random(seed))
    except Exception as crash:  # noqa: BLE001
        return "accepted, then " + _crash(crash)


def shown_to_all(game: Game) -> None:
    """What the window builds for every seat (and for nobody): the view, the table, the words."""
    ruleset = game.ruleset
    for seat in [None, *(seat.id for seat in game.state.seats)]:
        view = game.view(seat)
        ruleset.table(view)
        if seat is not None:
            for action in game.legal_actions(seat)[:20]:
                ruleset.describe(action, view)
    game.stages()


def played(game: Game, rng: random.Random) -> str | None:
    try:
        game.state.copy()  # the engine's typed copy: every value of the state has its declared type
    except msgspec.ValidationError as wrong:
        return f"accepted a value of the wrong type into the game: {wrong}"
    shown_to_all(game)
    for _ in range(PLAYS):
        legal = game.legal_actions()
        if not legal:
            break
        action = rng.choice(legal)
        try:
            game.apply(action)
        except RuleError as refusal:  # a legal action refused: a sentence at least
            return f"the legal action {action!r:.120} was refused: {refusal}"
        shown_to_all(game)
    return game_problem(game)


def run(fmt: Format, cases, folder: Path) -> tuple[int, list[str]]:
    """Judges `cases` (path, label, wrong) of `fmt`; (how many, the failures)."""
    file = folder / f"{fmt.name.replace(' ', '-')}.json"
    count, failures = 0, []
    for number, (path, label, wrong) in enumerate(cases):
        count += 1
        failure = judged(fmt, fmt.case(path, wrong), file, number)
        if failure:
            failures.append(f"{fmt.name}: {where(path)} = {label}: {failure}")
    return count, failures


def sample(fmt: Format, size: int, seed: int) -> list:
    """`size` cases drawn with `seed` (reservoir sampling: the cases are never all in memory)."""
    rng = random.Random(seed)
    chosen: list = []
    for number, case in enumerate(fmt.cases()):
        if number < size:
            chosen.append(case)
        else:
            slot = rng.randrange(number + 1)
            if slot < size:
                chosen[slot] = case
    return chosen


# ---- the formats -----------------------------------------------------------------------------


def _json(*parts: str):
    return msgspec.json.decode((ROOT / "resources").joinpath(*parts).read_bytes())


def deck_format(name: str, ruleset: str, players: list[str], data) -> Format:
    def load(path: Path) -> Game:
        records = read_deck(path, registry.get(ruleset).deck_records)
        return Game.new(GameSetup(ruleset=ruleset, players=players, seed=7, deck=records))

    return Format(name, data, load)


def played_game(ruleset: str, players: list[str], deck=None, actions: int = 15, seed: int = 3) -> Game:
    game = Game.new(GameSetup(ruleset=ruleset, players=players, seed=seed, deck=deck))
    rng = random.Random(seed)
    for _ in range(actions):
        legal = game.legal_actions()
        if not legal:
            break
        game.apply(rng.choice(legal))
    return game


def _load_save(path: Path) -> Game:
    recent.summary(path)  # the start screen's line for it, read first
    return load_save(path)[0]


def _load_journal(path: Path) -> Game:
    recent.summary(path)
    resumed = resume(path)
    for warning in resumed.warnings:
        trouble = sentence_problem(warning)
        if trouble:
            raise AssertionError(f"a warning is {trouble}")
    return resumed.game


def journal_lines(game: Game, name: str = "Friday night") -> list:
    header = JournalHeader(
        journal="actiondeck-journal", version=1, app_version="0.1.0", setup=game.setup, name=name,
    )
    return [msgspec.to_builtins(header)] + [msgspec.to_builtins(Entry(do=action.to_dict())) for action in game.actions]


def wtr_deck() -> dict:
    from desktop.rulesets.worlds_that_remember.cards import characters
    from desktop.rulesets.worlds_that_remember.decks import export_text

    return msgspec.json.decode(export_text(characters()[0]))


TEMPO_PLAYERS = ["Ann", "Bo", "Gm"]  # the sample encounter's players, and the GM (the last seat)


def deck_formats() -> list[Format]:
    ti = _json("cards", "twilight-imperium.json")
    wtr = wtr_deck()
    return [
        deck_format("twilight-imperium deck", "twilight-imperium", ["Ann", "Bo"],
                    {"system": "twilight-imperium", "cards": ti["cards"][:14]}),
        deck_format("price-of-power card file", "price-of-power", ["Ann", "Bo"], _json("cards", "price-of-power.json")),
        deck_format("tempo encounter", "tempo", TEMPO_PLAYERS, _json("tempo", "sample-encounter.json")),
        deck_format("worlds-that-remember deck", "worlds-that-remember", ["Ann", "Bo"], wtr),
        deck_format("worlds-that-remember decks of a table", "worlds-that-remember", ["Ann", "Bo"], [wtr, wtr]),
        deck_format("worlds-that-remember card list", "worlds-that-remember", ["Ann", "Bo"], {"cards": wtr["cards"]}),
        deck_format("future-imperfect deck", "future-imperfect", ["Ann", "Bo"], _json("future-imperfect", "deck.json")),
    ]


def games() -> list[tuple[str, Game]]:
    """A game of every system, some with the card file they were started with in their setup."""
    ti = _json("cards", "twilight-imperium.json")["cards"][:14]
    encounter = _json("tempo", "sample-encounter.json")["characters"]
    return [
        ("twilight-imperium", played_game("twilight-imperium", ["Ann", "Bo", "Cy"], deck=ti)),
        ("price-of-power", played_game("price-of-power", ["Ann", "Bo"])),
        ("tempo", played_game("tempo", TEMPO_PLAYERS, deck=encounter)),
        ("worlds-that-remember", played_game("worlds-that-remember", ["Ann", "Bo"])),
        ("future-imperfect", played_game("future-imperfect", ["Ann", "Bo"])),
    ]


def file_formats() -> list[Format]:
    found = []
    for system, game in games():
        found.append(Format(f"{system} save", msgspec.json.decode(save_bytes(game, name="Friday night")), _load_save))
        found.append(Format(f"{system} autosave", journal_lines(game), _load_journal, lines=True))
    return found


def formats() -> list[Format]:
    return deck_formats() + file_formats()
