"""What each action of the table does when it is taken (T43-T55, T11, D18-D21, D26): its effect
on the sheets, and the words the log and the timeline chip read. Its checks: special_checks.py;
the options listed for it: special_choices.py.

The board is the players': adjacency, range, Seek and Line of Sight are asked as one
confirmation (D24) and said in the log; the app keeps the sheets.
"""

from __future__ import annotations

from collections.abc import Callable

from desktop.engine.ruleset import Outcome
from desktop.rulesets.tempo import actions as a
from desktop.rulesets.tempo.core import (
    SPEED_WORDS,
    action_name,
    base_of,
    name,
)
from desktop.rulesets.tempo.special_checks import QUESTIONS
from desktop.rulesets.tempo.state import DURATIONS, Character, Entry, ScanNote, TempoState


def resolve(state: TempoState, act: a.Take, char: Character, entry: Entry, outcome: Outcome) -> str:
    base = base_of(char, entry.action)
    effect = EFFECTS.get(base)
    if effect is None:
        index = entry.action.split(":", 1)[1] if entry.action.startswith("ability:") else None
        text = char.abilities[int(index)].text if index is not None else ""
        return f"uses {action_name(char, entry.action)}" + (f" ({text})" if text else "")
    return effect(state, act, char, entry, outcome)


def _rest(state, act, char, entry, outcome) -> str:
    char.resting = True
    return "begins Resting (a Shift later this round may Recover, D18)"


def answer_of(state: TempoState, target: Character, question: int) -> str:
    stats, values = target.stats, state.counters[target.id]

    def stat(key: str) -> str:
        return f"{key} {stats[key]}" if key in stats else f"{key} unknown"

    if question == 1:
        return f"{stat('STR')}, FOR {values['for']}, HP {values['hp']}/{values['max_hp']}"
    if question == 2:
        return ", ".join(stat(key) for key in ("DEX", "AWR", "Defence", "Deflection", "Sturdy"))
    if question == 3:
        return f"{stat('INT')}, {stat('INS')}, active spells: {', '.join(target.active) or 'none'}"
    if question == 5:
        return f"conditions: {', '.join(target.conditions) or 'none'}"
    return target.action_sets


def _scan(state, act, char, entry, outcome) -> str:
    target = state.character(act.target)
    text = answer_of(state, target, act.question)
    note = ScanNote(by=char.id, target=target.id, question=act.question, round=state.round, tempo=state.tempo,
                    text=text if act.question != 6 else (act.note or "another question"))
    if act.question in (1, 2, 3, 5) or (act.question == 4 and text):
        state.scans.append(note)
        return f"Scans {target.name} ({QUESTIONS[act.question]}): {text}"
    state.asked.append(note)
    outcome.say(f"{char.name} asks about {target.name}: {QUESTIONS[act.question]}"
                + (f" ({act.note})" if act.note else "") + ". The GM answers.", seat=state.gm)
    return f"Scans {target.name}: the GM answers {QUESTIONS[act.question]}"


def _mark(state, act, char, entry, outcome) -> str:
    target = state.character(act.target)
    if "Marked" not in target.conditions:
        target.conditions.append("Marked")
    return f"Marks {target.name} (within Seek)"


def _help(state, act, char, entry, outcome) -> str:
    ally = state.character(act.target)
    if act.option == "clear":
        ally.conditions.remove(act.item)
        return f"helps {ally.name} (in Range 1): clears {act.item}"
    char.teamwork = ally.id
    return f"helps {ally.name} (in Range 1): Teamwork on {ally.name}'s next skill roll, as a reaction (D23)"


def _move(state, act, char, entry, outcome) -> str:
    if act.option == "jump":
        return "Jumps"
    return f"moves up to {state.value(char.id, 'speed')} more"


def _guard(state, act, char, entry, outcome) -> str:
    target = state.character(act.target)
    char.guarding = target.id
    if "Guarded" not in target.conditions:
        target.conditions.append("Guarded")
    return (f"Guards {target.name} (adjacent): Strikes against them have Disadvantage and they may use "
            f"{char.name}'s Deflection; {char.name} gains Intercept until the end of the round")


def _attack(state, act, char, entry, outcome) -> str:
    target = state.character(act.target)
    weapon = next(w for w in char.weapons if w.name == act.weapon)
    if weapon.reload:
        char.loaded.remove(weapon.name)
    return f"Strikes {target.name} with {weapon.name} ({SPEED_WORDS[weapon.speed]})"


def _inventory(state, act, char, entry, outcome) -> str:
    if act.option == "load":
        char.loaded.append(act.item)
        return f"loads {act.item}"
    if act.option == "swap":
        if act.weapon:
            char.held.remove(act.weapon)
        char.held.append(act.item)
        return (f"stows {act.weapon} and draws {act.item}" if act.weapon else f"draws {act.item}")
    item = next(i for i in char.items if i.name == act.item)
    char.items.remove(item)
    if item.strike:
        entry.strike = True
        return f"consumes {item.name}, a Strike at {name(state, act.target)} (it counts as the Attack, T16)"
    return f"consumes {item.name}"


def _hide(state, act, char, entry, outcome) -> str:
    if not act.success:
        return "tries to Hide and fails"
    if "Hidden" not in char.conditions:
        char.conditions.append("Hidden")
    return "Hides: Hidden (smaller objects and same-size characters block Line of Sight to it)"


def _shift(state, act, char, entry, outcome) -> str:
    done = []
    if act.paradigm:
        char.paradigm = act.paradigm
        done.append(f"changes to the {act.paradigm} Paradigm")
    if act.reclaim:
        values = state.counters[char.id]
        back = values["mana_ever"]
        values["mana"] += back - act.commit
        values["mana_ever"] = 0
        values["mana_scene"] += act.commit
        done.append(f"Reclaims {back} Mana committed indefinitely, committing {act.commit} for the scene")
    if act.recover:
        values = state.counters[char.id]
        less = min(state.recover_amount, values["exertion"])
        values["exertion"] -= less
        done.append(f"Recovers: Exertion {values['exertion'] + less} to {values['exertion']}")
    return "Shifts: " + ("; ".join(done) if done else "nothing changes")


def _magic(state, act, char, entry, outcome) -> str:
    values = state.counters[char.id]
    values["mana"] -= act.amount
    values[DURATIONS[act.tier]] += act.amount
    spell = entry.spell or action_name(char, entry.action)
    char.active.append(f"{spell} ({act.tier})")
    tier = {"scene": "for the scene", "day": "for the day", "indefinite": "indefinitely"}[act.tier]
    return f"casts {spell}, committing {act.amount} Mana {tier}"


EFFECTS: dict[str, Callable] = {
    "rest": _rest, "scan": _scan, "mark": _mark, "help": _help, "move": _move, "guard": _guard,
    "quick_attack": _attack, "standard_attack": _attack, "slow_attack": _attack, "inventory": _inventory,
    "hide": _hide, "shift": _shift, "magic": _magic,
}
