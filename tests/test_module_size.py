"""No module in desktop/ is over 400 lines (issue 27).

A module that long does more than one thing: split it into modules that each do one, named for
what they are.
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LIMIT = 400


def sizes() -> dict[str, int]:
    """Every module of the package and its length in lines, as `wc -l` counts them."""
    return {
        path.relative_to(ROOT).as_posix(): path.read_bytes().count(b"\n")
        for path in sorted((ROOT / "desktop").rglob("*.py"))
    }


def test_no_module_in_the_package_is_over_the_limit():
    long = {path: lines for path, lines in sizes().items() if lines > LIMIT}
    assert not long, (
        f"over {LIMIT} lines: {long}. Split each into modules that each do one thing "
        "(named for what they are), imports kept working."
    )
