"""The options of each action of the table worth listing for a player (the legal list): the
handler's check (special_checks.py) keeps the accepted ones."""

from __future__ import annotations

from collections.abc import Iterator

from desktop.rulesets.tempo import actions as a
from desktop.rulesets.tempo.core import (
    base_of,
)
from desktop.rulesets.tempo.special_checks import (
    ATTACK_IDS,
    MANA_STEP_HIGH,
    QUESTIONS,
    allies_of,
    others_of,
)
from desktop.rulesets.tempo.state import DURATIONS, Character, Entry, TempoState


def choices(state: TempoState, seat: str, char: Character, entry: Entry) -> Iterator[a.Take]:
    """Every Take of this entry worth listing (the handler's check keeps the accepted ones)."""
    base = base_of(char, entry.action)

    def take(**fields) -> a.Take:
        return a.Take(player=seat, entry=entry.id, **fields)

    others = [other.id for other in others_of(state, char)]
    if base == "scan":
        for target in others:
            for question in QUESTIONS:
                yield take(target=target, question=question, confirm=True)
    elif base == "mark" or base == "guard":
        for target in others:
            yield take(target=target, confirm=True)
    elif base == "help":
        for ally in allies_of(state, char):
            yield take(target=ally.id, option="teamwork", confirm=True)
            for condition in ally.conditions:
                yield take(target=ally.id, option="clear", item=condition, confirm=True)
    elif base == "move":
        yield take(option="move")
        yield take(option="jump")
    elif base in ATTACK_IDS:
        for weapon in char.held:
            for target in others:
                yield take(weapon=weapon, target=target)
    elif base == "inventory":
        for weapon in char.held:
            yield take(option="load", item=weapon)
        stowed = [w.name for w in char.weapons if w.name not in char.held]
        for item in stowed:
            for weapon in [*char.held, ""]:
                yield take(option="swap", weapon=weapon, item=item)
        for item in char.items:
            for target in (others if item.strike else [""]):
                yield take(option="consume", item=item.name, target=target)
    elif base == "hide":
        yield take(success=True, confirm=True)
        yield take(success=False, confirm=True)
    elif base == "shift":
        values = state.counters[char.id]
        for paradigm in ["", *char.paradigms]:
            for recover in (False, True):
                yield take(paradigm=paradigm, recover=recover)
                for commit in range(min(values["mana"] + values["mana_ever"], MANA_STEP_HIGH) + 1):
                    yield take(paradigm=paradigm, recover=recover, reclaim=True, commit=commit)
    elif base == "magic":
        for amount in range(1, min(state.value(char.id, "mana"), MANA_STEP_HIGH) + 1):
            for tier in DURATIONS:
                yield take(amount=amount, tier=tier)
    else:
        yield take()
