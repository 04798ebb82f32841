"""The action vocabulary of Twilight Imperium action cards (documented in docs/actions.md).

Each type declares what a player still chooses (`asks`), so the table can prompt for it without
knowing the type; `aside` marks bookkeeping that never moves the game on (bots leave it aside); `shortcut`
is the key of its entry in the Turn menu.
"""

from __future__ import annotations

from typing import ClassVar, Literal

import msgspec

from desktop.engine.actions import Action
from desktop.engine.practice import PracticeAction, practice_asks
from desktop.engine.prompts import Ask
from desktop.engine.session_end import SessionEnd, session_end_asks


class SetInitiative(Action, frozen=True, tag="set_initiative"):
    order: list[str]
    title: ClassVar[str] = "Enter the initiative order"
    shortcut: ClassVar[str] = "Ctrl+I"
    asks: ClassVar[tuple[Ask, ...]] = (
        Ask(field="player", kind="seat", question="Who enters the order?", optional=True),
        Ask(field="order", kind="order", question="Initiative order, lowest strategy card first"),
    )


class Declare(Action, frozen=True, tag="declare"):
    event: str
    title: ClassVar[str] = "Declare a board event"
    aside: ClassVar[bool] = True
    asks: ClassVar[tuple[Ask, ...]] = (
        Ask(field="event", kind="choice", question="Which event happened on the board?"),
        Ask(field="player", kind="seat", question="To whom did it happen?"),
    )


class Pass(Action, frozen=True, tag="pass"):
    title: ClassVar[str] = "Pass in the timing window"
    shortcut: ClassVar[str] = "Ctrl+P"


class LetResolve(Action, frozen=True, tag="let_resolve"):
    """A seat says it will not Sabotage the card resolving: a seat the app plays resolves its
    card only once every person has Sabotaged it or let it resolve."""

    title: ClassVar[str] = "Let the card resolve"


class Play(Action, frozen=True, tag="play"):
    card: str
    target_player: str | None = None
    target: str = ""
    confirm: bool = False
    title: ClassVar[str] = "Play an action card"
    asks: ClassVar[tuple[Ask, ...]] = (
        Ask(field="card", kind="card", question="Which card?"),
        Ask(field="target_player", kind="seat", question="Whom does it affect?"),
        Ask(field="target", kind="text", question="On which units or effect?", optional=True),
        Ask(field="confirm", kind="confirm", question="Can it fully resolve now?"),
    )


class Resolve(Action, frozen=True, tag="resolve"):
    note: str = ""
    shortcut: ClassVar[str] = "Ctrl+R"
    asks: ClassVar[tuple[Ask, ...]] = (
        Ask(field="note", kind="text", question="What happened on the board?", optional=True),
    )


class EndTurn(Action, frozen=True, tag="end_turn"):
    note: str = ""
    shortcut: ClassVar[str] = "Ctrl+E"
    asks: ClassVar[tuple[Ask, ...]] = (
        Ask(field="note", kind="text", question="Which action did you take on the board?", optional=True),
    )


class PassPhase(Action, frozen=True, tag="pass_phase"):
    shortcut: ClassVar[str] = "Ctrl+Shift+P"
    ask_first: ClassVar[str] = "You take no more turns this phase."


class Politics(Action, frozen=True, tag="politics"):
    pass


class PoliticsSecondary(Action, frozen=True, tag="politics_secondary"):
    follow: bool
    title: ClassVar[str] = "Answer Politics"
    asks: ClassVar[tuple[Ask, ...]] = (
        Ask(field="follow", kind="choice", question="Follow Politics (1 strategy token, draw 2)?"),
    )


class StatusDraw(Action, frozen=True, tag="status_draw"):
    shortcut: ClassVar[str] = "Ctrl+D"


class AdvancePhase(Action, frozen=True, tag="advance_phase"):
    title: ClassVar[str] = "Next phase"
    shortcut: ClassVar[str] = "Ctrl+Shift+N"
    asks: ClassVar[tuple[Ask, ...]] = (Ask(field="player", kind="seat", question="Who moves the game on?", optional=True),)


class EndSession(SessionEnd, frozen=True, tag="end_session"):
    """The players end the session: the card game has no end of its own; the board game ends in
    the status or the agenda phase (docs/decisions.md, "The end of a session")."""

    asks: ClassVar[tuple[Ask, ...]] = session_end_asks("Nothing more can be played in this game.")


class Discard(Action, frozen=True, tag="discard"):
    card: str
    title: ClassVar[str] = "Discard a card"
    asks: ClassVar[tuple[Ask, ...]] = (Ask(field="card", kind="card", question="Which card do you discard?"),)


class Reveal(Action, frozen=True, tag="reveal"):
    cards: list[str]
    title: ClassVar[str] = "Reveal a card"
    aside: ClassVar[bool] = True
    asks: ClassVar[tuple[Ask, ...]] = (
        Ask(field="cards", kind="choice", question="Which card do you show to everyone?"),
        Ask(field="confirm_reveal", kind="confirm", question="Everyone will see this card. Reveal it?"),
    )

    @property
    def confirm_reveal(self) -> bool:
        return True  # revealing cannot be undone: always asked first


Counter = Literal["hand_limit", "strategy_tokens", "neural_motivator", "yssaril"]


class SetCounter(Action, frozen=True, tag="set_counter", omit_defaults=True):
    counter: Counter
    value: int
    also: dict[Counter, int] = msgspec.field(default_factory=dict)  # more of the seat's counts, set with it
    aside: ClassVar[bool] = True


class Practice(PracticeAction, frozen=True, tag="practice"):
    """Start a practice (the first action of a game with the practice option on): scenarios.py."""

    asks: ClassVar[tuple[Ask, ...]] = practice_asks("Which practice?")


TIAction = (
    SetInitiative | Declare | Pass | LetResolve | Play | Resolve | EndTurn | PassPhase | Politics
    | PoliticsSecondary | StatusDraw | AdvancePhase | EndSession | Discard | Reveal | SetCounter | Practice
)
