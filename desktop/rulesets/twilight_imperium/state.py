"""The Twilight Imperium part of the game state: phases, turns, windows and obligations."""

from __future__ import annotations

from typing import Literal

import msgspec

from desktop.engine.state import GameState

HAND_LIMIT = 7
STRATEGY_TOKENS = 2  # a new faction's strategy pool
COUNTERS = ("hand_limit", "strategy_tokens", "neural_motivator", "yssaril")


class Played(msgspec.Struct, frozen=True):
    """A card that resolved in a window, for the same-name rule (cancelled cards never count)."""

    name: str
    target: str


class Window(msgspec.Struct, kw_only=True):
    """A declared board event: every seat may play fitting cards, and it closes when all pass."""

    event: str
    declarer: str
    played: list[Played] = msgspec.field(default_factory=list)
    passed: list[str] = msgspec.field(default_factory=list)


class Resolving(msgspec.Struct, kw_only=True):
    """The card in the play area: others may Sabotage it until its player resolves it."""

    card: str
    player: str
    target_player: str | None = None
    target: str = ""
    component_action: bool = False


class Obligation(msgspec.Struct, frozen=True):
    """Something a player must do at once, before anything else happens."""

    kind: Literal["hand_limit", "scheming"]
    player: str


class Secondary(msgspec.Struct, kw_only=True):
    """Politics was used: these players may still follow its secondary ability."""

    primary: str
    waiting: list[str]


class TIState(GameState, kw_only=True):
    deck_key: str
    phase: Literal["strategy", "action", "status", "agenda"] = "strategy"
    round: int = 1
    agenda_phase: bool = True
    initiative: list[str] = msgspec.field(default_factory=list)
    active: str | None = None
    passed: list[str] = msgspec.field(default_factory=list)
    status_drawn: list[str] = msgspec.field(default_factory=list)
    window: Window | None = None
    resolving: Resolving | None = None
    obligations: list[Obligation] = msgspec.field(default_factory=list)
    secondary: Secondary | None = None
    politics_used: bool = False

    def hand(self, seat: str) -> list[str]:
        return self.zones[f"hand:{seat}"].cards
