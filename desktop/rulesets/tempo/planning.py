"""Planning (T3, T4) and changing plans (T9): action cards put on a character's row at their
tempo, taken back during Planning, changed for another before they are taken. Extra and Free
ability cards are added the same way, at Planning or during the count (T56-T61).

What a plan says is told only to the seats that see the character's row (its player, its allies
by default, the GM for an NPC); the table reads "Ann plans an action." (D5).
"""

from __future__ import annotations

from desktop.engine.errors import RuleError
from desktop.engine.mechanics import mark
from desktop.engine.ruleset import Outcome
from desktop.engine.state import move_card
from desktop.rulesets.tempo import actions as a
from desktop.rulesets.tempo import sections, special_checks
from desktop.rulesets.tempo.core import (
    KINDS,
    action_ids,
    action_name,
    alive,
    check_controls,
    check_unique,
    planned_count,
    reachable,
    tag_of,
    usual_tempo,
)
from desktop.rulesets.tempo.state import Character, Entry, TempoState

PLANNED = 2  # T1: two actions a round


def card_parts(state: TempoState, card: str) -> tuple[str, str]:
    """The character and the action a card stands for."""
    definition = state.cards.get(card) if isinstance(card, str) else None
    if definition is None:
        raise RuleError(f"There is no action card {str(card)[:40]!r} at this table.")
    character, action = definition.split(":", 1)
    return character, action


def hand(character: str) -> str:
    return f"actions:{character}"


def row(character: str) -> str:
    return f"timeline:{character}"


def card_in_hand(state: TempoState, character: str, action: str) -> str | None:
    """The card of `character`'s `action` while it lies in the character's hand, else None."""
    return next((card for card in state.zones[hand(character)].cards if state.cards[card] == f"{character}:{action}"), None)


def back_to_hand(state: TempoState, card: str, character: str) -> None:
    """Takes `card` off the character's row back into its hand, at its own place there: a hand
    keeps the order it was dealt in (the table's actions, then the character's abilities), so a
    player finds each action where it always is, and only the cards between the place a card
    leaves and the place another comes back to move in the fan."""
    move_card(state, card, row(character), hand(character))
    order = {action: index for index, action in enumerate(action_ids(state.character(character)))}
    state.zones[hand(character)].cards.sort(key=lambda each: order.get(card_parts(state, each)[1], len(order)))


def readers(state: TempoState, character: str) -> list[str]:
    """The seats that see a character's row: those its plan may be told to."""
    zone = state.zones[row(character)]
    if zone.visibility == "public":
        return state.seat_ids()
    return [zone.owner, *zone.seen_by]


def tell(state: TempoState, character: str, outcome: Outcome, public: str, private: str) -> None:
    """`public` to the table (none when empty), `private` to the seats that see the character's row."""
    if public:
        outcome.say(public)
    for seat in readers(state, character):
        outcome.say(private, seat=seat)


def spell_tempo(state: TempoState, char: Character, action: str, spell: str, tempo: int) -> int:
    """The tempo an action goes to: its own (a given tempo must match it, T7), or for Magic the
    spell's, or the one typed at planning (D21)."""
    base = action
    if action == "magic" or (action.startswith("ability:") and char.abilities[int(action.split(":")[1])].action == "magic"):
        base = "magic"
    if base == "magic" and action == "magic":
        if not char.spells:
            raise RuleError(f"{char.name} knows no spell to cast with Magic.", rule=sections.ACTIONS)
        found = next((s for s in char.spells if s.name == spell), None)
        if found is None:
            raise RuleError(f"{char.name} knows no spell called {spell[:40]!r}; its spells: "
                            f"{', '.join(s.name for s in char.spells)}.", rule=sections.ACTIONS)
    elif spell:
        raise RuleError(f"Only Magic names a spell, not {action_name(char, action)}.", rule=sections.ACTIONS)
    usual = usual_tempo(char, action, spell)
    if usual is None:
        if not 0 <= tempo <= 9:
            raise RuleError(f"{spell or action_name(char, action)} has no tempo of its own: choose one from 0 to 9 (D21).", rule=sections.ACTIONS)
        return tempo
    if tempo not in (-1, usual):
        raise RuleError(f"{action_name(char, action)} happens at tempo {usual} (T7); only an Exert moves it (T30).", rule=sections.ACTIONS)
    return usual


def new_entry(state: TempoState, char: Character, action: str, tempo: int, tag: str, card: str | None,
              spell: str = "", usual: int | None = None) -> Entry:
    entry = Entry(id=state.next_id, character=char.id, action=action, tempo=tempo,
                  usual=tempo if usual is None else usual, tag=tag, card=card, spell=spell)
    state.next_id += 1
    state.entries.append(entry)
    if card is not None:
        move_card(state, card, hand(char.id), row(char.id))
        mark(state, card, slot=tempo)
    if char.id in state.waived and tempo == state.tempo:
        state.waived.remove(char.id)  # a new action at this tempo: it may act again (D8)
    return entry


