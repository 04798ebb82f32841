"""Rules editions: replaying games saved before a rules correction.

A correction of the rules may refuse, or change, an action an old save holds, and a save must
always load and replay exactly. Each corrected system has the option `edition`: "current" (the
default: the corrected rules) or an older edition, named by the last file format its games were
saved in ("2": the rules as games saved in file format 2 were played). A file of a format up to
an edition's number is given that edition when it is loaded (`RulesetBase.legacy_options`); a correction
that comes later bumps the file format (storage/savefile.py) and names the edition before it.
"""

from __future__ import annotations

from desktop.engine.options import Option

EDITION = "edition"
CURRENT = "current"
SECOND = "2"  # the rules as games saved in file format 2 were played
FOURTH = "4"  # ... in file format 4


def edition_option(changed: str, edition: str = SECOND) -> Option:
    """The `edition` option of a system whose rules `changed` (words for its help) since the
    files of format `edition` were saved."""
    return Option(
        key=EDITION, label="Rules edition", default=CURRENT, choices=[CURRENT, edition], legacy=True,
        help=f"\"current\": the rules as they are now. \"{edition}\": {changed}, as games saved in file format "
             f"{edition} were played (set for them when they are loaded).",
    )


def edition_of_format(editions: list[str], format_version: int) -> str | None:
    """The edition a file of `format_version` was played by: the oldest of `editions` (the
    option's choices) whose format is the file's or later; None: the current rules."""
    older = sorted(int(choice) for choice in editions if choice.isdigit() and int(choice) >= format_version)
    return str(older[0]) if older else None
