"""The main window's menus and toolbar: Game, Edit, Turn (what can happen now, with keys), View.

`WindowMenus` makes the menu bar's menus, the toolbar and their actions once per window and owns
them; the window holds it as `window.menus`. A new game changes what the same objects say and do
(`follow`): nothing is made again, so opening game after game leaves no menus behind. A system's
own entries come and go through the window's host (desktop/ui/host.py), in the menus named here.
"""

from __future__ import annotations

# The menus a system may add entries to (`TableHost.add_menu_entry`), by name.
PLACES = ("game", "edit", "turn", "view")


class WindowMenus:
    """The window's menus, toolbar and actions, made once and kept for every game it shows."""

    def __init__(self, window) -> None:
        from PySide6.QtGui import QAction, QKeySequence

        self._window = window
        bar = window.menuBar()
        # Short, steady texts: the toolbar never jumps; the whole sentence is in the tooltip.
        self.undo_action = QAction("&Undo", window)
        self.undo_action.setShortcuts(QKeySequence.StandardKey.Undo)  # every key the platform has for it
        self.undo_action.triggered.connect(lambda: window.session.undo_stack.undo())
        self.redo_action = QAction("&Redo", window)
        self.redo_action.setShortcuts(redo_keys())
        self.redo_action.triggered.connect(lambda: window.session.undo_stack.redo())
        self.undo_action.setToolTip("Undo the last action (the toolbar's button names it)")
        self.redo_action.setToolTip("Redo the action undone (the toolbar's button names it)")
        for action, word in ((self.undo_action, "Undo"), (self.redo_action, "Redo")):
            action.setIconText(word)  # the toolbar's button: steady, whatever the menu entry says
        self.save_action = QAction("&Save", window, shortcut=QKeySequence.StandardKey.Save)
        self.save_action.triggered.connect(window.files.save)
        self.save_as_action = QAction("Save &as\u2026", window, shortcut=QKeySequence.StandardKey.SaveAs)
        self.save_as_action.triggered.connect(lambda: window.files.save(ask=True))
        new_action = QAction("&New game\u2026", window, shortcut=QKeySequence.StandardKey.New)
        new_action.triggered.connect(window.newRequested)
        open_action = QAction("&Open\u2026", window, shortcut=QKeySequence.StandardKey.Open)
        open_action.triggered.connect(window.files.open)
        self.hide_action = QAction("&Hide hands", window, shortcut="Ctrl+H")
        self.hide_action.setToolTip("Cover every hand (someone else is about to look)")
        self.hide_action.triggered.connect(lambda: window.session.hide_hands(by_person=True))
        self.phones_action = QAction("&Phones\u2026", window)
        self.phones_action.setToolTip("Players hold their hands on their phones: show each seat's code to scan")
        self.phones_action.triggered.connect(lambda: window.phones.turn_on())
        quit_action = QAction("&Quit", window, shortcut=QKeySequence.StandardKey.Quit)
        quit_action.triggered.connect(window.close)
        self.game = bar.addMenu("&Game")
        for action in (new_action, open_action, self.save_action, self.save_as_action, self.phones_action, quit_action):
            self.game.addAction(action)
        self.edit = bar.addMenu("&Edit")
        self.edit.addAction(self.undo_action)
        self.edit.addAction(self.redo_action)
        self.edit.aboutToShow.connect(self.edit_texts)
        self._build_turn(bar)
        self._build_view(bar)
        from desktop.ui.help_menu import HelpDesk

        self.help = HelpDesk(window, bar.addMenu("&Help"), about)  # the rules (F1), What can I do now?, About
        self.toolbar = window.addToolBar("Game")
        self.toolbar.setObjectName("game-toolbar")
        for action in (self.undo_action, self.redo_action, self.save_action, open_action, self.hide_action):
            self.toolbar.addAction(action)
        self._steady = steady_buttons(self.toolbar, (self.undo_action, self.redo_action))

    def _build_turn(self, bar) -> None:
        from desktop.ui.turn_menu import TurnMenu

        self.turn_menu = TurnMenu(self._window, bar)  # what can happen now, and its keys
        self.turn = self.turn_menu.menu
        self.other_action = self.turn_menu.other_action

    def _build_view(self, bar) -> None:
        from PySide6.QtGui import QAction, QActionGroup

        from desktop.ui import palette, settings

        window = self._window
        self.view = bar.addMenu("&View")
        self.view.addAction(self.hide_action)
        self.cover_on_leave = QAction("&Cover the table when the window is left", window, checkable=True)
        self.cover_on_leave.setToolTip(
            "When another window takes the focus, the curtain comes back before anyone returns"
        )
        self.cover_on_leave.toggled.connect(lambda on: settings.put("cover_on_leave", "on" if on else ""))
        self.view.addAction(self.cover_on_leave)
        self.curtain_alone = QAction("Cover the screen between turns when playing &alone", window, checkable=True)
        self.curtain_alone.setToolTip(
            "With one person against the app there is no one to hide a hand from; tick this to keep the curtain"
        )
        self.curtain_alone.toggled.connect(self._curtain_when_alone)
        self.view.addAction(self.curtain_alone)
        themes = self.view.addMenu("&Theme")
        group = QActionGroup(themes)
        chosen = palette.saved_choice()
        for label, name in (("Follow the &system", None), ("&Light", "light"), ("&Dark", "dark")):
            entry = QAction(label, themes, checkable=True)
            entry.setChecked(chosen == name)
            entry.triggered.connect(lambda _=False, n=name: window.use_theme(n, remember=True))
            group.addAction(entry)
            themes.addAction(entry)

    def menu(self, name: str):
        """One of the menus a system may add entries to (`PLACES`), by name."""
        return {"game": self.game, "edit": self.edit, "turn": self.turn, "view": self.view}[name]

    # ---- a game ----------------------------------------------------------------------------------

    def follow(self, session) -> None:
        """The window shows `session` now: the same menus say what this game allows (a read-only
        copy's Save, the system's Other actions, the curtain's settings), and Undo and Redo
        say what they would do on its `changed`. Called after the last game's signals were let go."""
        from PySide6.QtCore import QSignalBlocker
        from PySide6.QtGui import QKeySequence

        from desktop.ui import settings

        for action, text in ((self.undo_action, "&Undo"), (self.redo_action, "&Redo")):
            action.setText(text)  # never the last game's move (the Edit menu says this one's as it opens)
        # Once the game has changed, never while it changes: the stack has moved by then, and who
        # looks (which changes what Undo may take back) is settled.
        session.changed.connect(self.undo_texts)
        copy = session.read_only  # a copy is never saved over anything: it becomes a new game
        self.save_action.setText("&Save a copy as\u2026" if copy else "&Save")
        self.save_action.setToolTip("Save this read-only copy as a new game of its own, and play it here" if copy else "")
        self.save_as_action.setVisible(not copy)
        ruleset = session.ruleset
        unlisted = ruleset.unlisted is not None
        self.turn_menu.tail.setVisible(unlisted)
        self.other_action.setVisible(unlisted)
        # Hidden, it has no key, as a Turn entry no longer offered has none.
        self.other_action.setShortcut(QKeySequence("Ctrl+Shift+A" if unlisted else ""))
        hint = ruleset.unlisted_hint if unlisted else ""  # the system's words for them
        self.other_action.setToolTip(
            "Rarer actions the buttons leave out, with many possible values" + (f" ({hint})" if hint else "")
        )
        self.turn_menu.forget()  # the last game's offers are let go
        self.cover_on_leave.setChecked(settings.get("cover_on_leave") == "on")
        self.help.follow(session)
        with QSignalBlocker(self.curtain_alone):  # the game's own setting, shown: nothing to ask
            self.curtain_alone.setChecked(session.curtain_when_alone)
        self.undo_texts()

    def _curtain_when_alone(self, on: bool) -> None:
        from desktop.ui import settings

        session = self._window.session
        settings.put("curtain_when_alone", "on" if on else "")
        session.curtain_when_alone = on
        if session.viewer is not None and on:
            session.request_viewer(session.viewer)  # the curtain, now that it is wanted

    # ---- what Undo and Redo say ------------------------------------------------------------------

    def edit_texts(self) -> None:
        """The Edit menu, as it opens, says what Undo and Redo would do for the seat looking (the
        session's words: the move, or why nothing). Set on the actions only then, not at every
        action: a changed action lays the toolbar out again (its button keeps its steady icon text)."""
        import shiboken6

        session = self._window.session
        if not shiboken6.isValid(self.undo_action) or session is None:
            return
        for action, says in ((self.undo_action, session.undo_says()), (self.redo_action, session.redo_says())):
            text = "&" + says.replace("&", "&&")
            if action.text() != text:
                action.setText(text)
            if action.statusTip() != says:
                action.setStatusTip(says)  # the status bar's words while the entry is pointed at
        self.undo_texts()  # a changed action gave its button the action's steady tooltip back

    def undo_texts(self, _changes=None) -> None:
        """Undo and Redo keep short texts; the toolbar's buttons carry, in their tooltips, what they
        would do for the seat looking, in the session's words (the move they take back, or why they
        take back nothing). On the buttons, not on the actions: a changed action lays the toolbar
        out again, and the toolbar the whole window, and the undo text changes at every action."""
        import shiboken6

        from desktop.ui.put import put_tip

        window, session = self._window, self._window.session
        if session is None or not shiboken6.isValid(self.undo_action):
            return  # the window or its session is being torn down
        stack = session.undo_stack
        for action, can, says in (
            (self.undo_action, stack.canUndo(), session.undo_says),
            (self.redo_action, stack.canRedo(), session.redo_says),
        ):
            # Enabled or not: when that flips, the button takes the action's steady tooltip back.
            action.setEnabled(can and not window.curtain.isVisible())
            button = self.toolbar.widgetForAction(action)
            if button is not None:
                words = says()
                put_tip(button, words)
                if button.statusTip() != words:
                    button.setStatusTip(words)  # the status bar's, while the pointer is over it

    def allow_input(self, on: bool) -> None:
        """While the curtain is up (`on` False) no key, menu entry or toolbar button reaches the
        game: Undo, Redo and Hide hands are off and the Turn menu shut; lifted, they are as the
        game allows."""
        stack = self._window.session.undo_stack
        self.undo_action.setEnabled(on and stack.canUndo())
        self.redo_action.setEnabled(on and stack.canRedo())
        self.hide_action.setEnabled(on)
        self.turn_menu.allow_input(on)


