"""A drop flows one way (issue 27): the table says a card was dropped and the mouse event ends
there; the session decides once it is over (its questions asked through the real dialog, never
inside the mouse release); the card waits where it was dropped, is put where the view says when
the table changes, and glides back on a refusal or when a question is left. The Undo and Redo
buttons say what they would do once the game has changed, not while it is changing."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPoint, Qt
from PySide6.QtTest import QTest
from table_helpers import _mouse, drag, give, started_game, taken, visible_point

from desktop.model import GameSession
from desktop.ui.main_window import MainWindow


def real_window(qtbot, game, first=None):
    """The real window with its own asker (the real question dialog), Ann looking. `first`: a
    slot heard on `changed` before the window hears it."""
    session = GameSession(game)
    if first is not None:
        session.changed.connect(first)
    window = MainWindow(session)
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window)
    qtbot.mouseClick(window.curtain.button, Qt.MouseButton.LeftButton)
    assert session.viewer == "ann"
    return session, window


def let_go_over(window, item, zone_id: str, monkeypatch) -> None:
    """Drags `item` over a zone without letting go yet."""
    drag(monkeypatch, item, window.zone(zone_id), release=False)


def release(view, zone) -> None:
    """Lets go over `zone`: the mouse event alone (the drop is not taken yet)."""
    _mouse(view, QEvent.Type.MouseButtonRelease, view.mapFromScene(zone.boundingRect().center()),
           Qt.MouseButton.NoButton)


def key(dialog, which) -> None:
    QTest.keyClick(dialog.focusWidget() or dialog, which)


def test_nothing_is_decided_inside_the_mouse_release_of_a_drop(qtbot, monkeypatch):
    game = started_game()
    card = give(game, "ann", "Economic Initiative")
    session, window = real_window(qtbot, game)
    view, play = window.table_view, window.zone("play")
    item = window.zone("hand:ann").card(card)
    let_go_over(window, item, "play", monkeypatch)
    heard, stacked = [], session.undo_stack.count()
    session.changed.connect(heard.append)

    release(view, play)

    # The mouse event is over and nothing was applied, stacked, signalled or asked inside it.
    assert heard == [] and session.game.state.resolving is None
    assert session.undo_stack.count() == stacked and session.open_questions("ann") == []
    assert window.questions.dialog is None
    assert view.pending is item and item.pos() != item.home  # the card waits where it was dropped
    assert play.boundingRect().contains(item.sceneBoundingRect().center())

    taken()
    assert window.questions.dialog is None  # a play with nothing to ask
    assert session.game.state.resolving.card == card and heard
    shown = window.zone("play").card(card)
    assert shown is not None and shown.pos() == shown.home  # put where the view says
    assert window.zone("hand:ann").card(card) is None and view.pending is None


def test_a_drop_asks_once_the_mouse_release_is_over_and_the_card_waits_for_the_answer(qtbot, monkeypatch):
    game = started_game()
    spy = give(game, "ann", "Spy")  # offensive: "Whom does it affect?", then its requirement
    session, window = real_window(qtbot, game)
    view, play = window.table_view, window.zone("play")
    item = window.zone("hand:ann").card(spy)
    let_go_over(window, item, "play", monkeypatch)

    release(view, play)
    assert session.open_questions("ann") == [] and window.questions.dialog is None  # not inside it

    taken()
    dialog = window.questions.dialog
    assert dialog is not None and dialog.isVisible() and session.open_questions("ann")
    dropped = item.pos()
    assert dropped != item.home and view.pending is item  # waiting while asked
    dialog.body.setCurrentRow(1)  # Cy
    key(dialog, Qt.Key.Key_Return)
    assert item.pos() == dropped  # still waiting: the move is not made yet
    qtbot.waitUntil(lambda: any(b.isDefault() and b.isEnabled() for b in dialog.buttons.buttons()))
    key(dialog, Qt.Key.Key_Return)  # Yes: it can fully resolve
    qtbot.waitUntil(lambda: window.questions.dialog is None)
    assert session.game.state.resolving.card == spy and session.game.state.resolving.target_player == "cy"
    shown = window.zone("play").card(spy)
    assert shown is not None and shown.pos() == shown.home and view.pending is None


def test_a_refused_drop_waits_for_the_refusal_and_then_glides_back(qtbot, monkeypatch):
    game = started_game()
    boost = give(game, "ann", "Morale Boost")  # no timing window for it is open
    session, window = real_window(qtbot, game)
    view = window.table_view
    item = window.zone("hand:ann").card(boost)
    let_go_over(window, item, "play", monkeypatch)
    where = []
    session.refused.connect(lambda _sentence: where.append(item.pos()))

    release(view, window.zone("play"))
    dropped = item.pos()
    assert dropped != item.home and view.pending is item and where == []  # waiting where it was dropped

    with qtbot.waitSignal(session.refused, timeout=3000):
        taken()
    assert where == [dropped]  # it had not moved when the refusal came
    qtbot.waitUntil(lambda: item.pos() == item.home, timeout=3000)  # then it glides back
    assert view.pending is None and window.zone("hand:ann").card(boost) is item
    assert "no such timing window is open" in window.problem.text()


def test_a_card_dropped_on_its_own_zone_glides_back_without_a_drop(qtbot, monkeypatch):
    game = started_game()
    card = give(game, "ann", "Economic Initiative")
    session, window = real_window(qtbot, game)
    view = window.table_view
    item = window.zone("hand:ann").card(card)
    heard = []
    view.cardDropped.connect(lambda *args: heard.append(args))
    start = visible_point(view, item)
    _mouse(view, QEvent.Type.MouseButtonPress, start, Qt.MouseButton.LeftButton)
    for step in range(1, 6):  # along its own hand, past the drag distance
        _mouse(view, QEvent.Type.MouseMove, start + QPoint(0, -4 * step), Qt.MouseButton.LeftButton)
    assert item.dragging
    _mouse(view, QEvent.Type.MouseButtonRelease, start + QPoint(0, -20), Qt.MouseButton.NoButton)
    taken()
    assert heard == [] and view.pending is None
    qtbot.waitUntil(lambda: item.pos() == item.home, timeout=3000)
    assert not session.game.actions or session.game.state.resolving is None


class Changes:
    """Counts `changed`, heard before the window hears it."""

    def __init__(self):
        self.emitted = 0

    def __call__(self, _changes) -> None:
        self.emitted += 1


class TipChanges(QObject):
    """Records, for each change of a widget's tooltip, how many `changed` signals had come."""

    def __init__(self, widget, changes: Changes):
        super().__init__()
        self.tips: list[tuple[int, str]] = []
        self.widget = widget
        self._changes = changes
        widget.installEventFilter(self)

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 - Qt's name
        if watched is self.widget and event.type() == QEvent.Type.ToolTipChange:
            self.tips.append((self._changes.emitted, self.widget.toolTip()))
        return False


