"""Worlds That Remember's own Qt pieces, added through the window's host (desktop/ui/systems
explains how the main window finds them):

- a "Dice and odds" dock (`extension.py`, docked under the actions, reading the view through
  `dice_reading.py`): the dice panel (`dice_panel.py`, its pool rows and tag buttons in
  `dice_lists.py`, its words in `dice_rows.py`) showing the open roll's pool as the game holds it (tags, card dice,
  Conditions, Dusk's d4, one die per Support) with its exact odds; its Roll button asks the game
  to roll (the engine rolls with the game's generator); then the result in one line until the
  turn ends, and a history of rolls; a practice mode with the seat's tags when pinned open;
- a deck builder (`deck_builder.py`, Game > Deck builder...; its tag and gear rows in
  `tag_rows.py`, its new-game dialog in `new_game_dialog.py`): a character and 12 to 20 cards from
  the starter set and the Conditions, checked by the ruleset's deck validation, imported from and
  exported to deck files, and a new game started with the deck.

The table itself (hands, the Unready deck, Support through the Respond button, Fatigue and the
phase) is the generic one: nothing here changes it.
"""

from __future__ import annotations

SYSTEM = "worlds-that-remember"
WARM_UP_AFTER_MS = 200


def install(host) -> None:
    """Adds the dice dock and the menu entries through the window's host, for this game."""
    from PySide6.QtCore import QTimer

    from desktop.rulesets.worlds_that_remember.dice import odds
    from desktop.ui.systems.worlds_that_remember.extension import Extension

    Extension(host)
    # Once the table's first frame is out, on a background thread: the app's seats and the dice
    # panel wait for it (bot.ready, the panel's "Working out the odds") rather than load it here.
    QTimer.singleShot(WARM_UP_AFTER_MS, odds.warm_up)
