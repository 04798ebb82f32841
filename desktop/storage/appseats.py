"""Who the app plays, as save files and journals keep it (docs/save-format.md).

A seat played by the app is kept as `{"level": "standard"}`: the setting it plays at. This
version has one setting; a later one may add others (and a format version with them).
"""

from __future__ import annotations

from typing import Literal

import msgspec

STANDARD = "standard"


class AppSeat(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    level: Literal["standard"] = STANDARD


def as_records(seats) -> dict[str, AppSeat]:
    """seat -> level (or an iterable of seats, each at the standard level) as file records."""
    if not isinstance(seats, dict):
        seats = dict.fromkeys(seats, STANDARD)
    return {seat: level if isinstance(level, AppSeat) else AppSeat(level=level) for seat, level in seats.items()}


def levels(records: dict[str, AppSeat]) -> dict[str, str]:
    return {seat: record.level for seat, record in records.items()}


def stranger(seats, seat_ids) -> str | None:
    """The first seat of `seats` that is not a seat of the game, if any."""
    known = set(seat_ids)
    return next((seat for seat in seats if seat not in known), None)
