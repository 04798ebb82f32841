"""A game's end as a front end shows it: whether the game stands at the end its system states,
and its summary (engine/summary.py) with who played each seat in words (a person, or the app at
its level's title); the summary's text written to a file of the player's choosing.

The summary holds only what every seat may see, so any front end may show it to anyone, at the
end or at any time after (a system that goes on to its next scene keeps the whole game's).
"""

from __future__ import annotations

from pathlib import Path

from desktop.engine.levels import every_level
from desktop.engine.summary import Summary, summarize
from desktop.model.files import Refused, write_whole

__all__ = ["Refused", "ended", "players", "save_text", "summary", "summary_work"]


def ended(session) -> str | None:
    """The system's sentence for the end its game stands at now ("Round 1 is over."), or None."""
    return session.ruleset.finished(session.game.state)


def players(session) -> dict[str, str]:
    """seat -> who plays it in words, for the seats the app plays: "the app (Standard)"."""
    titles = {level.id: level.title for level in every_level(session.ruleset.levels)}
    return {seat: f"the app ({titles.get(level, level)})" for seat, level in session.app_seat_levels().items()}


def summary(session) -> Summary:
    """The game's summary as it stands (its end, if reached), with who played each seat."""
    return summarize(session.game, players(session))


def summary_work(session):
    """The work of `summary(session)` as the game stands now, for another thread: a function of
    no arguments that reads only copies taken here (the game goes on meanwhile). Its replay of the
    whole game grows with the game (about 0.15 s at action 3,000 of the slowest long game measured)."""
    from types import SimpleNamespace

    game = session.game
    copy = SimpleNamespace(setup=game.setup, ruleset=game.ruleset, state=game.state.copy(),
                           actions=list(game.actions), log=list(game.log))
    who = players(session)
    return lambda: summarize(copy, who)


def save_text(path: Path, text: str) -> None:
    """Writes a summary's text as the file at `path` (UTF-8), whole or not at all; Refused with
    one sentence when it cannot be."""
    try:
        write_whole(path, text.encode("utf-8"))
    except OSError as problem:
        reason = problem.strerror or type(problem).__name__
        raise Refused(f"The summary could not be saved as {path.name}: {reason}.") from None
