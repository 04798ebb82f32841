"""The shapes the table's layout works with (a box, a zone to place, a zone placed) and the
proportions it keeps. Pure arithmetic, tested without Qt."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # a row of a track names its grid; the grid module builds on these shapes
    from desktop.ui.table.grid import Grid

CARD_RATIO = 0.71  # width / height of a card
PILE_TITLE_WIDTH = 110.0  # room for a pile's short title ("Discard: 3", "Draw pile")
MARGIN = 10
ZONE_GAP_IN_SEAT = 4  # between the zones of another seat, in the top band (MARGIN between seats)
TITLE = 0.16  # part of a band's height used by a zone's title (at most TITLE_MAX px)
TITLE_MAX = 48
TITLE_MIN = 20
TOP_ZONES_IN_ONE_ROW = 12  # other seats' zones the top band holds in one row
CASCADE_SHOWN = 5  # a cascade shows its top five cards, each title strip above the next
CASCADE_STRIP = 0.2  # of a card's height: its title band (0.19) and a hair of its body
SPREAD_STEP = 0.75  # a spread zone's cards: each shows at least this much of its width
SPREAD_SHARE = 0.6  # the most of a band's width a spread zone takes
SPREAD_SHRINK = 0.7  # its cards shrink to show more of each, down to this part of the band's size


def one_card_wide(layout: str) -> bool:
    """A pile or a cascade: a zone one card wide, however many cards it holds."""
    return layout in ("pile", "cascade")


@dataclass(frozen=True)
class Box:
    x: float
    y: float
    width: float
    height: float

    def split(self, weights: list[float], gap: float = MARGIN) -> list[Box]:
        """Side by side, widths in proportion to `weights`."""
        free = self.width - gap * (len(weights) - 1)
        boxes, x = [], self.x
        total = sum(weights) or 1
        for weight in weights:
            width = free * weight / total
            boxes.append(Box(x, self.y, width, self.height))
            x += width + gap
        return boxes


@dataclass(frozen=True)
class Placed:
    """A zone's box on the table and the card size inside it."""

    zone: str
    box: Box
    card_height: float
    title_height: float
    band: str  # "others", "shared" or "own"
    grid: Grid | None = None  # a row of a track: the grid it is a row of
    row: int = -1  # and which row, from the top


    @property
    def card_width(self) -> float:
        return self.card_height * CARD_RATIO


@dataclass(frozen=True)
class ZonePlace:
    """What the layout needs of a zone: its id, the seat it belongs to, its layout and role."""

    zone: str
    seat: str | None
    layout: str = "row"  # fan, pile, row
    role: str = "pile"
    slots: int = 0  # a zone of slots: that many card places side by side, each outlined
    track: str = ""  # a row of this track (zones sharing it are drawn as the rows of one grid)
    spread: int = 0  # cards it shows side by side, each readable (0: it shares the band as usual)
