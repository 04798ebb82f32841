"""What the main window offers a system's own Qt pieces: named places and one lifecycle.

A system's module under `desktop/ui/systems/<id>` gets a `TableHost` in `install(host)` and
adds its pieces through it: a dock beside the table, an entry in a named menu, an action on the
toolbar, its own card painters for this window's table, clicks on cards, a new game opened in
the window. Whatever it added this way is taken
away when the window turns to another game or closes (`close`), so a system never searches the
window for menus or toolbars, never filters the table's events and never stores itself on the
window. Taken away at the window's close too: a session may outlive its window (another front end,
the phones, still holds it), and the system's slots linked to it called panels already deleted.
"""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import QEvent, QObject, QPointF, QSizeF, Qt, Signal
from PySide6.QtWidgets import QDockWidget, QScrollArea, QWidget

SIDES = {"left": Qt.DockWidgetArea.LeftDockWidgetArea, "right": Qt.DockWidgetArea.RightDockWidgetArea}


class TableHost(QObject):
    # A card clicked (not dragged): its id, its zone, where in the card (its own coordinates) and
    # the card's size; a system may read a click on a part of its face (a grid cell, a button).
    cardClicked = Signal(str, str, QPointF, QSizeF)
    covered = Signal(bool)  # the curtain came up (True) or was lifted (False)

    def __init__(self, window, session):
        super().__init__(window)
        self._window = window
        self.session = session
        self._docks: list[QDockWidget] = []
        self._actions: list[tuple[object, object]] = []  # (menu or toolbar, action)
        self._links: list[tuple[object, object]] = []  # (signal, slot) to disconnect
        self._teardown = None
        self._painted = False  # the table draws this system's cards (`paint_cards`)
        self._closed = False
        self.link(window.table_view.cardClicked, self.cardClicked.emit)
        window.installEventFilter(self)  # its close takes the system's pieces away

    def eventFilter(self, watched, event) -> bool:
        if event.type() == QEvent.Type.Close and watched is self._window:
            self.close()
        return False

    # ---- places ------------------------------------------------------------------------------

    def add_dock(self, name: str, title: str, widget: QWidget, side: str = "right", under: str = "",
                 scroll: bool = True, shown: bool = True) -> QDockWidget:
        """A panel docked beside the table (`side`), or under one of the window's own panels
        (`under="actions"`); in a scroll area unless `scroll` is False, so that a small screen
        scrolls it rather than squeezing the table. Disabled behind the curtain like the others.
        `shown=False`: it starts hidden, until the system shows it (showing a panel and hiding it
        at once cost a start the whole panel's first layout)."""
        dock = QDockWidget(title, self._window)
        dock.setObjectName(name)
        dock.setFeatures(QDockWidget.DockWidgetFeature.NoDockWidgetFeatures)
        if scroll:
            holder = QScrollArea()
            holder.setWidget(widget)
            holder.setWidgetResizable(True)
            holder.setFrameShape(QScrollArea.Shape.NoFrame)
            holder.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
            holder.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Tab reaches the panel's controls
            widget = holder
        dock.setWidget(widget)
        self._window.addDockWidget(SIDES[side], dock)
        neighbour = self._window.own_dock(under) if under else None
        if neighbour is not None:
            self._window.splitDockWidget(neighbour, dock, Qt.Orientation.Vertical)
        dock.setEnabled(not self.is_covered())
        # A child added to a window already on screen is hidden until shown; one hidden outright
        # stays so when the window is shown later.
        dock.setVisible(shown)
        dock.visibilityChanged.connect(self._dock_shown)
        self._docks.append(dock)
        return dock

    def _dock_shown(self, visible: bool) -> None:
        """A system's panel gone: the window laid out at once. Left to the layout's posted
        request, the next frame showed the panel's place empty, and the panels beside it grew
        into it only a frame later. A window going (deleted, closed) hides its panels as it goes:
        nothing to lay out then, and a window Qt is deleting must not be touched."""
        if not visible and not self._closed and shiboken6.isValid(self._window) and self._window.isVisible():
            self._window.layout().activate()

    def make_room(self, dock: QDockWidget, height: int) -> None:
        """Asks for `height` pixels for one of this host's docks (a panel that just began to
        matter, like a battle), taken from its neighbours in the same column; the window's
        height and the neighbours' minimums still win."""
        self._window.resizeDocks([dock], [height], Qt.Orientation.Vertical)

    def own_dock(self, name: str) -> QDockWidget | None:
        """One of the window's own panels ("players", "actions"), to size a dock beside it."""
        return self._window.own_dock(name)

    def add_menu_entry(self, menu: str, text: str, triggered, shortcut: str = "", tip: str = ""):
        """An entry at the end of a named menu: "game", "edit", "turn" or "view"."""
        from PySide6.QtGui import QAction

        from desktop.ui.menus import PLACES

        if menu not in PLACES:
            raise ValueError(f"No menu named {menu!r}; the menus are {', '.join(PLACES)}.")
        target = self._window.menus.menu(menu)
        action = QAction(text, self._window)
        if shortcut:
            action.setShortcut(shortcut)
        if tip:
            action.setToolTip(tip)
        action.triggered.connect(lambda _=False: triggered())
        target.addAction(action)
        self._actions.append((target, action))
        return action

    def add_toolbar_action(self, action) -> None:
        """An action (made by the system) on the window's toolbar."""
        toolbar = self._window.menus.toolbar
        toolbar.addAction(action)
        self._actions.append((toolbar, action))

    def paint_cards(self, face=None, chip=None) -> None:
        """The system draws its own cards on this window's table (`faces.CardPainters`): `face`
        any card, `chip` a card lying on a track, each `(painter, rect, face, look)` returning
        False to leave a card to the generic painter. Another window keeps its own painters."""
        from desktop.ui.table.faces import CardPainters

        self._painted = True
        self._window.table_view.set_painters(CardPainters(face=face, chip=chip))

    def link(self, signal, slot) -> None:
        """Connects `signal` to `slot` until the host closes (the session's signals, say)."""
        signal.connect(slot)
        self._links.append((signal, slot))

    def follow(self, slot, reads) -> None:
        """Calls `slot(changes)` at each change of the game whose change-set names something the
        panel reads (`reads`: a `desktop.engine.changes.Reads`, or a function giving the one that
        holds for what the panel shows now, read at each change); a change naming none of it
        leaves the panel alone. The names of the system's own state it reads must be fields of
        the game's state: a field renamed in the ruleset is said at once, never a stale panel."""
        state_type = type(self.session.game.state)
        checked: set = set()

        def check(found):
            if found not in checked:
                unknown = found.unknown_fields(state_type)
                if unknown:
                    raise ValueError(f"{state_type.__name__} has no field {', '.join(sorted(unknown))}: "
                                     "a panel reads state that is not there.")
                checked.add(found)
            return found

        if callable(reads):
            check(reads())  # as the panel is now, at its install: a wrong name is said at once
            self.link(self.session.changed, lambda changes: check(reads()).named_by(changes) and slot(changes))
        else:
            check(reads)
            self.link(self.session.changed, lambda changes: reads.named_by(changes) and slot(changes))

    # ---- the window's state ------------------------------------------------------------------

    def is_covered(self) -> bool:
        curtain = getattr(self._window, "curtain", None)
        return curtain is not None and curtain.isVisible()

    def open_game(self, game) -> None:
        """Starts `game` in this window (with its own autosave), in place of the current one."""
        from PySide6.QtCore import QTimer

        from desktop.model.opening import session_for
        from desktop.ui import settings

        session = session_for(game, curtain_when_alone=settings.get("curtain_when_alone") == "on")
        QTimer.singleShot(0, lambda: self._window.set_session(session))  # not from inside a handler

    def take_offer(self, offer) -> None:
        """A system's panel chose `offer` for the seat looking: taken as the window's own
        buttons take it (its questions asked of the seat it belongs to, in the window's dialog)."""
        self._window._offer_chosen(offer)

    def parent_widget(self) -> QWidget:
        """The window, as the parent of a system's dialogs."""
        return self._window

    # ---- lifecycle -----------------------------------------------------------------------------

    def on_close(self, teardown) -> None:
        self._teardown = teardown

    def close(self) -> None:
        """Takes away everything the system added: its game is no longer on the table. Once:
        the window closing, then turning to another game, asks twice."""
        if self._closed:
            return
        self._closed = True
        if self._teardown is not None:
            teardown, self._teardown = self._teardown, None
            teardown()
        import warnings

        for signal, slot in self._links:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", RuntimeWarning)  # a receiver already gone
                try:
                    signal.disconnect(slot)
                except (RuntimeError, TypeError):
                    pass  # the sender is gone already
        self._links.clear()
        if self._painted:
            from desktop.ui.table.faces import NO_PAINTERS

            self._painted = False
            self._window.table_view.set_painters(NO_PAINTERS)
        for holder, action in self._actions:
            holder.removeAction(action)
            action.deleteLater()
        self._actions.clear()
        for dock in self._docks:
            self._window.removeDockWidget(dock)
            dock.hide()
            dock.setParent(None)  # gone from the window now; deleted once no event is on its way
            dock.deleteLater()
        self._docks.clear()
        self.deleteLater()