def redo_keys() -> list:
    """Every key the platform has for Redo (Ctrl+Y on Windows and most of Linux), and Ctrl+Shift+Z
    on every platform, as docs/table.md says: a player from another system reaches for either.
    (Qt's shortcut= takes a standard key's first binding only: Ctrl+Shift+Z did nothing here.)"""
    from PySide6.QtGui import QKeySequence

    keys = QKeySequence.keyBindings(QKeySequence.StandardKey.Redo)
    both = QKeySequence("Ctrl+Shift+Z")
    return keys if both in keys else [*keys, both]


# What the curtain protects, said where a player looks for it (also in the README).
PRIVACY = (
    "The curtain stops a glance at a shared screen; it is not a lock. A save and an autosave hold "
    "the game's seed and every action, so anyone who can read those files can work out the deck "
    "order and every hand (actiondeck replay --json prints them)."
)


def about(window) -> None:
    from PySide6.QtWidgets import QMessageBox

    from desktop import __version__

    QMessageBox.about(window, "About Action Deck", f"Action Deck {__version__}\n\n{PRIVACY}")


def steady_buttons(toolbar, actions):
    """Keeps the tool bar and its buttons for `actions` (Undo, Redo) from laying the window out
    when only their action's enabled state changed: the tool bar lays itself out at any change
    of any of its actions, a button takes any change of its action as a new action (icon and
    words set again, its size asked again), and a tool bar laid out lays out the whole window
    (every dock and the table, each with a geometry animation). Undo turns on or off at about
    every other action. A change of what the button shows (its words, icon or visibility) still
    goes to both; the button's tooltip is the window's to set (`WindowMenus.undo_texts`).
    Returns the filter, which the caller keeps."""
    from PySide6.QtCore import QEvent, QObject

    class SteadyButtons(QObject):
        def __init__(self) -> None:
            super().__init__(toolbar)
            self._looks: dict = {}

        def watch(self, action) -> None:
            button = toolbar.widgetForAction(action)
            if button is not None:
                self._looks[button] = (action, self._look(action))
                button.installEventFilter(self)

        @staticmethod
        def _look(action) -> tuple:
            return (action.iconText(), action.isVisible(), action.icon().cacheKey(), action.isCheckable(),
                    action.isChecked())

        def eventFilter(self, watched, event) -> bool:
            if event.type() != QEvent.Type.ActionChanged:
                return False
            if watched is toolbar:
                button = toolbar.widgetForAction(event.action())
                known = self._looks.get(button)
                # The button's own event comes first or next: what it shows is compared there.
                return known is not None and self._look(known[0]) == known[1]
            if watched in self._looks:
                action, look = self._looks[watched]
                if self._look(action) == look:
                    watched.setEnabled(action.isEnabled())
                    return True  # nothing else it shows changed
                self._looks[watched] = (action, self._look(action))
            return False

    steady = SteadyButtons()
    for action in actions:
        steady.watch(action)
    toolbar.installEventFilter(steady)
    return steady
