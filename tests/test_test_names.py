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


def test_a_systems_own_widgets_have_a_folder_of_tests_of_the_same_name():
    """The tests mirror the package: what desktop/ui/systems/<id> adds to the window is tested in
    tests/ui/systems/<id>, where whoever changes that system's widgets looks first."""
    systems = TESTS.parent / "desktop" / "ui" / "systems"
    own = {path.stem if path.is_file() else path.name for path in systems.iterdir()
           if not path.name.startswith("_") and (path.is_dir() or path.suffix == ".py")}
    tested = {path.name for path in (TESTS / "ui" / "systems").iterdir() if any(path.glob("test_*.py"))}
    assert own, "no system's widgets found: the folder moved?"
    assert own == tested, f"systems' widgets without a folder of tests: {sorted(own - tested)}; " \
                          f"folders of tests for no system: {sorted(tested - own)}"
