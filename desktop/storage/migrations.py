"""Older files, read as they were meant: what changed between formats, in one place.

Format 1 (saves) and version 1 (journals) come from Action Deck 0.1. Since then a system may
have corrected its rules; a game saved before must still replay exactly, so it is given the
options that bring the old rules back (each system says which: `RulesetBase.legacy_options`).
"""

from __future__ import annotations

from desktop.engine.game import options_of_edition


def options_of_version(ruleset_id: str, options: dict, version: int) -> dict:
    """`options` of a game saved in format `version`, with the system's options for that era
    (an unknown system's as they are: refused later, with the sentence naming it)."""
    return options_of_edition(ruleset_id, options, version)


def save_1_to_2(data: dict) -> dict:
    return _options_of(data, 1)


def save_2_to_3(data: dict) -> dict:
    return _options_of(data, 2)


def save_3_to_4(data: dict) -> dict:
    """Format 4 adds who the app plays (`app_seats`); a file of format 3 has nobody."""
    if isinstance(data, dict):
        data["version"] = 4
    return data


def save_4_to_5(data: dict) -> dict:
    return _options_of(data, 4)


def save_5_to_6(data: dict) -> dict:
    """Format 6 keeps an app seat's level, whichever it is; a file of format 5 holds only the
    standard level, which reads the same."""
    if isinstance(data, dict):
        data["version"] = 6
    return data


def _options_of(data: dict, version: int) -> dict:
    """A save of format `version` as one of the next: its game keeps the options of its era."""
    if isinstance(data, dict) and isinstance(data.get("options", {}), dict):
        options = data.get("options") or {}
        data["options"] = options_of_version(str(data.get("ruleset", "")), options, version)
        data["version"] = version + 1
    return data
