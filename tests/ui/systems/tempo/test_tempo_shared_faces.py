"""A card face is drawn once for every card that looks the same (desktop/ui/table/faces.py,
`face_key`): in Tempo Combat every character holds the table's actions (Move, Hide, a Quick
Attack...), and the GM looks at several NPCs' hands at once; each look is painted once at each
size, not once per character. Only a face the seat looking is given is ever drawn: with the
screen passed to a player, the NPCs' cards are backs, their pictures made for the GM or not."""

from __future__ import annotations

from collections import Counter

from PySide6.QtGui import QPixmapCache
from PySide6.QtWidgets import QApplication

from desktop.ui.table import faces
from tests.rulesets.tempo.helpers import new
from tests.table_helpers import window_on


def look_to(qtbot, session, window, seat: str) -> None:
    if session.viewer != seat:
        session.request_viewer(seat)
        qtbot.waitUntil(window.curtain.isVisible)
        window.curtain.button.click()
    for _ in range(3):  # laid out and painted
        QApplication.processEvents()


def face_up(window, zone_ids) -> list:
    return [item for zone_id in zone_ids for item in window.table_view.zones[zone_id].cards if item.face is not None]


def test_cards_that_look_the_same_are_drawn_from_one_picture_and_only_for_whom_may_see_them(qtbot, monkeypatch):
    made: list[tuple[str, float, float]] = []
    real = faces._paint_face

    def painted(painter, rect, face) -> None:
        made.append((faces.face_key("", face), rect.width(), rect.height()))
        real(painter, rect, face)

    monkeypatch.setattr(faces, "_paint_face", painted)
    QPixmapCache.clear()
    game = new()
    session, window = window_on(qtbot, game, size=(1600, 1000))
    gm = game.state.gm
    look_to(qtbot, session, window, gm)
    npc_hands = [f"actions:{char.id}" for char in game.state.characters if char.seat == gm]
    shown = face_up(window, npc_hands)
    looks = Counter(faces.face_key("", item.face) for item in shown)
    assert len(npc_hands) >= 2 and max(looks.values()) >= 2, "no two cards of the GM's hands look the same"
    qtbot.waitUntil(lambda: bool(made))
    assert len(made) == len(set(made)), [look for look, count in Counter(made).items() if count > 1]
    # The screen passed to a player: the NPCs' hands are backs to them, whatever was drawn before.
    player = next(char.seat for char in game.state.characters if char.side == "pc")
    look_to(qtbot, session, window, player)
    assert not face_up(window, npc_hands)
    assert face_up(window, [f"actions:{char.id}" for char in game.state.characters if char.seat == player])
