"""The count (T5-T8): tempo 0 to 9, at each tempo every player character then every NPC; who may
act now, a turn taken (T2, T6, T7) with its Normal Move (T18), "not now" (D2, D3), Advance at the
end of a turn (D7), and the end of the round (D28).

`settle` runs after every action: it starts the count once every character has planned, and moves
the count past tempos and steps where nobody holds an action, so the table always waits for
someone.
"""

from __future__ import annotations

from desktop.engine.errors import RuleError
from desktop.engine.mechanics import mark
from desktop.engine.ruleset import Outcome
from desktop.engine.state import move_card
from desktop.rulesets.tempo import actions as a
from desktop.rulesets.tempo import sections, special, special_checks, special_choices
from desktop.rulesets.tempo.core import (
    action_name,
    alive,
    base_of,
    check_controls,
    pending,
    reachable,
)
from desktop.rulesets.tempo.planning import (
    back_to_hand,
    card_in_hand,
    fully_planned,
    hand,
    row,
    tell,
)
from desktop.rulesets.tempo.state import TEMPOS, Character, Entry, TempoState, Trigger, Turn

PART_WORDS = {"pcs": "the player characters act", "npcs": "the NPCs act"}


def side_of_part(part: str) -> str:
    return "pc" if part == "pcs" else "npc"


def waiting_here(state: TempoState) -> list[Character]:
    """Characters of the current step (T8) holding an action at this tempo they have not let pass,
    in order: player characters by seat (D2), NPCs in the GM's order."""
    if state.phase != "count":
        return []
    side = side_of_part(state.part)
    return [char for char in state.order() if char.side == side and not char.dead and char.id not in state.waived
            and any(e.tempo == state.tempo for e in pending(state, char.id))]


def down(state: TempoState, char: Character) -> bool:
    """Out of the fight: dead, defeated, or a player character at 0 HP (D30)."""
    return char.dead or (char.side == "pc" and state.value(char.id, "hp") == 0)


def fallen_side(state: TempoState) -> str:
    """The side every character of which is down ("pc" first, then "npc"); "" while both stand."""
    for side in ("pc", "npc"):
        members = [char for char in state.characters if char.side == side]
        if members and all(down(state, char) for char in members):
            return side
    return ""


def decided(state: TempoState) -> str:
    """The side that is all down, while the scene of that fight has not been ended yet (D30):
    the GM (the app as GM too) ends the scene then."""
    side = fallen_side(state)
    return side if side and side != state.closed else ""


def on_now(state: TempoState) -> list[Character]:
    """Who may begin a turn now: the first waiting character, or under `pc_order=free` every
    waiting player character (D2). A character with two actions at one tempo takes both, one
    turn after the other (D4)."""
    if state.turn is not None:
        return []
    waiting = waiting_here(state)
    if not waiting:
        return []
    if state.part == "pcs" and state.pc_order == "free":
        return waiting
    return waiting[:1]


def check_on(state: TempoState, seat: str, character: str) -> Character:
    char = check_controls(state, seat, character)
    alive(state, character)
    if state.phase != "count":
        raise RuleError("The count has not begun: every character plans first (T3).", rule=sections.ROUND)
    if state.turn is not None:
        raise RuleError(f"{state.character(state.turn.character).name}'s turn is under way: Advance first (D7).", rule=sections.ROUND)
    if char not in on_now(state):
        first = on_now(state)
        if char.side == "npc" and state.part == "pcs":
            raise RuleError(f"At tempo {state.tempo} all player characters act before the NPCs (T8).", rule=sections.ROUND)
        if first:
            raise RuleError(f"{first[0].name} acts first at tempo {state.tempo}: player characters go in seat order (D2).", rule=sections.ROUND)
        raise RuleError(f"{char.name} has no action at tempo {state.tempo}.", rule=sections.ROUND)
    return char


def check_take(state: TempoState, act: a.Take) -> tuple[Character, Entry]:
    entry = state.entry(act.entry)
    if entry is None:
        raise RuleError(f"There is no action number {act.entry} this round.", rule=sections.ROUND)
    char = check_on(state, act.player, entry.character)
    what = action_name(char, entry.action)
    if entry.status == "done":
        raise RuleError(f"{char.name}'s {what} was already taken.", rule=sections.ROUND)
    if entry.status == "lost":
        raise RuleError(f"{char.name}'s {what} is lost.", rule=sections.ROUND)
    if entry.tempo != state.tempo:
        raise RuleError(f"{char.name}'s {what} happens at tempo {entry.tempo}, not {state.tempo} (T7).", rule=sections.ROUND)
    special_checks.check(state, act, char, entry)
    return char, entry


def why_not(state: TempoState, char: Character, entry: Entry) -> str:
    """Why none of the ways to take `entry` now is accepted, in the first refusal's words ("" when
    one is): what the table says when its character may only let the tempo pass (issue 26)."""
    first = ""
    for act in special_choices.choices(state, char.seat, char, entry):
        try:
            check_take(state, act)
        except RuleError as refusal:
            first = first or str(refusal)
            continue
        return ""
    return first or f"{char.name} has nobody to take it on."


