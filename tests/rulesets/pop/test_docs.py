"""The player's page (docs/systems/price-of-power.md) holds what the app does: its card file
example reads, and every rule and default it numbers has a test that names it."""

from __future__ import annotations

import json
import re
from pathlib import Path

from desktop.rulesets.price_of_power.deck import problems

ROOT = Path(__file__).resolve().parents[3]
DOC = ROOT / "docs" / "systems" / "price-of-power.md"


def test_the_documented_card_file_example_reads():
    text = DOC.read_text(encoding="utf-8")
    start = text.index("```json", text.index("## The card file")) + len("```json")
    example = json.loads(text[start:text.index("```", start)])
    assert problems(example["cards"]) == []


def test_every_numbered_rule_and_default_has_a_test_that_names_it():
    text = DOC.read_text(encoding="utf-8")
    rules = {f"P{n}" for n in range(1, 56)}
    defaults = {f"D{n}" for n in range(1, 34)}
    listed = set(re.findall(r"\b(P\d+)\b", text)) | {
        f"P{n}" for low, high in re.findall(r"\bP(\d+)-P(\d+)\b", text) for n in range(int(low), int(high) + 1)}
    named_defaults = set(re.findall(r"\b(D\d+)\b", text)) | {
        f"D{n}" for low, high in re.findall(r"\bDefaults? D(\d+)-D?(\d+)\b", text) for n in range(int(low), int(high) + 1)}
    assert rules <= listed and defaults <= named_defaults
    names = " ".join(re.findall(r"def (test_\w+)", " ".join(path.read_text() for path in Path(__file__).parent.glob("test_*.py"))))
    tested = set(re.findall(r"_([PD]\d+)(?=_)", names))
    assert sorted(rules - tested) == [] and sorted(defaults - tested) == []
