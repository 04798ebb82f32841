"""The card rules as Action Deck 0.1 shipped them, kept so that games saved by it replay the same.

Checking the data against the printed cards changed three cards and one rule (docs/decisions.md,
"Corrections after checking the printed cards"). A game saved before then may hold a play that
the corrected rules refuse (Direct Hit played by the ship's owner, say), and a save must always
load. Such files are migrated to the option `card_rules=0.1`, which brings these rules back for
that game only; new games always use the corrected ones.
"""

from __future__ import annotations

import msgspec

from desktop.rulesets.twilight_imperium import cards

OPTION = "card_rules"
PRINTED = "printed"
FIRST_RELEASE = "0.1"
KEY = "builtin-0.1"

CHANGES = {
    "direct-hit": {
        "who": "any",
        "timing": "After an enemy ship uses Sustain Damage against your hit",
    },
    "cripple-defenses": {
        "offensive": True,
        "requirement": "another player's planet with a PDS",
        "text": "Pick a planet and destroy all PDS units on it.",
    },
    "upgrade": {
        "requirement": "your cruiser or destroyer in the active system",
        "text": "Swap one of your cruisers or destroyers there for a dreadnought from reinforcements.",
    },
}


def first_release_deck() -> tuple[str, dict[str, cards.CardDef]]:
    if KEY not in cards._DECKS:
        _, printed = cards.builtin_deck()
        cards._DECKS[KEY] = {
            card_id: msgspec.structs.replace(card, **CHANGES.get(card_id, {}))
            for card_id, card in printed.items()
        }
    return KEY, cards._DECKS[KEY]
