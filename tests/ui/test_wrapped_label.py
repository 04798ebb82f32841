"""A wrapped label that remembers its height for a width (desktop/ui/wrapped_label.py): the same
heights and the same pixels as Qt's own label, and a change of its words, font or margins is
never answered from what it remembered."""

from __future__ import annotations

from PySide6.QtGui import QFont
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from desktop.ui.wrapped_label import WrappedLabel

TEXTS = ["", "turn, looking", "Victory points: 3\nTrade goods: 2\nCommodities: 0",
         "A long status that wraps onto several lines in a narrow column of seats " * 3]


def _pair(text: str) -> tuple[QLabel, WrappedLabel]:
    labels = QLabel(text), WrappedLabel(text)
    for label in labels:
        label.setWordWrap(True)
    return labels


def test_its_heights_are_qts_through_changes_of_words_font_and_margins(qtbot):
    plain, kept = _pair(TEXTS[1])
    qtbot.addWidget(plain)
    qtbot.addWidget(kept)
    widths = (40, 90, 180, 400)

    def same() -> None:
        for width in widths:
            assert kept.heightForWidth(width) == plain.heightForWidth(width), (kept.text(), width)

    same()
    for text in TEXTS:
        plain.setText(text)
        kept.setText(text)
        same()
    font = QFont(kept.font())
    font.setPointSizeF(font.pointSizeF() * 1.6)
    for label in (plain, kept):
        label.setFont(font)
    same()
    for label in (plain, kept):
        label.setContentsMargins(10, 8, 10, 8)
    same()
    for label in (plain, kept):
        label.setIndent(30)
    same()
    for label in (plain, kept):
        label.setWordWrap(False)
    same()


def test_a_font_from_its_parent_is_a_change_too(qtbot):
    """A seat's box turns bold at its turn: its lines, told by Qt, measure again."""
    box = QWidget()
    qtbot.addWidget(box)
    kept = WrappedLabel(TEXTS[3])
    kept.setWordWrap(True)
    QVBoxLayout(box).addWidget(kept)
    before = kept.heightForWidth(120)
    font = QFont(box.font())
    font.setPointSizeF(font.pointSizeF() * 2)
    box.setFont(font)
    plain = QLabel(TEXTS[3])
    plain.setWordWrap(True)
    plain.setFont(kept.font())
    qtbot.addWidget(plain)
    assert kept.heightForWidth(120) == plain.heightForWidth(120) > before


def test_it_paints_what_qts_label_paints(qtbot):
    images = []
    for label in _pair(TEXTS[2] + "\n" + TEXTS[3]):
        holder = QWidget()
        qtbot.addWidget(holder)
        QVBoxLayout(holder).addWidget(label)
        holder.resize(220, 300)
        holder.show()
        qtbot.waitExposed(holder)
        images.append(label.grab().toImage())
    assert images[0].size() == images[1].size()
    assert images[0] == images[1]


def test_a_longer_text_gets_its_room_in_a_laid_out_column(qtbot):
    holder = QWidget()
    qtbot.addWidget(holder)
    column = QVBoxLayout(holder)
    kept = WrappedLabel("one line")
    kept.setWordWrap(True)
    column.addWidget(kept)
    column.addStretch(1)
    holder.resize(200, 400)
    holder.show()
    qtbot.waitExposed(holder)
    kept.setText(TEXTS[3])
    qtbot.waitUntil(lambda: kept.height() >= kept.heightForWidth(kept.width()) > 60)
