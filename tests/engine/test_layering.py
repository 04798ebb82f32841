"""The layers of DESIGN.md section 2: engine, rulesets, storage (and odds, bots) never import Qt.

Two checks: a static one (every import statement in those packages, parsed with ast, wherever it
stands, even inside a function) and a dynamic one (importing them, and the headless command, in a
fresh interpreter leaves PySide6 unloaded).
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
QT_FREE = ["engine", "rulesets", "storage", "bots"]
FORBIDDEN = {"PySide6", "shiboken6", "PyQt5", "PyQt6", "qtpy"}


def qt_free_files() -> list[Path]:
    files = []
    for package in QT_FREE:
        folder = ROOT / "desktop" / package
        if folder.is_dir():
            files += sorted(folder.rglob("*.py"))
    return files


def qt_imports(source: str, filename: str) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(source, filename)):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        elif (
            isinstance(node, ast.Call)
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
            and (
                (isinstance(node.func, ast.Name) and node.func.id == "__import__")
                or (isinstance(node.func, ast.Attribute) and node.func.attr == "import_module")
            )
        ):
            names = [node.args[0].value]
        else:
            continue
        found += [f"{filename}:{node.lineno} {name}" for name in names if name.split(".")[0] in FORBIDDEN]
    return found


def test_the_qt_free_packages_exist():
    files = [path.relative_to(ROOT).as_posix() for path in qt_free_files()]
    for required in ("desktop/engine/game.py", "desktop/rulesets/__init__.py", "desktop/storage/savefile.py"):
        assert required in files


def test_the_check_catches_every_form_of_qt_import():
    sample = (
        "import PySide6\n"
        "import os, shiboken6.Shiboken as sb\n"
        "from PySide6.QtCore import QObject\n"
        "def later():\n"
        "    from PySide6 import QtWidgets\n"
        "    importlib.import_module('PySide6.QtGui')\n"
        "    __import__('qtpy')\n"
        "from desktop.engine import Game\n"
        "from . import PySide6_helpers\n"
    )
    found = sorted(hit.split(" ")[1] for hit in qt_imports(sample, "sample.py"))
    assert found == sorted(
        ["PySide6", "shiboken6.Shiboken", "PySide6.QtCore", "PySide6", "PySide6.QtGui", "qtpy"]
    )


@pytest.mark.parametrize("path", qt_free_files(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_no_qt_import_in_the_qt_free_layers(path):
    assert qt_imports(path.read_text(encoding="utf-8"), path.relative_to(ROOT).as_posix()) == []


def test_importing_the_headless_layers_loads_no_qt():
    modules = ["desktop.engine", "desktop.rulesets", "desktop.storage", "desktop.cli"]
    modules += [
        "desktop.engine." + path.stem
        for path in (ROOT / "desktop" / "engine").glob("*.py")
        if path.stem != "__init__"
    ]
    modules += [
        f"desktop.{package}" for package in ("bots",) if (ROOT / "desktop" / package).is_dir()
    ]
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "import desktop.storage.journal, desktop.storage.savefile, desktop.storage.durable\n"
        "import desktop.rulesets.twilight_imperium.legal\n"
        "loaded = sorted(m for m in sys.modules if m.split('.')[0] in {'PySide6', 'shiboken6'})\n"
        "assert not loaded, loaded\n"
        "print('ok')\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, check=False, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"


# ---- the platform names no system --------------------------------------------------------------

GENERIC = ["ui", "model"]  # desktop/ui/systems/ is where a system's own Qt pieces go
SYSTEM_WORDS = [
    # system names, ids and package names
    "twilight", "imperium", "worlds that remember", "worlds-that-remember", "worlds_that_remember",
    "future imperfect", "future-imperfect", "future_imperfect", "price of power", "price-of-power",
    "mana & momentum",
    # Twilight Imperium's vocabulary
    "initiative", "politics", "scheming", "yssaril", "sabotage", "hand_limit", "strategy",
    "neural", "declare", "agenda", "hand:",
    # Worlds That Remember's: its dice, their tiers and axes, its clock, its hands
    "fate", "aspect", "catastrophe", "costly success", "twist", "opportunity", "dusk", "dawn",
    "nightfall", "fatigue", "unready", "ready hand",
    # Future Imperfect's
    "cause grid", "effect grid", "impulse", "resolution card", "exceptional",
    # the other systems' vocabulary
    "monarch", "ducat", "exert",
]
ALLOWED = ["aspect ratio"]  # ordinary words that hold a system's word


def system_words(text: str) -> list[str]:
    """The system words `text` holds as whole words (any case), the allowed phrases left out."""
    text = text.lower()
    for phrase in ALLOWED:
        text = text.replace(phrase, " ")
    return [word for word in SYSTEM_WORDS if re.search(rf"(?<![a-z]){re.escape(word)}(?![a-z])", text)]


def test_the_word_check_catches_each_systems_terms():
    sample = (
        "Fate d20: the chance of each result; Aspect dice; at Dusk every roll gains a d4.\n"
        "from desktop.rulesets.worlds_that_remember.dice import Pool\n"
        "Twist 20, Catastrophe 1-3; the cause grid of the resolution card\n"
    )
    assert system_words(sample) == [
        "worlds_that_remember", "fate", "aspect", "catastrophe", "twist", "dusk", "cause grid", "resolution card",
    ]
    assert system_words("keeps the card's aspect ratio; a fateful unreadiness; Dawning") == []


def generic_files() -> list[Path]:
    files = []
    for package in GENERIC:
        for path in sorted((ROOT / "desktop" / package).rglob("*.py")):
            if "systems" not in path.relative_to(ROOT / "desktop" / package).parts:
                files.append(path)
    return files


@pytest.mark.parametrize("path", generic_files(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_the_generic_table_names_no_system(path):
    found = system_words(path.read_text(encoding="utf-8"))
    assert found == [], f"{path.name} names system vocabulary: {found}"


def test_the_engine_imports_no_ruleset():
    for path in sorted((ROOT / "desktop" / "engine").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            assert not [n for n in names if n.startswith("desktop.rulesets")], f"{path.name} imports a ruleset"
