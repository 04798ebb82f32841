"""The action vocabulary of Tempo Combat (documented in docs/actions.md).

Every action names the seat that sends it (`player`) and the character that acts, by its card,
its entry on the timeline or its id: a seat may play several characters (the GM seat plays every
NPC). Each type declares what a player still chooses (`asks`); `aside` marks bookkeeping that the
app's seats leave to people.
"""

from __future__ import annotations

from typing import ClassVar, Literal

import msgspec

from desktop.engine.actions import Action
from desktop.engine.practice import PracticeAction, practice_asks
from desktop.engine.prompts import Ask

ExertUse = Literal["another", "move", "momentum", "condition", "mana", "retry", "prepared"]
Event = Literal["hit", "skill", "other"]
_CHAR = Ask(field="character", kind="choice", question="Which character?")
_CONFIRM = Ask(field="confirm", kind="confirm", question="Does it hold on the board?")


class Plan(Action, frozen=True, tag="plan"):
    """Planning (T3, T4): put an action card on its character's row, at its tempo. During the
    count, an Extra or Free ability card (T56-T61) is added the same way."""

    card: str
    tempo: int = -1  # -1: the action's own tempo; Magic without a spell tempo asks for it
    spell: str = ""
    title: ClassVar[str] = "Plan an action"
    asks: ClassVar[tuple[Ask, ...]] = (
        Ask(field="card", kind="card", question="Which action?"),
        Ask(field="spell", kind="choice", question="Which spell?"),
        Ask(field="tempo", kind="choice", question="At which tempo?"),
    )


class Unplan(Action, frozen=True, tag="unplan"):
    """Planning: take a planned action back to the hand."""

    card: str
    title: ClassVar[str] = "Take back a planned action"
    aside: ClassVar[bool] = True  # a correction: the app's seats never take a plan back
    asks: ClassVar[tuple[Ask, ...]] = (Ask(field="card", kind="card", question="Which planned action?"),)


class Change(Action, frozen=True, tag="change"):
    """T9: change an upcoming action, not yet taken, for another."""

    entry: int
    card: str
    tempo: int = -1
    spell: str = ""
    title: ClassVar[str] = "Change a planned action"
    asks: ClassVar[tuple[Ask, ...]] = (
        Ask(field="entry", kind="choice", question="Which planned action changes?"),
        Ask(field="card", kind="card", question="Into which action?"),
        Ask(field="spell", kind="choice", question="Which spell?"),
        Ask(field="tempo", kind="choice", question="At which tempo?"),
    )


class Take(Action, frozen=True, tag="take"):
    """T6, T7: declare an action at its tempo; it is taken as one turn with its options."""

    entry: int
    target: str = ""  # a character
    weapon: str = ""
    option: str = ""  # Help: clear/teamwork; Move: move/jump; Inventory: load/swap/consume
    question: int = 0  # Scan: 1 to 5, or 6 for another question
    item: str = ""  # Inventory: the weapon drawn or loaded, or the item consumed; Help: the condition
    amount: int = 0  # Magic: Mana committed
    tier: str = ""  # Magic: scene, day or indefinite
    paradigm: str = ""  # Shift
    reclaim: bool = False  # Shift
    commit: int = 0  # Shift's Reclaim: Mana committed for the scene
    recover: bool = False  # Shift, after Rest this round
    success: bool = True  # Hide: the roll succeeded
    note: str = ""
    confirm: bool = False  # a board fact (adjacency, range, Line of Sight) the app asks
    title: ClassVar[str] = "Take an action"
    shortcut: ClassVar[str] = "Ctrl+T"
    asks: ClassVar[tuple[Ask, ...]] = (
        Ask(field="entry", kind="choice", question="Which action?"),
        Ask(field="target", kind="choice", question="Whom?"),
        Ask(field="weapon", kind="choice", question="With which weapon?"),
        Ask(field="option", kind="choice", question="Which option?"),
        Ask(field="question", kind="choice", question="Which question?"),
        Ask(field="item", kind="choice", question="Which item?"),
        Ask(field="amount", kind="choice", question="How much Mana?"),
        Ask(field="tier", kind="choice", question="Committed for how long?"),
        Ask(field="paradigm", kind="choice", question="Which Paradigm?"),
        Ask(field="reclaim", kind="choice", question="Reclaim?"),
        Ask(field="commit", kind="choice", question="Mana committed for the scene by the Reclaim?"),
        Ask(field="recover", kind="choice", question="Recover?"),
        Ask(field="success", kind="choice", question="Did the Hide roll succeed?"),
        Ask(field="note", kind="text", question="What do you ask (another question)?", optional=True, limit=120),
        _CONFIRM,
    )


