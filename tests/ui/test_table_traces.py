"""Nothing of a moment ago stays painted on the table: an emptied zone's hint is drawn whole where
its last card was, and the card just dropped is not shown large over the table until the pointer
moves again (the pointer had gone to a question's button; the large copy stayed)."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint, QRect, Qt
from PySide6.QtWidgets import QApplication
from table_helpers import _mouse, give, started_game, visible_point

from desktop.model import GameSession
from desktop.rulesets.twilight_imperium import actions as a
from desktop.ui.main_window import MainWindow
from desktop.ui.screens import screen_of


def settle() -> None:
    for _ in range(6):
        QApplication.sendPostedEvents()
        QApplication.processEvents()


def solo_table(qtbot, game):
    """Ann against the app (no curtain between turns), the app's seats slow to move."""
    session = GameSession(game)
    session.bot_pause_ms = 10_000_000  # the app's seats do not move during the test
    for seat in ("bo", "cy"):
        session.set_app_seat(seat, True)
    window = MainWindow(session)  # its own asker: the real dialog (these drops ask nothing)
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window)
    session.request_viewer("ann")  # the one person looks: no curtain
    settle()
    assert session.viewer == "ann" and not window.curtain.isVisible()
    return session, window


def on_screen(window, zone):
    """The zone as the window's backing store holds it (what is on screen), and as the view
    paints it from scratch."""
    view = window.table_view
    rect = view.mapFromScene(zone.boundingRect()).boundingRect()
    fresh = view.viewport().grab(rect).toImage()
    stored = screen_of(window).grabWindow(window.winId())
    top = view.viewport().mapTo(window, rect.topLeft())
    return stored.copy(QRect(top, rect.size())).toImage().convertToFormat(fresh.format()), fresh


def test_an_emptied_zone_shows_its_whole_hint_where_its_last_card_was(qtbot):
    game = started_game()
    card = give(game, "ann", "Economic Initiative")
    session, window = solo_table(qtbot, game)
    assert session.submit(a.Play(player="ann", card=card, confirm=True))
    settle()
    play = window.zone("play")
    assert len(play.cards) == 1
    assert session.submit(a.Resolve(player="ann"))  # the card leaves the play area
    settle()
    assert not play.cards and play.hint and not window.curtain.isVisible()
    stored, fresh = on_screen(window, play)
    assert stored == fresh, "the play area on screen is not what it paints now (its hint half drawn)"


def test_a_dropped_card_is_not_shown_large_until_the_pointer_moves_again(qtbot):
    game = started_game()
    cards = [give(game, "ann", name) for name in ("Economic Initiative", "Morale Boost", "Spy")]
    session, window = solo_table(qtbot, game)
    view = window.table_view
    item = window.zone("hand:ann").card(cards[0])
    start = visible_point(view, item)
    _mouse(view, QEvent.Type.MouseMove, start, Qt.MouseButton.NoButton)  # over the card: shown large
    assert view._preview.isVisible() and view._preview.card is item

    end = view.mapFromScene(window.zone("play").boundingRect().center())
    _mouse(view, QEvent.Type.MouseButtonPress, start, Qt.MouseButton.LeftButton)
    for step in range(1, 6):
        _mouse(view, QEvent.Type.MouseMove, start + (end - start) * (step / 5), Qt.MouseButton.LeftButton)
    _mouse(view, QEvent.Type.MouseButtonRelease, end, Qt.MouseButton.NoButton)
    settle()
    assert session.game.state.resolving is not None  # played
    assert not view._preview.isVisible()  # nothing large over the table after the drop

    _mouse(view, QEvent.Type.MouseMove, end + QPoint(2, 2), Qt.MouseButton.NoButton)  # the pointer moves on it
    played = window.zone("play").card(cards[0])
    assert view._preview.isVisible() and view._preview.card is played

    QApplication.sendEvent(view.viewport(), QEvent(QEvent.Type.Leave))  # the pointer leaves the table
    assert not view._preview.isVisible()


def test_a_card_shown_large_by_the_keyboard_stays_when_the_pointer_leaves(qtbot):
    game = started_game()
    card = give(game, "ann", "Economic Initiative")
    _session, window = solo_table(qtbot, game)
    view = window.table_view
    assert window.table_view.focus_card(card)
    view.card_focused(window.zone("hand:ann").card(card))  # as Tab does
    assert view._preview.isVisible()
    QApplication.sendEvent(view.viewport(), QEvent(QEvent.Type.Leave))
    assert view._preview.isVisible()
