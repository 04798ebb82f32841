"""The Future Imperfect action card: four corners and two 5 x 5 grids.

Rows are skill levels 1-5 (the effect grid's rows are written (1)-(5)); columns are the trait
dice d4, d6, d8, d10 and d12. A cause cell holds a result or CF (a critical failure), kept here
as 0: a CF is never a result, is never exceptional, and adds nothing on an extension card. An
effect cell holds a magnitude; effect values rise down each column.

The corners follow from the impulse (the card's number, 0-53): step 1-13 is the poker rank
(deuce 1 ... ace 13), suit 1-4 is clubs, diamonds, hearts, spades, and impulse = 4 x (step - 1)
+ suit. The jokers are impulse 0 (step 0, suit 0, the black joker) and impulse 53 (step 14,
suit 5, the red joker). Red cards and the red joker say yes: 27 yes, 27 no.
"""

from __future__ import annotations

import msgspec

DICE = (4, 6, 8, 10, 12)  # the columns, left to right
ROWS = 5
CARDS = 54
CF = 0  # a critical failure in a cause cell
SUITS = {0: "joker", 1: "clubs", 2: "diamonds", 3: "hearts", 4: "spades", 5: "joker"}
RED_SUITS = (2, 3, 5)
RANKS = {1: "2", 2: "3", 3: "4", 4: "5", 5: "6", 6: "7", 7: "8", 8: "9", 9: "10",
         10: "jack", 11: "queen", 12: "king", 13: "ace"}


class Card(msgspec.Struct, frozen=True):
    impulse: int
    step: int
    suit: int
    yes: bool
    cause: tuple[tuple[int, ...], ...]  # [row 1..5][column d4..d12]; CF is 0
    effect: tuple[tuple[int, ...], ...]

    def cell(self, row: int, die: int) -> int:
        """The cause cell at skill row `row` (1-5) of the `die` column (CF: 0)."""
        return self.cause[row - 1][DICE.index(die)]

    def effect_cell(self, row: int, die: int) -> int:
        return self.effect[row - 1][DICE.index(die)]

    @property
    def name(self) -> str:
        return f"card {self.impulse}"

    @property
    def playing_card(self) -> str:
        return playing_card(self.step, self.suit)

    @property
    def oracle(self) -> str:
        return "yes" if self.yes else "no"


def corners(impulse: int) -> tuple[int, int, bool]:
    """(step, suit, yes) of the card with this impulse."""
    if impulse == 0:
        return 0, 0, False
    if impulse == CARDS - 1:
        return 14, 5, True
    step, suit = (impulse - 1) // 4 + 1, (impulse - 1) % 4 + 1
    return step, suit, suit in RED_SUITS


def playing_card(step: int, suit: int) -> str:
    if suit in (0, 5):
        return "the red joker" if suit == 5 else "the black joker"
    return f"the {RANKS[step]} of {SUITS[suit]}"


def is_exceptional(value: int, die: int) -> bool:
    """A result at or above its column's die size (a CF never is)."""
    return value >= die


def cell_text(value: int) -> str:
    return "CF" if value == CF else str(value)


def dice_text(skill: int, die: int) -> str:
    """How the rulebook writes a trait and a skill: 4d10."""
    return f"{skill}d{die}"
