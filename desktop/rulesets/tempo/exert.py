"""Exert and Exertion (T28-T42, D7-D17): a player character pushes itself for one of the seed's
uses and gains Exertion; at its maximum (2 + FOR, at least 1) it cannot willingly take more;
forced beyond it, or Dying at it, it dies. At the end of a scene in which it Exerted it takes
damage equal to its Exertion.

Timings: "at the end of any turn" (another action, move an action) is the moment after a turn,
before Advance (D7); "during your turn" (Momentum, a Condition, Mana, preparation) is while its own
turn is under way (D10); a failed skill roll's retry is declared at any time (D10).
"""

from __future__ import annotations

from desktop.engine import rng
from desktop.engine.errors import RuleError
from desktop.engine.mechanics import mark
from desktop.engine.ruleset import Outcome
from desktop.rulesets.tempo import actions as a
from desktop.rulesets.tempo import sections
from desktop.rulesets.tempo.core import (
    action_ids,
    action_name,
    alive,
    check_controls,
    max_exertion,
    reachable,
)
from desktop.rulesets.tempo.planning import (
    back_to_hand,
    card_in_hand,
    card_parts,
    hand,
    new_entry,
    spell_tempo,
    tell,
)
from desktop.rulesets.tempo.state import MANA_TIERS, TIER_WORDS, Character, TempoState

END_OF_TURN = ("another", "move")
DURING_TURN = ("momentum", "condition", "mana", "prepared")
USE_WORDS = {
    "another": "take another action this round (it ignores the Unique Action Restriction)",
    "move": "move an action to another tempo",
    "momentum": "gain 1d4 Momentum",
    "condition": "clear a Condition",
    "mana": "reclaim 1 Mana from the lowest committed tier",
    "retry": "retry a failed skill roll",
    "prepared": "say it prepared for this in the past",
}


def cost_of(act: a.Exert) -> int:
    return act.amount if act.use == "prepared" else 1


def may_take_more(state: TempoState, char: Character) -> bool:
    """Whether any Exert of `char` could be accepted: the checks every one of them meets first in
    `check_exert` (a living player character, below its maximum for the least cost, 1). The legal
    list skips the Exerts of a character that fails them: about 185 candidates each, every one
    refused by the same first check."""
    return not char.dead and char.may_exert and state.value(char.id, "exertion") + 1 <= max_exertion(state, char.id)


def check_exert(state: TempoState, act: a.Exert) -> Character:
    char = check_controls(state, act.player, act.character)
    alive(state, char.id)
    if not char.may_exert:
        raise RuleError(f"{char.name} is an NPC: only player characters Exert themselves (T28, D1).", rule=sections.EXERT)
    if act.use == "prepared" and not 1 <= act.amount <= 3:
        raise RuleError("The GM says a preparation costs 1, 2 or 3 Exertion (T35, D11).", rule=sections.EXERT)
    have, most = state.value(char.id, "exertion"), max_exertion(state, char.id)
    if have + cost_of(act) > most:
        at = "is at" if have >= most else "would go past"
        raise RuleError(f"{char.name} {at} its maximum Exertion of {most} (2 + FOR, at least 1; now {have}): "
                        f"it cannot willingly take more (T40, D12).", rule=sections.EXERT)
    turn = state.turn
    if act.use in END_OF_TURN and turn is None:
        raise RuleError("This Exert is made at the end of a turn, while that turn waits for Advance (T29, T30, D7).", rule=sections.EXERT)
    if act.use in DURING_TURN and (turn is None or turn.character != char.id):
        raise RuleError(f"This Exert is made during {char.name}'s own turn (T31-T35, D10).", rule=sections.EXERT)
    if act.use == "another":
        _another(state, act, char)
    elif act.use == "move":
        _moved(state, act, char)
    elif act.use == "condition" and act.condition not in char.conditions:
        raise RuleError(f"{char.name} has no condition {act.condition[:40]!r} to clear.", rule=sections.EXERT)
    elif act.use == "mana":
        _tier(state, act, char)
    return char


def _another(state: TempoState, act: a.Exert, char: Character) -> tuple[str, int, str | None]:
    action, card = act.action, None
    if act.card:
        owner, action = card_parts(state, act.card)
        if owner != char.id or act.card not in state.zones[hand(char.id)].cards:
            raise RuleError(f"That card is not in {char.name}'s hand of actions.", rule=sections.EXERT)
        card = act.card
    elif action not in action_ids(char):
        raise RuleError(f"{char.name} has no action {action[:40]!r}.", rule=sections.EXERT)
    else:
        card = card_in_hand(state, char.id, action)
    tempo = spell_tempo(state, char, action, act.spell, act.tempo)
    if not reachable(state, char.side, tempo):
        raise RuleError(f"Tempo {tempo} has passed this round: {action_name(char, action)} cannot happen now (D8).", rule=sections.EXERT)
    from desktop.rulesets.tempo.special_checks import check_armed

    check_armed(state, char, action, tempo)
    return action, tempo, card


