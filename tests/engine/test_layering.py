"""The layers of DESIGN.md section 2: engine, rulesets, storage (and odds, bots) never import Qt.

Two checks: a static one (every import statement in those packages, parsed with ast, wherever it
stands, even inside a function) and a dynamic one (importing them, and the headless command, in a
fresh interpreter leaves PySide6 unloaded).
"""

from __future__ import annotations

import ast
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


# ---- the platform names no system: tests/test_system_words.py ------------------------------


def test_the_engine_imports_no_ruleset():
    for path in sorted((ROOT / "desktop" / "engine").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            assert not [n for n in names if n.startswith("desktop.rulesets")], f"{path.name} imports a ruleset"
