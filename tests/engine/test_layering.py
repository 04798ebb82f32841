"""The layers of DESIGN.md section 2: engine, rulesets, storage (and odds, bots) never import Qt.

Two checks: a static one (every import statement in those packages, parsed with ast, wherever it
stands, even inside a function) and a dynamic one (importing them, and the headless command, in a
fresh interpreter leaves PySide6 unloaded).

And the imports between the app's own layers point one way (docs/architecture.md, "The layers"):
ui -> model -> engine, rulesets, bots, storage; rulesets -> engine; the engine imports none of them.
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
    modules = ["desktop.engine", "desktop.rulesets", "desktop.storage", "desktop.cli", "desktop.commands.game_files",
               "desktop.commands.serve", "desktop.commands.versus", "desktop.model.versus"]
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


# ---- imports point one way ---------------------------------------------------------------------
# ui -> model -> (engine, rulesets, bots, storage), ui -> phones -> model; rulesets -> engine; the engine imports nothing
# of the app. A system's own Qt pieces (ui/systems/<id>) may read its ruleset and the engine, and
# no other system's. `desktop/app.py` and `desktop/cli.py` put the layers together and may import
# any of them; the subcommands (`desktop/commands/`) all but the window.

LAYERS = {  # a layer -> the layers (packages of desktop) it may import
    "engine": {"engine"},
    "rulesets": {"engine", "rulesets", "shipped"},
    "bots": {"engine", "bots"},
    "storage": {"engine", "storage", "shipped", "__version__"},
    "model": {"model", "engine", "bots", "storage", "shipped", "__version__"},
    "ui": {"ui", "model", "phones", "shipped", "__version__"},  # the window turns the phones on
    "phones": {"phones", "model", "shipped", "__version__"},  # a front end like the window (docs/phones.md)
    "ui/systems": {"ui", "ui/systems", "model", "engine", "rulesets", "shipped", "__version__"},
    # The command line's subcommands put the layers together as desktop/cli.py does; no ui.
    "commands": {"commands", "engine", "rulesets", "bots", "storage", "model", "phones", "shipped", "__version__"},
}
# What a file may import past its layer's arrows, listed while it is paid (issue 27 paid the
# window's storage and the wizard's engine: "the window talks only to the model"): file -> layers.
KNOWN: dict[str, set[str]] = {}
# Modules of an allowed layer a layer still may not import. Storage reads and writes the files
# of games; which systems exist, their titles and demos are the model's, through the engine's
# registry (storage asks the engine to build a game, never which rule systems there are).
NOT_WITHIN = {
    "storage": {"desktop.engine.registry", "desktop.engine.ruleset", "desktop.engine.demo"},
}


def imported_modules(source: str, module: str) -> list[tuple[int, str]]:
    """(line, absolute module name) of every import in `source`, the text of the module named
    `module`: a relative import resolved, and `from desktop import storage` read as
    desktop.storage (a name imported from a package is its module where it is one)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(module.split(".")[: -node.level] + ([node.module] if node.module else []))
            for alias in node.names:
                within = ROOT.joinpath(*base.split("."), alias.name)
                is_module = within.is_dir() or within.with_suffix(".py").is_file()
                found.append((node.lineno, f"{base}.{alias.name}" if is_module else base))
    return found


def layer_of(module: str) -> tuple[str, str]:
    """(layer, system package or "") of a module of desktop: ("ui/systems", "tempo")."""
    parts = module.split(".")[1:]
    if parts[:2] == ["ui", "systems"]:
        return "ui/systems", parts[2] if len(parts) > 2 else ""
    if parts[:1] == ["rulesets"]:
        return "rulesets", parts[1] if len(parts) > 1 else ""
    return (parts[0] if parts else ""), ""


LOADER = "desktop.ui.systems"  # finds a system's Qt pieces by id: the generic ui may ask it


def wrong_imports(relative: str, source: str) -> list[str]:
    """The imports of the file at `relative` (its text `source`) that point the wrong way."""
    module = ".".join(Path(relative).with_suffix("").parts)
    layer, system = layer_of(module)
    allowed = LAYERS[layer] | KNOWN.get(relative, set())
    wrong = []
    for line, name in imported_modules(source, module):
        if name.split(".")[0] != "desktop" or name == "desktop" or name == LOADER:
            continue
        target, target_system = layer_of(name)
        other_system = target in ("rulesets", "ui/systems") and target_system not in ("", system)
        barred = any(name == barred or name.startswith(f"{barred}.") for barred in NOT_WITHIN.get(layer, ()))
        if target not in allowed or barred or (layer in ("rulesets", "ui/systems") and other_system):
            wrong.append(f"{relative}:{line} imports {name}")
    return wrong


def layered_files() -> list[Path]:
    return [path for path in sorted((ROOT / "desktop").rglob("*.py")) if path.parent != ROOT / "desktop"]


