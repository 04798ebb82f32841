"""The rows of a track (zones sharing a `track` id: a count of steps) drawn as one grid: its
rows, columns and cells, and where the chips sit in a cell. Pure arithmetic, tested without Qt."""

from __future__ import annotations

from dataclasses import dataclass

from desktop.ui.table.geometry import Box

TRACK_HEADER = 0.09  # part of a grid's height for its column headers (TRACK_HEADER_MIN to _MAX px)
TRACK_HEADER_MIN, TRACK_HEADER_MAX = 20.0, 44.0
TRACK_LABEL = 0.22  # part of a grid's width for its row headers (TRACK_LABEL_MIN to _MAX px)
TRACK_LABEL_MIN, TRACK_LABEL_MAX = 120.0, 420.0
TRACK_ROW_MAX = 110.0  # a row no taller than this: a short track leaves room below it
TRACK_COLUMN_MIN = 48.0  # a column no narrower than this while shared zones beside it can give way
TRACK_SIDE = 0.3  # the most of the middle's width the other shared zones take beside a grid
CHIP_PAD = 3.0  # between a cell's edge and a card in it


@dataclass(frozen=True)
class Grid:
    """One track as a grid: a row per zone (in the table's order) under a strip of column
    headers, a row header (the row's title) at the left of each row, the slots as shared columns."""

    track: str
    box: Box
    rows: tuple[str, ...]
    columns: int
    header: float  # the column headers' height
    label: float  # the row headers' width

    @property
    def row_height(self) -> float:
        return (self.box.height - self.header) / max(1, len(self.rows))

    @property
    def column_width(self) -> float:
        return (self.box.width - self.label) / max(1, self.columns)

    def row_box(self, row: int) -> Box:
        """The whole row: its header and its cells."""
        return Box(self.box.x, self.box.y + self.header + row * self.row_height, self.box.width, self.row_height)

    def label_box(self, row: int) -> Box:
        line = self.row_box(row)
        return Box(line.x, line.y, self.label, line.height)

    def column_box(self, column: int) -> Box:
        """A whole column, its header included."""
        return Box(self.box.x + self.label + column * self.column_width, self.box.y, self.column_width, self.box.height)

    def header_box(self, column: int) -> Box:
        whole = self.column_box(column)
        return Box(whole.x, whole.y, whole.width, self.header)

    def cell(self, row: int, column: int) -> Box:
        line, whole = self.row_box(row), self.column_box(column)
        return Box(whole.x, line.y, whole.width, line.height)

    def column_at(self, x: float) -> int | None:
        """The column under `x`, None over the row headers or past the grid."""
        inside = x - self.box.x - self.label
        if inside < 0 or x > self.box.x + self.box.width:
            return None
        return min(self.columns - 1, int(inside // self.column_width))

    def chip_size(self) -> tuple[float, float]:
        """The size of a card lying in one cell (a chip, wider than tall), whole pixels."""
        return (float(max(8, int(self.column_width - CHIP_PAD * 2))), float(max(8, int(self.row_height - CHIP_PAD * 2))))


def chip_positions(columns: list[int | None], grid: Grid, row: int) -> list[tuple[float, float, float, float]]:
    """(x, y, width, height) of each card of a row, in the cell of the column its mark names:
    several cards in one cell share its height; a card with no column (or one out of range)
    goes to the first column, so nothing is lost from sight."""
    cell_of = [c if c is not None and 0 <= c < grid.columns else 0 for c in columns]
    width, height = grid.chip_size()
    spots = []
    for index, column in enumerate(cell_of):
        sharing = [i for i, other in enumerate(cell_of) if other == column]
        place = sharing.index(index)
        cell = grid.cell(row, column)
        each = max(6.0, (cell.height - CHIP_PAD * 2 - (len(sharing) - 1) * 2) / len(sharing))
        x = cell.x + (cell.width - width) / 2
        y = cell.y + CHIP_PAD + place * (each + 2)
        spots.append((x, y, width, min(height, each)))
    return spots
