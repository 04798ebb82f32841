"""The main window's menus and toolbar: Game, Edit, Turn (what can happen now, with keys), View.

The window keeps the entries it needs again (`undo_action`, `turn_menu`, `cover_on_leave`...) as
its own attributes.
"""

from __future__ import annotations


def build(window) -> None:
    """The menus and the toolbar for the window's session (built again for each game)."""
    from PySide6.QtGui import QAction, QKeySequence
    from PySide6.QtWidgets import QToolBar

    window.menuBar().clear()
    for toolbar in window.findChildren(QToolBar):
        window.removeToolBar(toolbar)
    stack = window.session.undo_stack
    # Short, steady texts: the toolbar never jumps; the whole sentence is in the tooltip.
    window.undo_action = QAction("&Undo", window)
    window.undo_action.setShortcuts(QKeySequence.StandardKey.Undo)  # every key the platform has for it
    window.undo_action.triggered.connect(stack.undo)
    window.redo_action = QAction("&Redo", window)
    window.redo_action.setShortcuts(redo_keys())
    window.redo_action.triggered.connect(stack.redo)
    window.undo_action.setToolTip("Undo the last action (the toolbar's button names it)")
    window.redo_action.setToolTip("Redo the action undone (the toolbar's button names it)")
    for action, word in ((window.undo_action, "Undo"), (window.redo_action, "Redo")):
        action.setIconText(word)  # the toolbar's button: steady, whatever the menu entry says
    stack.indexChanged.connect(window._undo_texts)
    window.session.changed.connect(window._undo_texts)  # who looks changes what Undo may take back
    window.save_action = QAction("&Save", window, shortcut=QKeySequence.StandardKey.Save)
    window.save_action.triggered.connect(window.save)
    save_as = QAction("Save &as\u2026", window, shortcut=QKeySequence.StandardKey.SaveAs)
    save_as.triggered.connect(lambda: window.save(ask=True))
    if window.session.read_only:  # a copy is never saved over anything: it becomes a new game
        window.save_action.setText("&Save a copy as\u2026")
        window.save_action.setToolTip("Save this read-only copy as a new game of its own, and play it here")
        save_as.setVisible(False)
    new_action = QAction("&New game\u2026", window, shortcut=QKeySequence.StandardKey.New)
    new_action.triggered.connect(window.newRequested)
    open_action = QAction("&Open\u2026", window, shortcut=QKeySequence.StandardKey.Open)
    open_action.triggered.connect(window.open_file)
    window.hide_action = QAction("&Hide hands", window, shortcut="Ctrl+H")
    window.hide_action.setToolTip("Cover every hand (someone else is about to look)")
    window.hide_action.triggered.connect(lambda: window.session.hide_hands(by_person=True))
    quit_action = QAction("&Quit", window, shortcut=QKeySequence.StandardKey.Quit)
    quit_action.triggered.connect(window.close)
    game = window.menuBar().addMenu("&Game")
    for action in (new_action, open_action, window.save_action, save_as, quit_action):
        game.addAction(action)
    edit = window.menuBar().addMenu("&Edit")
    edit.addAction(window.undo_action)
    edit.addAction(window.redo_action)
    edit.aboutToShow.connect(lambda: edit_texts(window))
    window.turn_menu = window.menuBar().addMenu("&Turn")
    window.turn_entries, window.turn_offers = [], []  # the Turn menu's entries and their offers
    # What the legal list leaves out (the ruleset's `unlisted`), after a separator below what can happen
    # now; worked out when chosen. The entries above are put before the separator.
    window.turn_tail = window.other_action = None
    if window.session.ruleset.unlisted is not None:
        window.turn_tail = window.turn_menu.addSeparator()
        window.other_action = window.turn_menu.addAction("&Other actions\u2026", window._other_actions)
        window.other_action.setShortcut(QKeySequence("Ctrl+Shift+A"))
        hint = window.session.ruleset.unlisted_hint  # the system's words for them
        window.other_action.setToolTip(
            "Rarer actions the buttons leave out, with many possible values" + (f" ({hint})" if hint else "")
        )
    view = window.menuBar().addMenu("&View")
    window.menus = {"game": game, "edit": edit, "turn": window.turn_menu, "view": view}  # a system's places
    view.addAction(window.hide_action)
    from desktop.ui import settings

    window.cover_on_leave = QAction("&Cover the table when the window is left", window, checkable=True)
    window.cover_on_leave.setToolTip(
        "When another window takes the focus, the curtain comes back before anyone returns"
    )
    window.cover_on_leave.setChecked(settings.get("cover_on_leave") == "on")
    window.cover_on_leave.toggled.connect(lambda on: settings.put("cover_on_leave", "on" if on else ""))
    view.addAction(window.cover_on_leave)
    window.curtain_alone = QAction("Cover the screen between turns when playing &alone", window, checkable=True)
    window.curtain_alone.setToolTip(
        "With one person against the app there is no one to hide a hand from; tick this to keep the curtain"
    )
    window.curtain_alone.setChecked(window.session.curtain_when_alone)
    window.curtain_alone.toggled.connect(lambda on: _curtain_when_alone(window, on))
    view.addAction(window.curtain_alone)
    themes = view.addMenu("&Theme")
    from PySide6.QtGui import QActionGroup

    group = QActionGroup(themes)
    from desktop.ui import palette

    chosen = palette.saved_choice()
    for label, name in (("Follow the &system", None), ("&Light", "light"), ("&Dark", "dark")):
        entry = QAction(label, themes, checkable=True)
        entry.setChecked(chosen == name)
        entry.triggered.connect(lambda _=False, n=name: window.use_theme(n, remember=True))
        group.addAction(entry)
        themes.addAction(entry)
    window.menuBar().addMenu("&Help").addAction("&About Action Deck", lambda: about(window))
    toolbar = window.addToolBar("Game")
    toolbar.setObjectName("game-toolbar")
    window.toolbar = toolbar
    for action in (window.undo_action, window.redo_action, window.save_action, open_action, window.hide_action):
        toolbar.addAction(action)
    window._undo_texts()


