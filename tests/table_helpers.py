"""Building tables for GUI tests: a known game, and a drag routed through the real widgets."""

from __future__ import annotations

from contextlib import contextmanager

from PySide6.QtCore import QEvent, QObject, QPointF, QRect, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication

from desktop.engine import Game, GameSetup
from desktop.rulesets.twilight_imperium import actions as a
from desktop.ui.screens import screen_of


def started_game(players=("Ann", "Bo", "Cy"), seed=11) -> Game:
    """A game in the action phase, Ann to act, hands empty."""
    game = Game.new(GameSetup(ruleset="twilight-imperium", players=list(players), seed=seed))
    game.apply(a.SetInitiative(player="ann", order=[p.lower() for p in players]))
    return game


def give(game: Game, seat: str, name: str) -> str:
    """Moves a copy of the named card from the deck into `seat`'s hand; returns its id."""
    deck = game.state.zones["deck"].cards
    for card in deck:
        if game.ruleset.card_def(game.state, card).name == name:
            deck.remove(card)
            game.state.zones[f"hand:{seat}"].cards.append(card)
            return card
    raise LookupError(name)


def _mouse(view, kind, point, buttons) -> None:
    from PySide6.QtCore import QPoint

    local = QPointF(QPoint(point))
    button = Qt.MouseButton.LeftButton if kind != QEvent.Type.MouseMove else Qt.MouseButton.NoButton
    event = QMouseEvent(kind, local, view.viewport().mapToGlobal(local), button, buttons,
                        Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(view.viewport(), event)


def taken() -> None:
    """The drop just let go, taken: the table says a card was dropped and the mouse event ends
    there; the window hears it once the event is over (a queued call, TableView.cardDropped),
    delivered here. A question it opens in the real dialog is on screen when this returns."""
    QApplication.sendPostedEvents()


def drag(monkeypatch, card_item, target, release=True) -> None:
    """Presses on a card of the table, moves it in steps past the drag distance onto `target`
    (a zone item) and lets go: the real items, view and drop handling, end to end, until the
    drop is taken."""
    view = card_item.table
    start = visible_point(view, card_item)
    end = view.mapFromScene(target.boundingRect().center())
    _mouse(view, QEvent.Type.MouseButtonPress, start, Qt.MouseButton.LeftButton)
    for step in range(1, 6):
        point = start + (end - start) * (step / 5)
        _mouse(view, QEvent.Type.MouseMove, point, Qt.MouseButton.LeftButton)
    if release:
        _mouse(view, QEvent.Type.MouseButtonRelease, end, Qt.MouseButton.NoButton)
        taken()


def faces_on_table(window) -> list:
    """Every card item painted face up on the table now (including the large preview's card)."""
    from desktop.ui.table.items import CardItem, Preview

    found = []
    for item in window.table_view.scene().items():
        if isinstance(item, CardItem) and item.face is not None:
            found.append(item)
        if isinstance(item, Preview) and item.isVisible() and item.card is not None:
            found.append(item.card)
    return found


def visible_point(view, card_item):
    """A point of the view where the pointer finds `card_item` (in a fan, the next card covers
    most of it: its left strip shows)."""
    rect = card_item.sceneBoundingRect()
    for step in range(1, 20):
        point = view.mapFromScene(rect.left() + rect.width() * step / 20, rect.center().y())
        # The topmost item a press reaches: the large preview takes no button and lets it through.
        under = [item for item in view.items(point) if item.acceptedMouseButtons() & Qt.MouseButton.LeftButton
                 or item is card_item]
        if under and under[0] is card_item:
            return point
    raise AssertionError(f"{card_item.title} is hidden under other cards")


def hold_to_lift(qtbot, window, key=Qt.Key.Key_Space) -> None:
    """The named player lifts the curtain by keyboard: holds a key down until it lifts."""
    from PySide6.QtTest import QTest

    curtain = window.curtain
    assert curtain.isVisible() and curtain.hasFocus()
    with qtbot.waitSignal(curtain.held, timeout=curtain.HOLD_MS * 10):
        QTest.keyPress(curtain, key)
    assert curtain.isVisible()  # still up while the key is down
    with qtbot.waitSignal(curtain.confirmed, timeout=curtain.HOLD_MS * 10):
        QTest.keyRelease(curtain, key)


def window_on(qtbot, game, size=(1280, 720), person=None):
    """The real window on `game` at `size`, shown, the curtain lifted by its named seat. The
    window keeps its own asker, the real question dialog, and a person at the screen
    (`window.person`, tests/ui/at_the_screen.py: `person`, else one who answers each question
    with its default and Return) answers each question as it shows."""
    from desktop.model import GameSession
    from desktop.ui.main_window import MainWindow
    from tests.ui.at_the_screen import person_at

    session = GameSession(game)
    window = MainWindow(session)
    person_at(qtbot, window, person)
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    if window.curtain.isVisible():
        window.curtain.button.click()
    for _ in range(3):  # the lifted table laid out and painted
        QApplication.processEvents()
    return session, window


def slip_into_hand(game: Game, seat: str, name: str) -> str:
    """Price of Power test set-up: a copy of the named card, from a deck or the Military discard
    pile, into `seat`'s hand; returns its id."""
    from desktop.rulesets.price_of_power.core import card_def

    for zone in ("deck:mil", "discard:mil", "deck:adm", "deck:dip"):
        cards = game.state.zones[zone].cards
        card = next((card for card in cards if card_def(game.state, card).name == name), None)
        if card is not None:
            cards.remove(card)
            game.state.hand(seat).append(card)
            return card
    raise LookupError(name)


# ---- tracks: a row's cells, a drag onto a point of the scene ---------------------------------


def cell_point(window, zone_id: str, column: int) -> QPointF:
    """The centre of a row's cell, in the scene."""
    row = window.table_view.zones[zone_id]
    cell = row.grid.cell(row.row, column)
    return QPointF(cell.x + cell.width / 2, cell.y + cell.height / 2)


def drag_to(item, scene_point: QPointF, release: bool = True) -> None:
    """Presses on a card of the table and drags it in steps onto `scene_point`, through the real
    items and view (let go: until the drop is taken)."""
    view = item.table
    start = visible_point(view, item)
    end = view.mapFromScene(scene_point)
    _mouse(view, QEvent.Type.MouseButtonPress, start, Qt.MouseButton.LeftButton)
    for step in range(1, 6):
        _mouse(view, QEvent.Type.MouseMove, start + (end - start) * (step / 5), Qt.MouseButton.LeftButton)
    if release:
        _mouse(view, QEvent.Type.MouseButtonRelease, end, Qt.MouseButton.NoButton)
        taken()


def release_at(view, scene_point: QPointF) -> None:
    """Lets go of the card being dragged at `scene_point`, and waits until the drop is taken."""
    _mouse(view, QEvent.Type.MouseButtonRelease, view.mapFromScene(scene_point), Qt.MouseButton.NoButton)
    taken()


def inside_cell(window, item, zone_id: str, column: int) -> bool:
    row = window.table_view.zones[zone_id]
    cell = row.grid.cell(row.row, column)
    x, y = item.pos().x(), item.pos().y()
    width, height = item.size()
    return cell.x <= x and x + width <= cell.x + cell.width + 0.5 and cell.y <= y and y + height <= cell.y + cell.height + 0.5


@contextmanager
def menu_opened(qtbot, window, menu):
    """`menu` open over `window` as a player opens it (what it writes as it opens is written),
    and shut again once the block has read it."""
    from PySide6.QtCore import QPoint

    menu.popup(window.mapToGlobal(QPoint(20, 20)))
    qtbot.waitUntil(menu.isVisible)
    try:
        yield menu
    finally:
        menu.close()
        qtbot.waitUntil(lambda: not menu.isVisible())


def turn_menu_entries(qtbot, window) -> list:
    """The Turn menu's entries for what can happen now, as a player sees them, the menu opened
    (it writes its entries as it opens). Each: (words, key shown, entry)."""
    from desktop.ui.turn_menu import entry_words

    with menu_opened(qtbot, window, window.menus.turn):
        return [(*entry_words(entry), entry) for entry in window.menus.turn_menu.entries if entry.isVisible()]


class PaintedRegions(QObject):
    """The rectangles a widget (the table's viewport) is painted in, once installed as its filter."""

    def __init__(self):
        super().__init__()
        self.rects = []

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 - Qt's name
        if event.type() == QEvent.Type.Paint:
            self.rects.extend(event.region())
        return False


def table_on_screen(window):
    """The table as the window's backing store holds it, and as the view paints it afresh."""
    viewport = window.table_view.viewport()
    fresh = viewport.grab().toImage()
    stored = screen_of(window).grabWindow(window.winId())
    top = viewport.mapTo(window, viewport.rect().topLeft())
    return stored.copy(QRect(top, viewport.size())).toImage().convertToFormat(fresh.format()), fresh


def alike(stored, fresh, within: int = 2) -> bool:
    """The same pixels, each channel within `within`: an antialiased edge painted through a
    part's clip blends a unit apart from one painted whole (a row's mark, before this change too)."""
    if stored.size() != fresh.size():
        return False
    line = stored.bytesPerLine()
    ours, theirs = bytes(stored.constBits()), bytes(fresh.constBits())
    for top in range(0, len(ours), line):
        if ours[top:top + line] != theirs[top:top + line]:
            pairs = zip(ours[top:top + line], theirs[top:top + line])
            if any(abs(one - other) > within for one, other in pairs):
                return False
    return True
