"""The player's page (docs/systems/tempo.md) holds what the app does: its encounter file example
reads, and every rule and default it numbers has a test that names it."""

from __future__ import annotations

import json
import re
from pathlib import Path

from desktop.rulesets.tempo.encounter import problems

ROOT = Path(__file__).resolve().parents[3]
DOC = ROOT / "docs" / "systems" / "tempo.md"


def test_the_documented_encounter_example_reads():
    text = DOC.read_text(encoding="utf-8")
    start = text.index("```json", text.index("## The encounter file")) + len("```json")
    assert problems(json.loads(text[start:text.index("```", start)])["characters"]) == []


def test_every_numbered_rule_and_default_is_in_the_page_and_has_a_test_that_names_it():
    text = DOC.read_text(encoding="utf-8")
    rules = {f"T{n}" for n in range(1, 62)}
    defaults = {f"D{n}" for n in range(1, 32)}
    listed = set(re.findall(r"\b([TD]\d+)\b", text)) | {
        f"{kind}{n}" for kind, low, high in re.findall(r"\b([TD])(\d+)-[TD]?(\d+)\b", text)
        for n in range(int(low), int(high) + 1)}
    assert sorted(rules - listed) == [] and sorted(defaults - listed) == []
    names = " ".join(re.findall(r"def (test_\w+)", " ".join(path.read_text() for path in Path(__file__).parent.glob("test_*.py"))))
    tested = set(re.findall(r"_([TD]\d+)(?=_)", names))
    assert sorted(rules - tested) == [] and sorted(defaults - tested) == []


def test_every_action_type_has_a_section_in_docs_actions():
    import typing

    from desktop.rulesets.tempo.actions import TempoAction

    text = (ROOT / "docs" / "actions.md").read_text(encoding="utf-8")
    part = text[text.index("# Tempo Combat"):]
    for kind in typing.get_args(TempoAction):
        assert f"`{kind.__struct_config__.tag}`" in part, kind
