"""The board events a player can declare, the phase each belongs to, and the window it opens.

Each event kind is also the name of the timing window it opens; a card lists the windows it fits.
"action" (a component action) and "sabotage" (another player's card is resolving) are opened by
the engine itself, never declared.
"""

from __future__ import annotations

from typing import Literal

Phase = Literal["strategy", "action", "status", "agenda"]

PHASE_LABELS: dict[str, str] = {
    "strategy": "Strategy phase",
    "action": "Action phase",
    "status": "Status phase",
    "agenda": "Agenda phase",
}

# kind -> (phase in which it can happen, what the players see)
EVENTS: dict[str, tuple[str, str]] = {
    "strategy-phase-start": ("strategy", "Start of the strategy phase"),
    "strategy-card-chosen": ("strategy", "A player chooses a strategy card"),
    "system-activated": ("action", "A player activates a system"),
    "ships-moved": ("action", "A player moves ships in a tactical action"),
    "space-cannon-hits": ("action", "Space Cannon hits are about to be assigned"),
    "combat-round-start": ("action", "Start of a combat round"),
    "combat-round-end": ("action", "End of a combat round"),
    "space-combat-hits": ("action", "Hits are about to be assigned in space combat"),
    "sustain-damage": ("action", "A ship uses Sustain Damage against a hit"),
    "ship-destroyed": ("action", "A ship is destroyed in space combat"),
    "space-combat-won": ("action", "A player wins a space combat"),
    "retreat-declared": ("action", "A player declares a retreat"),
    "invasion-start": ("action", "Start of an invasion"),
    "units-committed": ("action", "Ground forces are committed to land on a planet"),
    "ground-combat-rolls": ("action", "A player rolls ground combat dice"),
    "planet-gained": ("action", "A player gains control of a planet"),
    "planet-taken": ("action", "A player takes another player's planet"),
    "strategy-cards-returned": ("status", "Strategy cards are returned"),
    "agenda-phase-start": ("agenda", "Start of the agenda phase"),
    "agenda-revealed": ("agenda", "An agenda is revealed"),
    "speaker-votes": ("agenda", "The speaker casts votes"),
    "player-elected": ("agenda", "A player is elected"),
    "votes-cast": ("agenda", "A player casts votes"),
}

WINDOW_LABELS: dict[str, str] = {
    "action": "a component action in the action phase",
    "sabotage": "when another player plays an action card",
    **{kind: label[0].lower() + label[1:] for kind, (_, label) in EVENTS.items()},
}

WindowKind = Literal[
    "action", "sabotage", "strategy-phase-start", "strategy-card-chosen", "system-activated",
    "ships-moved", "space-cannon-hits", "combat-round-start", "combat-round-end",
    "space-combat-hits", "sustain-damage", "ship-destroyed", "space-combat-won",
    "retreat-declared", "invasion-start", "units-committed", "ground-combat-rolls",
    "planet-gained", "planet-taken", "strategy-cards-returned", "agenda-phase-start",
    "agenda-revealed", "speaker-votes", "player-elected", "votes-cast",
]
