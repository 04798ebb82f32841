"""The words over the table: the headline, and under it the banner (what the game says now), whose
place a refusal takes until the game changes.

The banner keeps its room whether or not it has text, and a refusal never covers a zone: the
table under them does not move.
"""

from __future__ import annotations

from PySide6.QtGui import QFont
from PySide6.QtWidgets import QLabel, QStackedLayout, QWidget

from desktop.ui import palette
from desktop.ui.widgets import fitting_label


class TableHeading:
    """The headline (`header`), and `place`, which holds the banner and the refusal (`problem`)
    one over the other; the window lays both out above the table."""

    def __init__(self, font: QFont):
        self.header = QLabel()
        self.header.setObjectName("header")
        header_font = QFont(font)
        # The headline grows with the screen, as the rest of the text does (a TV reads as a laptop).
        header_font.setPointSizeF(font.pointSizeF() * 1.45)
        header_font.setBold(True)
        self.header.setFont(header_font)
        self.header.setWordWrap(True)  # a long headline wraps instead of widening the window
        self.banner = fitting_label()  # a long banner is set smaller, never cut off
        self.banner.setObjectName("banner")
        self.problem = QLabel()
        self.problem.setObjectName("problem")
        self.problem.setWordWrap(True)
        self.problem.hide()
        self.place = QWidget()
        stack = QStackedLayout(self.place)
        stack.setStackingMode(QStackedLayout.StackingMode.StackAll)
        stack.addWidget(self.banner)
        stack.addWidget(self.problem)

    def restyle(self) -> None:
        self.problem.setStyleSheet(
            f"color: {palette.css('problem_ink')}; background: {palette.css('problem')}; "
            "padding: 2px 12px; border-radius: 6px;"
        )

    def fit(self, window_height: int) -> None:
        """Three lines of banner on a tall window, two on a laptop's (the tooltip and the log
        have the rest)."""
        lines = 3 if window_height >= 900 else 2
        self.place.setFixedHeight(self.banner.fontMetrics().lineSpacing() * lines + 6)

    def refuse(self, sentence: str, lead: str = "") -> None:
        """A sentence in the banner's place, until the game changes."""
        self.problem.setText(lead + sentence)
        self.problem.setToolTip(sentence)  # the whole sentence, should it not fit the banner's lines
        self.problem.show()
        self.problem.raise_()

    def forget(self) -> None:
        """No refusal left, not even in a tooltip (it may name a card of the hand that was shown)."""
        self.problem.hide()
        self.problem.clear()
        self.problem.setToolTip("")