class Wait(Action, frozen=True, tag="wait"):
    """D2, D3: "not now": the character lets this tempo pass (its actions here are not taken)."""

    character: str
    title: ClassVar[str] = "Let the tempo pass"
    asks: ClassVar[tuple[Ask, ...]] = (_CHAR,)


class Advance(Action, frozen=True, tag="advance"):
    """D7: end the turn under way and its end-of-turn moment; the count goes on."""

    title: ClassVar[str] = "Advance"
    shortcut: ClassVar[str] = "Ctrl+Shift+N"  # "next" (Ctrl+N is the window's New game)


class React(Action, frozen=True, tag="react"):
    """T20-T27: use a reaction in answer to what happened in the turn under way."""

    character: str
    reaction: str
    trigger: int
    confirm: bool = False
    title: ClassVar[str] = "React"
    asks: ClassVar[tuple[Ask, ...]] = (
        _CHAR,
        Ask(field="reaction", kind="choice", question="Which reaction?"),
        Ask(field="trigger", kind="choice", question="To what?"),
        _CONFIRM,
    )


class Exert(Action, frozen=True, tag="exert"):
    """T29-T36: a player character Exerts itself for one of the seed's uses (+1 Exertion)."""

    character: str
    use: ExertUse
    card: str = ""  # another: the action card dropped (listed with `action` instead)
    action: str = ""  # another: an action without a free card (a repeat)
    entry: int = 0  # move: the planned action moved
    tempo: int = -1  # another, move: the tempo
    spell: str = ""
    condition: str = ""
    tier: str = ""
    amount: int = 1  # prepared: the Exertion the GM states (1 to 3)
    note: str = ""
    confirm: bool = False  # move: asked first, a drag along the row being easy to make by mistake
    title: ClassVar[str] = "Exert"
    asks: ClassVar[tuple[Ask, ...]] = (
        _CHAR,
        Ask(field="use", kind="choice", question="Exert for what (+1 Exertion)?"),
        Ask(field="action", kind="choice", question="Which action?"),
        Ask(field="entry", kind="choice", question="Which planned action moves?"),
        Ask(field="spell", kind="choice", question="Which spell?"),
        Ask(field="tempo", kind="choice", question="To which tempo?"),
        Ask(field="condition", kind="choice", question="Which condition?"),
        Ask(field="tier", kind="choice", question="From which tier?"),
        Ask(field="amount", kind="choice", question="How much Exertion does the GM say it costs?"),
        Ask(field="note", kind="text", question="What did you do, in words?", optional=True, limit=120),
        Ask(field="confirm", kind="confirm", question="Exert (+1 Exertion)?"),
    )


class Declare(Action, frozen=True, tag="declare"):
    """D25: a board fact the app cannot see: a character hit by a Strike (with its damage), a
    skill roll about to be made, or another trigger in words."""

    event: Event
    character: str
    damage: int = 0
    note: str = ""
    title: ClassVar[str] = "Declare"
    aside: ClassVar[bool] = True
    asks: ClassVar[tuple[Ask, ...]] = (
        Ask(field="event", kind="choice", question="What happened?"),
        Ask(field="character", kind="choice", question="To whom?"),
        Ask(field="damage", kind="number", low=0, high=999, question="Damage of the Strike (0: counted by hand).",
            only_when=("event", "hit")),
        Ask(field="note", kind="text", question="What happened, in words?", limit=120, only_when=("event", "other")),
    )


