"""What one seat may see of a state: faces it may not see are removed, not just hidden.

A face-down card appears as None, without its instance id: an id would let a reader match the
card to its definition.
"""

from __future__ import annotations

from desktop.engine.state import GameState, Zone


def may_see(state: GameState, zone: Zone, card: str, viewer: str | None) -> bool:
    if zone.visibility == "public":
        return True
    if zone.visibility == "owner":
        return (viewer is not None and zone.owner == viewer) or card in state.revealed
    return False


def zone_view(state: GameState, zone: Zone, viewer: str | None) -> dict:
    cards = [
        {"id": card, "def": state.cards[card]} if may_see(state, zone, card, viewer) else None
        for card in zone.cards
    ]
    return {
        "id": zone.id,
        "label": zone.label,
        "visibility": zone.visibility,
        "owner": zone.owner,
        "count": len(zone.cards),
        "cards": cards,
    }


def base_view(state: GameState, viewer: str | None) -> dict:
    """The redacted state for `viewer` (None: what everyone at the table sees)."""
    return {
        "ruleset": state.ruleset,
        "viewer": viewer,
        "seats": [{"id": s.id, "name": s.name} for s in state.seats],
        "zones": {zid: zone_view(state, zone, viewer) for zid, zone in state.zones.items()},
        "counters": {seat: dict(values) for seat, values in state.counters.items()},
        "step": state.step,
    }
