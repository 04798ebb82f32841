"""The Twilight Imperium part of the game state: phases, turns, windows and obligations."""

from __future__ import annotations

from typing import Literal

import msgspec

from desktop.engine.mechanics import Owed, Pending, Responses, Steps, Uses
from desktop.engine.practice import PracticeRun
from desktop.engine.state import GameState

HAND_LIMIT = 7
STRATEGY_TOKENS = 2  # a new faction's strategy pool
COUNTERS = ("hand_limit", "strategy_tokens", "neural_motivator", "yssaril")
PHASES = Steps(steps=("strategy", "action", "status", "agenda"))
POLITICS = "politics"  # the use of the Politics strategy card, once a round for the table
COMPONENT_ACTION = "a component action"  # what an Action card costs, kept when it is Sabotaged


class Window(Responses, kw_only=True):
    """A declared board event: every seat may play fitting cards, and it closes when all pass.
    The seat that declared it (`opener`) is the one the event happened to. `played`: the cards
    that resolved in it, for the same-name rule (a card's name, its player, the units or effect it
    was played on); cancelled cards never count."""

    event: str
    played: Uses = msgspec.field(default_factory=Uses)

    @property
    def declarer(self) -> str:
        return self.opener


class Resolving(Pending, kw_only=True):
    """The card in the play area: others may Sabotage it until its player resolves it. An Action
    card was paid with a component action, which stays spent if it is Sabotaged."""

    target_player: str | None = None
    target: str = ""
    let_resolve: list[str] = msgspec.field(default_factory=list)  # seats that will not Sabotage it

    @property
    def component_action(self) -> bool:
        return self.paid == COMPONENT_ACTION


# Owed choices: "hand_limit" (discard down to the limit) and "scheming" (Yssaril discards one).
Obligation = Owed


class Secondary(msgspec.Struct, kw_only=True):
    """Politics was used: these players may still follow its secondary ability."""

    primary: str
    waiting: list[str]


class TIState(GameState, kw_only=True):
    deck_key: str
    first_release_rules: bool = False  # Action Deck 0.1's same-name rule (first_release.py)
    # Corrections since file format 2 (docs/decisions.md, "Corrections from the table"); off only
    # for games saved before them (the option edition=2, or card_rules=0.1).
    card_scopes: bool = True  # the same-name rule reads the card's scope, not only the target's words
    refill_on_discard: bool = True  # a deck that ran out with no discard is refilled once one exists
    phase: Literal["strategy", "action", "status", "agenda"] = "strategy"  # where the round stands in PHASES
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
    this_round: Uses = msgspec.field(default_factory=Uses)  # what is used once a round (Politics)
    ended: bool = False  # the players ended the session (EndSession): nothing more is played
    practice_on: bool = False  # the practice option: the first seat may start a practice (scenarios.py)
    practice: PracticeRun | None = None  # the practice under way, if any

    @property
    def politics_used(self) -> bool:
        return self.this_round.has(POLITICS)

    def hand(self, seat: str) -> list[str]:
        return self.zones[f"hand:{seat}"].cards
