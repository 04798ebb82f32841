"""What the summary at the end counts for Tempo Combat (engine/summary.py): each character's
actions taken, its Strikes, the damage it dealt and took (the hits declared, taken as each turn
ends, by the one who took them: an Interceptor), a player character's HP lost in all (Exertion at
the scene's end too), and who was defeated. Read from the game replayed, and only what the table
shows everyone: an action once taken is face up, a hit's damage is said aloud; an NPC's HP stays
the GM's, so only the damage it took is counted, never what it has left."""

from __future__ import annotations

from collections import Counter

from desktop.engine.summary import Figure, Section, plural
from desktop.rulesets.tempo.core import action_name


def _hits(turn) -> list[tuple[str, str, int]]:
    """(striker, victim, damage) of each hit with damage in a turn, taken as it ends."""
    return [(found.by or turn.character, turn.intercepted.get(str(found.id), found.subject), found.damage)
            for found in turn.triggers if found.kind == "hit" and found.damage]


def sections(record) -> tuple[Section, ...]:
    characters = list(record.state.characters)
    taken: dict[str, list[str]] = {char.id: [] for char in characters}
    strikes: Counter = Counter()
    dealt: Counter = Counter()
    took: Counter = Counter()
    lost: Counter = Counter()  # a player character's HP lost in all (its HP is on the table)
    start = record.first_state()
    hp = {char.id: start.value(char.id, "hp") for char in start.characters if char.side == "pc"}
    turn_seen = None  # the turn under way at the last step: its hits land as it ends
    for step in record.steps():
        state = step.state
        if turn_seen is not None and (state.turn is None or state.turn.entry != turn_seen[0]):
            for striker, victim, damage in turn_seen[1]:
                dealt[striker] += damage
                took[victim] += damage
        turn = state.turn
        turn_seen = None if turn is None else (turn.entry, _hits(turn))
        if step.action.type == "take" and turn is not None:
            char = state.character(turn.character)
            entry = state.entry(turn.entry)
            taken[char.id].append(action_name(char, entry.action) if entry is not None else "an action")
            strikes[char.id] += any(found.kind == "attack" and found.subject == char.id for found in turn.triggers)
        for char in state.characters:
            if char.side == "pc":
                now = state.value(char.id, "hp")
                if now < hp.get(char.id, now):
                    lost[char.id] += hp[char.id] - now
                hp[char.id] = now
    names = {char.id: char.name for char in characters}
    actions = Section("Actions taken", tuple(
        f"{names[char]}: {', '.join(taken[char]) or 'none'}." for char in taken))
    damage = Section(
        "Damage",
        tuple(f"{names[char]}: {plural(strikes[char], 'Strike')}, {dealt[char]} damage dealt, {took[char]} taken"
              + (f", {lost[char]} HP lost in all." if char in lost else ".") for char in taken),
        tuple(Figure(names[char], dealt[char], f"{dealt[char]} damage dealt") for char in taken),
    )
    down = [char.name for char in record.state.characters if char.dead or char.defeated]
    defeated = Section("Defeated", (f"{', '.join(down)}.",) if down else ())
    return actions, damage, defeated