def _moved(state: TempoState, act: a.Exert, char: Character):
    entry = state.entry(act.entry)
    if entry is None or entry.character != char.id:
        raise RuleError(f"{char.name} has no action number {act.entry} this round.", rule=sections.EXERT)
    what = action_name(char, entry.action)
    if entry.status != "planned":
        raise RuleError(f"{char.name}'s {what} was already taken: only an action still to come moves (D9).", rule=sections.EXERT)
    if not 0 <= act.tempo <= 9 or act.tempo == entry.tempo:
        raise RuleError(f"Move {what} to another tempo, from 0 to 9.", rule=sections.EXERT)
    if not reachable(state, char.side, act.tempo) or not reachable(state, char.side, entry.tempo):
        raise RuleError(f"Tempo {min(act.tempo, entry.tempo)} has passed: an action moves only within what is still "
                        f"to come (D9).", rule=sections.EXERT)
    return entry


def _tier(state: TempoState, act: a.Exert, char: Character) -> str:
    values = state.counters[char.id]
    full = [tier for tier in MANA_TIERS if values[tier] > 0]
    if not full:
        raise RuleError(f"{char.name} has no committed Mana to reclaim.", rule=sections.EXERT)
    tier = act.tier or full[0]
    if tier not in full:
        raise RuleError(f"{char.name} has no Mana {TIER_WORDS.get(tier, 'there')} to reclaim.", rule=sections.EXERT)
    return tier


def exert(state: TempoState, act: a.Exert, outcome: Outcome) -> None:
    char = check_exert(state, act)
    values = state.counters[char.id]
    words = USE_WORDS[act.use]
    if act.use == "another":
        action, tempo, card = _another(state, act, char)
        new_entry(state, char, action, tempo, "exert", card, act.spell)
        words = "another action this round (it ignores the Unique Action Restriction)"
        tell(state, char.id, outcome, "", f"{char.name}'s extra action: {action_name(char, action)} at tempo {tempo}.")
    elif act.use == "move":
        entry = _moved(state, act, char)
        if entry.card is not None:
            mark(state, entry.card, slot=act.tempo)
        words = "moves a planned action to another tempo"
        tell(state, char.id, outcome, "", f"{char.name}'s {action_name(char, entry.action)} moves to tempo {act.tempo}.")
        entry.tempo = act.tempo
        if char.id in state.waived and act.tempo == state.tempo:
            state.waived.remove(char.id)
    elif act.use == "momentum":
        state.rng, roll = rng.below(state.rng, 4)
        values["momentum"] += roll + 1
        words = f"gains {roll + 1} Momentum (1d4)"
        outcome.reveals = True
    elif act.use == "condition":
        char.conditions.remove(act.condition)
        words = f"clears {act.condition}"
    elif act.use == "mana":
        tier = _tier(state, act, char)
        values[tier] -= 1
        values["mana"] += 1
        words = f"reclaims 1 Mana {TIER_WORDS[tier]}"
    elif act.use == "prepared":
        words = f"prepared for this in the past ({act.note or 'in words at the table'})"
    elif act.use == "retry":
        words = "retries a failed skill roll" + (f" ({act.note})" if act.note else "")
    values["exertion"] += cost_of(act)
    char.exerted_scene = True
    outcome.log = [entry for entry in outcome.log if entry.text]
    told = f"{char.name} Exerts: {words}; Exertion {values['exertion']}/{max_exertion(state, char.id)}."
    if char.side == "npc":  # an NPC allowed to Exert (D1): its maximum is the GM's to know
        outcome.say(f"{char.name} Exerts: {words}; Exertion {values['exertion']}.")
        outcome.say(told, seat=state.gm)
    else:
        outcome.say(told)
    check_dying(state, char, outcome)


# ---- forced Exertion, Dying, death, the end of a scene ------------------------------------------


def die(state: TempoState, char: Character, why: str, outcome: Outcome, defeated: bool = False) -> None:
    """D16: the character dies (or, an NPC at 0 HP, is defeated: D30); its remaining actions are void."""
    if char.dead:
        return
    char.dead, char.defeated = True, defeated
    for entry in state.entries:
        if entry.character == char.id and entry.status == "planned":
            entry.status = "lost"
            if entry.card is not None:
                back_to_hand(state, entry.card, char.id)
                entry.card = None
    if char.id in state.waived:
        state.waived.remove(char.id)
    outcome.say(f"{char.name} {'is defeated' if defeated else 'dies'}: {why}.")


