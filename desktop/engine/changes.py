"""What an applied (or undone) action touched, so the table redraws only that.

The change-set is computed by comparing the state before and after: the engine already keeps the
state before each action for undo, and a comparison cannot forget a field the way a hand-kept
list of touched things can.
"""

from __future__ import annotations

import msgspec

from desktop.engine.state import GameState

# The fields every state has; anything else a ruleset adds is its own table state.
_BASE_FIELDS = {"ruleset", "seats", "cards", "zones", "counters", "revealed", "rng", "step",
                "card_states", "entities"}


class ChangeSet(msgspec.Struct, frozen=True, kw_only=True):
    zones: frozenset[str] = frozenset()
    counters: frozenset[str] = frozenset()  # entity (or seat) ids whose counters changed
    cards: frozenset[str] = frozenset()  # cards whose marks (tokens, face, position, caption) changed
    table: bool = False  # the ruleset's own state: phase, turn, windows, what is owed
    log: bool = True
    everything: bool = False  # e.g. another seat looks now: every zone reads differently

    def __bool__(self) -> bool:
        return bool(self.zones or self.counters or self.cards or self.table or self.everything)

    def union(self, other: ChangeSet) -> ChangeSet:
        return ChangeSet(
            zones=self.zones | other.zones,
            counters=self.counters | other.counters,
            cards=self.cards | other.cards,
            table=self.table or other.table,
            log=self.log or other.log,
            everything=self.everything or other.everything,
        )


EVERYTHING = ChangeSet(everything=True, table=True)


def diff(before: GameState, after: GameState) -> ChangeSet:
    zones = {
        zone_id
        for zone_id in before.zones.keys() | after.zones.keys()
        if _cards(before, zone_id) != _cards(after, zone_id)
    }
    # A revealed card reads differently in its zone although the zone did not change.
    for card in set(before.revealed) ^ set(after.revealed):
        zone = after.zone_of(card) or before.zone_of(card)
        if zone is not None:
            zones.add(zone.id)
    counters = {
        entity
        for entity in before.counters.keys() | after.counters.keys()
        if before.counters.get(entity) != after.counters.get(entity)
    }
    cards = {
        card
        for card in before.card_states.keys() | after.card_states.keys()
        if before.card_states.get(card) != after.card_states.get(card)
    }
    table = any(
        getattr(before, name) != getattr(after, name)
        for name in type(after).__struct_fields__
        if name not in _BASE_FIELDS
    ) or before.entities != after.entities
    return ChangeSet(
        zones=frozenset(zones), counters=frozenset(counters), cards=frozenset(cards), table=table
    )


def _cards(state: GameState, zone_id: str) -> list[str] | None:
    zone = state.zones.get(zone_id)
    return None if zone is None else zone.cards
