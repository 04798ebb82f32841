"""The rules pages the Help window shows, found where the app is installed (no Qt here).

A page is one Markdown file of the shipped folder (`desktop.shipped.help_root`: docs/systems in a
checkout, desktop/resources/help installed or frozen), named by the id of the system it is about:
`<id>.md`. Its title is its first heading. A section is found by the words of its heading: a
refusal's rule (`session.refusal_rule`, the engine's `RuleError.rule`) names a heading without a
trailing "(...)" (the rule numbers some headings carry), and a link within the pages names one by
its anchor, as the pages' Markdown does (`#the-rules-of-play-r1-r9` for "The rules of play (R1-R9)").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from desktop.shipped import help_root

HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
FENCE = re.compile(r"^\s*(```|~~~)")
TRAILING_NOTE = re.compile(r"\s*\([^()]*\)\s*$")


@dataclass(frozen=True)
class Page:
    id: str  # the system's id, the file's name without ".md"
    title: str
    path: Path


def pages(root: Path | None = None) -> list[Page]:
    """Every page shipped, by title (a page that cannot be read is left out, never a traceback)."""
    found = []
    for path in sorted((root or help_root()).glob("*.md")):
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        titles = [title for level, title in headings(text) if level == 1]
        found.append(Page(id=path.stem, title=titles[0] if titles else path.stem, path=path))
    return sorted(found, key=lambda page: page.title.casefold())


def page_of(system_id: str, root: Path | None = None) -> Page | None:
    """The page of the system `system_id`, or None when none is shipped."""
    return next((page for page in pages(root) if page.id == system_id), None)


def headings(markdown: str) -> list[tuple[int, str]]:
    """The headings of a Markdown text, in order: (level, words), code blocks left out."""
    found, fenced = [], False
    for line in markdown.splitlines():
        if FENCE.match(line):
            fenced = not fenced
            continue
        match = None if fenced else HEADING.match(line)
        if match:
            found.append((len(match.group(1)), match.group(2)))
    return found


def words_of(heading: str) -> str:
    """A heading as a refusal names it: without its trailing "(...)", in any case."""
    return " ".join(TRAILING_NOTE.sub("", heading).split()).casefold()


def anchor_of(heading: str) -> str:
    """The anchor a Markdown link gives a heading: lower case, punctuation dropped, a dash a space."""
    kept = "".join(char for char in heading.casefold() if char.isalnum() or char in " -_")
    return kept.strip().replace(" ", "-")


def names(heading: str, section: str) -> bool:
    """Whether `section` (a rule's words, or a link's anchor) names this heading."""
    wanted = section.strip().lstrip("#")
    return words_of(heading) == words_of(wanted) or anchor_of(heading) == wanted.casefold()
