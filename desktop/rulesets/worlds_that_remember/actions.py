"""The action vocabulary of Worlds That Remember (documented in docs/actions.md).

Each type declares what a player still chooses (`asks`), so the table can prompt for it without
knowing the type; `aside` marks bookkeeping that bots leave aside; `shortcut` is the key of its
entry in the Turn menu.
"""

from __future__ import annotations

from typing import ClassVar

import msgspec

from desktop.engine.actions import Action
from desktop.engine.practice import PracticeAction, practice_asks
from desktop.engine.prompts import Ask

INTENT = Ask(field="intent", kind="text", question="What do you intend? (one short sentence)")
TAGS = Ask(field="tags", kind="subset", question="Which of your tags and gear apply?")


class Play(Action, frozen=True, tag="play"):
    """On your turn: an Action card from your Ready Hand into play; its pool opens for Support."""

    card: str
    intent: str
    tags: list[str] = msgspec.field(default_factory=list)
    title: ClassVar[str] = "Play a Ready card"
    shortcut: ClassVar[str] = "Ctrl+P"
    asks: ClassVar[tuple[Ask, ...]] = (Ask(field="card", kind="card", question="Which Ready card?"), INTENT, TAGS)


class Force(Action, frozen=True, tag="force"):
    """On your turn, once: an Action card from your Unready deck, paying 1 Fatigue and a
    different Ready card (a Condition may pay it)."""

    card: str
    discard: str
    intent: str
    tags: list[str] = msgspec.field(default_factory=list)
    title: ClassVar[str] = "Force an Unready card"
    shortcut: ClassVar[str] = "Ctrl+F"
    asks: ClassVar[tuple[Ask, ...]] = (
        Ask(field="card", kind="card", question="Which Unready card do you force?"),
        Ask(field="discard", kind="card", question="Which Ready card do you discard to pay for it?"),
        INTENT,
        TAGS,
    )


class Support(Action, frozen=True, tag="support"):
    """Out of turn, during another player's roll: spend a Ready card to add one die."""

    card: str
    narration: str
    tag: str = ""  # one of your tags or gear that sizes the die; "" for a d6
    title: ClassVar[str] = "Support the roll"
    asks: ClassVar[tuple[Ask, ...]] = (
        Ask(field="card", kind="card", question="Which Ready card do you spend?"),
        Ask(field="tag", kind="choice", question="Which of your tags sizes the die?"),
        Ask(field="narration", kind="text", question="How do you help? (one sentence)"),
    )


class Pass(Action, frozen=True, tag="pass"):
    """Decline to Support the open roll."""

    title: ClassVar[str] = "Do not Support"


class Roll(Action, frozen=True, tag="roll"):
    """The roller closes Support and rolls the Fate die and every Aspect die."""

    title: ClassVar[str] = "Roll"
    shortcut: ClassVar[str] = "Ctrl+R"


class EndTurn(Action, frozen=True, tag="end_turn"):
    title: ClassVar[str] = "End the turn"
    shortcut: ClassVar[str] = "Ctrl+E"


class Trash(Action, frozen=True, tag="trash"):
    """Owed when a deck holds more than 20 cards: remove one non-Condition card."""

    card: str
    note: str = ""  # e.g. "kept as gear: a rope" where an effect allows it
    title: ClassVar[str] = "Remove a card from your deck"
    asks: ClassVar[tuple[Ask, ...]] = (
        Ask(field="card", kind="card", question="Which card do you remove from your deck?"),
        Ask(field="note", kind="text", question="A note (stored as gear or wealth?)", optional=True),
    )


class GainCondition(Action, frozen=True, tag="gain_condition"):
    """Bookkeeping: a Condition from the supply enters your Unready deck."""

    condition: str
    title: ClassVar[str] = "Gain a Condition"
    ask_first: ClassVar[str] = "The Condition enters your Unready deck."
    aside: ClassVar[bool] = True
    asks: ClassVar[tuple[Ask, ...]] = (Ask(field="condition", kind="choice", question="Which Condition?"),)


class ClearCondition(Action, frozen=True, tag="clear_condition"):
    """Bookkeeping: a Condition card of yours goes back to the supply (you recovered)."""

    card: str
    title: ClassVar[str] = "Clear a Condition"
    ask_first: ClassVar[str] = "The Condition goes back to the supply."
    aside: ClassVar[bool] = True
    asks: ClassVar[tuple[Ask, ...]] = (Ask(field="card", kind="card", question="Which Condition clears?"),)


class SetFatigue(Action, frozen=True, tag="set_fatigue"):
    """Bookkeeping: correct a Fatigue count by hand."""

    value: int
    title: ClassVar[str] = "Set Fatigue"
    aside: ClassVar[bool] = True
    asks: ClassVar[tuple[Ask, ...]] = (Ask(field="value", kind="number", question="Fatigue", low=0, high=20),)


class NewScene(Action, frozen=True, tag="new_scene"):
    title: ClassVar[str] = "Start the next Scene"
    asks: ClassVar[tuple[Ask, ...]] = (Ask(field="player", kind="seat", question="Who starts it?", optional=True),)


class Practice(PracticeAction, frozen=True, tag="practice"):
    """Start a practice (the first action of a game with the practice option on): scenarios.py."""

    asks: ClassVar[tuple[Ask, ...]] = practice_asks("Which practice?")


WTRAction = (Play | Force | Support | Pass | Roll | EndTurn | Trash | GainCondition | ClearCondition | SetFatigue
             | NewScene | Practice)
