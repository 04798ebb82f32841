"""Mechanics that several systems share, so no system copies another's.

- drawing, with the reshuffle rule as a parameter (refill from the whole discard, or keep the top
  N discards as the new discard pile);
- response windows: who may still answer, who has passed, reopening after something new;
- a queue of owed choices (discard down, keep 7) that must be settled before anything else;
- turn order;
- per-card marks (tokens, face, slot).

Each function checks nothing a ruleset must explain: it does what it is told and reports it.
"""

from __future__ import annotations

from collections.abc import Callable

import msgspec

from desktop.engine import rng
from desktop.engine.ruleset import Outcome
from desktop.engine.state import CardState, GameState

# ---- drawing --------------------------------------------------------------------------------


class Reshuffle(msgspec.Struct, frozen=True, kw_only=True):
    """When `deck` runs out, the discard pile is shuffled into it, all but its top `keep` cards
    (0: the whole pile). `announce(count)` is the sentence the table reads."""

    deck: str
    discard: str
    keep: int = 0
    pile: str = "discard pile"  # what the table calls the discard, for the log


def reshuffle(state: GameState, rule: Reshuffle, outcome: Outcome, what: str = "deck") -> bool:
    """Refills an empty deck from the discard; False when there was nothing to shuffle."""
    discard = state.zones[rule.discard].cards
    kept = discard[-rule.keep:] if rule.keep and len(discard) > rule.keep else []
    moving = discard[: len(discard) - len(kept)]
    if not moving:
        return False
    deck = state.zones[rule.deck].cards
    deck.extend(moving)
    state.zones[rule.discard].cards = list(kept)
    for card in moving:
        state.card_states.pop(card, None)
    state.rng = rng.shuffle(state.rng, deck)
    left = f", keeping the top {len(kept)} as the {rule.pile}" if kept else ""
    outcome.say(f"The {what} ran out: the {rule.pile} is shuffled into a new {what} of {len(deck)}{left}.")
    outcome.reveals = True
    return True


def draw(
    state: GameState,
    rule: Reshuffle,
    to_zone: str,
    count: int,
    outcome: Outcome,
    seat: str | None = None,
    name: Callable[[str], str] | None = None,
    what: str = "deck",
    eager: bool = True,
    on_reshuffle: Callable[[Outcome], None] | None = None,
) -> list[str]:
    """Draws `count` cards from the top of the deck into `to_zone`, reshuffling when it runs out:
    before a draw finds it empty, and (when `eager`) at once when the last card is taken.

    Each face is told to `seat` alone as "You drew X." when `name` is given. `on_reshuffle` is
    called after each reshuffle, for a system where rebuilding costs something (Fatigue...).
    """

    def refill() -> None:
        if reshuffle(state, rule, outcome, what) and on_reshuffle is not None:
            on_reshuffle(outcome)

    deck = state.zones[rule.deck].cards
    drawn: list[str] = []
    for _ in range(count):
        if not deck:
            refill()
        if not deck:
            outcome.say(f"The {what} and its {rule.pile} are empty: there is nothing to draw.")
            break
        card = deck.pop()
        state.zones[to_zone].cards.append(card)
        drawn.append(card)
        if name is not None:
            outcome.say(f"You drew {name(card)}.", seat=seat)
        if not deck and eager:
            refill()
    outcome.reveals = True
    return drawn


# ---- response windows -----------------------------------------------------------------------


class Responses(msgspec.Struct, kw_only=True):
    """An open chance to answer: every seat in `eligible` answers or passes before it closes."""

    opener: str
    eligible: list[str]
    passed: list[str] = msgspec.field(default_factory=list)

    def waiting(self) -> list[str]:
        return [seat for seat in self.eligible if seat not in self.passed]

    def pass_(self, seat: str) -> bool:
        """Records a pass; True when everyone has now passed (the window closes)."""
        if seat not in self.passed:
            self.passed.append(seat)
        return not self.waiting()

    def reopen(self) -> None:
        """Something new happened: everyone may answer it, including those who passed."""
        self.passed.clear()


# ---- owed choices ---------------------------------------------------------------------------


class Owed(msgspec.Struct, frozen=True):
    """A choice a seat must make at once, before anything else happens (discard down...)."""

    kind: str
    player: str


def first_owed(queue: list[Owed]) -> Owed | None:
    return queue[0] if queue else None


def owe(queue: list[Owed], kind: str, player: str) -> None:
    if Owed(kind, player) not in queue:
        queue.append(Owed(kind, player))


def settle(queue: list[Owed], kind: str, player: str) -> None:
    try:
        queue.remove(Owed(kind, player))
    except ValueError:
        pass


# ---- turn order -----------------------------------------------------------------------------


def next_in_order(order: list[str], current: str | None, skip: Callable[[str], bool] = lambda s: False) -> str | None:
    """The seat after `current` in `order` (wrapping) that is not skipped; None if all are."""
    start = order.index(current) if current in order else -1
    for step in range(1, len(order) + 1):
        seat = order[(start + step) % len(order)]
        if not skip(seat):
            return seat
    return None


def seating_from(order: list[str], first: str) -> list[str]:
    """The seats after `first`, going round the table."""
    start = order.index(first)
    return [order[(start + i) % len(order)] for i in range(1, len(order))]


# ---- card marks -----------------------------------------------------------------------------


def mark(state: GameState, card: str, **changes) -> CardState:
    """Sets tokens, face or slot on a card; a card back to the plain state keeps no entry."""
    current = state.card_states.get(card, CardState())
    updated = msgspec.structs.replace(current, **changes)
    if updated == CardState():
        state.card_states.pop(card, None)
    else:
        state.card_states[card] = updated
    return updated
