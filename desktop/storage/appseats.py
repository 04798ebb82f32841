"""Who the app plays, as save files and journals keep it (docs/save-format.md).

A seat played by the app is kept as `{"level": "standard"}`: the level it plays at
(engine/levels.py), a short lower-case word. Files of format 4 and 5 knew only "standard";
format 6 keeps any level. A level this version does not have (written by a later one) is read,
and the seat is played at the standard level (`engine.levels.known_level`).
"""

from __future__ import annotations

import msgspec

from desktop.engine.levels import STANDARD, well_formed
from desktop.engine.text import shown


class AppSeat(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    level: str = STANDARD  # checked by `misread` (a save) and `Event.well_formed` (a journal line)


def as_levels(seats) -> dict[str, str]:
    """seat -> level, from seat -> level or from seats alone (each at the standard level)."""
    if isinstance(seats, dict):
        return {seat: level.level if isinstance(level, AppSeat) else (level or STANDARD) for seat, level in seats.items()}
    return dict.fromkeys(seats, STANDARD)


def as_records(seats) -> dict[str, AppSeat]:
    """seat -> level (or an iterable of seats, each at the standard level) as file records."""
    return {seat: AppSeat(level=level) for seat, level in as_levels(seats).items()}


def levels(records: dict[str, AppSeat]) -> dict[str, str]:
    return {seat: record.level for seat, record in records.items()}


def misread(records: dict[str, AppSeat]) -> str | None:
    """What is wrong with the levels of a file's app seats, in words (None: nothing)."""
    for seat, record in records.items():
        if not well_formed(record.level):
            return (f"its app_seats gives '{shown(seat, 40)}' the level '{shown(record.level, 40)}', which is not "
                    "a level (a short word in lower case)")
    return None


def stranger(seats, seat_ids) -> str | None:
    """The first seat of `seats` that is not a seat of the game, if any."""
    known = set(seat_ids)
    return next((seat for seat in seats if seat not in known), None)
