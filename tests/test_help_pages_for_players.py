"""The rules pages the Help window shows (docs/systems/*.md, shipped) stand alone for a player: the
part a player reads never cites a line of a text the app does not ship ("seed line 2", "(line
28)"), nor a file a player does not have (docs/actions.md, a `desktop/` module, ../shared, a
`python -m` command). Such material for developers lives in one section, "For developers", the
last of its page; and a page that marks the app's choices ("Decision", "Default D3") says at its
top what that mark means."""

from __future__ import annotations

import re

import pytest

from desktop.shipped import help_root
from desktop.ui import help_pages

DEVELOPERS = "For developers"
NOT_FOR_PLAYERS = {
    "a line of the seed": re.compile(r"seed line", re.IGNORECASE),
    "a line number": re.compile(r"\bline \d+\b", re.IGNORECASE),
    "the seed text the app does not ship": re.compile(r"\bthe seed\b|\bseed's\b", re.IGNORECASE),
    "the shared folder": re.compile(r"\.\./shared"),
    "docs/actions.md": re.compile(r"docs/actions\.md"),
    "a docs/ page": re.compile(r"\bdocs/\w"),
    "a desktop/ path": re.compile(r"\bdesktop/"),
    "a python -m command": re.compile(r"python -m"),
    "a test file": re.compile(r"\btests/"),
}
MARKS = re.compile(r"\*\*Decision|\bDefault D\d+")


def shipped_pages() -> list[str]:
    pages = sorted(path.stem for path in help_root().glob("*.md"))
    assert len(pages) >= 5
    return pages


def split(text: str) -> tuple[str, str]:
    """The page's part for players and its "For developers" section (empty when it has none)."""
    match = re.search(rf"^## {DEVELOPERS}\s*$", text, re.MULTILINE)
    return (text, "") if match is None else (text[:match.start()], text[match.start():])


def test_the_check_finds_what_a_player_cannot_follow_and_spares_the_developers_section():
    text = ("# A game\n\nAs seed line 2 says (line 28), see `docs/actions.md`.\n\n"
            "## For developers\n\n`desktop/rulesets/x.py`, `python -m desktop.x`.\n")
    players, developers = split(text)
    found = {name for name, pattern in NOT_FOR_PLAYERS.items() if pattern.search(players)}
    assert found == {"a line of the seed", "a line number", "docs/actions.md", "a docs/ page"}
    assert not any(pattern.search(split("# Fine\n\nThe rulebook's 7.6: a seeded shuffle.\n")[0])
                   for pattern in NOT_FOR_PLAYERS.values())
    assert "desktop/" in developers


@pytest.mark.parametrize("page", shipped_pages())
def test_a_players_part_of_the_page_cites_nothing_a_player_does_not_have(page):
    players, _developers = split((help_root() / f"{page}.md").read_text(encoding="utf-8"))
    found = [f"{name}: {line.strip()!r}" for line in players.splitlines()
             for name, pattern in NOT_FOR_PLAYERS.items() if pattern.search(line)]
    assert not found, f"{page}.md, outside its '{DEVELOPERS}' section:\n" + "\n".join(found)


@pytest.mark.parametrize("page", shipped_pages())
def test_the_developers_section_is_the_pages_last(page):
    text = (help_root() / f"{page}.md").read_text(encoding="utf-8")
    titles = [(level, title) for level, title in help_pages.headings(text) if level <= 2]
    names = [title for _level, title in titles]
    assert names.count(DEVELOPERS) <= 1
    if DEVELOPERS in names:
        assert names[-1] == DEVELOPERS, f"{page}.md: '{DEVELOPERS}' is followed by {names[names.index(DEVELOPERS) + 1:]}"


@pytest.mark.parametrize("page", shipped_pages())
def test_a_page_that_marks_the_apps_choices_says_at_its_top_what_the_mark_means(page):
    text = (help_root() / f"{page}.md").read_text(encoding="utf-8")
    players, _developers = split(text)
    if not MARKS.search(players):
        return
    top = players[:players.index("\n## ")]  # the words under the title, before the first section
    assert re.search(r"\*\*(Decision|Default)\*\*", top), f"{page}.md: its top does not say what its marks mean"
    assert "the rulebook" in top, f"{page}.md: its top does not say the marks are where the rulebook is silent"


@pytest.mark.parametrize("page", shipped_pages())
def test_a_link_within_a_page_opens_one_of_its_sections(page):
    text = (help_root() / f"{page}.md").read_text(encoding="utf-8")
    headings = [title for _level, title in help_pages.headings(text)]
    for anchor in re.findall(r"\]\((#[^)]+)\)", text):
        assert any(help_pages.names(heading, anchor) for heading in headings), f"{page}.md: {anchor} names no section"