def test_the_import_check_sees_each_wrong_direction():
    def wrong(relative: str, source: str) -> list[str]:
        return [hit.split(" imports ")[1] for hit in wrong_imports(relative, source)]

    assert wrong("desktop/engine/x.py", "from desktop.model.session import GameSession\nfrom desktop import storage\n"
                 "def later():\n    import desktop.ui.table\n") == ["desktop.model.session", "desktop.storage", "desktop.ui.table"]
    assert wrong("desktop/engine/x.py", "from . import registry\nfrom .state import GameState\nimport msgspec\n") == []
    assert wrong("desktop/model/x.py", "from ..ui import palette\nfrom desktop.rulesets.tempo import core\n") == [
        "desktop.ui.palette", "desktop.rulesets.tempo.core"]
    assert wrong("desktop/rulesets/tempo/x.py", "from desktop.rulesets.price_of_power import cards\n"
                 "from desktop.rulesets.tempo import core\nfrom desktop.storage import paths\n") == [
        "desktop.rulesets.price_of_power.cards", "desktop.storage.paths"]
    assert wrong("desktop/ui/systems/tempo/x.py", "from desktop.ui.systems.price_of_power import panel\n"
                 "from desktop.rulesets.tempo import words\nfrom desktop.ui.systems import extension_for\n") == [
        "desktop.ui.systems.price_of_power.panel"]
    assert wrong("desktop/ui/x.py", "from desktop.engine import registry\nfrom desktop.model import session\n"
                 "from desktop.ui.systems import extension_for\n") == ["desktop.engine.registry"]
    assert wrong("desktop/ui/x.py", "from desktop.storage.paths import saves_dir\nfrom desktop import storage\n") == [
        "desktop.storage.paths", "desktop.storage"]
    assert wrong("desktop/storage/x.py", "from desktop.engine import Game, registry\nfrom desktop.engine.text import shown\n"
                 "def later():\n    from desktop.engine.ruleset import RulesetBase\n"
                 "    from desktop.rulesets import tempo\n") == [
        "desktop.engine.registry", "desktop.engine.ruleset", "desktop.rulesets.tempo"]


@pytest.mark.parametrize("path", layered_files(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_imports_point_one_way(path):
    assert wrong_imports(path.relative_to(ROOT).as_posix(), path.read_text(encoding="utf-8")) == []


# ---- the window builds no game (issue 27: "the window talks only to the model") -----------------
# The engine's game building is what makes a Game: the modules that make one (`engine.game`:
# `Game.new`, `Game.replay`, `GameSetup`; `engine.demo`: a demo's game) and those two names taken
# from the engine's package. A window (the generic ui and a system's Qt pieces alike) asks the
# model instead (`model.new_game`, `model.opening`), which any other front end asks too; a
# system's Qt pieces may still read their ruleset and the engine's other parts.

BUILDING_MODULES = {"desktop.engine.game", "desktop.engine.demo"}
BUILDING_NAMES = {"Game", "GameSetup"}


def game_building_imports(relative: str, source: str) -> list[str]:
    """The imports of game building in the file at `relative` (its text `source`)."""
    module = ".".join(Path(relative).with_suffix("").parts)
    found = [f"{relative}:{line} imports {name}" for line, name in imported_modules(source, module)
             if name in BUILDING_MODULES or name.startswith(tuple(f"{m}." for m in BUILDING_MODULES))]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(module.split(".")[: -node.level] + ([node.module] if node.module else []))
            if base == "desktop.engine":
                found += [f"{relative}:{node.lineno} imports desktop.engine.{alias.name}"
                          for alias in node.names if alias.name in BUILDING_NAMES]
    return found


def ui_files() -> list[Path]:
    return sorted((ROOT / "desktop" / "ui").rglob("*.py"))


def test_the_building_check_sees_each_way_of_importing_it():
    def found(relative: str, source: str) -> list[str]:
        return [hit.split(" imports ")[1] for hit in game_building_imports(relative, source)]

    assert found("desktop/ui/x.py", "from desktop.engine import Game, SetupError\nimport desktop.engine.game\n"
                 "def later():\n    from desktop.engine.demo import demo_game\n"
                 "    from ..engine import GameSetup\n    from desktop.engine.game import Outcome\n") == [
        "desktop.engine.game", "desktop.engine.demo", "desktop.engine.game", "desktop.engine.Game",
        "desktop.engine.GameSetup"]
    assert found("desktop/ui/systems/x/y.py", "from desktop.engine import rng\nfrom desktop.engine.text import shown\n"
                 "from desktop.model.new_game import build\n") == []


def test_the_window_has_no_known_debts_left():
    """Every exception the import-direction check once listed for the window is paid."""
    assert KNOWN == {}


@pytest.mark.parametrize("path", ui_files(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_the_window_neither_builds_a_game_nor_reads_storage(path):
    relative, source = path.relative_to(ROOT).as_posix(), path.read_text(encoding="utf-8")
    module = ".".join(Path(relative).with_suffix("").parts)
    storage = [f"{relative}:{line} imports {name}" for line, name in imported_modules(source, module)
               if name == "desktop.storage" or name.startswith("desktop.storage.")]
    assert storage + game_building_imports(relative, source) == []


@pytest.mark.parametrize("path", sorted((ROOT / "desktop" / "model").rglob("*.py")), ids=lambda path: path.name)
def test_the_model_uses_qts_core_alone(path):
    """The model's signals and timers are QtCore's; nothing of it paints or shows, so no front end
    (a test, an app seat, a phone's server) needs QtGui or QtWidgets to play. (Its undo stack was
    QtGui's QUndoStack, and a session collected as garbage could crash in it: desktop/model/undo_stack.py.)"""
    found = [name for name in qt_imports(path.read_text(encoding="utf-8"), path.name)
             if name.split()[-1].split(".")[0] == "PySide6" and name.split()[-1] not in ("PySide6.QtCore",)]
    assert found == [], found
