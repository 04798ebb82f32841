"""The actions of Future Imperfect. Each type declares what a player still chooses (`asks`)."""

from __future__ import annotations

from typing import ClassVar, Literal

import msgspec

from desktop.engine.actions import Action
from desktop.engine.practice import PracticeAction, practice_asks
from desktop.engine.prompts import Ask
from desktop.engine.session_end import SessionEnd, session_end_asks

Die = Literal[4, 6, 8, 10, 12]
TN_HIGH = 60
VICTORIES_HIGH = 30

_WHO = Ask(field="who", kind="seat", question="Who makes the check?")
_TRAIT = Ask(field="trait", kind="choice", question="Which trait die governs it?")
_SKILL = Ask(field="skill", kind="number", question="Skill level (1 to 5): how many rows may be read?", low=1, high=5)
_TN = Ask(field="tn", kind="number", question="Target number (TN): the result must reach it.", low=1, high=TN_HIGH)


class SetCheck(Action, frozen=True, tag="set_check"):
    """The Master sets a simple check: pass or fail."""

    who: str
    trait: Die
    skill: int = 1
    tn: int = 7
    title: ClassVar[str] = "Set a simple check"
    shortcut: ClassVar[str] = "Ctrl+K"
    asks: ClassVar[tuple[Ask, ...]] = (_WHO, _TRAIT, _SKILL, _TN)


class SetComplexCheck(Action, frozen=True, tag="set_complex_check"):
    """The Master sets a complex check: on a success the effect cell gives a magnitude."""

    who: str
    trait: Die
    effect: Die
    skill: int = 1
    tn: int = 7
    effect_row: int = 1
    victories: int = 0  # the victories required, announced before the attempt (0: none)
    title: ClassVar[str] = "Set a complex check"
    asks: ClassVar[tuple[Ask, ...]] = (
        _WHO, _TRAIT, _SKILL, _TN,
        Ask(field="effect", kind="choice", question="Which effect die (the column of the effect grid)?"),
        Ask(field="effect_row", kind="number", question="Effect row: the (n) of (n)dN, 1 to 5.", low=1, high=5),
        Ask(field="victories", kind="number", low=0, high=VICTORIES_HIGH,
            question="Victories required, announced before the attempt (0: none)."),
    )


class SetContest(Action, frozen=True, tag="set_contest"):
    """The Master opens a contest: two characters compete, each with a complex check set in turn;
    the greater magnitude wins."""

    who: str
    against: str
    title: ClassVar[str] = "Set a contest"
    asks: ClassVar[tuple[Ask, ...]] = (
        Ask(field="who", kind="seat", question="Who competes (makes the first check)?"),
        Ask(field="against", kind="seat", question="Against whom?"),
    )


class CancelCheck(Action, frozen=True, tag="cancel_check"):
    """The Master calls off a check before its resolution card is drawn, or a contest between
    its checks."""

    title: ClassVar[str] = "Call off the check"


class DrawResolution(Action, frozen=True, tag="draw_resolution"):
    title: ClassVar[str] = "Draw the resolution card"
    shortcut: ClassVar[str] = "Ctrl+D"


class Take(Action, frozen=True, tag="take"):
    """Takes the result of one row of the trait's column on the resolution card."""

    row: int
    title: ClassVar[str] = "Take a result"
    asks: ClassVar[tuple[Ask, ...]] = (Ask(field="row", kind="choice", question="Which result do you take?"),)


class DrawExtension(Action, frozen=True, tag="draw_extension"):
    """An exceptional result goes on: another card, the same cell added."""

    title: ClassVar[str] = "Draw an extension card"
    shortcut: ClassVar[str] = "Ctrl+E"


class Extend(Action, frozen=True, tag="extend"):
    """Several exceptional results were open: after seeing the extension card, keep one."""

    row: int
    title: ClassVar[str] = "Choose the exceptional result to extend"
    asks: ClassVar[tuple[Ask, ...]] = (Ask(field="row", kind="choice", question="Which exceptional result do you keep?"),)


class AskOracle(Action, frozen=True, tag="ask_oracle"):
    """Solo play: draw a card and read its yes/no corner."""

    title: ClassVar[str] = "Ask the oracle"
    shortcut: ClassVar[str] = "Ctrl+Shift+O"


class DrawPlayingCard(Action, frozen=True, tag="draw_playing_card"):
    """Solo play: draw a card and read its step and suit as a playing card."""

    title: ClassVar[str] = "Draw a playing card"


class Practice(PracticeAction, frozen=True, tag="practice"):
    """A worked example of the rulebook: the deck is stacked and the check set."""

    asks: ClassVar[tuple[Ask, ...]] = practice_asks("Which worked example?")


class EndSession(SessionEnd, frozen=True, tag="end_session"):
    """The players end the session (the rulebook states no end of its own): offered to every seat
    between checks (docs/systems/future-imperfect.md, "The end of a session")."""

    asks: ClassVar[tuple[Ask, ...]] = session_end_asks("Nothing more can be drawn in this game.")


Count = Literal["victories", "bumps"]


class SetCount(Action, frozen=True, tag="set_count", omit_defaults=True):
    """Bookkeeping: a seat's running count of victories or bumps, set by hand (the other too,
    in `also`, set in the same action)."""

    counter: Count
    value: int
    also: dict[Count, int] = msgspec.field(default_factory=dict)
    aside: ClassVar[bool] = True


FIAction = (
    SetCheck | SetComplexCheck | SetContest | CancelCheck | DrawResolution | Take | DrawExtension | Extend
    | AskOracle | DrawPlayingCard | Practice | EndSession | SetCount
)
