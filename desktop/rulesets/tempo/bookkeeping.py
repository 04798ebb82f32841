"""The GM's and the table's bookkeeping: an action granted by the GM (D22), a Scan answered in
words (D6), a count corrected by hand (Exertion lowered by a Rest out of combat, D18)."""

from __future__ import annotations

from desktop.engine.errors import RuleError
from desktop.engine.ruleset import Outcome
from desktop.rulesets.tempo import actions as a
from desktop.rulesets.tempo.core import KINDS, alive, check_unique, reachable
from desktop.rulesets.tempo.planning import new_entry, tell
from desktop.rulesets.tempo.state import COUNTERS, ScanNote, TempoState

COUNTER_WORDS = {
    "hp": "HP", "max_hp": "Max HP", "for": "FOR", "speed": "Speed", "momentum": "Momentum", "exertion": "Exertion",
    "mana": "Mana", "mana_scene": "Mana committed for the scene", "mana_day": "Mana committed for the day",
    "mana_ever": "Mana committed indefinitely",
}
COUNTER_RANGES = dict.fromkeys(COUNTERS, (0, 999)) | {"for": (-10, 10), "max_hp": (1, 999)}


def check_grant(state: TempoState, act: a.Grant) -> tuple:
    if act.player != state.gm:
        raise RuleError(f"Granting an action is the GM's: {state.seat_name(state.gm)} grants it (D22).")
    if not state.has(act.character):
        raise RuleError(f"There is no character {act.character[:40]!r} in this encounter.")
    char = alive(state, act.character)
    kind = KINDS.get(act.action)
    if kind is None:
        raise RuleError(f"There is no action {act.action[:40]!r} in the table; they are {', '.join(KINDS)}.")
    if state.phase != "count":
        raise RuleError("Actions are granted during the count; at Planning each character plans its own.")
    tempo = kind.tempo if act.tempo == -1 else act.tempo
    if tempo is None or not 0 <= tempo <= 9:
        raise RuleError(f"{kind.name} needs a tempo from 0 to 9.")
    if not reachable(state, char.side, tempo):
        raise RuleError(f"Tempo {tempo} has passed this round.")
    check_unique(state, char.id, act.action, act.kind)
    from desktop.rulesets.tempo.special_checks import check_armed

    check_armed(state, char, act.action, tempo)
    return char, tempo


def grant(state: TempoState, act: a.Grant, outcome: Outcome) -> None:
    char, tempo = check_grant(state, act)
    new_entry(state, char, act.action, tempo, act.kind, None)
    word = "an Extra" if act.kind == "extra" else "a Free"
    tell(state, char.id, outcome, f"The GM grants {char.name} {word} action (D22).",
         f"{char.name}'s granted action: {KINDS[act.action].name} at tempo {tempo}.")


def answer(state: TempoState, act: a.Answer, outcome: Outcome) -> None:
    if act.player != state.gm:
        raise RuleError(f"The GM, {state.seat_name(state.gm)}, answers Scan questions.")
    if not 0 <= act.index < len(state.asked):
        raise RuleError("There is no Scan question waiting with that number.")
    asked = state.asked.pop(act.index)
    text = act.text.strip() or "the GM gives no answer"
    state.scans.append(ScanNote(by=asked.by, target=asked.target, question=asked.question, round=asked.round,
                                tempo=asked.tempo, text=f"{asked.text}: {text}" if asked.question == 6 else text))
    outcome.say(f"The GM answers {state.character(asked.by).name}'s Scan of {state.character(asked.target).name}: {text}.")


