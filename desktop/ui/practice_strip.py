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


def step_line(seen, first_done: int | None = None) -> str:
    """The strip's first line: the practice's title and where the learner stands in it, and the
    steps done since `first_done`: new players saw nothing say that their move was taken, and a
    step the app took went unseen."""
    where = "Done" if seen.done else f"Step {seen.step} of {seen.steps}"
    line = f"Practice: {seen.title} \u00b7 {where}"
    if first_done is not None:
        last = min(seen.step - 1, seen.steps)
        done = f"step {last}" if first_done == last else f"steps {first_done} to {last}"
        line += f" \u00b7 \u2713 {done} done"
    return line


def first_done(before, seen, shown_from: int | None) -> int | None:
    """The first of the steps the strip says were just done, as the practice moves from `before`
    to `seen`: from the learner's own last step, through the app's steps after it
    (`shown_from`: what the strip said before, kept while the app takes its steps)."""
    if before is None or seen is None or before.title != seen.title or before.step >= seen.step:
        return None
    return shown_from if not before.yours and shown_from is not None else before.step


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
        self._done_from: int | None = None  # the first of the steps the strip says were just done
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
        before, self._seen = self._seen, seen
        self._done_from = first_done(before, seen, self._done_from)
        if seen is None:
            self.hide()
            return
        line = step_line(seen, self._done_from)
        self.where.setText(line)
        self.said = seen.words
        self.words.setText(linked_words(seen.words, palette.css("notice_ink")))
        self.setAccessibleDescription(f"{line}. {seen.words}")
        self.show()

    def text(self) -> str:
        """What the strip says now, both lines ("" while hidden)."""
        if self._seen is None:
            return ""
        return f"{self.where.text()}\n{self.said}"
