"""Tempo Combat's own Qt pieces, added through the window's host (desktop/ui/systems explains
how the main window finds them):

- a "Characters" dock (`panel.py`, docked under the actions): first what may be done now (an
  Advance button, disabled with the reason when the count cannot go on, and the reactions
  usable now as Respond buttons naming their character), then a block per character, in the
  timeline's order: its HP, its Exertion as a bar out of its maximum (marked at the maximum),
  whether it exerted this scene, its conditions.

The timeline itself (ten tempo columns, a row per character, each planned action in its column,
a drag lighting only the column a card may go to) is the generic table's track. Its chips are
drawn here (`painter.py`, `paint_chip`), from the look the table description gives each
(`desktop/rulesets/tempo/looks.py`): planned as a ghost, acting, done with a tick, passed
struck through, with their E, F, X tags, an Exert's move and the R badge of a reaction.
"""

from __future__ import annotations

SYSTEM = "tempo"


def paint_chip(painter, rect, face, look=None) -> bool:
    """A card lying on the timeline, drawn as its action's chip by its look (`Table.looks`)."""
    from desktop.ui.systems.tempo.painter import paint

    return paint(painter, rect, face, look)


def install(host) -> None:
    """Adds the Characters dock through the window's host, for this game, and draws the chips of
    this window's timeline."""
    from desktop.ui.systems.tempo.panel import CharactersPanel

    host.paint_cards(chip=paint_chip)
    CharactersPanel(host)
