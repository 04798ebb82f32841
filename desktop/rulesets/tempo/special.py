"""What each action of the table does when it is taken (T43-T55, T11, D18-D21, D26): its checks,
its effect on the sheets, and the words the log and the timeline chip read.

The board is the players': adjacency, range, Seek and Line of Sight are asked as one
confirmation (D24) and said in the log; the app keeps the sheets.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from desktop.engine.errors import RuleError
from desktop.engine.ruleset import Outcome
from desktop.rulesets.tempo import actions as a
from desktop.rulesets.tempo.core import (
    ATTACKS,
    KINDS,
    SPEED_RANK,
    SPEED_WORDS,
    action_name,
    base_of,
    check_unique,
    name,
    performed_only,
    uar_keys,
)
from desktop.rulesets.tempo.state import DURATIONS, Character, Entry, ScanNote, TempoState

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


def _others(state: TempoState, char: Character) -> list[Character]:
    return [other for other in state.order() if other.id != char.id and not other.dead]


def _allies(state: TempoState, char: Character) -> list[Character]:
    return [other for other in _others(state, char) if other.side == char.side]


def _target(state: TempoState, act: a.Take, char: Character, among: list[Character], what: str) -> Character:
    found = next((other for other in among if other.id == act.target), None)
    if found is None:
        if state.has(act.target) and state.character(act.target).dead:
            fallen = state.character(act.target)
            raise RuleError(f"{fallen.name} is {'defeated' if fallen.defeated else 'dead'}: out of the fight.")
        raise RuleError(f"{char.name} needs {what} for this action.")
    return found


def _confirm(act: a.Take, fact: str) -> None:
    if not act.confirm:
        raise RuleError(f"Confirm on the board first: {fact} (D24).")


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
        raise RuleError(f"{why}; this {action_name(char, action)} could never be taken this round (D26).")


# ---- checks ------------------------------------------------------------------------------------


def check(state: TempoState, act: a.Take, char: Character, entry: Entry) -> None:
    base = base_of(char, entry.action)
    if performed_only(state):  # T12: the restriction binds what is performed, checked as it is taken
        check_unique(state, char.id, entry.action, entry.tag, leaving=entry.id)
    CHECKS.get(base, lambda *_: None)(state, act, char, entry)


def _check_scan(state, act, char, entry) -> None:
    target = _target(state, act, char, _others(state, char), "a character in its Seek to Scan")
    if act.question not in QUESTIONS:
        raise RuleError("Scan asks one of the questions 1 to 6 (T43).")
    _confirm(act, f"{target.name} is in {char.name}'s Seek")


def _check_mark(state, act, char, entry) -> None:
    target = _target(state, act, char, _others(state, char), "a character within Seek to Mark")
    _confirm(act, f"{target.name} is within {char.name}'s Seek")


def _check_help(state, act, char, entry) -> None:
    ally = _target(state, act, char, _allies(state, char), "an ally in Range 1 to Help")
    if act.option == "clear":
        if act.item not in ally.conditions or act.item in NOT_DEBUFFS:
            raise RuleError(f"Help clears a Debuff or Prone that {ally.name} has (T45); "
                            f"{act.item[:40] or 'none was named'} is not one.")
    elif act.option != "teamwork":
        raise RuleError("Help either clears a Debuff or Prone, or gives Teamwork on the ally's next skill roll (T45).")
    _confirm(act, f"{ally.name} is in Range 1 of {char.name}")


def _check_move(state, act, char, entry) -> None:
    if act.option not in ("move", "jump"):
        raise RuleError("Move is a move of up to your Speed, or a Jump (T46).")


def _check_guard(state, act, char, entry) -> None:
    target = _target(state, act, char, _others(state, char), "an adjacent character to Guard")
    _confirm(act, f"{char.name} is adjacent to {target.name}")


def _check_attack(state, act, char, entry) -> None:
    base = base_of(char, entry.action)
    _target(state, act, char, _others(state, char), "a target to Strike")
    why = weapon_ok(char, act.weapon, base)
    if why:
        raise RuleError(why + ".")


def _check_inventory(state, act, char, entry) -> None:
    if act.option == "load":
        found = next((w for w in char.weapons if w.name == act.item), None)
        if found is None or not found.reload or act.item not in char.held:
            raise RuleError(f"{char.name} holds no Reload weapon called {act.item[:40]!r} (T52).")
        if act.item in char.loaded:
            raise RuleError(f"{found.name} is already loaded.")
    elif act.option == "swap":
        if act.weapon and act.weapon not in char.held:
            raise RuleError(f"{char.name} does not hold {act.weapon[:40]!r}.")
        if not act.weapon and len(char.held) >= 2:
            raise RuleError(f"{char.name}'s hands are full: stow one item to draw another (T52).")
        if act.item not in [w.name for w in char.weapons] or act.item in char.held:
            raise RuleError(f"{char.name} has no stowed weapon called {act.item[:40]!r} to draw.")
    elif act.option == "consume":
        item = next((i for i in char.items if i.name == act.item), None)
        if item is None:
            raise RuleError(f"{char.name} carries no item called {act.item[:40]!r}.")
        if item.strike:
            held = uar_keys(state, char.id, leaving=entry.id, performed=performed_only(state)).get("attack")
            if held is not None and entry.tag not in ("free", "exert"):
                verb = "took" if performed_only(state) else "has"
                raise RuleError(f"{item.name} is a Strike, so this Inventory action also counts as an Attack (T16), and "
                                f"{char.name} already {verb} {action_name(char, held.action)} this round: the Unique "
                                f"Action Restriction.")
            _target(state, act, char, _others(state, char), "a target for the Strike")
    else:
        raise RuleError("Inventory loads a Reload weapon, swaps what you hold, or consumes an item (T52).")


def _check_hide(state, act, char, entry) -> None:
    _confirm(act, f"no non-ally can draw Line of Sight to {char.name}")


def _check_shift(state, act, char, entry) -> None:
    if act.paradigm and (act.paradigm not in char.paradigms or act.paradigm == char.paradigm):
        raise RuleError(f"{char.name} can change to another of its Paradigms: {', '.join(char.paradigms) or 'it has none'}.")
    if act.recover and not char.resting:
        raise RuleError(f"{char.name} has not taken Rest this round: Recover follows a Rest (D18).")
    if act.commit and not act.reclaim:
        raise RuleError("Mana is committed for the scene as part of a Reclaim (T55).")
    free = state.value(char.id, "mana") + (state.value(char.id, "mana_ever") if act.reclaim else 0)
    if not 0 <= act.commit <= free:
        raise RuleError(f"{char.name} can commit 0 to {free} Mana for the scene.")


def _check_magic(state, act, char, entry) -> None:
    if act.tier not in DURATIONS:
        raise RuleError("Mana for a spell is committed for the scene, the day or indefinitely (T11).")
    have = state.value(char.id, "mana")
    if not 1 <= act.amount <= have:
        raise RuleError(f"{char.name} has {have} uncommitted Mana: a spell commits 1 to {have}." if have
                        else f"{char.name} has no uncommitted Mana to cast {entry.spell or 'a spell'}.")


CHECKS: dict[str, Callable] = {
    "scan": _check_scan, "mark": _check_mark, "help": _check_help, "move": _check_move, "guard": _check_guard,
    "quick_attack": _check_attack, "standard_attack": _check_attack, "slow_attack": _check_attack,
    "inventory": _check_inventory, "hide": _check_hide, "shift": _check_shift, "magic": _check_magic,
}


# ---- effects -----------------------------------------------------------------------------------


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


# ---- the options a player chooses, for the legal list ------------------------------------------


def choices(state: TempoState, seat: str, char: Character, entry: Entry) -> Iterator[a.Take]:
    """Every Take of this entry worth listing (the handler's check keeps the accepted ones)."""
    base = base_of(char, entry.action)

    def take(**fields) -> a.Take:
        return a.Take(player=seat, entry=entry.id, **fields)

    others = [other.id for other in _others(state, char)]
    if base == "scan":
        for target in others:
            for question in QUESTIONS:
                yield take(target=target, question=question, confirm=True)
    elif base == "mark" or base == "guard":
        for target in others:
            yield take(target=target, confirm=True)
    elif base == "help":
        for ally in _allies(state, char):
            yield take(target=ally.id, option="teamwork", confirm=True)
            for condition in ally.conditions:
                yield take(target=ally.id, option="clear", item=condition, confirm=True)
    elif base == "move":
        yield take(option="move")
        yield take(option="jump")
    elif base in ATTACK_IDS:
        for weapon in char.held:
            for target in others:
                yield take(weapon=weapon, target=target)
    elif base == "inventory":
        for weapon in char.held:
            yield take(option="load", item=weapon)
        stowed = [w.name for w in char.weapons if w.name not in char.held]
        for item in stowed:
            for weapon in [*char.held, ""]:
                yield take(option="swap", weapon=weapon, item=item)
        for item in char.items:
            for target in (others if item.strike else [""]):
                yield take(option="consume", item=item.name, target=target)
    elif base == "hide":
        yield take(success=True, confirm=True)
        yield take(success=False, confirm=True)
    elif base == "shift":
        values = state.counters[char.id]
        for paradigm in ["", *char.paradigms]:
            for recover in (False, True):
                yield take(paradigm=paradigm, recover=recover)
                for commit in range(min(values["mana"] + values["mana_ever"], MANA_STEP_HIGH) + 1):
                    yield take(paradigm=paradigm, recover=recover, reclaim=True, commit=commit)
    elif base == "magic":
        for amount in range(1, min(state.value(char.id, "mana"), MANA_STEP_HIGH) + 1):
            for tier in DURATIONS:
                yield take(amount=amount, tier=tier)
    else:
        yield take()