class Answer(Action, frozen=True, tag="answer"):
    """D6: the GM answers a Scan question the sheet cannot (question 4 without Action Sets, or 6)."""

    index: int
    text: str = ""
    title: ClassVar[str] = "Answer a Scan"
    asks: ClassVar[tuple[Ask, ...]] = (
        Ask(field="index", kind="choice", question="Which question?"),
        Ask(field="text", kind="text", question="Your answer, as the players will read it.", limit=200),
    )


class EndScene(Action, frozen=True, tag="end_scene"):
    """T37, D17: the scene ends; those who Exerted in it take damage equal to their Exertion."""

    title: ClassVar[str] = "End the scene"
    ask_first: ClassVar[str] = "Those who Exerted in it take damage equal to their Exertion."


class Rest(Action, frozen=True, tag="out_of_combat_rest"):
    """T55: a Shallow Rest reclaims 1 Mana committed for the day; a Deep Rest reclaims all of a
    character's Mana. Out of combat, between turns; the character's own seat takes it."""

    character: str
    depth: Literal["shallow", "deep"] = "shallow"
    title: ClassVar[str] = "Rest (Shallow or Deep)"
    aside: ClassVar[bool] = True  # the people say when their characters rest
    asks: ClassVar[tuple[Ask, ...]] = (
        _CHAR,
        Ask(field="depth", kind="choice", question="A Shallow Rest or a Deep Rest?"),
    )


class ForceExertion(Action, frozen=True, tag="force_exertion"):
    """D13: the GM forces Exertion on a character; beyond the maximum it dies (T41)."""

    character: str
    amount: int = 1
    title: ClassVar[str] = "Force Exertion"
    aside: ClassVar[bool] = True
    asks: ClassVar[tuple[Ask, ...]] = (_CHAR, Ask(field="amount", kind="choice", question="How much Exertion?"))


class Grant(Action, frozen=True, tag="grant"):
    """D22: the GM grants a character an Extra or Free action (no limit, T58, T61)."""

    character: str
    action: str
    kind: Literal["extra", "free"] = "free"
    tempo: int = -1
    title: ClassVar[str] = "Grant an action"
    aside: ClassVar[bool] = True
    asks: ClassVar[tuple[Ask, ...]] = (
        _CHAR,
        Ask(field="action", kind="choice", question="Which action?"),
        Ask(field="kind", kind="choice", question="Extra (it obeys the Unique Action Restriction) or Free?"),
        Ask(field="tempo", kind="choice", question="At which tempo?"),
    )


class SetCondition(Action, frozen=True, tag="set_condition"):
    """Bookkeeping: a condition put on or taken off a character (Dying: D14, T42)."""

    character: str
    condition: str
    on: bool = True
    title: ClassVar[str] = "Set a condition"
    aside: ClassVar[bool] = True
    asks: ClassVar[tuple[Ask, ...]] = (
        _CHAR,
        Ask(field="condition", kind="choice", question="Which condition?"),
        Ask(field="on", kind="choice", question="On or off?"),
    )


class SetCounter(Action, frozen=True, tag="set_counter", omit_defaults=True):
    """Bookkeeping: correct a character's count (HP, Momentum, Mana; Exertion lowered by a Rest),
    and others of the same character in `also`, set in the same action."""

    character: str
    counter: str
    value: int
    also: dict[str, int] = msgspec.field(default_factory=dict)
    title: ClassVar[str] = "Change a count"
    aside: ClassVar[bool] = True
    asks: ClassVar[tuple[Ask, ...]] = (
        _CHAR,
        Ask(field="counter", kind="choice", question="Which count?"),
        Ask(field="value", kind="number", low=-99, high=999, question="Its new value."),
    )


class Practice(PracticeAction, frozen=True, tag="practice"):
    """Start a practice scenario (the first action of a game with the practice option on)."""

    title: ClassVar[str] = "Start a practice"
    asks: ClassVar[tuple[Ask, ...]] = practice_asks("Which practice?")


TempoAction = (
    Plan | Unplan | Change | Take | Wait | Advance | React | Exert | Declare | Answer | EndScene
    | ForceExertion | Grant | SetCondition | SetCounter | Practice | Rest
)
