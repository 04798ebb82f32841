"""Reactions (T20-T27) and the declarations that trigger them (D25).

A reaction answers something that happened in the turn under way (a trigger): an Attack taken
(the app raises it), a character hit by a Strike, a skill roll, or another event declared in
words. It may be used when the character knows it (T22), meets its prerequisites (T23), the
turn's tempo has reached the reaction's (T24), it has not reacted this turn (T25), it has uses
left this round (T26) and has not answered this very trigger with it (T27). Reactions are not
turns and ignore the Unique Action Restriction (T17).

The rules give three: Intercept while Guarding (T48), Dual Wield while holding two weapons of one
speed (T51) and Teamwork from Help (D23); a sheet may list more.
"""

from __future__ import annotations

from desktop.engine.errors import RuleError
from desktop.engine.ruleset import Outcome
from desktop.rulesets.tempo import actions as a
from desktop.rulesets.tempo import sections
from desktop.rulesets.tempo.core import alive, check_controls, name, reaction_reached
from desktop.rulesets.tempo.count import trigger as raise_trigger
from desktop.rulesets.tempo.state import Character, Reaction, TempoState, Trigger

INTERCEPT = Reaction(name="Intercept", tempo=4, trigger="hit", prerequisite="adjacent to the character it Guarded",
                     text="Take the damage from the Strike instead of the character you are Guarding.")
DUAL_WIELD = Reaction(name="Dual Wield", tempo=0, trigger="attack",
                      text="Strike with the other weapon, dealing only the Dice Value as damage.")
TEAMWORK = Reaction(name="Teamwork", tempo=3, trigger="skill", text="Teamwork on the helped ally's skill roll.")


def pair(char: Character) -> list[str]:
    """The two held weapons of one speed that give Dual Wield (T51), or none."""
    held = [w for w in char.weapons if w.name in char.held]
    if len(held) == 2 and held[0].speed == held[1].speed:
        return [w.name for w in held]
    return []


def known(char: Character) -> list[Reaction]:
    """The reactions it knows now: its sheet's, and those the rules give it at this moment."""
    found = list(char.reactions)
    if char.guarding is not None:
        found.append(INTERCEPT)
    if pair(char):
        found.append(DUAL_WIELD)
    if char.teamwork is not None:
        found.append(TEAMWORK)
    return found


def answers(char: Character, reaction: Reaction, found: Trigger) -> bool:
    """Whether this trigger is one the reaction answers (T22)."""
    if reaction.trigger != found.kind:
        return False
    if reaction.name == INTERCEPT.name:
        return found.subject == char.guarding
    if reaction.name == DUAL_WIELD.name:
        return found.subject == char.id and found.text in pair(char)
    if reaction.name == TEAMWORK.name:
        return found.subject == char.teamwork
    if found.kind in ("hit", "skill"):
        return found.subject == char.id
    if found.kind == "attack":
        return found.subject != char.id
    return True


def check_react(state: TempoState, act: a.React) -> tuple[Character, Reaction, Trigger]:
    char = check_controls(state, act.player, act.character)
    alive(state, char.id)
    turn = state.turn
    if turn is None:
        raise RuleError("Reactions answer something that happens in a turn, and no turn is under way (T21).", rule=sections.REACTIONS)
    reaction = next((r for r in known(char) if r.name == act.reaction), None)
    if reaction is None:
        raise RuleError(f"{char.name} does not know a reaction called {act.reaction[:40]!r} now (T22).", rule=sections.REACTIONS)
    found = next((t for t in turn.triggers if t.id == act.trigger), None)
    if found is None or not answers(char, reaction, found):
        raise RuleError(f"Nothing in this turn triggers {char.name}'s {reaction.name} (T22).", rule=sections.REACTIONS)
    if not reaction_reached(state, reaction.tempo):
        raise RuleError(f"{reaction.name} has tempo {reaction.tempo}: this turn is at tempo {state.tempo}, below it (T24).", rule=sections.REACTIONS)
    if char.id in turn.reacted:
        raise RuleError(f"{char.name} has used its reaction this turn: one reaction per turn (T20, T25).", rule=sections.REACTIONS)
    if state.uses.has(reaction.name, by=char.id, on=str(found.id)):
        raise RuleError(f"{char.name}'s {reaction.name} has already answered this very trigger (T27).", rule=sections.REACTIONS)
    used = len(state.uses.find(reaction.name, by=char.id))
    if used >= reaction.per_round:
        times = "once" if reaction.per_round == 1 else f"{reaction.per_round} times"
        raise RuleError(f"{char.name} has used {reaction.name} {times} this round, its limit (T26).", rule=sections.REACTIONS)
    if (reaction.name == INTERCEPT.name or reaction.prerequisite) and not act.confirm:
        raise RuleError(f"Confirm on the board first: {char.name} is {prerequisite(char, reaction, state)} (T23).", rule=sections.REACTIONS)
    return char, reaction, found


