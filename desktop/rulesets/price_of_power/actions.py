"""The action vocabulary of Price of Power (documented in docs/actions.md).

Each type declares what a player still chooses (`asks`); `aside` marks bookkeeping that never
moves the game on (bots leave it aside).
"""

from __future__ import annotations

from typing import ClassVar, Literal

import msgspec

from desktop.engine.actions import Action
from desktop.engine.practice import PracticeAction, practice_asks
from desktop.engine.prompts import Ask
from desktop.rulesets.price_of_power.state import CLAIM_PRICE, CLAIMS_MOST, MODIFIER_LIMIT

Deck = Literal["adm", "dip", "mil"]
Chosen = Literal["", "infantry", "cavalry", "artillery"]  # a "?" die's type ("": no such die)
DieType = Literal["infantry", "cavalry", "artillery"]
Event = Literal["war-declared", "army-attacked", "cannot-pay", "ruler-discarded", "other"]

_TARGET = Ask(field="target", kind="seat", question="At whom is it aimed?")
# Each "?" die of a card is its own choice (the seed's 6.2: "a die icon with a '?' on it allows
# you to add 1 Battle Die of any type"): one question, whose answers are every mix of types.
_DICE = Ask(field="dice", kind="choice", question="Which type of Battle Die does each ? die add?")
_MODIFIER = Ask(field="modifier", kind="number", low=-MODIFIER_LIMIT, high=MODIFIER_LIMIT,
                question="Cost modifier from the board (0: none; -2 takes 2 off the power cost, never below 0).")
# Asked only when a modifier was given: the rules refuse a reason without one (and a text asked
# is never left empty), so at 0 the card is played at its printed cost with no further word.
_REASON = Ask(field="reason", kind="text", question="Why does the cost change? (shown to everyone)", limit=80,
              unless=("modifier", 0))
_CONFIRM = Ask(field="confirm", kind="confirm", question="Does its requirement hold on the board?")


class Draw(Action, frozen=True, tag="draw"):
    """Phase 1 (and setup): draw the next card, in secret, from the deck chosen."""

    deck: Deck
    title: ClassVar[str] = "Draw a card"
    shortcut: ClassVar[str] = "Ctrl+D"
    asks: ClassVar[tuple[Ask, ...]] = (Ask(field="deck", kind="choice", question="From which deck?"),)


class Keep(Action, frozen=True, tag="keep"):
    """Phase 1C: keep a drawn card for 2 Ducats (at setup: free, up to four)."""

    card: str
    title: ClassVar[str] = "Keep a drawn card"
    asks: ClassVar[tuple[Ask, ...]] = (Ask(field="card", kind="card", question="Which drawn card do you keep?"),)


class Release(Action, frozen=True, tag="release"):
    """Phase 1C: let a drawn card go, face up to its own deck's discard pile."""

    card: str
    title: ClassVar[str] = "Let a drawn card go"
    asks: ClassVar[tuple[Ask, ...]] = (Ask(field="card", kind="card", question="Which drawn card goes to its discard pile?"),)


class Appoint(Action, frozen=True, tag="appoint"):
    """A Minor Action: the card's character joins its player's court (the Turn goes on)."""

    card: str
    title: ClassVar[str] = "Appoint a character"
    asks: ClassVar[tuple[Ask, ...]] = (Ask(field="card", kind="card", question="Whom do you appoint?"),)


class Play(Action, frozen=True, tag="play"):
    """A card played for its Action, as a Battle Action, as a Reaction, or Counterespionage."""

    card: str
    target: str | None = None
    die: Chosen = ""  # one type for every "?" die: how games saved before `dice` recorded it
    dice: tuple[DieType, ...] = ()  # the type of each "?" die of the card, in order
    replace: str | None = None  # a third Display card: which of the two in play goes
    modifier: int = 0
    reason: str = ""
    confirm: bool = False
    title: ClassVar[str] = "Play a card"
    asks: ClassVar[tuple[Ask, ...]] = (
        Ask(field="card", kind="card", question="Which card?"),
        _TARGET, _DICE,
        Ask(field="replace", kind="card", question="You have two Display cards in play: which one goes?"),
        _MODIFIER, _REASON, _CONFIRM,
    )


