"""What each action of the table checks when it is taken (T43-T55, T11, D24, D26), and the
characters it may aim at; the questions a Scan may ask.

The board is the players': adjacency, range, Seek and Line of Sight are asked as one
confirmation (D24). What the action then does: special.py.
"""

from __future__ import annotations

from collections.abc import Callable

from desktop.engine.errors import RuleError
from desktop.rulesets.tempo import actions as a
from desktop.rulesets.tempo import sections
from desktop.rulesets.tempo.core import (
    ATTACKS,
    KINDS,
    SPEED_RANK,
    SPEED_WORDS,
    action_name,
    base_of,
    check_unique,
    performed_only,
    uar_keys,
)
from desktop.rulesets.tempo.state import DURATIONS, Character, Entry, TempoState

ATTACK_IDS = tuple(ATTACKS)
QUESTIONS = {
    1: "STR, FOR, HP and Max HP",
    2: "DEX, AWR, Defence, Deflection and Sturdy",
    3: "INT, INS and active magic spells",
    4: "its Action Sets and the specifics of one",
    5: "its Statuses and Conditions",
    6: "another question (it may need a roll)",
}
NOT_DEBUFFS = ("Dying", "Hidden", "Guarded")  # what Help cannot clear (T45)
MANA_STEP_HIGH = 3  # the most Mana one listed choice commits


def others_of(state: TempoState, char: Character) -> list[Character]:
    return [other for other in state.order() if other.id != char.id and not other.dead]


def allies_of(state: TempoState, char: Character) -> list[Character]:
    return [other for other in others_of(state, char) if other.side == char.side]


def _target(state: TempoState, act: a.Take, char: Character, among: list[Character], what: str) -> Character:
    found = next((other for other in among if other.id == act.target), None)
    if found is None:
        if state.has(act.target) and state.character(act.target).dead:
            fallen = state.character(act.target)
            raise RuleError(f"{fallen.name} is {'defeated' if fallen.defeated else 'dead'}: out of the fight.", rule=sections.ACTIONS)
        raise RuleError(f"{char.name} needs {what} for this action.", rule=sections.ACTIONS)
    return found


def _confirm(act: a.Take, fact: str) -> None:
    if not act.confirm:
        raise RuleError(f"Confirm on the board first: {fact} (D24).", rule=sections.ACTIONS)


def weapon_ok(char: Character, weapon: str, attack: str) -> str:
    """Why this weapon cannot Strike in this Attack ("" if it can): held, loaded, quick enough (T50)."""
    found = next((w for w in char.weapons if w.name == weapon), None)
    if found is None or weapon not in char.held:
        return f"{char.name} holds no weapon called {weapon[:40]!r}"
    if SPEED_RANK[found.speed] > ATTACKS[attack]:
        kinds = {0: "a Quick weapon", 1: "a Standard or Quick weapon", 2: "any weapon"}[ATTACKS[attack]]
        return (f"{found.name} is a {SPEED_WORDS[found.speed]} weapon: a {KINDS[attack].name} strikes with "
                f"{kinds} (T50)")
    if found.reload and weapon not in char.loaded:
        return f"{found.name} is not loaded: an Inventory action loads it (T52)"
    return ""


def never_armed(state: TempoState, char: Character, action: str, tempo: int) -> str:
    """Why an Attack at `tempo` can never be taken this round ("" if it may be, D26): no weapon
    the character carries is quick enough, or the ones that are stay stowed until after `tempo`
    (an Inventory draws one at 6, or earlier by an Exert or an ability that is an Inventory)."""
    base = base_of(char, action)
    if base not in ATTACKS or state.edition4:
        return ""
    rank = ATTACKS[base]
    fits = [w for w in char.weapons if SPEED_RANK[w.speed] <= rank]
    if any(w.name in char.held for w in fits):
        return ""
    inventory = KINDS["inventory"].tempo
    early = [ab for n, ab in enumerate(char.abilities) if base_of(char, f"ability:{n}") == "inventory"
             and (ab.tempo if ab.tempo is not None else inventory) < tempo]
    if fits and (tempo > inventory or char.may_exert or early):
        return ""
    kinds = {0: "a Quick weapon", 1: "a Standard or Quick weapon", 2: "any weapon"}[rank]
    what = KINDS[base].name
    if not char.weapons:
        return f"{char.name} carries no weapon, and a {what} strikes with one (T49)"
    held = " and ".join(f"{w.name} ({SPEED_WORDS[w.speed]})" for w in char.weapons if w.name in char.held)
    holds = f"holds only {held}" if held else "holds no weapon"
    if not fits:
        return f"{char.name} {holds} and carries none quick enough: a {what} strikes with {kinds} (T50)"
    return (f"{char.name} {holds}, and its {fits[0].name} stays stowed until an Inventory at tempo {inventory}, "
            f"after tempo {tempo}: a {what} strikes with {kinds} (T50)")


def check_armed(state: TempoState, char: Character, action: str, tempo: int) -> None:
    why = never_armed(state, char, action, tempo)
    if why:
        raise RuleError(f"{why}; this {action_name(char, action)} could never be taken this round (D26).", rule=sections.ACTIONS)


# ---- checks ------------------------------------------------------------------------------------


def check(state: TempoState, act: a.Take, char: Character, entry: Entry) -> None:
    base = base_of(char, entry.action)
    if performed_only(state):  # T12: the restriction binds what is performed, checked as it is taken
        check_unique(state, char.id, entry.action, entry.tag, leaving=entry.id)
    CHECKS.get(base, lambda *_: None)(state, act, char, entry)


