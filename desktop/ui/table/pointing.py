"""The cards a practice's step names (PracticeSeen.cards), as the table points at them: ringed and
raised above their neighbours (`CardItem.set_pointed`). The learner's view alone holds a practice,
so another seat looking sees nothing pointed at.

The table refills only the zones a change-set names; when the step moves on, the cards pointed at
change without their zones changing (the next step names a card that stayed where it was), so the
zones of the cards pointed at before or now, but not both, are refilled too (`widened`).
"""

from __future__ import annotations

NONE: frozenset[str] = frozenset()


def pointed_now(view) -> frozenset[str]:
    """The ids of the cards `view`'s practice step names (none outside a practice)."""
    practice = view.practice
    return frozenset(practice.cards) if practice is not None and practice.cards else NONE


def widened(zones: dict, view, before: frozenset[str], now: frozenset[str],
            changed: frozenset[str] | None) -> frozenset[str] | None:
    """`changed` (None: every zone) with the zones holding a card pointed at `before` or `now`
    but not both: in the view (where it lies now) or on the table (an item still showing it)."""
    if changed is None or before == now:
        return changed
    moved = before ^ now
    held = {zone_id for zone_id, zone in zones.items() if any(item.card_id in moved for item in zone.cards)}
    held.update(seen.id for seen in view.zones.values()
                if any(entry is not None and entry.id in moved for entry in seen.cards))
    return changed | held
