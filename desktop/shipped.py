"""Where the files shipped with the app are: card data, icons, themes.

Three layouts: a source tree (`resources/` beside `desktop/`), an installed package
(`desktop.resources`) and the frozen installer bundle, where PyInstaller unpacks the same
`desktop/resources` folder next to the frozen modules. This module imports neither Qt nor the
engine, so the app can find its icon before anything heavy loads.
"""

from __future__ import annotations

import importlib.resources
import sys
from pathlib import Path


def resource_root() -> Path:
    frozen_root = getattr(sys, "_MEIPASS", None)
    if frozen_root is not None:
        return Path(frozen_root) / "desktop" / "resources"
    try:
        return Path(str(importlib.resources.files("desktop.resources")))
    except ModuleNotFoundError:
        return Path(__file__).resolve().parent.parent / "resources"


def resource_path(*parts: str) -> Path:
    return resource_root().joinpath(*parts)


APP_ICON = ("icons", "actiondeck.svg")
# The id of the desktop entry and AppStream file; Wayland matches windows to the entry by it.
APP_ID = "io.github.actiondeck.ActionDeck"
