"""Seats from the names people type: one rule for every system.

A seat's id is its name in lower case with every run of other characters made a dash ("Bo Li" is
"bo-li"); letters of every script are kept ("Zoë" is "zoë", not "zo").
"""

from __future__ import annotations

import re

from desktop.engine.errors import SetupError
from desktop.engine.state import Seat


def seat_id(name: str) -> str:
    return re.sub(r"[\W_]+", "-", name.strip().lower()).strip("-")


def seats_from_names(players: list[str], low: int, high: int, game: str) -> list[Seat]:
    """The seats of `players`, refused in one sentence when there are too few or too many, or two
    names make the same id. `game` names the system in the sentence (its title)."""
    if not low <= len(players) <= high:
        many = f"{low} to {high} players" if low != high else f"{low} player{'s' if low > 1 else ''}"
        raise SetupError(f"A game of {game} is played by {many}.")
    seats = [Seat(seat_id(name), name.strip()) for name in players]
    if any(not seat.id for seat in seats):
        raise SetupError("Every player needs a name with at least one letter or digit.")
    if len({seat.id for seat in seats}) != len(seats):
        raise SetupError("Two players have the same name; give each player a different one.")
    return seats
