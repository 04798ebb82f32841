"""The colours of the table, in one place. Card tones are named by the ruleset ("gold", "red"...)
and turned into colours only here."""

from __future__ import annotations

from PySide6.QtGui import QColor

FACE = QColor("#fbf7ee")
INK = QColor("#1d1d1f")
BACK = QColor("#23325a")
BACK_INK = QColor("#d8c98f")
TITLE_INK = QColor("#ffffff")
PROBLEM = "#9b2226"
PROBLEM_INK = "#ffffff"
CURTAIN = QColor("#141b2d")
CURTAIN_INK = "#f2ead3"
LEGAL_DROP = "#2e7d32"

TONES = {
    "gold": QColor("#b08a1e"),
    "red": QColor("#b3261e"),
    "blue": QColor("#3b6ea8"),
    "grey": QColor("#5f5f5f"),
    "green": QColor("#4f7d4a"),
    "purple": QColor("#6a4c93"),
    "plain": QColor("#7a6f5a"),
}


def tone(name: str) -> QColor:
    return TONES.get(name, TONES["plain"])
