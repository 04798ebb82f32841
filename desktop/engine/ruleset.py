"""What a rule system provides to the engine. Each system implements this protocol."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from desktop.engine.actions import Action
from desktop.engine.state import GameState, LogEntry


@dataclass
class Outcome:
    """What one applied action did: its log lines and whether it revealed information.

    `reveals` is true for draws, shuffles and rolls: they close the undo window behind them,
    because a card once seen cannot be un-seen.
    """

    log: list[LogEntry] = field(default_factory=list)
    reveals: bool = False

    def say(self, text: str, seat: str | None = None) -> None:
        self.log.append(LogEntry(text, seat))


class Ruleset(Protocol):
    id: str
    title: str
    action_type: Any  # the tagged union of this system's Action classes

    def setup(
        self, players: list[str], options: dict[str, str], seed: int, deck: list[dict] | None
    ) -> GameState: ...

    def apply(self, state: GameState, action: Action) -> Outcome:
        """Mutates `state`, or raises RuleError having changed nothing."""

    def legal_actions(self, state: GameState, player: str | None = None) -> list[Action]: ...

    def view(self, state: GameState, viewer: str | None) -> dict: ...

    def focus(self, state: GameState) -> str | None:
        """The one seat that must act next with its hidden cards, if there is exactly one."""

    def card_def(self, state: GameState, card: str) -> Any: ...

    def action_for_move(self, state: GameState, player: str, card: str, target_zone: str) -> Action:
        """The action a drag of `card` onto `target_zone` by `player` means (may still be illegal)."""
