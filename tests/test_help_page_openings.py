"""The top of each rules page the Help window shows reads for someone who never read the rules.
New-user trials found every page opening with a dense paragraph of jargon ("three kinds of power
(ADM, DIP, MIL, 0 to 10 each)", "a CF in the exact cell"). Now the first paragraph under the title
is held to the plainness of the wizard's descriptions (tests/test_plain_descriptions.py): a few
short sentences, no abbreviation left unexplained, and it says what the app does and what stays
at the table. The next line points a newcomer to Learn to play, for every system that has one.
What the rest of the page relies on (rule numbers, Defaults) follows, for players who know the game."""

from __future__ import annotations

import re

import pytest

from desktop.model import learning
from desktop.shipped import help_root
from tests.test_help_pages_for_players import shipped_pages
from tests.test_plain_descriptions import MOST_SENTENCES, MOST_WORDS, sentences, unexplained

POINTER = "New to the game? **Learn to play** on the start screen walks you through a first turn."


def paragraphs_of_the_top(page: str) -> list[str]:
    """The paragraphs under the page's title, before its first section, each on one line."""
    text = (help_root() / f"{page}.md").read_text(encoding="utf-8")
    top = text[:text.index("\n## ")]
    title, *paragraphs = [" ".join(part.split()) for part in re.split(r"\n\s*\n", top) if part.strip()]
    assert title.startswith("# "), f"{page}.md does not open with its title"
    return paragraphs


def words(paragraph: str) -> str:
    """A paragraph as it reads on screen: its Markdown emphasis dropped."""
    return paragraph.replace("**", "").replace("*", "")


@pytest.mark.parametrize("page", shipped_pages())
def test_a_pages_first_paragraph_is_short_and_in_plain_words(page):
    first = words(paragraphs_of_the_top(page)[0])
    assert len(sentences(first)) <= MOST_SENTENCES, sentences(first)
    assert len(first.split()) <= MOST_WORDS, f"{page}.md: {len(first.split())} words"
    assert unexplained(first) == [], f"{page}.md: explain {unexplained(first)} where it first appears"


@pytest.mark.parametrize("page", shipped_pages())
def test_a_pages_first_paragraph_says_what_the_app_does_and_what_stays_at_the_table(page):
    first = words(paragraphs_of_the_top(page)[0]).lower()
    assert "the app" in first and "table" in first, f"{page}.md: {first!r}"


@pytest.mark.parametrize("system", [lesson.system for lesson in learning.lessons()])
def test_a_page_points_a_newcomer_to_learn_to_play_right_after_its_first_paragraph(system):
    assert paragraphs_of_the_top(system)[1] == POINTER
