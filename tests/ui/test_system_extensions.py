"""A system adds its own Qt pieces (panels, menu entries, card clicks, a card painter) through
the window's host, without the main window naming it, and they leave with its game."""

from __future__ import annotations

import ast
import types
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QEvent, Qt
from PySide6.QtWidgets import QApplication, QDockWidget, QLabel
from table_helpers import give, started_game, visible_point

from desktop.model import GameSession
from desktop.ui import systems
from desktop.ui.main_window import MainWindow

SYSTEMS_UI = Path(__file__).parents[2] / "desktop" / "ui" / "systems"


def test_a_systems_pieces_come_through_the_host_and_leave_with_its_game(qtbot):
    painted, clicked, entries, closed = [], [], [], []

    def install(host):
        host.paint_cards(face=paint_face)
        host.add_dock("extra-panel", "Extra panel", QLabel(f"{host.session.ruleset.title} panel"), side="right")
        host.add_menu_entry("game", "Extra\u2026", lambda: entries.append(True))
        host.link(host.cardClicked, lambda card, zone, point, size: clicked.append((card, zone)))
        return lambda: closed.append(True)

    def paint_face(painter, rect, face, look):
        painted.append((face.title, look))
        return False  # fall back to the generic painter

    systems.register("twilight-imperium", types.SimpleNamespace(install=install))
    try:
        game = started_game()
        boost = give(game, "ann", "Morale Boost")
        window = MainWindow(GameSession(game))
        qtbot.addWidget(window)
        window.show()
        window.curtain.button.click()
        qtbot.waitUntil(lambda: ("Morale Boost", None) in painted)  # its face, and no look: the table gives none
        dock = window.findChild(QDockWidget, "extra-panel")
        assert dock is not None and dock.isVisible()
        assert "Twilight Imperium action cards panel" in dock.widget().widget().text()
        entry = next(a for a in window.menus.game.actions() if a.text() == "Extra\u2026")
        entry.trigger()
        assert entries == [True]
        card = window.zone("hand:ann").card(boost)
        qtbot.mouseClick(window.table_view.viewport(), Qt.MouseButton.LeftButton,
                         pos=visible_point(window.table_view, card))
        assert clicked == [(boost, "hand:ann")]

        from desktop.engine.demo import demo_game

        window.set_session(GameSession(demo_game("future-imperfect")))  # another system: its pieces leave
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        QApplication.processEvents()
        assert closed == [True]
        assert window.findChild(QDockWidget, "extra-panel") is None
        assert all(a.text() != "Extra\u2026" for a in window.menus.game.actions())
        from desktop.ui.systems import future_imperfect

        assert window.table_view.card_painters.face is future_imperfect.paint_face  # the new game's own
    finally:
        systems.register("twilight-imperium", None)


def test_no_system_module_reaches_into_the_window():
    """A system's pieces use the host's places: they do not search the window for menus or
    toolbars, filter its table's events, or start games through desktop.app."""
    found = []
    for path in sorted(SYSTEMS_UI.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module == "desktop.app":
                found.append(f"{path.name}: imports desktop.app")
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                owner = ast.unparse(node.func.value)
                name = node.func.attr
                if name in ("findChild", "findChildren", "menuBar", "addDockWidget", "addToolBar") and "window" in owner:
                    found.append(f"{path.name}: {owner}.{name}()")
                if name == "installEventFilter" and ("window" in owner or "viewport" in owner):
                    found.append(f"{path.name}: {owner}.installEventFilter()")
            if isinstance(node, ast.Assign):
                for target in node.targets:
                    if isinstance(target, ast.Attribute) and ast.unparse(target.value) == "window":
                        found.append(f"{path.name}: stores window.{target.attr}")
    assert found == []


def test_a_session_outliving_its_window_calls_nothing_of_the_systems_panels(qtbot):
    """Another front end (the phones) may hold a session after its window is gone: the system's
    panels, linked to the session's signals through the host, were deleted with the window and
    were called at the session's next change. The window's close takes them away."""
    from PySide6.QtCore import QCoreApplication, QEvent

    from desktop.engine.changes import EVERYTHING
    from desktop.engine.demo import demo_game
    from desktop.model import GameSession
    from desktop.ui.main_window import MainWindow

    session = GameSession(demo_game("tempo"))
    window = MainWindow(session)
    window.show()
    qtbot.waitExposed(window)
    linked = list(window.host._links)
    assert len(linked) > 1  # the system's panels follow the session
    window.close()
    window.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)

    session.changed.emit(EVERYTHING)  # a phone's move, say: nothing of the window is called
    session.close()


def test_a_window_deleted_without_closing_calls_nothing_of_its_going(qtbot):
    """A window deleted without its close (at the app's exit, say) hides its system's panels as
    it goes: the host laid out a window Qt was deleting, and a traceback came out."""
    from PySide6.QtCore import QCoreApplication, QEvent

    from desktop.engine.demo import demo_game

    window = MainWindow(GameSession(demo_game("tempo")))
    window.show()
    qtbot.waitExposed(window)
    assert any(dock.isVisible() for dock in window.host._docks)  # the system's panel, to go with it
    window.deleteLater()  # no close: its panels go with it
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
