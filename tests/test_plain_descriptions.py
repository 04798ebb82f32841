"""Each system's description, the first thing the new-game wizard shows about it, reads for
someone who never read its rules (issue 29): a few short sentences, and no abbreviation left
unexplained (new players met "CF", "NPC" and "TN" there and stopped to guess).

An abbreviation is a word of two capitals or more ("CF"), or dice written as "d20"; one is
explained where it first appears: "CF (critical failure)" or "critical failure (CF)".
"""

from __future__ import annotations

import re

import pytest

from desktop.engine import registry

MOST_SENTENCES = 4
MOST_WORDS = 90
SYSTEMS = registry.ids()


def sentences(text: str) -> list[str]:
    return [part for part in re.split(r"(?<=[.!?])\s+(?=[A-Z0-9])", text.strip()) if part]


def unexplained(text: str) -> list[str]:
    """The abbreviations of `text` whose first appearance is not explained beside it."""
    found = []
    seen: set[str] = set()
    for match in re.finditer(r"\b(?:[A-Z]{2,}(?=s?\b)|d\d+\b)", text):
        word = match.group()
        if word in seen:
            continue
        seen.add(word)
        before, after = text[: match.start()], text[match.end():]
        spelled_after = re.match(r"\s*\([a-z][^)]*\)", after)  # "CF (critical failure)"
        spelled_before = before.endswith("(") and after.startswith(")")  # "critical failure (CF)"
        if not (spelled_after or spelled_before):
            found.append(word)
    return found


def test_the_checks_catch_what_they_are_for():
    assert unexplained("A CF in the exact cell, a d20 roll, the NPCs.") == ["CF", "d20", "NPC"]
    assert unexplained("A game master (GM) and CF (critical failure); the GM again.") == []
    assert len(sentences("One. Two: three. 4 dice roll! Five?")) == 4


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_a_systems_description_is_short_and_in_plain_words(system_id):
    text = registry.get(system_id).description
    assert len(sentences(text)) <= MOST_SENTENCES, sentences(text)
    assert len(text.split()) <= MOST_WORDS, len(text.split())
    assert unexplained(text) == [], f"{system_id}: explain {unexplained(text)} where it first appears"
