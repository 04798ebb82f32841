"""Tempo Combat's chips on the timeline, drawn by the look the ruleset's table description gives
each card: a planned action a ghost, the action under way marked, a done one solid with a tick,
one whose tempo passed struck through, tags E, F, X, an Exert's move and the R badge of a
reaction; the chip is drawn again when its look changes though its card did not move."""

from __future__ import annotations

import msgspec
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QImage, QPainter

from desktop.engine.presentation import Face
from desktop.rulesets.tempo import actions as a
from desktop.rulesets.tempo.looks import ChipLook
from desktop.ui.systems.tempo import painter
from tests.rulesets.tempo.helpers import card, entry, new, plans, st
from tests.table_helpers import window_on

PLANNED = ChipLook(state="planned", tempo=6, usual=6, tag="plan")
FACE = Face(title="Hide", tone="green", kind="Action", fields=[])


def image(chip: ChipLook, width: int = 120, height: int = 40) -> QImage:
    picture = QImage(width, height, QImage.Format.Format_ARGB32)
    picture.fill(Qt.GlobalColor.transparent)
    paint = QPainter(picture)
    painter.draw(paint, QRectF(0, 0, width, height), FACE, chip)
    paint.end()
    return picture


def test_each_state_has_its_own_look_and_its_words(qapp):
    states = {
        "planned": PLANNED,
        "acting": msgspec.structs.replace(PLANNED, state="acting"),
        "done": msgspec.structs.replace(PLANNED, state="done"),
        "forfeited": msgspec.structs.replace(PLANNED, state="passed"),
    }
    assert {name: painter.look(chip) for name, chip in states.items()} == {name: name for name in states}
    pictures = {name: image(chip) for name, chip in states.items()}
    assert len({bytes(picture.constBits()) for picture in pictures.values()}) == 4  # four looks
    # A ghost lets the felt show through; a done action is solid.
    assert pictures["planned"].pixelColor(60, 4).alpha() < pictures["done"].pixelColor(60, 4).alpha() == 255
    assert painter.words(states["forfeited"]) == "its tempo passed"
    tagged = msgspec.structs.replace(PLANNED, tag="extra", tempo=8, reactions=("Ann's Intercept",), state="done")
    assert painter.words(tagged) == ("taken, Extra, no Normal Move, moved by Exert from tempo 6 (+1 Exertion), "
                                     "reaction: Ann's Intercept")
    assert bytes(image(tagged).constBits()) != bytes(pictures["done"].constBits())  # the tag, arrow and R badge


def test_a_card_not_on_the_timeline_is_left_to_the_generic_chip(qapp):
    assert painter.paint(None, QRectF(0, 0, 90, 30), FACE, None) is False  # the table gives it no look


def test_a_chip_is_drawn_again_as_its_action_is_taken_and_its_turn_ends(qtbot, monkeypatch):
    game = plans(new(), {"ann": ["scan", "mark"], "bo": ["rest", "move"],
                         "orc": ["help", "slow_attack"], "goblin": ["quick_attack", "move"]})
    drawn = []
    paint = painter.paint

    def spy(paint_with, rect, face, look, card_id=None):
        if look is not None:
            drawn.append((face.title, painter.look(look)))
        return paint(paint_with, rect, face, look)

    monkeypatch.setattr(painter, "paint", spy)
    session, window = window_on(qtbot, game)
    scan = session.game.view("ann").face_of(card(session.game, "ann", "scan")).title
    qtbot.waitUntil(lambda: (scan, "planned") in drawn, timeout=3000)
    session.submit(a.Take(player="bo", entry=entry(session.game, "bo", "rest")))
    session.submit(a.Advance(player="bo"))
    if window.curtain.isVisible():
        window.curtain.button.click()
    qtbot.waitUntil(lambda: session.viewer == "ann", timeout=3000)
    session.submit(a.Take(player="ann", entry=entry(session.game, "ann", "scan"), target="orc", question=1, confirm=True))
    qtbot.waitUntil(lambda: (scan, "acting") in drawn, timeout=3000)
    session.submit(a.Advance(player="ann"))  # the turn ends: only the game's own state changes
    assert st(session.game).turn is None and session.viewer == "ann"  # her Mark is next, at tempo 2
    qtbot.waitUntil(lambda: (scan, "done") in drawn, timeout=3000)
