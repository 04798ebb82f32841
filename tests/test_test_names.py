"""Every test module has a base name of its own.

pytest imports a test module by the name it has from the first folder up that is not a package
(most folders of tests/ are not: a module there goes by its base name), so two such files named
alike stop the whole run at collection ("import file mismatch"). A helper's new folder of tests
did that once; this says which names clash.
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def import_name(path: Path) -> str:
    """The module name pytest gives a test file: its name, with the packages holding it."""
    parts = [path.stem]
    folder = path.parent
    while (folder / "__init__.py").exists():
        parts.insert(0, folder.name)
        folder = folder.parent
    return ".".join(parts)


def test_no_two_test_modules_share_a_base_name():
    places: dict[str, list[str]] = defaultdict(list)
    for path in TESTS.rglob("test_*.py"):
        places[import_name(path)].append(path.relative_to(TESTS).as_posix())
    clashes = {name: found for name, found in places.items() if len(found) > 1}
    assert not clashes, f"test modules sharing a base name (rename one of each): {clashes}"
