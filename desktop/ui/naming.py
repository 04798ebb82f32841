"""How the window names a game to people: by its name or its players, in the window's title,
and when it was last played, in the start screen's list. The model gives the data
(`desktop/model/library.py`); the words are the window's."""

from __future__ import annotations

import datetime
from collections.abc import Iterable

from desktop.model.quoting import shown


def display_name(name: str, seats: Iterable[str]) -> str:
    """A game's name, or its players' names when it has none."""
    return shown(name, 80) if name else shown(", ".join(seats), 80)


def window_title(name: str, seats: Iterable[str], system_title: str, read_only: bool = False) -> str:
    """The game's name first; a read-only copy says so right after it (the same name as the
    window that has the game)."""
    copy = " (read-only copy)" if read_only else ""
    return f"{display_name(name, seats)}{copy} \u2014 {system_title} \u2014 Action Deck"


_DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
_MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
           "September", "October", "November", "December"]


def when(timestamp: float, now: float | None = None) -> str:
    """A last-played time as people say it: "Today, 14:05", "Yesterday, 21:40", "Monday, 09:12",
    "3 March, 18:30" this year, "3 March 2023" before (local time, the same words everywhere)."""
    moment = datetime.datetime.fromtimestamp(timestamp)
    today = datetime.date.today() if now is None else datetime.datetime.fromtimestamp(now).date()
    clock = f"{moment.hour:02d}:{moment.minute:02d}"
    days = (today - moment.date()).days
    if days == 0:
        return f"Today, {clock}"
    if days == 1:
        return f"Yesterday, {clock}"
    if 1 < days < 7:
        return f"{_DAYS[moment.weekday()]}, {clock}"
    if moment.year == today.year:
        return f"{moment.day} {_MONTHS[moment.month - 1]}, {clock}"
    return f"{moment.day} {_MONTHS[moment.month - 1]} {moment.year}"