class Use(Action, frozen=True, tag="use"):
    """One action of a Display card its player has on display: it spends the card's cubes."""

    card: str
    action: str  # the action's name on the card
    target: str | None = None
    die: Chosen = ""  # one type for every "?" die: how games saved before `dice` recorded it
    dice: tuple[DieType, ...] = ()  # the type of each "?" die of the action, in order
    modifier: int = 0
    reason: str = ""
    confirm: bool = False
    title: ClassVar[str] = "Use a Display card"
    asks: ClassVar[tuple[Ask, ...]] = (
        Ask(field="card", kind="card", question="Which Display card?"),
        Ask(field="action", kind="choice", question="Which of its actions?"),
        _TARGET, _DICE, _MODIFIER, _REASON, _CONFIRM,
    )


class Basic(Action, frozen=True, tag="basic"):
    """A Basic Action taken on the board, declared in words, with what it cost (the Turn ends).
    `event`: the round's Event, as games saved before `take_event` recorded it (still accepted)."""

    event: bool = False
    name: str = ""
    adm: int = 0
    dip: int = 0
    mil: int = 0
    ducats: int = 0
    title: ClassVar[str] = "Take a Basic Action"
    asks: ClassVar[tuple[Ask, ...]] = (
        Ask(field="name", kind="text", question="Which Basic Action, in words?", limit=80),
        Ask(field="adm", kind="number", low=0, high=10, question="ADM it costs"),
        Ask(field="dip", kind="number", low=0, high=10, question="DIP it costs"),
        Ask(field="mil", kind="number", low=0, high=10, question="MIL it costs"),
        Ask(field="ducats", kind="number", low=0, high=99, question="Ducats it costs"),
    )


class TakeEvent(Action, frozen=True, tag="take_event"):
    """The round's Event, a Basic Action taken once a round (and before passing): the Event card
    is picked and resolved on the board, so nothing is asked; its name may be given for the log."""

    name: str = ""
    title: ClassVar[str] = "Take the Event"
    asks: ClassVar[tuple[Ask, ...]] = (
        Ask(field="name", kind="text", question="Which Event (for the log)?", limit=80, optional=True),
    )


class Fabricate(Action, frozen=True, tag="fabricate_claims"):
    """Fabricate Claims: a Diplomatic Basic Action that is covert (the rulebook's 5.4), 2 DIP a
    Claim paid now; every other player in turn may counter it with Counterespionage, and the Turn
    is spent either way. Where the Claims go is the board's (`note`, for the log)."""

    claims: int = 1
    note: str = ""
    title: ClassVar[str] = "Fabricate Claims (covert)"
    asks: ClassVar[tuple[Ask, ...]] = (
        Ask(field="claims", kind="number", low=1, high=CLAIMS_MOST,
            question=f"How many Claims? ({CLAIM_PRICE} DIP each; the other players may counter it)"),
        Ask(field="note", kind="text", question="Where (for the log)?", limit=80, optional=True),
    )


class PassPhase(Action, frozen=True, tag="pass_phase"):
    """Pass for the rest of the Action phase (Reactions and Battle Actions stay open)."""

    title: ClassVar[str] = "Pass for the phase"
    shortcut: ClassVar[str] = "Ctrl+Shift+P"
    ask_first: ClassVar[str] = "You take no more turns this phase (Reactions and Battle Actions stay open)."


class Pass(Action, frozen=True, tag="pass"):
    """Answer a Covert Action or a Reaction window with nothing (more)."""

    title: ClassVar[str] = "Pass"
    shortcut: ClassVar[str] = "Ctrl+P"


class Loan(Action, frozen=True, tag="loan"):
    """Take a Loan: 5 Ducats and an Interest token (a Minor Action, or a Reaction to a cost)."""

    title: ClassVar[str] = "Take a Loan"
    ask_first: ClassVar[str] = "You get 5 Ducats and an Interest token, until you repay it."


class Repay(Action, frozen=True, tag="repay"):
    """Repay a Loan: 5 Ducats, one Interest token less (a Minor Action on your Turn)."""

    title: ClassVar[str] = "Repay a Loan"
    ask_first: ClassVar[str] = "You pay 5 Ducats and give back an Interest token."


