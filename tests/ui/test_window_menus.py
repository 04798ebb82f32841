"""The window's menus, toolbar and their actions are made once (`desktop.ui.menus.WindowMenus`):
games opened one after another change them in place, so nothing piles up, and each game's Undo,
Save and Other actions are its own."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QMenu, QToolBar
from table_helpers import started_game, window_on

from desktop.engine.demo import demo_game
from desktop.model import GameSession
from desktop.storage import save_bytes

# Twilight Imperium (no system pieces), Worlds That Remember (menu entries and a toolbar action
# through the host), Tempo Combat (the Turn menu's Other actions).
SYSTEMS = ("twilight-imperium", "worlds-that-remember", "tempo")


def menu_objects(window) -> tuple[int, int, int]:
    """The window's actions, menus and toolbars, once what was let go is deleted."""
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    QApplication.processEvents()
    return (len(window.findChildren(QAction)), len(window.findChildren(QMenu)),
            len(window.findChildren(QToolBar)))


def test_opening_games_again_and_again_leaves_no_menus_behind(qtbot, monkeypatch, tmp_path):
    """Through the window's open path (Game > Open: `openRequested`, the app's `reopen`): each
    system's game opened three times; from the second round on, the window holds as many actions,
    menus and toolbars after each game as the round before (once about 30 more per opening)."""
    import desktop.app as app
    from desktop.ui.main_window import MainWindow

    monkeypatch.setattr(app, "settle_heap", lambda: None)  # the heap's settling is not what is tested
    paths = []
    for ruleset_id in SYSTEMS:
        path = tmp_path / f"{ruleset_id}.json"
        path.write_bytes(save_bytes(demo_game(ruleset_id), name=ruleset_id))
        paths.append(path)
    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    window.openRequested.connect(lambda path: app.reopen(window, path))
    menus = None
    rounds = []
    for _ in range(3):
        counts = []
        for path in paths:
            window.openRequested.emit(str(path))
            assert window.windowTitle().startswith(path.stem)
            menus = menus or window.menus
            assert window.menus is menus  # the same object for every game
            counts.append(menu_objects(window))
        rounds.append(counts)
    assert rounds[1] == rounds[2], rounds
    toolbars = window.findChildren(QToolBar)
    assert [bar.objectName() for bar in toolbars] == ["game-toolbar"]
    assert [a.text() for a in window.menuBar().actions()] == ["&Game", "&Edit", "&Turn", "&View", "&Help"]


def test_each_game_in_the_window_has_its_own_undo_and_other_actions(qtbot):
    """The same Undo, after the window turned to another game, takes back that game's move;
    Other actions is there (with its key) for a system that has them, and gone for one that has
    not."""
    first = started_game()
    session, window = window_on(qtbot, first)
    undo, other = window.menus.undo_action, window.menus.other_action
    assert not other.isVisible() and other.shortcut().isEmpty()  # Twilight Imperium has none

    second = GameSession(demo_game("tempo"))
    window.set_session(second)
    if window.curtain.isVisible():
        window.curtain.button.click()
    assert window.menus.other_action is other and other.isVisible()
    assert other.shortcut().toString() == "Ctrl+Shift+A" and window.menus.turn.isEnabled()
    legal = [action for action in second.legal_actions() if action.player == second.viewer]
    assert legal
    before = len(second.game.actions)
    second.submit(legal[0])
    assert len(second.game.actions) == before + 1 and undo.isEnabled()
    window.menus.edit_texts()  # the Edit menu opening: Undo names the move
    assert undo.text() != "&Undo"
    undo.trigger()
    assert window.menus.undo_action is undo
    assert len(second.game.actions) == before  # this game's move, taken back by the same Undo

    second.submit(legal[0])
    window.menus.edit_texts()
    window.set_session(GameSession(started_game(seed=12)))
    assert undo.text() == "&Undo"  # never the last game's move
    assert not other.isVisible() and other.shortcut().isEmpty()
    assert not window.menus.turn_menu.tail.isVisible()  # no separator left over either
    assert all(offer is None for offer in window.menus.turn_menu.offers[len(window.session.offers()):])


def test_undo_turning_on_and_off_lays_out_no_part_of_the_window(qtbot):
    """Undo turns on or off at about every other action: its button follows at once, and neither
    the tool bar nor the window is laid out again for it (a tool bar laid out lays out every dock
    and the table). A change of the words it shows still reaches the tool bar."""
    from PySide6.QtCore import QObject

    session, window = window_on(qtbot, started_game())
    menus = window.menus
    button = menus.toolbar.widgetForAction(menus.undo_action)
    QApplication.processEvents()
    laid_out = []

    class Watch(QObject):
        def eventFilter(self, watched, event) -> bool:
            if event.type() == QEvent.Type.LayoutRequest:
                laid_out.append(watched.objectName() or type(watched).__name__)
            return False

    watch = Watch()
    for widget in (menus.toolbar, window):
        widget.installEventFilter(watch)
    for on in (True, False, True, False):
        menus.undo_action.setEnabled(on)
        assert button.isEnabled() == on
        QApplication.processEvents()
    assert laid_out == []
    menus.undo_action.setIconText("Take back")
    QApplication.processEvents()
    assert button.text() == "Take back" and "game-toolbar" in laid_out
