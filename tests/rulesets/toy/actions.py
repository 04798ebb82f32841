"""The toy duel's actions. Each type declares what a player still chooses (`asks`); `aside`
marks bookkeeping that never moves the game on."""

from __future__ import annotations

from typing import ClassVar, Literal

import msgspec

from desktop.engine.actions import Action
from desktop.engine.prompts import Ask


class Play(Action, frozen=True, tag="play"):
    """On your turn: a card from your grip into the arena (a Relic onto your shelf). Under
    attack: a Block from your grip."""

    card: str
    target: str | None = None
    title: ClassVar[str] = "Play a card"
    asks: ClassVar[tuple[Ask, ...]] = (
        Ask(field="card", kind="card", question="Which card?"),
        Ask(field="target", kind="seat", question="Whom does it attack?"),
    )


class Pass(Action, frozen=True, tag="pass"):
    """The attacked seat lets the attack through."""

    title: ClassVar[str] = "Let the attack through"


class Draw(Action, frozen=True, tag="draw"):
    title: ClassVar[str] = "Draw a card"


class EndTurn(Action, frozen=True, tag="end_turn"):
    title: ClassVar[str] = "End the turn"


class Discard(Action, frozen=True, tag="discard"):
    card: str
    title: ClassVar[str] = "Discard a card"
    asks: ClassVar[tuple[Ask, ...]] = (Ask(field="card", kind="card", question="Which card do you discard?"),)


class Polish(Action, frozen=True, tag="polish"):
    card: str
    title: ClassVar[str] = "Polish a Relic"
    asks: ClassVar[tuple[Ask, ...]] = (Ask(field="card", kind="card", question="Which Relic?"),)


class Show(Action, frozen=True, tag="show"):
    """Shows a card of your grip to everyone (it stays shown until it leaves the grip)."""

    card: str
    title: ClassVar[str] = "Show a card"
    aside: ClassVar[bool] = True
    asks: ClassVar[tuple[Ask, ...]] = (Ask(field="card", kind="card", question="Which card do you show?"),)


Count = Literal["gems", "favour"]


class SetCount(Action, frozen=True, tag="set_count", omit_defaults=True):
    counter: Count
    value: int
    also: dict[Count, int] = msgspec.field(default_factory=dict)
    aside: ClassVar[bool] = True


ToyAction = Play | Pass | Draw | EndTurn | Discard | Polish | Show | SetCount
