"""The words over the table: the headline, and under it the banner (what the game says now), whose
place a refusal takes until the game changes. A refusal citing a rule offers "Read the rule" at its
right end: a link that opens the rules page at that section (the Help menu's `read_rule`; F1 does
it too, desktop/ui/help_menu.py). The refusal's own label keeps the sentence alone.

The banner keeps its room whether or not it has text, and a refusal never covers a zone: the
table under them does not move.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QLabel, QStackedLayout, QWidget

from desktop.ui import palette
from desktop.ui.shields import LayoutShield
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
        self.rule: str | None = None  # the section of the rules page the refusal shown cites
        self.read_rule = lambda rule: None  # set by the Help menu: opens the rules at `rule`
        self.rule_link = QLabel('<a href="#rule">Read the rule</a>', self.problem)
        self.rule_link.setObjectName("read-the-rule")
        self.rule_link.setToolTip("Open the rules at the section this refusal cites (F1)")
        self.rule_link.linkActivated.connect(lambda _link: self.rule and self.read_rule(self.rule))
        self.rule_link.hide()
        self._keeps_link = _AtRightEnd(self.rule_link)
        self.problem.installEventFilter(self._keeps_link)
        words = QWidget()
        # It fills its own ground (the window's colour, as under it): the banner's words, new at
        # nearly every action, then repaint the banner alone, not the window, the column and the
        # place beneath it too (0.1 ms an action, the same pixels, compared).
        words.setAutoFillBackground(True)
        stack = QStackedLayout(words)
        stack.setStackingMode(QStackedLayout.StackingMode.StackAll)
        stack.addWidget(self.banner)
        stack.addWidget(self.problem)
        # Of a fixed height (`fit`) and the column's width: the banner's words change at nearly
        # every action, and each change laid out the table's whole column for nothing.
        self.place = LayoutShield(words, "banner-place", steady=True)

    def restyle(self) -> None:
        self.problem.setStyleSheet(
            f"color: {palette.css('problem_ink')}; background: {palette.css('problem')}; "
            "padding: 2px 12px; border-radius: 6px;"
        )
        ink = palette.css("problem_ink")
        self.rule_link.setStyleSheet("background: transparent; padding: 0;")
        self.rule_link.setText(f'<a href="#rule" style="color: {ink};">Read the rule</a>')
        self._room_for_link()

    def fit(self, window_height: int) -> None:
        """Three lines of banner on a tall window, two on a laptop's (the tooltip and the log
        have the rest)."""
        lines = 3 if window_height >= 900 else 2
        self.place.setFixedHeight(self.banner.fontMetrics().lineSpacing() * lines + 6)

    def refuse(self, sentence: str, lead: str = "", rule: str | None = None) -> None:
        """A sentence in the banner's place, until the game changes; with the `rule` it cites
        (a section of the rules page), "Read the rule" at its end."""
        self.rule = rule
        self.rule_link.setVisible(bool(rule))
        self._room_for_link()
        self.problem.setText(lead + sentence)
        self.problem.setToolTip(sentence)  # the whole sentence, should it not fit the banner's lines
        self.problem.show()
        self.problem.raise_()

    def forget(self) -> None:
        """No refusal left, not even in a tooltip (it may name a card of the hand that was shown)."""
        self.problem.hide()
        self.problem.clear()
        self.problem.setToolTip("")
        self.rule = None
        self.rule_link.hide()

    def _room_for_link(self) -> None:
        """The sentence wraps short of the link (the style's padding is the label's margins)."""
        link = self.rule_link.sizeHint().width() + 12 if self.rule else 0
        self.problem.setContentsMargins(12, 2, 12 + link, 2)
        self._keeps_link.place(self.problem)


class _AtRightEnd(QObject):
    """Keeps the link at the right end of the refusal's label as the label is resized."""

    def __init__(self, link: QLabel) -> None:
        super().__init__(link)
        self._link = link

    def eventFilter(self, watched, event) -> bool:
        if event.type() == QEvent.Type.Resize:
            self.place(watched)
        return False

    def place(self, label) -> None:
        link = self._link
        link.adjustSize()
        link.move(label.width() - link.width() - 12, max(0, label.height() - link.height()) // 2)
