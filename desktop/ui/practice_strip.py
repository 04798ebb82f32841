"""The practice's step over the table, for the learner (the table's `practice`, engine/practice.py):
a line naming the practice and the step ("Step 2 of 5"), and the step's words, what to do and why.
The rule a step cites ("(Rules: Costs)", a section of the system's rules page) is a link that
opens the Help window there: learners took it for a reference they could not follow.

It sits above the headline, in the window's own font, wrapped and never set smaller: a learner
reads it whole at a laptop's size. A refusal takes the banner's place below it, never this one,
so a step that says "try this: it is refused" is still there to read beside the refusal. Outside
a practice, and for any seat but the learner, it is hidden.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from html import escape

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QFrame, QLabel, QVBoxLayout

from desktop.ui import palette

RULE_CITED = re.compile(r"\(Rules: ([^()]+)\)")


def linked_words(words: str, ink: str) -> str:
    """The step's words as rich text, each "(Rules: SECTION)" a link to that section."""
    parts, at = [], 0
    for found in RULE_CITED.finditer(words):
        section = found.group(1).strip()
        parts.append(escape(words[at:found.start()]))
        parts.append(f'(<a href="rule:{escape(section, quote=True)}" style="color: {ink}; text-decoration: underline">'
                     f"Rules: {escape(section)}</a>)")
        at = found.end()
    parts.append(escape(words[at:]))
    return "".join(parts)


def step_line(seen) -> str:
    """The strip's first line: the practice's title and where the learner stands in it."""
    where = "Done" if seen.done else f"Step {seen.step} of {seen.steps}"
    return f"Practice: {seen.title} \u00b7 {where}"


class PracticeStrip(QFrame):
    def __init__(self, font: QFont) -> None:
        super().__init__()
        self.setObjectName("practice")
        self.setFrameShape(QFrame.Shape.NoFrame)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 6, 12, 6)
        layout.setSpacing(2)
        self.where = QLabel()
        self.where.setObjectName("practice-step")
        bold = QFont(font)
        bold.setBold(True)
        self.where.setFont(bold)
        self.where.setTextFormat(Qt.TextFormat.PlainText)
        self.words = QLabel()
        self.words.setObjectName("practice-words")
        self.words.setFont(QFont(font))
        self.words.setWordWrap(True)
        self.words.setTextFormat(Qt.TextFormat.RichText)  # its rule citations are links; the words escaped
        self.words.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
        self.words.linkActivated.connect(self._link)
        self.read_rule: Callable[[str], None] | None = None  # set by the Help menu (ui/help_menu.py)
        layout.addWidget(self.where)
        layout.addWidget(self.words)
        self.setAccessibleName("Practice step")
        self._seen = None
        self.said = ""  # the step's words as plain text
        self.restyle()
        self.hide()

    def _link(self, target: str) -> None:
        if target.startswith("rule:") and self.read_rule is not None:
            self.read_rule(target.removeprefix("rule:"))

    def restyle(self) -> None:
        self.setStyleSheet(
            f"QFrame#practice {{ background: {palette.css('notice')}; border-radius: 6px; }}"
            f"QFrame#practice QLabel {{ color: {palette.css('notice_ink')}; background: transparent; }}"
        )
        if self._seen is not None:  # its links are in the theme's ink too
            self.words.setText(linked_words(self._seen.words, palette.css("notice_ink")))

    def show_practice(self, seen) -> None:
        """The step of `seen` (a PracticeSeen), or nothing (None): hidden."""
        if seen == self._seen:
            return
        self._seen = seen
        if seen is None:
            self.hide()
            return
        self.where.setText(step_line(seen))
        self.said = seen.words
        self.words.setText(linked_words(seen.words, palette.css("notice_ink")))
        self.setAccessibleDescription(f"{step_line(seen)}. {seen.words}")
        self.show()

    def text(self) -> str:
        """What the strip says now, both lines ("" while hidden)."""
        if self._seen is None:
            return ""
        return f"{self.where.text()}\n{self.said}"