def redo_keys() -> list:
    """Every key the platform has for Redo (Ctrl+Y on Windows and most of Linux), and Ctrl+Shift+Z
    on every platform, as docs/table.md says: a player from another system reaches for either.
    (Qt's shortcut= takes a standard key's first binding only: Ctrl+Shift+Z did nothing here.)"""
    from PySide6.QtGui import QKeySequence

    keys = QKeySequence.keyBindings(QKeySequence.StandardKey.Redo)
    both = QKeySequence("Ctrl+Shift+Z")
    return keys if both in keys else [*keys, both]


def _curtain_when_alone(window, on: bool) -> None:
    from desktop.ui import settings

    settings.put("curtain_when_alone", "on" if on else "")
    window.session.curtain_when_alone = on
    if window.session.viewer is not None and on:
        window.session.request_viewer(window.session.viewer)  # the curtain, now that it is wanted


def edit_texts(window) -> None:
    """The Edit menu, as it opens, says what Undo and Redo would do for the seat looking (the
    session's words: the move, or why nothing). Set on the actions only then, not at every
    action: a changed action lays the toolbar out again (its button keeps its steady icon text)."""
    import shiboken6

    if not shiboken6.isValid(window.undo_action) or window.session is None:
        return
    for action, says in ((window.undo_action, window.session.undo_says()),
                         (window.redo_action, window.session.redo_says())):
        text = "&" + says.replace("&", "&&")
        if action.text() != text:
            action.setText(text)
    undo_texts(window)  # a changed action gave its button the action's steady tooltip back


def undo_texts(window, _changes=None) -> None:
    """Undo and Redo keep short texts; the toolbar's buttons carry, in their tooltips, what they
    would do for the seat looking, in the session's words (the move they take back, or why they
    take back nothing). On the buttons, not on the actions: a changed action lays the toolbar
    out again, and the toolbar the whole window, and the undo text changes at every action."""
    import shiboken6

    from desktop.ui.widgets import put_tip

    stack = window.session.undo_stack
    if not shiboken6.isValid(stack) or not shiboken6.isValid(window.undo_action):
        return  # the window or its session is being torn down
    toolbar = getattr(window, "toolbar", None)
    session = window.session
    for action, can, says in (
        (window.undo_action, stack.canUndo(), session.undo_says),
        (window.redo_action, stack.canRedo(), session.redo_says),
    ):
        # Enabled or not: when that flips, the button takes the action's steady tooltip back.
        action.setEnabled(can and not (window._built and window.curtain.isVisible()))
        button = toolbar.widgetForAction(action) if toolbar is not None and shiboken6.isValid(toolbar) else None
        if button is not None:
            put_tip(button, says())


def fill_turn_menu(window, offers) -> None:
    """The Turn menu lists what can happen now; kinds that name a key get it. Its entries are
    kept and changed in place (texts, keys, offers), fewer hidden, more made only when more are
    offered than ever: remaking every entry was half a millisecond of every action."""
    from PySide6.QtGui import QAction, QKeySequence

    from desktop.ui.widgets import put_text

    entries, chosen = window.turn_entries, window.turn_offers
    used: set[str] = set()
    wanted = []
    for text, offer in offers:
        key = getattr(type(offer.choices[0]), "shortcut", "")
        if key and key not in used and (offer.seat is None or offer.seat == window.session.viewer
                                        or len([o for _, o in offers if o.kind == offer.kind]) == 1):
            used.add(key)
        else:
            key = ""
        wanted.append((text, key, offer))
    while len(entries) < len(wanted):
        action = QAction(window.turn_menu)
        index = len(entries)
        # The entry reads its offer when chosen: an entry is never remade, so never deleted
        # inside its own handler (a refresh may run there, when its key opened a prompt).
        action.triggered.connect(lambda _=False, i=index: chosen[i] is not None and window._offer_chosen(chosen[i], by_key=True))
        window.turn_menu.insertAction(window.turn_tail, action)
        entries.append(action)
        chosen.append(None)
    for index, action in enumerate(entries):
        if index < len(wanted):
            text, key, offer = wanted[index]
            chosen[index] = offer
            put_text(action, text)
            if action.shortcut().toString() != key:
                action.setShortcut(QKeySequence(key))
            if not action.isVisible():
                action.setVisible(True)
        elif action.isVisible():
            chosen[index] = None
            action.setShortcut(QKeySequence())
            action.setVisible(False)
    window.turn_menu.setEnabled((bool(offers) or window.other_action is not None) and not window.curtain.isVisible())


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