def check_plan(state: TempoState, act: a.Plan) -> tuple[Character, str, str, int]:
    character, action = card_parts(state, act.card)
    char = check_controls(state, act.player, character)
    alive(state, character)
    if act.card not in state.zones[hand(character)].cards:
        raise RuleError(f"{action_name(char, action)} is already on {char.name}'s row this round.", rule=sections.ROUND)
    tag = tag_of(char, action) or "plan"
    if state.phase == "planning":
        if tag == "plan" and planned_count(state, character) >= PLANNED:
            raise RuleError(f"{char.name} has planned two actions (T1): take one back, or change it, first.", rule=sections.ROUND)
    elif tag == "plan":
        raise RuleError("Planning is over: change a planned action (T9), or Exert for another (T29).", rule=sections.ROUND)
    tempo = spell_tempo(state, char, action, act.spell, act.tempo)
    if not reachable(state, char.side, tempo):
        raise RuleError(f"Tempo {tempo} has passed this round: {action_name(char, action)} cannot happen now.", rule=sections.ROUND)
    check_unique(state, character, action, tag)
    special_checks.check_armed(state, char, action, tempo)
    return char, action, tag, tempo


def plan(state: TempoState, act: a.Plan, outcome: Outcome) -> None:
    char, action, tag, tempo = check_plan(state, act)
    new_entry(state, char, action, tempo, tag, act.card, act.spell)
    what = action_name(char, action) + (f" ({act.spell})" if act.spell else "")
    kind = {"extra": "an Extra action", "free": "a Free action"}.get(tag, "an action")
    tell(state, char.id, outcome, f"{char.name} plans {kind}.", f"{char.name} plans {what} at tempo {tempo}.")


def unplan(state: TempoState, act: a.Unplan, outcome: Outcome) -> None:
    character, action = card_parts(state, act.card)
    char = check_controls(state, act.player, character)
    entry = next((e for e in state.entries if e.card == act.card and e.status == "planned"), None)
    if entry is None:
        raise RuleError(f"{action_name(char, action)} is not a planned action of {char.name}.")
    if state.phase != "planning":
        raise RuleError("Planning is over: a planned action is changed for another (T9), not taken back.")
    state.entries.remove(entry)
    back_to_hand(state, act.card, character)
    tell(state, character, outcome, f"{char.name} takes back a planned action.",
         f"{char.name} takes back {action_name(char, action)}.")


def check_change(state: TempoState, act: a.Change) -> tuple[Character, Entry, str, int]:
    entry = state.entry(act.entry)
    if entry is None:
        raise RuleError(f"There is no action number {act.entry} this round.", rule=sections.ROUND)
    char = check_controls(state, act.player, entry.character)
    alive(state, char.id)
    old = action_name(char, entry.action)
    if entry.status == "done":
        raise RuleError(f"{char.name}'s {old} was already taken at tempo {entry.tempo}: a taken action cannot change (T9).", rule=sections.ROUND)
    if entry.status == "lost":
        raise RuleError(f"{char.name}'s {old} is lost.", rule=sections.ROUND)
    character, action = card_parts(state, act.card)
    if character != char.id:
        raise RuleError(f"That card is not one of {char.name}'s actions.", rule=sections.ROUND)
    if act.card not in state.zones[hand(character)].cards:
        raise RuleError(f"{action_name(char, action)} is already on {char.name}'s row this round.", rule=sections.ROUND)
    if tag_of(char, action):
        raise RuleError(f"{action_name(char, action)} is an Extra or Free action: add it, do not change into it.", rule=sections.ROUND)
    if entry.tag in ("extra", "free"):
        raise RuleError(f"{old} is an Extra or Free action of its own: it cannot become another action.", rule=sections.ROUND)
    if not reachable(state, char.side, entry.tempo):
        raise RuleError(f"{old}'s tempo has passed.", rule=sections.ROUND)
    tempo = spell_tempo(state, char, action, act.spell, act.tempo)
    if not reachable(state, char.side, tempo):
        raise RuleError(f"Tempo {tempo} has passed this round: {action_name(char, action)} cannot happen now.", rule=sections.ROUND)
    check_unique(state, char.id, action, entry.tag, leaving=entry.id)
    special_checks.check_armed(state, char, action, tempo)
    return char, entry, action, tempo


def change(state: TempoState, act: a.Change, outcome: Outcome) -> None:
    char, entry, action, tempo = check_change(state, act)
    old = action_name(char, entry.action)
    if entry.card is not None:
        back_to_hand(state, entry.card, char.id)
    state.entries.remove(entry)
    new_entry(state, char, action, tempo, entry.tag, act.card, act.spell)
    tell(state, char.id, outcome, f"{char.name} changes a planned action (T9).",
         f"{char.name} changes {old} into {action_name(char, action)} at tempo {tempo}.")


def fully_planned(state: TempoState, char: Character) -> bool:
    return char.dead or planned_count(state, char.id) >= PLANNED


def planners(state: TempoState) -> list[str]:
    """The seats that still plan, in seat order (the curtain goes through them one by one)."""
    if state.phase != "planning":
        return []
    waiting = {char.seat for char in state.characters if not fully_planned(state, char)}
    return [seat for seat in state.seat_ids() if seat in waiting]


def still_to_plan(state: TempoState, seat: str) -> list[Character]:
    return [char for char in state.characters if char.seat == seat and not fully_planned(state, char)]


__all__ = ["KINDS", "PLANNED", "change", "plan", "planners", "unplan"]
