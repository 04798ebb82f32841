"""The words of a track, set in its small rooms: a column's label, the current column's note, a
chip's title and each row's title in the row's header.

`fitted_font` finds the largest font that sets a text whole in a room, measured once per text and
room (a track's words were measured at every repaint). A grid's row titles share one size (rows
set at different sizes read as different kinds of rows); a title that does not fit at that size
loses its trailing details first, its name last.
"""

from __future__ import annotations

import functools

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QFont, QFontMetricsF, QPainter

from desktop.ui.table.grid import Grid
from desktop.ui.table.zones import parts_of

TITLE_SMALLEST = 11  # px: a row title is never set smaller; shorter first


def fitted_font(painter: QPainter | None, text: str, rect: QRectF, largest: int, smallest: int = 10,
                bold: bool = True, lines: int = 2) -> QFont | None:
    """The largest font (down to `smallest` px) that sets `text` whole in `rect`, wrapped on at
    most `lines` lines without cutting a word; None when none does."""
    base = QFont()  # the app's font: a new one is measured anew
    size = _fitted_size(base.toString(), text, rect.width(), rect.height(), largest, smallest, bold, lines)
    if size is None:
        return None
    font = QFont()
    font.setBold(bold)
    font.setPixelSize(size)
    return font


@functools.lru_cache(maxsize=4096)
def _fitted_size(base: str, text: str, width: float, height: float, largest: int, smallest: int,
                 bold: bool, lines: int) -> int | None:
    """`fitted_font`'s size, measured once per text and room: a track's row titles and column
    labels were measured at every repaint, some 17 times an action (2 ms)."""
    font = QFont()
    font.fromString(base)
    font.setBold(bold)
    rect = QRectF(0, 0, width, height)
    flags = int(Qt.AlignmentFlag.AlignVCenter | Qt.TextFlag.TextWordWrap)
    for size in range(max(smallest, largest), smallest - 1, -1):
        font.setPixelSize(size)
        metrics = QFontMetricsF(font)
        if max((metrics.horizontalAdvance(word) for word in text.split()), default=0) > width:
            continue
        needed = metrics.boundingRect(rect, flags, text)
        if needed.height() <= min(height, metrics.lineSpacing() * lines + 1):
            return size
    return None


def title_rect(grid: Grid, row: int) -> QRectF:
    """Where a row's title is set in its header (room kept for the mark of a row acting)."""
    box = grid.label_box(row)
    return QRectF(box.x, box.y, box.width, box.height).adjusted(12, 1, -6, -1)


def title_largest(grid: Grid) -> int:
    return round(min(22.0, max(12.0, (grid.row_height - 2) * 0.42)))


def common_title_size(grid: Grid, titles: list[tuple[str, str, tuple[str, ...]]]) -> int:
    """One size for every row title of a grid (rows whose titles were set at different sizes
    read as different kinds of rows): the largest at which each title, or its name at least,
    fits; a title that does not fit whole there is shortened. `titles`: each row's `parts_of`.
    Each row's own size is worked out once per title and room (`_title_size`): a row's counts in
    its title change at nearly every action, the others' stay, and measuring all of them again
    was half a millisecond at nine rows."""
    base = QFont().toString()  # the app's font: a new one is measured anew
    sizes = [_title_size(base, grid, index, title) for index, title in enumerate(titles)]
    return max(TITLE_SMALLEST, min([title_largest(grid), *(size for size in sizes if size is not None)]))


@functools.lru_cache(maxsize=2048)
def _title_size(base: str, grid: Grid, index: int, title: tuple[str, str, tuple[str, ...]]) -> int | None:
    """The size row `index`'s title, or a shorter form of it, is set whole at near the largest
    (or the smallest it fits at; None: not even its name fits). `base` (the app's font) is read
    by `fitted_font` itself: it is here so that a new font is measured anew."""
    largest = title_largest(grid)
    rect = title_rect(grid, index)
    whole = fitted_font(None, shortened(title)[0], rect, largest, TITLE_SMALLEST)
    if whole is None or whole.pixelSize() < max(TITLE_SMALLEST, largest * 0.75):
        # Not whole at a size near the largest: shortened rather than set small.
        for text in shortened(title)[1:]:
            whole = fitted_font(None, text, rect, largest, TITLE_SMALLEST)
            if whole is not None and whole.pixelSize() >= max(TITLE_SMALLEST, largest * 0.75):
                break
    return whole.pixelSize() if whole is not None else None


def shortened(title: tuple[str, str, tuple[str, ...]]) -> list[str]:
    """A row title (`parts_of`) and its shorter forms, its details dropped one by one from the
    last ("Ann · 9/12 · 2 left" as "Ann · 9/12", then "Ann"): the row's name is kept to the last."""
    owner, name, details = title
    return [owner + name + "".join(details[:kept]) for kept in range(len(details), -1, -1)]


def row_title(title: str, parts, rect: QRectF, largest: int) -> tuple[str, QFont]:
    """A row's title (`parts`: how it shortens, `parts_of`) as large as the row allows, on
    two lines if need be; too long, its trailing parts go (the name stays) and the whole is
    in the row's tooltip."""
    for text in shortened(parts_of(parts, title)):
        font = fitted_font(None, text, rect, largest, largest)  # the grid's size, shorter first
        if font is not None:
            return text, font
    name = shortened(parts_of(parts, title))[-1]
    font = fitted_font(None, name, rect, largest, TITLE_SMALLEST)  # not even the name: smaller
    if font is not None:
        return name, font
    font = QFont()  # not even the name fits whole: cut, read in full in the tooltip
    font.setBold(True)
    font.setPixelSize(11)
    return QFontMetricsF(font).elidedText(title, Qt.TextElideMode.ElideRight, rect.width()), font
