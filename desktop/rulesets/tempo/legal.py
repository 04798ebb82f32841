"""The actions each seat may take now, each accepted by `apply` as it is: candidates built from
what the seat's characters hold, kept when the handler's own check accepts them.

Not listed at each move (their values are open-ended, or too many to list): `set_counter` (the
players panel's Change counts), a `change` during Planning (take the action back and plan
another). `unlisted_actions` works out, when a seat asks for them, the GM's `grant` of any action
and `force_exertion` of 1 to 3, and a hit, a skill roll or another event in words declared for any
character standing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from desktop.engine.mechanics import accepted
from desktop.rulesets.tempo import actions as a
from desktop.rulesets.tempo import bookkeeping, count, exert, planning, reactions, special_choices
from desktop.rulesets.tempo.core import (
    KINDS,
    action_ids,
    pending,
    planned_count,
    reachable,
    tag_of,
    usual_tempo,
)
from desktop.rulesets.tempo.state import Character, TempoState

CONDITIONS = ("Prone", "Marked", "Hidden", "Dying", "Debuff", "Dazed")


def legal_actions(state: TempoState, player: str | None = None) -> list[a.Action]:
    seats = state.seat_ids() if player is None else [player]
    found: list[a.Action] = []
    # Who may begin a turn now, worked out once: asked of each character of each seat, it was a
    # fifth of the list's time at eight seats.
    now = {char.id for char in count.on_now(state)}
    for seat in seats:
        found.extend(_for_seat(state, seat, now))
    # A retry of a skill roll is always open: listed last, after what the moment is about.
    return [act for act in found if not _retry(act)] + [act for act in found if _retry(act)]


def _retry(act: a.Action) -> bool:
    return isinstance(act, a.Exert) and act.use == "retry"


def _tempos(state: TempoState, char: Character, action: str, spell: str = "") -> list[int]:
    usual = usual_tempo(char, action, spell)
    tempos = range(10) if usual is None else [usual]
    return [tempo for tempo in tempos if reachable(state, char.side, tempo)]


def _spells(char: Character, action: str) -> list[str]:
    return [spell.name for spell in char.spells] if action == "magic" else [""]


def _placed(state: TempoState, char: Character, seat: str, make: Callable, tagged: bool | None = None) -> Iterable[a.Action]:
    """An action for each card in the character's hand (only Extra and Free ones when `tagged`,
    only the others when it is False), each spell and each tempo it may go to."""
    for card in state.zones[planning.hand(char.id)].cards:
        action = state.cards[card].split(":", 1)[1]
        if tagged is not None and bool(tag_of(char, action)) != tagged:
            continue
        for spell in _spells(char, action):
            for tempo in _tempos(state, char, action, spell):
                yield make(card, spell, -1 if usual_tempo(char, action, spell) is not None else tempo)


def _for_seat(state: TempoState, seat: str, now: set[str]) -> list[a.Action]:
    """`now`: the characters that may begin a turn now (`count.on_now`)."""
    from desktop.rulesets.tempo.scenarios import PRACTICES

    found: list[a.Action] = PRACTICES.offers(state, seat)
    mine = [char for char in state.characters if char.seat == seat and not char.dead]
    for char in mine:
        changing = _changing(state, char, now)
        if state.phase == "planning":
            full = True if planned_count(state, char.id) >= planning.PLANNED else None  # then only Extra and Free
            found += accepted(_placed(state, char, seat, lambda card, spell, tempo: a.Plan(
                player=seat, card=card, spell=spell, tempo=tempo), full), lambda act: planning.check_plan(state, act))
            found += [a.Unplan(player=seat, card=entry.card) for entry in pending(state, char.id) if entry.card]
        if state.phase == "count" and state.turn is None and char.id in now:
            for entry in pending(state, char.id):
                if entry.tempo == state.tempo:
                    found += accepted(special_choices.choices(state, seat, char, entry),
                                      lambda act: count.check_take(state, act))
            found.append(a.Wait(player=seat, character=char.id))
        for entry in pending(state, char.id) if changing else ():
            found += accepted(_placed(state, char, seat, lambda card, spell, tempo, entry=entry: a.Change(
                player=seat, entry=entry.id, card=card, spell=spell, tempo=tempo), False),
                lambda act: planning.check_change(state, act))
        if changing:  # an Extra or Free card, listed at the character's moment
            found += accepted(_placed(state, char, seat, lambda card, spell, tempo: a.Plan(
                player=seat, card=card, spell=spell, tempo=tempo), True), lambda act: planning.check_plan(state, act))
        if state.turn is not None:
            found += reactions.eligible(state, char)
            if exert.may_take_more(state, char):
                found += accepted(_exerts(state, char, seat), lambda act: exert.check_exert(state, act))
        if char.may_exert:
            found += accepted([a.Exert(player=seat, character=char.id, use="retry")], lambda act: exert.check_exert(state, act))
    at_table = seat == state.gm or bool(mine)  # a seat whose characters all fell only looks on (D16)
    if state.turn is not None and at_table:
        found.append(a.Advance(player=seat))
        living = [char for char in state.order() if not char.dead]
        found += [a.Declare(player=seat, event="hit", character=char.id) for char in living
                  if char.id == state.turn.target]
        helped = {char.teamwork for char in living if char.teamwork}
        found += [a.Declare(player=seat, event="skill", character=char.id) for char in living if char.id in helped]
    elif state.turn is None and at_table:
        found.append(a.EndScene(player=seat))  # the GM's; any seat may send it (a solo game, D17)
    if state.turn is None:  # T55: out of combat, a Rest reclaims Mana
        found += accepted((a.Rest(player=seat, character=char.id, depth=depth) for char in mine
                           for depth in ("shallow", "deep")), lambda act: bookkeeping.check_rest(state, act))
    if seat == state.gm:
        found += [a.Answer(player=seat, index=n, text="") for n, _ in enumerate(state.asked)]
        found += _gm(state, seat)
    found += _conditions(state, seat)
    return found


def _changing(state: TempoState, char: Character, now: set[str]) -> bool:
    """Change is listed for a character at its moment: when it may begin a turn (`now`), or in
    its own turn (apply accepts it whenever T9 allows)."""
    if state.phase != "count":
        return False
    if state.turn is not None:
        return state.turn.character == char.id
    return char.id in now


def _exerts(state: TempoState, char: Character, seat: str) -> Iterable[a.Exert]:
    for action in action_ids(char):
        for spell in _spells(char, action):
            for tempo in _tempos(state, char, action, spell):
                fixed = usual_tempo(char, action, spell) is not None
                yield a.Exert(player=seat, character=char.id, use="another", action=action, spell=spell,
                              tempo=-1 if fixed else tempo)
    for entry in pending(state, char.id):
        for tempo in range(10):
            if tempo != entry.tempo and reachable(state, char.side, tempo):
                yield a.Exert(player=seat, character=char.id, use="move", entry=entry.id, tempo=tempo, confirm=True)
    yield a.Exert(player=seat, character=char.id, use="momentum")
    for condition in char.conditions:
        yield a.Exert(player=seat, character=char.id, use="condition", condition=condition)
    yield a.Exert(player=seat, character=char.id, use="mana")
    for amount in (1, 2, 3):
        yield a.Exert(player=seat, character=char.id, use="prepared", amount=amount)


def _gm(state: TempoState, seat: str) -> list[a.Action]:
    found: list[a.Action] = []
    living = [char for char in state.order() if not char.dead]
    for char in living:
        if char.side == "pc":
            found.append(a.ForceExertion(player=seat, character=char.id, amount=1))
    return found


def _conditions(state: TempoState, seat: str) -> list[a.Action]:
    found: list[a.Action] = []
    for char in state.order():
        if char.dead or seat != state.gm:
            continue
        if char.side == "pc" and "Dying" not in char.conditions and state.value(char.id, "hp") == 0:
            found.append(a.SetCondition(player=seat, character=char.id, condition="Dying", on=True))
        found += [a.SetCondition(player=seat, character=char.id, condition=condition, on=False)
                  for condition in char.conditions if condition in CONDITIONS]
    return found


def unlisted_actions(state: TempoState, seat: str) -> list[a.Action]:
    """What the Turn menu's "Other actions..." offers `seat`: the GM's grants (every character
    standing, every action, Extra or Free, every tempo still to come) and forced Exertion of 1 to
    3; during a turn, a Strike's hit, a skill roll or another event (its words asked when it is
    chosen: unlisted, it is not sent as it stands) declared for any character standing. Some
    thousands of candidates at eight characters, so never worked out at each move."""
    living = [char for char in state.order() if not char.dead]
    found: list[a.Action] = []
    if state.turn is not None:
        found += [a.Declare(player=seat, event=event, character=char.id) for event in ("hit", "skill", "other")
                  for char in living]  # "other" is said in words when asked (a reaction's own trigger)
    if seat != state.gm:
        return found
    if state.phase == "count":
        found += accepted((a.Grant(player=seat, character=char.id, action=action, kind=kind, tempo=tempo)
                           for char in living for action in KINDS for kind in ("extra", "free")
                           for tempo in _grant_tempos(state, char, action)),
                          lambda act: bookkeeping.check_grant(state, act))
    found += [a.ForceExertion(player=seat, character=char.id, amount=amount)
              for char in living if char.side == "pc" for amount in (1, 2, 3)]
    return found


def _grant_tempos(state: TempoState, char: Character, action: str) -> list[int]:
    """-1 (its own tempo) for an action that has one; else each tempo still to come."""
    if KINDS[action].tempo is not None:
        return [-1]
    return [tempo for tempo in range(10) if reachable(state, char.side, tempo)]