class DeclareBattle(Action, frozen=True, tag="declare_battle"):
    """A battle begins on the board: who attacks, who defends (the Main Defender), land or sea."""

    attacker: str | None
    defender: str | None
    sea: bool = False
    note: str = ""
    title: ClassVar[str] = "Declare a battle"
    asks: ClassVar[tuple[Ask, ...]] = (
        Ask(field="attacker", kind="seat", question="Who attacks?"),
        Ask(field="defender", kind="seat", question=(
            "Who defends? With several defending players, the Main Defender: the one with the most "
            "units (on a tie, the seat that last took a Turn).")),
        Ask(field="sea", kind="choice", question="On land or at sea?"),
        Ask(field="note", kind="text", question="Where, and who else takes part (for the log)?", optional=True),
    )


class Done(Action, frozen=True, tag="done"):
    """The Play Battle Actions step of this side is over."""

    title: ClassVar[str] = "Done with Battle Actions"
    shortcut: ClassVar[str] = "Ctrl+E"


class NextRound(Action, frozen=True, tag="next_round"):
    title: ClassVar[str] = "Next round of battle"


class EndBattle(Action, frozen=True, tag="end_battle"):
    title: ClassVar[str] = "End the battle"


class Declare(Action, frozen=True, tag="declare"):
    """Something happened to the player on the board that a Reaction answers."""

    event: Event
    text: str = ""
    title: ClassVar[str] = "Declare what happened to you"
    aside: ClassVar[bool] = True
    asks: ClassVar[tuple[Ask, ...]] = (
        Ask(field="event", kind="choice", question="What happened to you on the board?"),
        Ask(field="text", kind="text", question="In words (for \"other\")", optional=True),
    )


class Upkeep(Action, frozen=True, tag="upkeep"):
    """Phase 4: pay an Advisor's upkeep, or let the Advisor go to its discard pile."""

    card: str
    pay: bool
    title: ClassVar[str] = "Advisor upkeep"
    asks: ClassVar[tuple[Ask, ...]] = (
        Ask(field="card", kind="card", question="Which Advisor?"),
        Ask(field="pay", kind="choice", question="Pay the upkeep, or let the Advisor go?"),
    )


class Discard(Action, frozen=True, tag="discard"):
    """Phase 5, Step C: discard a card from a hand of more than five."""

    card: str
    title: ClassVar[str] = "Discard down to five"
    asks: ClassVar[tuple[Ask, ...]] = (Ask(field="card", kind="card", question="Which card do you discard?"),)


class Advance(Action, frozen=True, tag="advance"):
    """Phase 3 is over (to Phase 4), or Phase 5 is (a new round begins)."""

    title: ClassVar[str] = "Next phase"
    shortcut: ClassVar[str] = "Ctrl+Shift+N"


class Dismiss(Action, frozen=True, tag="dismiss"):
    """A character leaves the court (died, replaced on the board): to its deck's discard pile."""

    card: str
    title: ClassVar[str] = "A character leaves your court"
    ask_first: ClassVar[str] = "The character leaves your court."
    aside: ClassVar[bool] = True
    asks: ClassVar[tuple[Ask, ...]] = (Ask(field="card", kind="card", question="Who leaves your court?"),)


Counter = Literal["adm", "dip", "mil", "ducats", "interest", "interregnum", "board"]


class SetCounter(Action, frozen=True, tag="set_counter", omit_defaults=True):
    counter: Counter
    value: int
    also: dict[Counter, int] = msgspec.field(default_factory=dict)  # more of the seat's counts, set with it
    aside: ClassVar[bool] = True


class SetFirst(Action, frozen=True, tag="set_first"):
    """Between Action phases: who is first player from the next round on."""

    first: str
    title: ClassVar[str] = "Change the first player"
    aside: ClassVar[bool] = True
    asks: ClassVar[tuple[Ask, ...]] = (Ask(field="first", kind="seat", question="Who is the first player?"),)


class Practice(PracticeAction, frozen=True, tag="practice"):
    asks: ClassVar[tuple[Ask, ...]] = practice_asks("Which practice?")


PoPAction = (
    Draw | Keep | Release | Appoint | Play | Use | Basic | TakeEvent | Fabricate | PassPhase | Pass | Loan | Repay | DeclareBattle
    | Done | NextRound | EndBattle | Declare | Upkeep | Discard | Advance | Dismiss | SetCounter | SetFirst
    | Practice
)
