"""What a change names, for the window's panels, which import no engine: a panel says which parts
of the game it reads (`Reads`, the engine's), and re-reads them only when a change names one."""

from __future__ import annotations

from desktop.engine.changes import Reads

__all__ = ["Reads"]
