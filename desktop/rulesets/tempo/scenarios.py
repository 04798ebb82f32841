"""Practice scenarios (placeholder while the rules are built)."""

from __future__ import annotations

from desktop.engine.errors import RuleError

SCENARIOS: dict = {}


def learner(state) -> str:
    return state.seat_ids()[0]


def may_start(state, seat: str) -> bool:
    return False


def next_step_words(state) -> str:
    return ""


def follow(state, act, outcome) -> None:
    return


def practice(state, act, outcome) -> None:
    raise RuleError("There is no practice scenario yet.")
