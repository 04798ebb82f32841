"""A system adds its own Qt pieces (panels, a card painter) without the main window naming it."""

from __future__ import annotations

import types

from PySide6.QtWidgets import QDockWidget, QLabel
from table_helpers import give, started_game

from desktop.model import GameSession
from desktop.ui import systems
from desktop.ui.main_window import MainWindow
from desktop.ui.table import faces


def test_a_systems_panel_and_card_painter_are_installed_from_ui_systems(qtbot):
    painted = []

    def install(window, session):
        dock = QDockWidget("Extra panel", window)
        dock.setObjectName("extra-panel")
        dock.setWidget(QLabel(f"{session.ruleset.title} panel"))
        window.addDockWidget(systems_area(), dock)

    def paint_face(painter, rect, face, card_id):
        painted.append((face.title, card_id))
        return False  # fall back to the generic painter

    removed = []
    extension = types.SimpleNamespace(install=lambda w, s: (install(w, s), lambda: removed.append(True))[1],
                                      paint_face=paint_face)
    systems.register("twilight-imperium", extension)
    try:
        game = started_game()
        boost = give(game, "ann", "Morale Boost")
        window = MainWindow(GameSession(game))
        qtbot.addWidget(window)
        window.show()
        window.curtain.button.click()
        qtbot.waitUntil(lambda: ("Morale Boost", boost) in painted)  # it knows which card it draws
        dock = window.findChild(QDockWidget, "extra-panel")
        assert dock is not None and dock.widget().text() == "Twilight Imperium action cards panel"
        window.set_session(GameSession(started_game()))  # another game: the panels are taken away
        assert removed == [True]
    finally:
        systems.register("twilight-imperium", None)
        faces.painter_hook = None


def systems_area():
    from PySide6.QtCore import Qt

    return Qt.DockWidgetArea.RightDockWidgetArea
