"""Building tables for GUI tests: a known game, and a drag routed through the real widgets."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtGui import QDragEnterEvent, QDropEvent, QMouseEvent
from PySide6.QtWidgets import QApplication

from desktop.engine import Game, GameSetup
from desktop.rulesets.twilight_imperium import actions as a


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


class RoutedDrag:
    """Stands in for QDrag: delivers the drag's events to `target` instead of the window system.

    Everything else (the press, the move that starts the drag, the mime data, the drop handler) is
    the real widgets' code.
    """

    target = None

    def __init__(self, source):
        self.source = source
        self.mime = None

    def setMimeData(self, mime):
        self.mime = mime

    def setPixmap(self, pixmap):
        pass

    def setHotSpot(self, point):
        pass

    def exec(self, actions):
        target = RoutedDrag.target
        point = target.rect().center()
        enter = QDragEnterEvent(point, actions, self.mime, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
        QApplication.sendEvent(target, enter)
        if not enter.isAccepted():
            return Qt.DropAction.IgnoreAction
        drop = QDropEvent(QPointF(point), actions, self.mime, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
        QApplication.sendEvent(target, drop)
        return drop.dropAction() if drop.isAccepted() else Qt.DropAction.IgnoreAction


def drag(monkeypatch, card_widget, target) -> None:
    """Presses on a card, moves the mouse past the drag distance, and drops on `target`."""
    monkeypatch.setattr("desktop.ui.cards.QDrag", RoutedDrag)
    RoutedDrag.target = target
    start = QPointF(card_widget.rect().center())
    far = start + QPointF(QApplication.startDragDistance() + 20, 0)
    press = QMouseEvent(QEvent.Type.MouseButtonPress, start, start, Qt.MouseButton.LeftButton,
                        Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(card_widget, press)
    move = QMouseEvent(QEvent.Type.MouseMove, far, far, Qt.MouseButton.NoButton,
                       Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(card_widget, move)
