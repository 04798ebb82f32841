"""A practice cites the rule in words (issue 29): never a line of a text the player does not have
("seed line 28", "(line 8)", "lines 154-159"), nor the seed texts the app was made from. Every
shipped system's practices are read: their titles, stories, steps, last sentences and what their
first game teaches."""

from __future__ import annotations

import re

import pytest

from desktop.engine import registry

CITES_A_LINE = re.compile(r"\blines? \d+|\bseed\b", re.IGNORECASE)


def practice_texts(ruleset) -> list[str]:
    """Every sentence a player may read of the system's practices."""
    found = []
    practices = ruleset.practices
    if practices is not None:
        for scenario in practices.scenarios.values():
            found += [scenario.title, scenario.story, scenario.end, *(step.do for step in scenario.steps)]
        if practices.lesson is not None:
            found.append(practices.lesson.teaches)
    own = getattr(__import__(f"desktop.rulesets.{ruleset.id.replace('-', '_')}", fromlist=["scenarios"]),
                  "scenarios", None)
    for scenario in getattr(own, "SCENARIOS", {}).values():  # a system's practices of its own kind
        found += [getattr(scenario, field, "") for field in ("title", "story", "hint", "end")]
    return [text for text in found if text]


@pytest.mark.parametrize("ruleset", registry.all_rulesets(), ids=lambda ruleset: ruleset.id)
def test_no_practice_cites_a_line_or_the_seed(ruleset):
    texts = practice_texts(ruleset)
    cited = [text for text in texts if CITES_A_LINE.search(text)]
    assert cited == []


def test_every_shipped_system_has_a_first_game_to_learn_with():
    assert {ruleset.id for ruleset in registry.all_rulesets() if ruleset.practices and ruleset.practices.lesson} == {
        "twilight-imperium", "worlds-that-remember", "future-imperfect", "price-of-power", "tempo"}


def test_the_test_would_see_a_line_cited():
    assert CITES_A_LINE.search("it is rebuilt (seed line 28).")
    assert CITES_A_LINE.search("(lines 154-159)") and CITES_A_LINE.search("a Turn, line 6")
    assert not CITES_A_LINE.search("Rules: Hands, decks and the reshuffle") and not CITES_A_LINE.search("a line of 5")