def prerequisite(char: Character, reaction: Reaction, state: TempoState) -> str:
    if reaction.name == INTERCEPT.name and char.guarding is not None:
        return f"adjacent to {name(state, char.guarding)}, whom it Guarded this round"
    return reaction.prerequisite


def react(state: TempoState, act: a.React, outcome: Outcome) -> None:
    char, reaction, found = check_react(state, act)
    turn = state.turn
    turn.reacted.append(char.id)
    state.uses.record(reaction.name, by=char.id, on=str(found.id))
    entry = state.entry(turn.entry)
    if entry is not None:  # its chip shows the reactions used in its turn (an R badge)
        entry.reactions.append(f"{char.name}'s {reaction.name}")
    if reaction.name == INTERCEPT.name:
        turn.intercepted[str(found.id)] = char.id
        words = f"takes the Strike's damage instead of {name(state, found.subject)}"
    elif reaction.name == DUAL_WIELD.name:
        other = next(w for w in pair(char) if w != found.text)
        words = f"Strikes with {other} too, dealing only the Dice Value as damage"
    elif reaction.name == TEAMWORK.name:
        char.teamwork = None
        words = f"gives Teamwork to {name(state, found.subject)}'s skill roll"
    else:
        words = reaction.text or "reacts"
    outcome.say(f"Reaction: {char.name}'s {reaction.name} (tempo {reaction.tempo}): {words}.")


def eligible(state: TempoState, char: Character) -> list[a.React]:
    """The reactions it may use now, as actions (each accepted as it is)."""
    if state.turn is None or char.dead:
        return []
    found = []
    for reaction in known(char):
        for happened in state.turn.triggers:
            act = a.React(player=char.seat, character=char.id, reaction=reaction.name, trigger=happened.id,
                          confirm=bool(reaction.name == INTERCEPT.name or reaction.prerequisite))
            try:
                check_react(state, act)
            except RuleError:
                continue
            found.append(act)
    return found


# ---- declarations --------------------------------------------------------------------------------


def declare(state: TempoState, act: a.Declare, outcome: Outcome) -> None:
    if state.turn is None:
        raise RuleError("A Strike's hit or a skill roll is declared during the turn it happens in (D25).")
    if not state.has(act.character):
        raise RuleError(f"There is no character {act.character[:40]!r} in this encounter.")
    subject = alive(state, act.character)
    if not 0 <= act.damage <= 999:
        raise RuleError("A Strike's damage is a whole number from 0 to 999.")
    if act.event != "hit" and act.damage:
        raise RuleError("Only a hit by a Strike carries damage.")
    if act.event == "other" and not act.note.strip():
        raise RuleError("Say in words what happened.")
    actor = state.turn.character
    raise_trigger(state, act.event, subject.id, by=actor, damage=act.damage, text=act.note)
    words = {"hit": f"{subject.name} is hit by a Strike" + (f" for {act.damage} damage" if act.damage else ""),
             "skill": f"{subject.name} makes a skill roll", "other": f"{subject.name}: {act.note}"}[act.event]
    outcome.say(f"Declared by {state.seat_name(act.player)}: {words}" + (" (taken when the turn ends)" if act.damage else "")
                + ".")
