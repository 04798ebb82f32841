"""Tempo Combat's own Qt pieces, added through the window's host (desktop/ui/systems explains
how the main window finds them):

- a "Characters" dock (`panel.py`, docked under the actions): a block per character, in the
  timeline's order: its HP, its Exertion as a bar out of its maximum (marked at the maximum),
  whether it exerted this scene, its conditions; the reactions it may use now as Respond
  buttons; and an Advance button, disabled with the reason when the count cannot go on.

The timeline itself (ten tempo columns, a row per character, each planned action in its column,
a drag lighting only the column a card may go to) is the generic table's track: nothing here
draws it.
"""

from __future__ import annotations

SYSTEM = "tempo"


def install(host) -> None:
    """Adds the Characters dock through the window's host, for this game."""
    from desktop.ui.systems.tempo.panel import CharactersPanel

    CharactersPanel(host)
