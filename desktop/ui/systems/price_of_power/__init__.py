"""Price of Power's own Qt pieces, added through the window's host (desktop/ui/systems explains
how the main window finds them):

- a "Display actions" dock (`panel.py`, docked under the actions): every seat's Display cards
  with their cubes left, and each of their actions as a button reading its cost after the
  Advisors' discounts and the cubes it spends; a button that cannot be used now is greyed, with
  the public reason the view gives. A button hands the owner's legal use of that action to the
  session (which passes the screen to the owner first when another seat is looking).

- a "Battle" dock (`battle_panel.py`), shown while a battle is under way: both sides' Battle
  Actions this round, the dice they added, whose step it is, and the step's buttons.

The card face (`painter.py`): the generic face with the cost in the top-left corner, on the
deck's colour, readable on the smallest card of a 1280x720 table.

The display panels on the table (two slots per seat, the cubes as tokens) are the generic
table's zones of slots: nothing here draws them.
"""

from __future__ import annotations

SYSTEM = "price-of-power"


def paint_face(painter, rect, face, look=None) -> bool:
    """The generic face with the card's cost in its top-left corner, readable at any size."""
    from desktop.ui.systems.price_of_power.painter import paint

    return paint(painter, rect, face)


def install(host) -> None:
    """Adds the Display actions and Battle docks through the window's host, for this game, and
    draws the cards of this window's table."""
    from desktop.ui.systems.price_of_power.battle_panel import BattlePanel
    from desktop.ui.systems.price_of_power.panel import DisplayActions

    host.paint_cards(face=paint_face)
    DisplayActions(host)
    BattlePanel(host)