def take(state: TempoState, act: a.Take, outcome: Outcome) -> None:
    char, entry = check_take(state, act)
    normal_move = entry.tag not in ("extra", "free")
    state.turn = Turn(character=char.id, entry=entry.id, tempo=state.tempo, normal_move=normal_move, target=act.target)
    words = special.resolve(state, act, char, entry, outcome)
    entry.status, entry.words = "done", words
    if entry.card is None and entry.tag == "plan":
        _card_onto_row(state, char, entry)
    if entry.card is not None:
        state.revealed.append(entry.card)  # declared: now public (D5)
        mark(state, entry.card, slot=entry.tempo, caption="taken")
    tag = {"extra": " (Extra)", "free": " (Free)", "exert": " (Exert)", "granted": " (granted)"}.get(entry.tag, "")
    move = f"a Normal Move of up to {state.value(char.id, 'speed')}" if normal_move else "no Normal Move (T56, T59)"
    outcome.say(f"Tempo {state.tempo}: {char.name} takes {action_name(char, entry.action)}{tag}: {words}; "
                f"with {move}.")
    if base_of(char, entry.action) in special_checks.ATTACK_IDS or entry.strike:
        trigger(state, "attack", char.id, by=char.id, text=act.weapon or act.item)


def _card_onto_row(state: TempoState, char: Character, entry: Entry) -> None:
    """A plan made without its card (a practice's NPC, planned before the practice so that no
    hidden card moved under the learner's first sentence) takes it from the hand as it is taken:
    the timeline shows the action taken, as it shows any other."""
    card = card_in_hand(state, char.id, entry.action)
    if card is not None:
        move_card(state, card, hand(char.id), row(char.id))
        entry.card = card


def trigger(state: TempoState, kind: str, subject: str, by: str = "", damage: int = 0, text: str = "") -> Trigger:
    found = Trigger(id=state.next_id, kind=kind, subject=subject, by=by, damage=damage, text=text)
    state.next_id += 1
    state.turn.triggers.append(found)
    return found


def wait(state: TempoState, act: a.Wait, outcome: Outcome) -> None:
    char = check_on(state, act.player, act.character)
    state.waived.append(char.id)
    said = f"Tempo {state.tempo}: {char.name} lets the tempo pass (D3)."
    if hidden_step(state, char.side):
        # D5: it names the tempo of a plan the others may not know of (an NPC's): said to the
        # seats that see the plan alone; the others read nothing (the action is lost at the end).
        tell(state, char.id, outcome, "", said)
    else:
        outcome.say(said)  # a player character's moment at the table is public (D2)


def hidden_step(state: TempoState, side: str) -> bool:
    """Whether the step of `side` at a tempo tells what the timeline hides: an NPC holds an
    action there (D5: NPC plans are hidden from the player seats, tempo included)."""
    return side == "npc" and any(state.zones[row(char.id)].visibility != "public" for char in state.npcs())


def advance(state: TempoState, act: a.Advance, outcome: Outcome) -> None:
    turn = state.turn
    if turn is None:
        raise RuleError("No turn is under way: the count moves on by itself when nobody waits to act.")
    end_turn(state, outcome)


def end_turn(state: TempoState, outcome: Outcome) -> None:
    """The turn and its end-of-turn moment are over: hits are taken (by their interceptor, if any)."""
    from desktop.rulesets.tempo.exert import hurt

    turn = state.turn
    state.turn = None
    for found in turn.triggers:
        if found.kind == "hit" and found.damage:
            victim = turn.intercepted.get(str(found.id), found.subject)
            hurt(state, victim, found.damage, outcome)
    outcome.say(f"{state.character(turn.character).name}'s turn ends.")


def start_count(state: TempoState, outcome: Outcome) -> None:
    state.phase, state.tempo, state.part, state.waived = "count", 0, "pcs", []
    outcome.say(f"Round {state.round}: every character has planned; the count begins at tempo 0 (T5).")


def end_round(state: TempoState, outcome: Outcome) -> None:
    """D28: untaken actions are lost, reactions and Intercept reset, Rest ends, cards go home."""
    for entry in state.entries:
        if entry.status == "planned":
            entry.status = "lost"
            char = state.character(entry.character)
            if not char.dead:
                outcome.say(f"{char.name}'s planned action was not taken this round: it is lost (D3).")
    for char in state.characters:
        for card in list(state.zones[row(char.id)].cards):
            back_to_hand(state, card, char.id)
        char.conditions = [c for c in char.conditions if c != "Guarded"]  # Guard lasts the round (D24)
        char.guarding, char.resting, char.teamwork = None, False, None
    state.uses.clear()
    state.entries, state.waived = [], []
    state.round += 1
    state.phase, state.tempo, state.part = "planning", 0, "pcs"
    outcome.say(f"Round {state.round}: Planning: each character picks two different actions (T3, T4).")


def settle(state: TempoState, outcome: Outcome) -> None:
    """After every action: begin the count when all have planned; pass steps where nobody waits."""
    if state.closed and fallen_side(state) != state.closed:
        state.closed = ""  # the side stands again (healed by hand): a new fight may be decided
    if state.phase == "planning":
        if all(fully_planned(state, char) for char in state.characters):
            start_count(state, outcome)
        else:
            return
    if not any(not char.dead for char in state.characters):
        return
    for _ in range(2 * len(TEMPOS.steps) + 1):
        if state.turn is not None or waiting_here(state):
            return
        tempo, part, began = TEMPOS.following(str(state.tempo), state.part)
        state.waived = []
        if began:
            end_round(state, outcome)
            return
        state.tempo, state.part = int(tempo), part
        if waiting_here(state):
            said = f"Tempo {state.tempo}: {PART_WORDS[state.part]} (T8)."
            # The NPCs' step comes only where an NPC holds an action: the GM's to know (D5).
            outcome.say(said, seat=state.gm if hidden_step(state, side_of_part(part)) else None)


def still_reachable(state: TempoState, entry: Entry) -> bool:
    return entry.status == "planned" and reachable(state, state.character(entry.character).side, entry.tempo)
