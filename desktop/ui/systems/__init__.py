"""The per-system place for Qt pieces: card-face painters and panels a system adds to the table.

A system with Qt pieces of its own has a module here named after its id (dashes become
underscores: `desktop/ui/systems/worlds_that_remember.py` or a package). It may define

- `install(host)`: add panels, menu entries or toolbar actions through the window's host
  (`desktop/ui/host.py`: named places, all taken away when the window turns to another game);
  it may return a function to run then too. Its own card painters too: `host.paint_cards(face=,
  chip=)`, each `(painter, rect, face, look)` drawing a card (or a card lying on a track) from
  its face and its look (`Table.looks`), returning False to leave it to the generic painter.
  They belong to that window's table: two windows on two systems each draw their own.

The main window asks for them by the session's ruleset id and never names a system. Systems
without a module here get the generic table, which is enough for most.
"""

from __future__ import annotations

import importlib
from types import ModuleType

_EXTRAS: dict[str, ModuleType | None] = {}


def extension_for(ruleset_id: str) -> ModuleType | None:
    if ruleset_id not in _EXTRAS:
        name = f"{__name__}.{ruleset_id.replace('-', '_')}"
        try:
            _EXTRAS[ruleset_id] = importlib.import_module(name)
        except ModuleNotFoundError as missing:
            if missing.name != name:
                raise  # a real import error inside the module must show
            _EXTRAS[ruleset_id] = None
    return _EXTRAS[ruleset_id]


def register(ruleset_id: str, module: ModuleType | None) -> None:
    """Sets the extension of a system (tests register one for their own small system)."""
    _EXTRAS[ruleset_id] = module