def check_defeated(state: TempoState, char: Character, outcome: Outcome) -> None:
    """D30: an NPC at 0 HP is defeated, out of the fight, unless its sheet says it fights on
    (`defeated_at_0_hp`: false). Not in edition 4, where it stood and acted."""
    if char.defeated_at_0 and not state.edition4 and state.value(char.id, "hp") == 0:
        die(state, char, "0 HP (D30)", outcome, defeated=True)


def check_dying(state: TempoState, char: Character, outcome: Outcome) -> None:
    """T42: Dying while at maximum Exertion kills a player character."""
    if (char.side == "pc" and "Dying" in char.conditions
            and state.value(char.id, "exertion") >= max_exertion(state, char.id)):
        die(state, char, "Dying while at its maximum Exertion (T42)", outcome)


def hurt(state: TempoState, character: str, damage: int, outcome: Outcome) -> None:
    char = state.character(character)
    if char.dead:
        return
    values = state.counters[character]
    values["hp"] = max(0, values["hp"] - damage)
    told = f"{char.name} takes {damage} damage: HP {values['hp']}/{values['max_hp']}."
    if char.side == "npc":  # its HP is the GM's until Scanned (D6)
        outcome.say(f"{char.name} takes {damage} damage.")
        outcome.say(told, seat=state.gm)
    else:
        outcome.say(told)
    if values["hp"] == 0 and state.auto_dying and "Dying" not in char.conditions:
        char.conditions.append("Dying")
        outcome.say(f"{char.name} is Dying (HP 0).")
    check_dying(state, char, outcome)
    check_defeated(state, char, outcome)


def force(state: TempoState, act: a.ForceExertion, outcome: Outcome) -> None:
    if act.player != state.gm:
        raise RuleError(f"Forced Exertion is the GM's: {state.seat_name(state.gm)} forces it (D13).")
    if not state.has(act.character):
        raise RuleError(f"There is no character {act.character[:40]!r} in this encounter.")
    char = alive(state, act.character)
    if not 1 <= act.amount <= 3:
        raise RuleError("Forced Exertion is 1 to 3 at a time.")
    values = state.counters[char.id]
    most = max_exertion(state, char.id)
    values["exertion"] += act.amount
    told = f"The GM forces {act.amount} Exertion on {char.name}: {values['exertion']}/{most}."
    if char.side == "npc":  # its maximum tells its FOR, the GM's until Scanned (D6)
        outcome.say(f"The GM forces {act.amount} Exertion on {char.name}.")
        outcome.say(told, seat=state.gm)
    else:
        outcome.say(told)
    if values["exertion"] > most:
        die(state, char, f"forced beyond its maximum Exertion of {most} (T41)", outcome)
    check_dying(state, char, outcome)


def set_condition(state: TempoState, act: a.SetCondition, outcome: Outcome) -> None:
    if not state.has(act.character):
        raise RuleError(f"There is no character {act.character[:40]!r} in this encounter.")
    char = state.character(act.character)
    if act.player not in (state.gm, char.seat):
        raise RuleError(f"{char.name}'s conditions are set by the GM or by {state.seat_name(char.seat)}.")
    alive(state, char.id)
    from desktop.rulesets.tempo.legal import CONDITIONS

    if act.condition not in CONDITIONS:
        raise RuleError(f"The conditions set by hand are {', '.join(CONDITIONS)}.")
    if act.on == (act.condition in char.conditions):
        raise RuleError(f"{char.name} {'already has' if act.on else 'does not have'} {act.condition}.")
    if act.on:
        char.conditions.append(act.condition)
    else:
        char.conditions.remove(act.condition)
    outcome.say(f"{char.name} {'is now' if act.on else 'is no longer'} {act.condition}.")
    check_dying(state, char, outcome)


def end_scene(state: TempoState, act: a.EndScene, outcome: Outcome) -> None:
    """T37, D17: those who Exerted this scene take damage equal to their Exertion; Exertion stays."""
    if state.turn is not None:
        raise RuleError("A turn is under way: Advance first, then end the scene.")
    outcome.say(f"Scene {state.scene} ends.")
    for char in state.pcs() + state.npcs():
        if char.exerted_scene and not char.dead:
            exertion = state.value(char.id, "exertion")
            outcome.say(f"{char.name} Exerted this scene: damage equal to its Exertion, {exertion} (T37).")
            if exertion:
                hurt(state, char.id, exertion, outcome)
        char.exerted_scene = False
        char.active = [spell for spell in char.active if not spell.endswith("(scene)")]
        if not char.dead and not state.edition4:
            from desktop.rulesets.tempo.bookkeeping import reclaim_at_scene_end

            reclaim_at_scene_end(state, char, outcome)
    state.scene += 1
    from desktop.rulesets.tempo.count import fallen_side

    state.closed = fallen_side(state)
