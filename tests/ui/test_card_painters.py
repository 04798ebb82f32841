"""A system's card painters belong to the window showing its game, and draw from what the table
gives each card (its face and its look), never from the game itself: two windows on two systems
open at once each draw their own cards, and painting the table asks the session for nothing."""

from __future__ import annotations

import ast
from pathlib import Path

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QImage, QPainter
from table_helpers import window_on

from desktop.engine.demo import demo_game
from desktop.ui.main_window import MainWindow
from desktop.ui.systems import price_of_power, tempo
from desktop.ui.table import faces
from desktop.ui.table.track import ChipItem

UI = Path(__file__).parents[2] / "desktop" / "ui"


def open_window(qtbot, system: str) -> MainWindow:
    """The system's demo in the real window, the curtain lifted, its table laid out and painted."""
    return window_on(qtbot, demo_game(system))[1]


def picture(item) -> QImage:
    """The card item as the table paints it."""
    width, height = item.size()
    image = QImage(round(width), round(height), QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    item.paint(painter, None, None)
    painter.end()
    return image


def drawn_by(paint, item) -> QImage:
    """The card drawn by `paint` (a system's painter) from its face and look alone; None: the
    generic face."""
    width, height = item.size()
    image = QImage(round(width), round(height), QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    rect = QRectF(0, 0, width, height)
    if paint is None:
        faces.draw_face(painter, rect, faces.face_pixmap(item.face_key, item.face, round(width), round(height), 1.0))
    else:
        assert faces.paint_system_face(painter, rect, item.face, item.look, paint)
    painter.end()
    return image


def shown_cards(window) -> list:
    """The face-up cards on the table with nothing drawn over them (tokens, the focus ring)."""
    return [card for zone in window.table_view.zones.values() for card in zone.cards
            if card.face is not None and card.isVisible() and not card.hasFocus()
            and (card.marks is None or not card.marks.tokens)]


def test_two_windows_on_two_systems_each_draw_their_own_cards(qtbot):
    timeline = open_window(qtbot, "tempo")
    court = open_window(qtbot, "price-of-power")  # opened last: it must not take the first one's cards
    chips = [card for card in shown_cards(timeline) if isinstance(card, ChipItem)]
    assert chips and all(chip.look is not None for chip in chips)  # the table says how each looks
    for chip in chips:
        assert picture(chip) == drawn_by(tempo.paint_chip, chip), chip.title
    cards = shown_cards(court)
    assert cards and all(card.look is None for card in cards)
    for card in cards:
        assert picture(card) == drawn_by(price_of_power.paint_face, card), card.title
    # Tempo draws no faces of its own: a card in a hand is the generic face, not Price of Power's.
    held = next(card for card in shown_cards(timeline) if not isinstance(card, ChipItem))
    assert timeline.table_view.card_painters.face is None
    assert picture(held) == drawn_by(None, held)


def test_painting_the_table_asks_the_session_nothing(qtbot, monkeypatch):
    window = open_window(qtbot, "tempo")
    asked = []
    session = window.session
    for name in ("view", "table"):
        read = getattr(session, name)
        monkeypatch.setattr(session, name, lambda *args, _read=read, _name=name, **kw: (asked.append(_name), _read(*args, **kw))[1])
    window.table_view.viewport().repaint()
    assert asked == []


def test_no_module_of_the_ui_sets_another_modules_globals():
    """A painter or any other piece reaches a window through its host and table, not through a
    module's globals set by the window (the last window set them for every window)."""
    found = []
    for path in sorted(UI.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        modules = {alias.asname or alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
                   and node.module and node.module.startswith("desktop") for alias in node.names}
        modules |= {(alias.asname or alias.name).split(".")[0] for node in ast.walk(tree)
                    if isinstance(node, ast.Import) for alias in node.names}
        for node in ast.walk(tree):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(
                node, (ast.AugAssign, ast.AnnAssign)) else []
            for target in targets:
                if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id in modules:
                    found.append(f"{path.relative_to(UI)}:{node.lineno} sets {ast.unparse(target)}")
                if isinstance(target, ast.Name) and target.id.endswith("_hook") and node in tree.body:
                    found.append(f"{path.relative_to(UI)}:{node.lineno} keeps a hook {target.id}")
    assert found == []
