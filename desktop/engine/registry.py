"""Rule systems by id.

The engine names no system. Each system registers itself when its package is imported; the
packages are found at run time under `desktop.rulesets` (every sub-package there is a system),
so adding a system is adding a package, and the engine never imports a ruleset by name.
Tests register their own small systems with `register`.
"""

from __future__ import annotations

import importlib
import pkgutil

from desktop.engine.errors import SetupError
from desktop.engine.ruleset import RulesetBase

PLUGINS = "desktop.rulesets"  # the package whose sub-packages are the built-in systems

_RULESETS: dict[str, RulesetBase] = {}
_discovered = False


def register(ruleset: RulesetBase) -> RulesetBase:
    _RULESETS[ruleset.id] = ruleset
    return ruleset


def unregister(ruleset_id: str) -> None:
    _RULESETS.pop(ruleset_id, None)


def _discover() -> None:
    global _discovered
    if _discovered:
        return
    _discovered = True
    package = importlib.import_module(PLUGINS)
    for module in pkgutil.iter_modules(package.__path__):
        if module.ispkg:
            importlib.import_module(f"{PLUGINS}.{module.name}")


def _import_package_of(ruleset_id: str) -> None:
    """Imports the package a system id names by convention (dashes become underscores)."""
    name = ruleset_id.replace("-", "_")
    if not name.isidentifier():
        return
    try:
        importlib.import_module(f"{PLUGINS}.{name}")
    except ModuleNotFoundError as missing:
        if missing.name != f"{PLUGINS}.{name}":
            raise  # a broken system must show, not pass for an unknown one


def get(ruleset_id: str) -> RulesetBase:
    if ruleset_id not in _RULESETS:
        _import_package_of(ruleset_id)  # its own package first: start-up loads one system
    if ruleset_id not in _RULESETS:
        _discover()
    try:
        return _RULESETS[ruleset_id]
    except KeyError:
        known = ", ".join(ids())
        raise SetupError(f"There is no rule system called '{ruleset_id}'; known systems: {known}.") from None


def ids() -> list[str]:
    _discover()
    return sorted(_RULESETS)


def all_rulesets() -> list[RulesetBase]:
    return [_RULESETS[ruleset_id] for ruleset_id in ids()]
