"""Where the shipped data files are: `resources/` in a source tree, `desktop.resources` installed."""

from __future__ import annotations

import importlib.resources
from pathlib import Path


def resource_path(*parts: str) -> Path:
    try:
        base = Path(str(importlib.resources.files("desktop.resources")))
    except ModuleNotFoundError:
        base = Path(__file__).resolve().parents[2] / "resources"
    return base.joinpath(*parts)
