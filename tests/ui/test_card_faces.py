"""A card's words fit its face: a long text shrinks rather than being cut off at the bottom."""

from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtGui import QPainter, QPixmap

from desktop.engine.presentation import Face, FaceField
from desktop.ui.table import faces

LONG = ("After another player activates a system that contains one or more of your units, you may "
        "move up to two of your ships from adjacent systems into it; they may not have moved this "
        "round, and every ship that moves this way loses one point of movement at the end of the "
        "round. If a space combat follows, your ships that moved this way roll one extra die.")


def test_a_long_text_fits_the_large_preview(qtbot):
    face = Face(title="Experimental Battlestation", kind="Action",
                fields=[FaceField("After another player moves ships", style="timing"),
                        FaceField(LONG), FaceField(LONG[:120], label="Note")])
    pixmap = QPixmap(330, 465)
    painter = QPainter(pixmap)
    body = QRectF(18, 108, 294, 339)
    scale = faces.text_scale(painter, body, face, 465, 18)
    assert scale < 1.0  # it had to shrink
    assert faces._fields_height(painter, body, face, 465 * scale, 18) <= body.height()
    painter.end()
