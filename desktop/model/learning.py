"""Learn to play: each system's first game, a practice it names (`Practices.lesson`,
engine/practice.py) set up as a ready table: the learner's seat is the person's, the app plays
every other at the lesson's level, and the practice is already started, its first step over the
table. The start screen lists them (`lessons`) and starts one (`lesson_game`); `actiondeck
--learn ID` too. Below the UI: the window never builds a game itself (tests/engine/test_layering.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from desktop.engine import Game, GameSetup, RuleError, registry
from desktop.engine.levels import known_level
from desktop.engine.seating import seat_id
from desktop.model.new_game import NewGame, Refused

LESSON_NAME = "Learn to play"  # the name a lesson's journal is started with


@dataclass(frozen=True)
class LessonEntry:
    """One system's first game as the start screen lists it."""

    system: str  # the system's id
    title: str  # the system's title
    lesson: str  # the practice's title
    teaches: str  # one line: what it teaches


def lessons() -> list[LessonEntry]:
    """Every installed system that names a first game, in the order the systems are listed."""
    found = []
    for ruleset in registry.all_rulesets():
        practices = ruleset.practices
        lesson = practices.lesson if practices is not None else None
        if lesson is not None:
            found.append(LessonEntry(ruleset.id, ruleset.title, practices.scenarios[lesson.scenario].title,
                                     lesson.teaches))
    return found


def lesson_game(system_id: str) -> NewGame:
    """The first game of `system_id`, started: its practice is the game's first action, the app
    plays every seat but the learner's. Refused (one sentence) for a system without one."""
    ruleset = registry.get(system_id)
    practices = ruleset.practices
    lesson = practices.lesson if practices is not None else None
    if lesson is None:
        raise Refused(f"{ruleset.title} has no first game to learn with yet.")
    setup = GameSetup(ruleset=ruleset.id, players=list(lesson.players), seed=lesson.seed,
                      options={**lesson.options, "practice": "on"})
    opening = practices.action(player=seat_id(lesson.players[0]), scenario=lesson.scenario)
    try:
        game = Game.replay(setup, [opening])
    except RuleError as refusal:  # a system's lesson that does not fit its own table: a sentence
        raise Refused(str(refusal)) from None
    learner = practices.learner(game.state)
    level = known_level(ruleset.levels, lesson.level)
    return NewGame(game, {seat: level for seat in game.state.seat_ids() if seat != learner})
