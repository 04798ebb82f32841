"""Worlds That Remember's own Qt pieces (desktop/ui/systems explains how the main window finds
them):

- a "Dice and odds" dock (`extension.py`): the generic odds panel showing the open roll's pool as
  the game holds it (tags, card dice, Conditions, Dusk's d4, one die per Support) with its exact
  odds; its Roll button asks the game to roll (the engine rolls with the game's generator); the
  result and a history of rolls; a practice mode with the seat's tags when no roll is open;
- a deck builder (`deck_builder.py`, Game > Deck builder...): a character and 12 to 20 cards from
  the starter set and the Conditions, checked by the ruleset's deck validation, imported from and
  exported to deck files, and a new game started with the deck.

The table itself (hands, the Unready deck, Support through the Respond button, Fatigue and the
phase) is the generic one: nothing here changes it.
"""

from __future__ import annotations

SYSTEM = "worlds-that-remember"


def install(window, session):
    """Adds the dice dock and the menu entries (built once per window) and follows `session`;
    returns what takes them away when the window turns to another game."""
    from PySide6.QtCore import QTimer

    from desktop.rulesets.worlds_that_remember.dice.odds import warm_up
    from desktop.ui.systems.worlds_that_remember.extension import Extension

    QTimer.singleShot(2000, warm_up)  # once the table is up: the first roll's odds come at once

    extension = getattr(window, "worlds_that_remember", None)
    if extension is None:
        extension = Extension(window)
        window.worlds_that_remember = extension
    extension.bind(session)
    return extension.unbind
