"""Headless games to their end: every seat played by the app, or one seat by a stand-in person and
the rest by the app, until the system says the game reached its end (`Ruleset.finished`), or
nobody has a move although it has not (a stall), or an action cap.

The app's seats move through the session's own decision path (`model/app_moves.next_move`, with
each seat's bot made as `session.set_app_seat` makes it), so what is measured here is what the
window does. The stand-in person picks a random legal action that moves the game on (not
bookkeeping set `aside`), and only when one of the stages is its own: a person making their own
moves, and nothing more. An end the players choose ("End the session", `ends`) it takes with a
chance of PERSON_ENDS each time one is offered, as a person plays on for a while before calling
it a night; it plays on otherwise, and waits if it has nothing else to do while another seat
may move (with nothing else for anyone, it ends). When both the app and the person may move,
which goes first is drawn (a person acts at their own pace).

Used by tests/engine/test_game_ends.py (a few games per system) and
tests/benchmarks/bench_endings.py (200 games per system and mode).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from desktop.bots import RandomBot
from desktop.engine import Game, GameSetup, registry
from desktop.engine.actions import moves_on
from desktop.engine.errors import RuleError
from desktop.model.app_moves import ends, next_move

SYSTEMS = ("twilight-imperium", "worlds-that-remember", "future-imperfect", "price-of-power", "tempo")
MODES = ("app", "person")  # every seat the app's; one seat a person's, the rest the app's
NAMES = ["Ann", "Bo", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal"]
MOST_SEATS = 5  # more seats make longer games, not other kinds of end
CAP = 5_000  # actions: a game still going after this many is counted as not ended
PERSON_ENDS = 0.1  # the stand-in person's chance of ending the session each time it may


@dataclass
class Ending:
    system: str
    mode: str
    seed: int
    seats: int
    ended: str | None = None  # the system's sentence for its end
    stalled: str | None = None  # what the table waited for when nobody could move
    actions: int = 0
    seconds: float = 0.0
    game: Game | None = None  # the game itself, when asked to keep it (`play(keep=True)`)
    app_seats: tuple[str, ...] = ()

    @property
    def capped(self) -> bool:
        return self.ended is None and self.stalled is None


def new_game(system: str, seed: int, chooser: random.Random) -> Game:
    """2 to MOST_SEATS seats; each option with listed choices at its default half the time, else
    at one of its choices (the options kept for old saves left out)."""
    ruleset = registry.get(system)
    low, high = ruleset.players
    seats = chooser.randint(max(low, 2), min(high, MOST_SEATS))
    options = {option.key: chooser.choice(option.choices) for option in ruleset.options
               if option.choices and not option.legacy and chooser.random() < 0.5}
    return Game.new(GameSetup(ruleset=system, players=NAMES[:seats], seed=seed, options=options))


def app_seat(ruleset, seed: int):
    """A seat's bot, made as the session makes it (`set_app_seat`)."""
    return ruleset.bot(seed) or RandomBot(seed)


def person_move(game: Game, person: str, stages, chooser: random.Random, alone: bool):
    """A person's own move: a random action that moves the game on, at one of their own stages;
    the end of the session now and then (`alone`: nobody else may move now)."""
    if not any(stage.seat == person for stage in stages):
        return None
    onward = [action for action in game.legal_actions(person) if moves_on(action)]
    ending = [action for action in onward if ends(action)]
    playing = [action for action in onward if not ends(action)]
    if ending and (chooser.random() < PERSON_ENDS or (alone and not playing)):
        return chooser.choice(ending)
    return chooser.choice(playing) if playing else None


def play(system: str, mode: str, seed: int, cap: int = CAP, keep: bool = False) -> Ending:
    """One game of `system` to its end, a stall or `cap` actions (the game kept with `keep`)."""
    chooser = random.Random(f"{system}/{mode}/{seed}")
    started = time.perf_counter()
    game = new_game(system, seed, chooser)
    seats = game.state.seat_ids()
    person = chooser.choice(seats) if mode == "person" else None
    bots = {seat: app_seat(game.ruleset, chooser.randrange(2**32)) for seat in seats if seat != person}
    ending = Ending(system=system, mode=mode, seed=seed, seats=len(seats))
    while len(game.actions) < cap:
        ending.ended = game.ruleset.finished(game.state)
        if ending.ended is not None:
            break
        stages = game.stages()
        found = [move for move in (next_move(game, stages, bots),) if move is not None]
        if person is not None:
            mine = person_move(game, person, stages, chooser, alone=not found)
            if mine is not None:
                found.append((person, mine))
        if not found:
            ending.stalled = "; ".join(f"{stage.seat}: {stage.kind} {stage.label}" for stage in stages) or "no stage"
            break
        _, action = chooser.choice(found)
        try:
            game.apply(action)
        except RuleError as refusal:  # the session would ask the same seat again, for ever
            ending.stalled = f"refused {action.type} of {action.player}: {refusal}"
            break
    ending.actions = len(game.actions)
    ending.seconds = time.perf_counter() - started
    if keep:
        ending.game, ending.app_seats = game, tuple(bots)
    return ending
