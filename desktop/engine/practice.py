"""A practice scenario walked step by step: its title, its story, the steps a learner takes (each
a system's own `Step`: what to do, in words, and what action completes it) and its last
sentence; the run (which scenario, the next step) is part of the game state, so a saved practice
goes on where it stopped. Each step done, the next step's words are told to the learner alone
(they may name the cards of its hand)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import msgspec

from desktop.engine.ruleset import Outcome


class PracticeRun(msgspec.Struct, kw_only=True):
    scenario: str
    step: int = 0  # the next step expected


class Scenario(msgspec.Struct, frozen=True, kw_only=True):
    title: str
    story: str
    steps: tuple[Any, ...]  # the system's steps, each with its words in `do`
    end: str


def next_words(scenarios: Mapping[str, Scenario], run: PracticeRun) -> str:
    """What the learner does now, or the scenario's last sentence once every step is done."""
    scenario = scenarios[run.scenario]
    return scenario.end if run.step >= len(scenario.steps) else scenario.steps[run.step].do


def follow(scenarios: Mapping[str, Scenario], run: PracticeRun, completes: Callable[[Any], bool],
           outcome: Outcome, learner: str) -> None:
    """After an action: if it completes the step expected (`completes(step)`), the run moves on
    and the learner is told the next step."""
    scenario = scenarios[run.scenario]
    if run.step >= len(scenario.steps) or not completes(scenario.steps[run.step]):
        return
    run.step += 1
    outcome.say(f"Practice: {next_words(scenarios, run)}", seat=learner)
