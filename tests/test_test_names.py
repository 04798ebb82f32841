"""Every test module has a base name of its own.

pytest imports a test module by its base name here (the folders of tests/ are not packages), so
two files named alike stop the whole run at collection ("import file mismatch"), whichever of the
two was written last. A helper's new folder of tests did that once; this says which names clash.
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def test_no_two_test_modules_share_a_base_name():
    places: dict[str, list[str]] = defaultdict(list)
    for path in TESTS.rglob("test_*.py"):
        places[path.name].append(path.relative_to(TESTS).as_posix())
    clashes = {name: found for name, found in places.items() if len(found) > 1}
    assert not clashes, f"test modules sharing a base name (rename one of each): {clashes}"
