"""The action vocabulary of Twilight Imperium action cards (documented in docs/actions.md)."""

from __future__ import annotations

from typing import Literal

from desktop.engine.actions import Action


class SetInitiative(Action, frozen=True, tag="set_initiative"):
    order: list[str]


class Declare(Action, frozen=True, tag="declare"):
    event: str


class Pass(Action, frozen=True, tag="pass"):
    pass


class Play(Action, frozen=True, tag="play"):
    card: str
    target_player: str | None = None
    target: str = ""
    confirm: bool = False


class Resolve(Action, frozen=True, tag="resolve"):
    note: str = ""


class EndTurn(Action, frozen=True, tag="end_turn"):
    note: str = ""


class PassPhase(Action, frozen=True, tag="pass_phase"):
    pass


class Politics(Action, frozen=True, tag="politics"):
    pass


class PoliticsSecondary(Action, frozen=True, tag="politics_secondary"):
    follow: bool


class StatusDraw(Action, frozen=True, tag="status_draw"):
    pass


class AdvancePhase(Action, frozen=True, tag="advance_phase"):
    pass


class Discard(Action, frozen=True, tag="discard"):
    card: str


class Reveal(Action, frozen=True, tag="reveal"):
    cards: list[str]


class SetCounter(Action, frozen=True, tag="set_counter"):
    counter: Literal["hand_limit", "strategy_tokens", "neural_motivator", "yssaril"]
    value: int


TIAction = (
    SetInitiative | Declare | Pass | Play | Resolve | EndTurn | PassPhase | Politics
    | PoliticsSecondary | StatusDraw | AdvancePhase | Discard | Reveal | SetCounter
)