def test_undo_and_redo_say_what_they_do_once_the_game_has_changed(qtbot, monkeypatch):
    game = started_game()
    card = give(game, "ann", "Economic Initiative")
    changes = Changes()
    session, window = real_window(qtbot, game, first=changes)
    menus = window.menus
    undo = menus.toolbar.widgetForAction(menus.undo_action)
    redo = menus.toolbar.widgetForAction(menus.redo_action)
    undo_tips, redo_tips = TipChanges(undo, changes), TipChanges(redo, changes)
    changes.emitted = 0

    def said_after_the_change() -> None:
        early = [tip for seen, tip in undo_tips.tips + redo_tips.tips if seen == 0]
        assert not early, f"Undo or Redo said this before the game said it changed: {early}"
        undo_tips.tips.clear(), redo_tips.tips.clear()
        changes.emitted = 0

    drag(monkeypatch, window.zone("hand:ann").card(card), window.zone("play"))
    assert session.game.state.resolving.card == card
    said_after_the_change()
    played = "Undo: " + session.undo_stack.command(session.undo_stack.index() - 1).full_text
    assert undo.toolTip() == played

    menus.undo_action.trigger()
    assert session.game.state.resolving is None
    said_after_the_change()
    assert redo.toolTip() == "Redo" + played.removeprefix("Undo")

    menus.redo_action.trigger()
    assert session.game.state.resolving.card == card
    said_after_the_change()
    assert undo.toolTip() == played  # redone: Undo names the move again...
    assert redo.toolTip() == "Nothing to redo"  # ...and Redo has nothing left
