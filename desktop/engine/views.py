"""What one seat may see of a state: faces it may not see are removed, not just hidden.

A face-down card appears as None, without its instance id: an id would let a reader match the
card to its definition. Card marks are kept only for cards the viewer sees, and the generator
state never leaves the engine.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec

from desktop.engine.presentation import (
    CardMarks,
    EntitySeen,
    Face,
    SeatSeen,
    SeenCard,
    View,
    ZoneSeen,
)
from desktop.engine.state import GameState, Zone


def may_see(state: GameState, zone: Zone, card: str, viewer: str | None) -> bool:
    if zone.visibility == "public":
        return True
    if zone.visibility == "owner":
        return (viewer is not None and (zone.owner == viewer or viewer in zone.seen_by)) or card in state.revealed
    return False


def zone_seen(state: GameState, zone: Zone, viewer: str | None) -> ZoneSeen:
    cards = [
        SeenCard(card, state.cards[card]) if may_see(state, zone, card, viewer) else None
        for card in zone.cards
    ]
    return ZoneSeen(
        id=zone.id,
        label=zone.label,
        visibility=zone.visibility,
        owner=zone.owner,
        seen_by=list(zone.seen_by),
        count=len(zone.cards),
        cards=cards,
    )


def base_view(
    state: GameState,
    viewer: str | None,
    face: Callable[[str], Face],
    extra: Any = None,
    public_counters: Callable[[str, str], bool] = lambda entity, key: True,
) -> View:
    """The redacted state for `viewer` (None: what everyone at the table sees).

    `face(definition_id)` describes a card face; it is asked only for faces the viewer sees.
    `public_counters(entity, key)` says which counters others may read; a seat reads its own.
    """
    zones = {zone_id: zone_seen(state, zone, viewer) for zone_id, zone in state.zones.items()}
    seen = {entry.id: entry.face for zone in zones.values() for entry in zone.cards if entry is not None}
    controllers = {entity.id: entity.controller for entity in state.entities}
    counters = {
        entity: {
            key: value
            for key, value in values.items()
            if public_counters(entity, key)
            or (viewer is not None and viewer in (entity, controllers.get(entity)))
        }
        for entity, values in state.counters.items()
    }
    return View(
        ruleset=state.ruleset,
        viewer=viewer,
        step=state.step,
        seats=[SeatSeen(seat.id, seat.name) for seat in state.seats],
        zones=zones,
        counters=counters,
        entities=[EntitySeen(e.id, e.name, e.controller) for e in state.entities],
        marks={
            card: CardMarks(tokens=mark.tokens, face_up=mark.face_up, slot=mark.slot, caption=mark.caption)
            for card, mark in state.card_states.items()
            if card in seen
        },
        faces={definition: face(definition) for definition in sorted(set(seen.values()))},
        extra=extra,
    )


def cards_named(action, cards: dict[str, str]) -> set[str]:
    """The card instance ids an action names, in any of its fields: an action naming a card
    hidden from a reader must not be listed to that reader (it would tell what a hand holds).

    Read from the action's fields as they are (a struct's values, a list's items, a dict's
    values), not from a copy of it made of plain values: an offer list reads every legal action
    this way after every change (some 80 actions a change at a table of eight)."""
    named: set[str] = set()
    pending = list(msgspec.structs.astuple(action)) if isinstance(action, msgspec.Struct) else [action]
    while pending:
        value = pending.pop()
        if isinstance(value, str):
            if value in cards:
                named.add(value)
        elif isinstance(value, (list, tuple, set, frozenset)):
            pending.extend(value)
        elif isinstance(value, dict):
            pending.extend(value.values())
        elif isinstance(value, msgspec.Struct):
            pending.extend(msgspec.structs.astuple(value))
        elif value is not None and not isinstance(value, (int, float)):
            pending.append(msgspec.to_builtins(value))  # anything else as the action's record has it
    return named


_SCALARS = frozenset((int, float, bool, type(None)))


def names_any(action, among) -> bool:
    """Whether the action names any of `among` (card ids: a set, or a dict keyed by them): the
    offer list asks it of every legal action after every change. Its fields are read flat, and
    only a field holding more than a word or a number is walked as `cards_named` walks it."""
    nested = []
    for value in msgspec.structs.astuple(action):
        kind = value.__class__
        if kind is str:
            if value in among:
                return True
        elif kind not in _SCALARS:
            nested.append(value)
    return bool(nested) and any(cards_named(value, among) for value in nested)
