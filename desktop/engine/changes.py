"""What an applied (or undone) action touched, so the table redraws only that.

The change-set is computed by comparing the state before and after: the engine already keeps the
state before each action for undo, and a comparison cannot forget a field the way a hand-kept
list of touched things can.

Each reader of the game (the window's panels, a system's own) says what it reads as `Reads`, and
does nothing for a change-set that names none of it (`Reads.named_by`).
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
    table: bool = False  # the ruleset's own state: phase, turn, windows, what is owed (or the entities)
    extra: frozenset[str] = frozenset()  # which of the ruleset's own state fields changed, by name
    # The game stepped on or back (an action applied, undone or taken back): whatever is legal
    # now may differ, so every reader of the legal actions (the offers, the Turn menu, a system's
    # buttons) reads them again. A change of who looks or of the app's seats is EVERYTHING.
    moved: bool = False
    # The game log's entries (one per action, by its index) that were added with lines in them, or
    # taken back: the log reads only when one is named. An action that logged nothing names none.
    log: frozenset[int] = frozenset()
    everything: bool = False  # e.g. another seat looks now: every zone reads differently

    def __bool__(self) -> bool:
        return bool(self.zones or self.counters or self.cards or self.table or self.moved or self.log
                    or self.everything)

    def union(self, other: ChangeSet) -> ChangeSet:
        return ChangeSet(
            zones=self.zones | other.zones,
            counters=self.counters | other.counters,
            cards=self.cards | other.cards,
            table=self.table or other.table,
            extra=self.extra | other.extra,
            moved=self.moved or other.moved,
            log=self.log | other.log,
            everything=self.everything or other.everything,
        )


EVERYTHING = ChangeSet(everything=True, table=True, moved=True)


class Reads(msgspec.Struct, frozen=True, kw_only=True):
    """What a reader of the game shows, in the change-set's terms. A change-set that names none of
    it leaves what the reader shows as it is, so the reader does nothing; EVERYTHING (another seat
    looks, the app's seats changed) names everything. A reader that reads the legal actions (the
    offers, a button enabled only when its action is legal) says `moves`: what is legal is worked
    out from the whole state, so any step of the game may change it."""

    zones: frozenset[str] | bool = frozenset()  # the zones read by id, or True: any zone
    counters: bool = False
    cards: bool = False  # the marks of cards (tokens, face, position, caption)
    table: bool = False  # any of the ruleset's own state (and the entities)
    extra: frozenset[str] = frozenset()  # the ruleset's own state fields read, by name
    moves: bool = False
    log: bool = False

    def named_by(self, changes: ChangeSet | None) -> bool:
        """Whether `changes` (None: nobody knows what changed) may change what is read."""
        if changes is None or changes.everything:
            return True
        zones = bool(changes.zones) if self.zones is True else bool(self.zones and self.zones & changes.zones)
        return (
            zones
            or self.counters and bool(changes.counters)
            or self.cards and bool(changes.cards)
            or self.table and changes.table
            or bool(self.extra & changes.extra)
            or self.moves and changes.moved
            or self.log and bool(changes.log)
        )

    def unknown_fields(self, state_type: type) -> set[str]:
        """The names in `extra` that are no field of `state_type`'s own (a field renamed in the
        ruleset would otherwise leave a panel reading stale state, silently)."""
        return set(self.extra) - (set(state_type.__struct_fields__) - _BASE_FIELDS)


def diff(before: GameState, after: GameState, log: frozenset[int] = frozenset()) -> ChangeSet:
    """What differs from `before` to `after`; `log` names the log's entries the step added or took
    back (the log is the game's, not the state's: `Game` knows them)."""
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
    extra = frozenset(
        name
        for name in type(after).__struct_fields__
        if name not in _BASE_FIELDS and getattr(before, name) != getattr(after, name)
    )
    return ChangeSet(
        zones=frozenset(zones), counters=frozenset(counters), cards=frozenset(cards),
        table=bool(extra) or before.entities != after.entities, extra=extra,
        moved=before.step != after.step, log=log,
    )


def _cards(state: GameState, zone_id: str) -> list[str] | None:
    zone = state.zones.get(zone_id)
    return None if zone is None else zone.cards
