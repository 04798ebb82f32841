"""The window's two side columns: the players on the left, the actions and the log on the right,
and the room each column gives to the panels a system docks beside them.

The columns keep their width whatever their contents say, so that a new entry never squeezes the
table (which would move and repaint every card). A system's panel in a column gets what its
contents ask for, up to `PANEL_SHARE` of the column; the window's own dock has the rest.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QDockWidget, QScrollArea

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMainWindow, QWidget

PANEL_SHARE = 0.4  # of a side column, the most a system's panel is given for its contents


class SideColumns:
    """The window's own docks ("players", "actions") and the sharing of their columns.

    The window forwards every `resizeDocks` here (`given`): a height a system asked for its
    panel is kept when the column is shared again."""

    def __init__(self, window: QMainWindow, players: QWidget, actions_and_log: QWidget):
        from desktop.ui.shields import LayoutShield

        self._window = window
        left = QDockWidget("Players", window)
        left.setObjectName("players-dock")
        # Eight seats do not fit a laptop's height: the players scroll, every seat stays reachable.
        seats_scroll = QScrollArea()
        seats_scroll.setWidget(players)
        seats_scroll.setWidgetResizable(True)
        seats_scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        seats_scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        seats_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        left.setWidget(seats_scroll)
        left.setFeatures(QDockWidget.DockWidgetFeature.NoDockWidgetFeatures)
        window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, left)

        right = QDockWidget("Actions and log", window)
        right.setObjectName("actions-dock")
        right.setFeatures(QDockWidget.DockWidgetFeature.NoDockWidgetFeatures)
        # The actions take the height their buttons need, scrolling past what leaves the log six lines.
        right.setWidget(LayoutShield(actions_and_log, "actions-shield"))  # of fixed width, as tall as the window
        window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, right)
        self._docks = [left, right]

        self._share_asked = False  # the columns are to be shared out once events settle
        self._shared_for: dict = {}  # own dock's name -> what its column was last shared for
        self._asked_room: set[str] = set()  # the system panels whose system gave them a height
        self._sharing = False  # the columns are resizing docks themselves (not a system asking)
        # A panel's most height needed so far, at its width: dock name -> (width, height).
        self._most: dict[str, tuple[int, int]] = {}

    def own(self, name: str) -> QDockWidget | None:
        """The window's own dock by name, for a system's dock to sit beside: "players", "actions"."""
        return {"players": self._docks[0], "actions": self._docks[1]}.get(name)

    def restart(self) -> None:
        """A new game: its system's panels start with nothing asked and nothing shared."""
        self._asked_room.clear()
        self._shared_for.clear()
        self._most.clear()

    def fit_widths(self) -> None:
        """Each column's width follows the window's, within bounds, never the contents'."""
        width = self._window.width()
        left, right = self._docks
        left.setFixedWidth(max(228, min(420, round(width * 0.17))))  # "Played by the app" whole at 1280
        right.setFixedWidth(max(260, min(520, round(width * 0.22))))

    def given(self, docks, orientation) -> None:
        """A system giving its panel a height (a battle's room, the dice panel opened whole):
        noted, so that sharing the column leaves that panel the height it was given."""
        if not self._sharing and orientation == Qt.Orientation.Vertical:
            for dock in docks:
                if dock not in self._docks:
                    self._asked_room.add(dock.objectName())

    def share_later(self) -> None:
        if not self._share_asked:
            self._share_asked = True
            # Two turns of the event loop: a system's panel refreshed after the window, and the
            # widgets it added are shown by events it queued then; read before, its contents
            # seemed empty and the panel was shrunk to nothing.
            # With the window as the timers' context: a window deleted meanwhile cancels them.
            window = self._window
            QTimer.singleShot(0, window, lambda: QTimer.singleShot(0, window, self._share))

    def _share(self) -> None:
        """Shares each side column between the window's own dock (the players, the actions and
        log) and a system's panels beside it. A panel gets what its contents ask for, up to
        `PANEL_SHARE` of the column (a new dock takes half the column: an empty "Display
        actions" kept 300 pixels while "What can happen now" scrolled; at 1280x720 a Display
        card's buttons were below the dock's edge; a system's odds kept half the players'
        column empty); more than that only if its system gave it more. The window's own dock
        has the rest: its list scrolls, and the log keeps six lines. Worked out again only when a
        panel's contents, the list or the column's height change: a handle dragged stays."""
        window = self._window
        self._share_asked = False
        docks = window.findChildren(QDockWidget, options=Qt.FindChildOption.FindDirectChildrenOnly)
        for own in self._docks:
            area = window.dockWidgetArea(own)
            others = [dock for dock in docks
                      if dock not in self._docks and dock.isVisible() and not dock.isFloating()
                      and window.dockWidgetArea(dock) == area]
            if own.isVisible() and others:
                self._share_column(own, others)

    def _share_column(self, own, others) -> None:
        column = own.height() + sum(dock.height() for dock in others)
        needs = [min(contents_height(dock), dock.maximumHeight()) for dock in others]
        wanted = own.height() - own.widget().height() + own.widget().sizeHint().height()
        # A panel keeps the most height it has needed, as long as the window's own dock still
        # gets what it wants: a check's panel needed 150, 264 and 312 pixels in turn as a check
        # went from its form to its draw and its results, and each change resized the whole
        # column (the actions, the log and their docks laid out and painted again) at every action.
        most = [max(need, self._kept(dock, need)) for dock, need in zip(others, needs)]
        if column - sum(most) >= wanted:
            needs = most
        key = (column, wanted, tuple(needs))
        if key == self._shared_for.get(own.objectName()):
            return
        self._shared_for[own.objectName()] = key
        share = round(column * PANEL_SHARE)
        sizes = []
        for dock, need in zip(others, needs):
            if dock.height() > need:
                sizes.append(need)  # what its contents do not use goes to the window's own dock
            elif dock.objectName() in self._asked_room:
                sizes.append(dock.height())  # what its system asked for it stands
            else:
                sizes.append(min(need, share))
        least = own.height() - own.widget().height() + own.widget().minimumSizeHint().height()
        if column - sum(sizes) < least:
            sizes = [min(size, dock.height()) for size, dock in zip(sizes, others)]  # no panel grows
        if any(abs(size - dock.height()) > 2 for size, dock in zip(sizes, others)):
            # Every dock of the column is named: one named alone takes from all the others in
            # proportion, the panels' own contents too.
            self._sharing = True
            try:
                self._window.resizeDocks([own, *others], [column - sum(sizes), *sizes], Qt.Orientation.Vertical)
            finally:
                self._sharing = False


    def _kept(self, dock, need: int) -> int:
        """The most `dock` has needed at its present width, `need` counted."""
        width, most = self._most.get(dock.objectName(), (dock.width(), 0))
        most = max(need, most) if width == dock.width() else need
        self._most[dock.objectName()] = (dock.width(), most)
        return most


def contents_height(dock) -> int:
    """The height a dock's contents ask for now, its title included. A scroll area's own
    size hint is the one its contents had when it was first asked (an empty panel's)."""
    holder = dock.widget()
    inner = holder.widget() if isinstance(holder, QScrollArea) and holder.widget() is not None else holder
    frame = 2 * holder.frameWidth() if isinstance(holder, QScrollArea) else 0
    return dock.height() - holder.height() + inner.sizeHint().height() + frame
