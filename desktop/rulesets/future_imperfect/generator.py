"""The shipped deck, made by a seeded generator because the printed deck is not available.

    python -m desktop.rulesets.future_imperfect.generator > resources/future-imperfect/deck.json

The method (docs/systems/future-imperfect.md says why):

1. Corners follow from the impulse (cards.corners).
2. A cause cell is one roll of its column's die. For each of the 25 cells, the 54 cards share the
   faces 1..d as evenly as 54 allows (d6: nine of each face; d10: six of four faces and five of
   the other six, the faces with the extra card picked by the generator), dealt to the cards in a
   seeded shuffle. The top face d is the exceptional result: on every card, each cell is
   exceptional with the chance of the die's top face, independently of every other card, so an
   exceptional chain goes on at each link as an exploding die would.
3. CF sits where a botch would: in each of the 25 cells exactly one card that rolled a 1 shows CF
   instead, so a critical failure has a chance of 1 in 54 whatever the trait and the skill.
4. An effect cell is a running sum down its column: row (r) is row (r - 1) plus one more roll of
   the die, the rolls shared out as evenly as for the cause grid. Effect values therefore rise
   down every column, and row (r) of column dN is a sum of r rolls of dN.
5. The cells the rulebook names are pinned (PINS below) before the faces are dealt, from the same
   share of faces, so its worked examples play out on the shipped deck. A pinned 11 in a d10
   column is the exceptional face of a d10 (printed as the rulebook prints it).
"""

from __future__ import annotations

import sys

import msgspec

from desktop.engine import rng
from desktop.rulesets.future_imperfect.cards import CARDS, CF, DICE, ROWS, Card, corners
from desktop.rulesets.future_imperfect.deck import card_record

SEED = 20240605  # below 2**64: the engine's SplitMix64, identical on every platform
VERSION = 1

# impulse -> ("cause", row, die) -> value (CF allowed); ("effect", die) -> the rolls of rows (1)...
PINS: dict[int, dict[tuple, object]] = {
    # Card 34: Sid's d6 at skill 3 (6, 1, 1); the d10 column 7, 10, 3, 7; effect (2)d6 = 8.
    34: {("cause", 1, 6): 6, ("cause", 2, 6): 1, ("cause", 3, 6): 1,
         ("cause", 1, 10): 7, ("cause", 2, 10): 10, ("cause", 3, 10): 3, ("cause", 4, 10): 7,
         ("effect", 6): (3, 5)},
    # Card 10: row 2 of d10 is 9 (the chains end on it); an 11 in row 3 and CF in row 4 that an
    # extension card does not use.
    10: {("cause", 2, 10): 9, ("cause", 3, 10): 11, ("cause", 4, 10): CF},
    # Card 11: row 2 of d10 is an exceptional 11 (Xenes's chain goes on).
    11: {("cause", 2, 10): 11},
    # Card 27: Kayla's 4d8 reads 1, 7, 7, 2; her equipment's (3)d10 effect is 17.
    27: {("cause", 1, 8): 1, ("cause", 2, 8): 7, ("cause", 3, 8): 7, ("cause", 4, 8): 2,
         ("effect", 10): (6, 4, 7)},
    # Card 45: CF in row 4 of d12, Chuk's Strength.
    45: {("cause", 4, 12): CF},
}


def face_of(value: int, die: int) -> int:
    """The die face a cell stands for: CF is a botched 1, an exceptional result the top face."""
    return 1 if value == CF else min(value, die)


def _shares(state, die: int) -> tuple[object, list[int]]:
    """54 faces of a die, as evenly as 54 allows; the faces that get one more are drawn."""
    faces = list(range(1, die + 1))
    state = rng.shuffle(state, faces)
    extra = set(faces[: CARDS % die])
    pool = [face for face in range(1, die + 1) for _ in range(CARDS // die + (face in extra))]
    return state, pool


def _deal(state, die: int, pinned: dict[int, int]) -> tuple[object, list[int]]:
    """One face per impulse; `pinned` faces are taken from the share first."""
    state, pool = _shares(state, die)
    for face in pinned.values():
        pool.remove(face)
    state = rng.shuffle(state, pool)
    faces = []
    for impulse in range(CARDS):
        faces.append(pinned[impulse] if impulse in pinned else pool.pop())
    return state, faces


def generate(seed: int = SEED) -> tuple[Card, ...]:
    state = rng.seed_state(seed)
    cause = [[[0] * len(DICE) for _ in range(ROWS)] for _ in range(CARDS)]
    effect = [[[0] * len(DICE) for _ in range(ROWS)] for _ in range(CARDS)]
    for row in range(1, ROWS + 1):
        for column, die in enumerate(DICE):
            pins = {i: v for i, p in PINS.items() for k, v in p.items() if k == ("cause", row, die)}
            state, faces = _deal(state, die, {i: face_of(v, die) for i, v in pins.items()})
            for impulse, face in enumerate(faces):
                cause[impulse][row - 1][column] = pins.get(impulse, face)
            if CF not in pins.values():
                botched = [i for i, face in enumerate(faces) if face == 1 and i not in pins]
                state, pick = rng.below(state, len(botched))
                cause[botched[pick]][row - 1][column] = CF
            rolls = {i: p[("effect", die)][row - 1] for i, p in PINS.items()
                     if ("effect", die) in p and len(p[("effect", die)]) >= row}
            state, faces = _deal(state, die, rolls)
            for impulse, face in enumerate(faces):
                above = effect[impulse][row - 2][column] if row > 1 else 0
                effect[impulse][row - 1][column] = above + face
    return tuple(
        Card(i, *corners(i), tuple(map(tuple, cause[i])), tuple(map(tuple, effect[i])))
        for i in range(CARDS)
    )


def deck_file(seed: int = SEED) -> dict:
    return {
        "system": "future-imperfect",
        "title": "Future Imperfect action cards (generated)",
        "version": VERSION,
        "generator": {"seed": seed, "method": "desktop/rulesets/future_imperfect/generator.py"},
        "cards": [card_record(card) for card in generate(seed)],
    }


def main() -> None:
    data = deck_file()
    lines = ",\n".join("    " + msgspec.json.encode(card).decode() for card in data.pop("cards"))
    head = msgspec.json.encode(data).decode()[:-1]
    sys.stdout.write(f'{head},\n  "cards": [\n{lines}\n  ]\n}}\n')


if __name__ == "__main__":
    main()
