"""Mechanics that several systems share, so no system copies another's.

- drawing, with the reshuffle rule as a parameter (refill from the whole discard, or keep the top
  N discards as the new discard pile);
- response windows: who may still answer, who has passed, reopening after something new;
- a queue of owed choices (discard down, keep 7) that must be settled before anything else;
- the record of what was used once per window, round, turn or side (`Uses`);
- a pending play that others may cancel, its cost paid when played and kept when cancelled
  (`Pending`);
- a stepped phase cursor: phases of a round, or a count of steps such as 0 to 9 (`Steps`);
- turn order;
- per-card marks (tokens, face, position, caption).

Each function checks nothing a ruleset must explain: it does what it is told and reports it.
"""

from __future__ import annotations

from collections.abc import Callable, Collection

import msgspec

from desktop.engine import rng
from desktop.engine.errors import RuleError
from desktop.engine.ruleset import Outcome
from desktop.engine.state import CardState, GameState, move_card

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
    called after each reshuffle, for a system where rebuilding costs something (a penalty token...).
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


def refill_if_empty(state: GameState, rule: Reshuffle, outcome: Outcome, what: str = "deck") -> bool:
    """A deck that ran out while its discard pile was empty is refilled as soon as the pile holds
    a card (a rule that says to reshuffle "immediately"): call it after cards are discarded."""
    if state.zones[rule.deck].cards:
        return False
    return reshuffle(state, rule, outcome, what)


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


def owed_before(queue: list[Owed], action, answers: type | tuple[type, ...],
                always: tuple[type, ...] = ()) -> Owed | None:
    """The choice owed first that `action` must wait for (a system's `first` check refuses it in
    its words), or None: nothing is owed, `action` is the owing seat's answer (one of `answers`),
    or it is of a kind allowed at any time (`always`: bookkeeping that corrects a count)."""
    if not queue or isinstance(action, always):
        return None
    duty = queue[0]
    if isinstance(action, answers) and action.player == duty.player:
        return None
    return duty


# ---- what was used once per window, round, turn or side --------------------------------------


class Use(msgspec.Struct, frozen=True, kw_only=True):
    """One use: `what` was used (a card's name, an ability, a kind of action) by `by` (a seat or a
    side; "": the whole table), on `on` (what it affected, where a rule compares it)."""

    what: str
    by: str = ""
    on: str = ""


class Uses(msgspec.Struct, kw_only=True):
    """What was used since the record was last cleared. A system keeps one record per span its
    rules count in (a timing window, a round, a turn, a round of battle) and clears it when the
    span ends: "once per round" is `not uses.has(what, by=seat)` and a `record` after the use."""

    used: list[Use] = msgspec.field(default_factory=list)

    def record(self, what: str, by: str = "", on: str = "") -> None:
        self.used.append(Use(what=what, by=by, on=on))

    def has(self, what: str, by: str | None = None, on: str | None = None) -> bool:
        """Whether `what` was used (by `by`, on `on`; None: by anyone, on anything)."""
        return any(self.find(what, by=by, on=on))

    def find(self, what: str | None = None, by: str | None = None, on: str | None = None) -> list[Use]:
        return [
            use for use in self.used
            if (what is None or use.what == what) and (by is None or use.by == by) and (on is None or use.on == on)
        ]

    def clear(self) -> None:
        self.used.clear()


# ---- pending plays that others may cancel ----------------------------------------------------


class Pending(msgspec.Struct, kw_only=True):
    """A card played and waiting in `zone` until its player resolves it; meanwhile the others may
    cancel it (a card that cancels another). What playing it cost (`paid`, in words: "a component
    action", "2 gold") was paid when it was played and stays paid when it is cancelled: the card
    goes to the discard with no effect, and the cost is not given back."""

    card: str
    player: str
    zone: str
    paid: str = ""

    def may_cancel(self, seat: str) -> bool:
        """Anyone but its own player may cancel it (a system narrows this further)."""
        return seat != self.player


def hold(state: GameState, card: str, player: str, from_zone: str, zone: str, paid: str = "", kind: type[Pending] = Pending, **more) -> Pending:
    """Moves a played card to where it waits and returns the pending play (of `kind`, a system's
    subclass with its own fields in `more`). The caller has already taken the cost."""
    move_card(state, card, from_zone, zone)
    return kind(card=card, player=player, zone=zone, paid=paid, **more)


def settle_pending(state: GameState, pending: Pending, to_zone: str) -> None:
    """The pending card leaves: resolved, or cancelled (its cost stays paid either way)."""
    move_card(state, pending.card, pending.zone, to_zone)


# ---- a stepped phase cursor ------------------------------------------------------------------


class Steps(msgspec.Struct, frozen=True, kw_only=True):
    """The steps of a round in order (phases, or a count such as "0" to "9"), and the parts
    of each step if a step has parts (the players act, then the referee's characters). A rule, like `Reshuffle`:
    the state keeps where the round stands as plain fields (a step's name, a part's, the round),
    which read well in a saved state, and asks this what comes next."""

    steps: tuple[str, ...]
    parts: tuple[str, ...] = ()

    @property
    def first(self) -> tuple[str, str]:
        return self.steps[0], self.parts[0] if self.parts else ""

    def following(self, step: str, part: str = "", skip: Collection[str] = ()) -> tuple[str, str, bool]:
        """What follows `step` (at `part`): the next part, or else the next step not in `skip` (at
        its first part); past the last step, the first of a new round. Returns (step, part, whether
        a new round began)."""
        if self.parts and part != self.parts[-1]:
            return step, self.parts[self.parts.index(part) + 1], False
        at, began = self.steps.index(step), False
        for _ in range(len(self.steps)):
            at += 1
            if at == len(self.steps):
                at, began = 0, True
            if self.steps[at] not in skip:
                return self.steps[at], self.first[1], began
        raise ValueError("every step is skipped")

    def reached(self, current: str, step: str) -> bool:
        """Whether a round at `current` is at `step` or past it (a reaction usable from step 4 on)."""
        return self.steps.index(current) >= self.steps.index(step)


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
    """Sets tokens, face, position (`slot`) or caption on a card; a card back to the plain state
    keeps no entry."""
    current = state.card_states.get(card, CardState())
    updated = msgspec.structs.replace(current, **changes)
    if updated == CardState():
        state.card_states.pop(card, None)
    else:
        state.card_states[card] = updated
    return updated


# ---- legal lists -------------------------------------------------------------------------------


def accepted(candidates, check: Callable) -> list:
    """The candidates `check` lets through (it raises RuleError for the others): a legal list
    built from the same checks that refuse an action, so the two never disagree."""
    found = []
    for candidate in candidates:
        try:
            check(candidate)
        except RuleError:
            continue
        found.append(candidate)
    return found
