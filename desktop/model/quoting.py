"""Text from a file or a player, made safe to show: the engine's one rule for it
(`desktop/engine/text.py`: control characters escaped, cut to a length), for the window, which
imports no engine. A game's name read from a file's name reaches the window's title this way."""

from __future__ import annotations

from desktop.engine.text import shown

__all__ = ["shown"]
