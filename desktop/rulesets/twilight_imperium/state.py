"""The Twilight Imperium part of the game state: phases, turns, windows and obligations."""

from __future__ import annotations

from typing import Literal

import msgspec

from desktop.engine.mechanics import Owed, Responses
from desktop.engine.state import GameState

HAND_LIMIT = 7
STRATEGY_TOKENS = 2  # a new faction's strategy pool
COUNTERS = ("hand_limit", "strategy_tokens", "neural_motivator", "yssaril")


class Played(msgspec.Struct, frozen=True):
    """A card that resolved in a window, for the same-name rule (cancelled cards never count)."""

    name: str
    target: str


class Window(Responses, kw_only=True):
    """A declared board event: every seat may play fitting cards, and it closes when all pass.
    The seat that declared it (`opener`) is the one the event happened to."""

    event: str
    played: list[Played] = msgspec.field(default_factory=list)

    @property
    def declarer(self) -> str:
        return self.opener


class Resolving(msgspec.Struct, kw_only=True):
    """The card in the play area: others may Sabotage it until its player resolves it."""

    card: str
    player: str
    target_player: str | None = None
    target: str = ""
    component_action: bool = False


# Owed choices: "hand_limit" (discard down to the limit) and "scheming" (Yssaril discards one).
Obligation = Owed


class Secondary(msgspec.Struct, kw_only=True):
    """Politics was used: these players may still follow its secondary ability."""

    primary: str
    waiting: list[str]


class TIState(GameState, kw_only=True):
    deck_key: str
    first_release_rules: bool = False  # Action Deck 0.1's same-name rule (first_release.py)
    phase: Literal["strategy", "action", "status", "agenda"] = "strategy"
    round: int = 1
    agenda_phase: bool = True
    initiative: list[str] = msgspec.field(default_factory=list)
    active: str | None = None
    passed: list[str] = msgspec.field(default_factory=list)
    status_drawn: list[str] = msgspec.field(default_factory=list)
    window: Window | None = None
    resolving: Resolving | None = None
    obligations: list[Owed] = msgspec.field(default_factory=list)
    secondary: Secondary | None = None
    politics_used: bool = False

    def hand(self, seat: str) -> list[str]:
        return self.zones[f"hand:{seat}"].cards
