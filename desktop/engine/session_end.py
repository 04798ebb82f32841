"""A session the players end: for a system whose card game has no end of its own (its cards are
one part of a longer game at the table), the players say when the session is over.

A system declares its own `EndSession(SessionEnd, frozen=True, tag="end_session")` with its
docstring and the words of its confirmation (`asks = session_end_asks(...)`): what it is, who
may take it and how it is confirmed are the same for every such system, written once here.
"""

from __future__ import annotations

from typing import ClassVar

from desktop.engine.actions import Action
from desktop.engine.prompts import Ask


class SessionEnd(Action, frozen=True):
    title: ClassVar[str] = "End the session"
    ends: ClassVar[bool] = True  # the people's choice: the app takes it only when it plays every seat

    @property
    def confirm_end(self) -> bool:
        return True  # the last move of the game: always asked first


def session_end_asks(nothing_more: str) -> tuple[Ask, ...]:
    """A SessionEnd's questions: who ends the session (the seat looking, unless another is
    chosen), then the confirmation, saying what stops ("Nothing more can be played in this
    game.")."""
    return (
        Ask(field="player", kind="seat", question="Who ends the session?", optional=True),
        Ask(field="confirm_end", kind="confirm", question=f"End the session? {nothing_more}"),
    )