def set_counter(state: TempoState, act: a.SetCounter, outcome: Outcome) -> None:
    if not state.has(act.character):
        raise RuleError(f"There is no character {act.character[:40]!r} in this encounter.")
    char = state.character(act.character)
    if act.player not in (state.gm, char.seat):
        raise RuleError(f"{char.name}'s counts are kept by the GM or by {state.seat_name(char.seat)}.")
    if act.counter not in COUNTER_RANGES:
        raise RuleError(f"A character's counts are {', '.join(COUNTERS)}.")
    low, high = COUNTER_RANGES[act.counter]
    if not low <= act.value <= high:
        raise RuleError(f"{COUNTER_WORDS[act.counter]} must be between {low} and {high}.")
    if act.counter == "exertion" and act.value > state.value(char.id, "exertion"):
        raise RuleError("Exertion goes up only by Exert or by the GM's forced Exertion; by hand it is lowered (a Rest).")
    state.counters[char.id][act.counter] = act.value
    told = f"{state.seat_name(act.player)} sets {char.name}'s {COUNTER_WORDS[act.counter]} to {act.value}."
    if char.side == "npc":  # an NPC's sheet is the GM's until Scanned (D6)
        outcome.say(f"{state.seat_name(act.player)} corrects a count of {char.name}.")
        outcome.say(told, seat=state.gm)
    else:
        outcome.say(told)
    if act.counter == "hp":
        from desktop.rulesets.tempo.exert import check_defeated

        check_defeated(state, char, outcome)


# ---- Reclaim out of combat (T55): at the end of a scene, and in Shallow and Deep Rests -------------

COMMITTED = ("mana_scene", "mana_day", "mana_ever")
REST_WORDS = {"shallow": "a Shallow Rest", "deep": "a Deep Rest"}


def say_mana(state: TempoState, char, outcome: Outcome, text: str) -> None:
    """A Mana change: the table reads it of a player character; an NPC's Mana is the GM's (D6)."""
    if char.side == "npc":
        outcome.say(text, seat=state.gm)
    else:
        outcome.say(text)


def reclaim_at_scene_end(state: TempoState, char, outcome: Outcome) -> None:
    """T55, "performed at the end of a Scene": the Mana committed for the scene and indefinitely
    comes back. It commits Mana for the day, an amount the rules leave open: as Shift's Reclaim may
    commit nothing, none (D31; a table that commits some sets it with Change counts)."""
    values = state.counters[char.id]
    back = values["mana_scene"] + values["mana_ever"]
    if not back:
        return
    values["mana"] += back
    values["mana_scene"] = values["mana_ever"] = 0
    say_mana(state, char, outcome, f"{char.name} Reclaims {back} Mana committed for the scene and indefinitely at the "
                                   f"end of the scene (T55); Mana {values['mana']}.")


def check_rest(state: TempoState, act: a.Rest):
    if not state.has(act.character):
        raise RuleError(f"There is no character {act.character[:40]!r} in this encounter.")
    char = alive(state, act.character)
    if act.player != char.seat:
        raise RuleError(f"{char.name} rests when {state.seat_name(char.seat)} says so.")
    if act.depth not in REST_WORDS:
        raise RuleError("A Rest is Shallow or Deep (T55).")
    if state.turn is not None:
        raise RuleError("A turn is under way: a Rest is out of combat (Advance first).")
    values = state.counters[char.id]
    if act.depth == "shallow" and values["mana_day"] < 1:
        raise RuleError(f"{char.name} has no Mana committed for the day: a Shallow Rest reclaims 1 of it (T55).")
    if act.depth == "deep" and not any(values[tier] for tier in COMMITTED):
        raise RuleError(f"{char.name} has no committed Mana: a Deep Rest reclaims all of it (T55).")
    return char


def rest(state: TempoState, act: a.Rest, outcome: Outcome) -> None:
    """T55: a Shallow Rest reclaims 1 Mana committed for the day, a Deep Rest all of it. Exertion
    is lowered by hand (T38 gives no amount)."""
    char = check_rest(state, act)
    values = state.counters[char.id]
    if act.depth == "shallow":
        back = 1
        values["mana_day"] -= 1
    else:
        back = sum(values[tier] for tier in COMMITTED)
        for tier in COMMITTED:
            values[tier] = 0
    values["mana"] += back
    say_mana(state, char, outcome, f"{char.name} takes {REST_WORDS[act.depth]}: Reclaims {back} Mana (T55); "
                                   f"Mana {values['mana']}.")