def _check_scan(state, act, char, entry) -> None:
    target = _target(state, act, char, others_of(state, char), "a character in its Seek to Scan")
    if act.question not in QUESTIONS:
        raise RuleError("Scan asks one of the questions 1 to 6 (T43).", rule=sections.ACTIONS)
    _confirm(act, f"{target.name} is in {char.name}'s Seek")


def _check_mark(state, act, char, entry) -> None:
    target = _target(state, act, char, others_of(state, char), "a character within Seek to Mark")
    _confirm(act, f"{target.name} is within {char.name}'s Seek")


def _check_help(state, act, char, entry) -> None:
    ally = _target(state, act, char, allies_of(state, char), "an ally in Range 1 to Help")
    if act.option == "clear":
        if act.item not in ally.conditions or act.item in NOT_DEBUFFS:
            raise RuleError(f"Help clears a Debuff or Prone that {ally.name} has (T45); "
                            f"{act.item[:40] or 'none was named'} is not one.", rule=sections.ACTIONS)
    elif act.option != "teamwork":
        raise RuleError("Help either clears a Debuff or Prone, or gives Teamwork on the ally's next skill roll (T45).", rule=sections.ACTIONS)
    _confirm(act, f"{ally.name} is in Range 1 of {char.name}")


def _check_move(state, act, char, entry) -> None:
    if act.option not in ("move", "jump"):
        raise RuleError("Move is a move of up to your Speed, or a Jump (T46).", rule=sections.ACTIONS)


def _check_guard(state, act, char, entry) -> None:
    target = _target(state, act, char, others_of(state, char), "an adjacent character to Guard")
    _confirm(act, f"{char.name} is adjacent to {target.name}")


def _check_attack(state, act, char, entry) -> None:
    base = base_of(char, entry.action)
    _target(state, act, char, others_of(state, char), "a target to Strike")
    why = weapon_ok(char, act.weapon, base)
    if why:
        raise RuleError(why + ".", rule=sections.ACTIONS)


def _check_inventory(state, act, char, entry) -> None:
    if act.option == "load":
        found = next((w for w in char.weapons if w.name == act.item), None)
        if found is None or not found.reload or act.item not in char.held:
            raise RuleError(f"{char.name} holds no Reload weapon called {act.item[:40]!r} (T52).", rule=sections.ACTIONS)
        if act.item in char.loaded:
            raise RuleError(f"{found.name} is already loaded.", rule=sections.ACTIONS)
    elif act.option == "swap":
        if act.weapon and act.weapon not in char.held:
            raise RuleError(f"{char.name} does not hold {act.weapon[:40]!r}.", rule=sections.ACTIONS)
        if not act.weapon and len(char.held) >= 2:
            raise RuleError(f"{char.name}'s hands are full: stow one item to draw another (T52).", rule=sections.ACTIONS)
        if act.item not in [w.name for w in char.weapons] or act.item in char.held:
            raise RuleError(f"{char.name} has no stowed weapon called {act.item[:40]!r} to draw.", rule=sections.ACTIONS)
    elif act.option == "consume":
        item = next((i for i in char.items if i.name == act.item), None)
        if item is None:
            raise RuleError(f"{char.name} carries no item called {act.item[:40]!r}.", rule=sections.ACTIONS)
        if item.strike:
            held = uar_keys(state, char.id, leaving=entry.id, performed=performed_only(state)).get("attack")
            if held is not None and entry.tag not in ("free", "exert"):
                verb = "took" if performed_only(state) else "has"
                raise RuleError(f"{item.name} is a Strike, so this Inventory action also counts as an Attack (T16), and "
                                f"{char.name} already {verb} {action_name(char, held.action)} this round: the Unique "
                                f"Action Restriction.", rule=sections.ACTIONS)
            _target(state, act, char, others_of(state, char), "a target for the Strike")
    else:
        raise RuleError("Inventory loads a Reload weapon, swaps what you hold, or consumes an item (T52).", rule=sections.ACTIONS)


def _check_hide(state, act, char, entry) -> None:
    _confirm(act, f"no non-ally can draw Line of Sight to {char.name}")


def _check_shift(state, act, char, entry) -> None:
    if act.paradigm and (act.paradigm not in char.paradigms or act.paradigm == char.paradigm):
        raise RuleError(f"{char.name} can change to another of its Paradigms: {', '.join(char.paradigms) or 'it has none'}.", rule=sections.ACTIONS)
    if act.recover and not char.resting:
        raise RuleError(f"{char.name} has not taken Rest this round: Recover follows a Rest (D18).", rule=sections.ACTIONS)
    if act.commit and not act.reclaim:
        raise RuleError("Mana is committed for the scene as part of a Reclaim (T55).", rule=sections.ACTIONS)
    free = state.value(char.id, "mana") + (state.value(char.id, "mana_ever") if act.reclaim else 0)
    if not 0 <= act.commit <= free:
        raise RuleError(f"{char.name} can commit 0 to {free} Mana for the scene.", rule=sections.ACTIONS)


def _check_magic(state, act, char, entry) -> None:
    if act.tier not in DURATIONS:
        raise RuleError("Mana for a spell is committed for the scene, the day or indefinitely (T11).", rule=sections.ACTIONS)
    have = state.value(char.id, "mana")
    if not 1 <= act.amount <= have:
        raise RuleError(f"{char.name} has {have} uncommitted Mana: a spell commits 1 to {have}." if have
                        else f"{char.name} has no uncommitted Mana to cast {entry.spell or 'a spell'}.", rule=sections.ACTIONS)


CHECKS: dict[str, Callable] = {
    "scan": _check_scan, "mark": _check_mark, "help": _check_help, "move": _check_move, "guard": _check_guard,
    "quick_attack": _check_attack, "standard_attack": _check_attack, "slow_attack": _check_attack,
    "inventory": _check_inventory, "hide": _check_hide, "shift": _check_shift, "magic": _check_magic,
}
