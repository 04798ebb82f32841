"""The words of Tempo Combat's actions: each described, each value labelled, each question worded,
from what the asking seat may see (an action it cannot see reads as "an action")."""

from __future__ import annotations

from desktop.engine.actions import Action
from desktop.engine.presentation import View
from desktop.rulesets.tempo.core import KINDS
from desktop.rulesets.tempo.exert import USE_WORDS
from desktop.rulesets.tempo.special_checks import QUESTIONS

OPTION_WORDS = {"clear": "Clear a Debuff or Prone", "teamwork": "Teamwork on their next skill roll", "move": "Move",
                "jump": "Jump", "load": "Load a Reload weapon", "swap": "Stow and draw", "consume": "Consume an item"}
TIER_WORDS = {"scene": "For the scene", "day": "For the day", "indefinite": "Indefinitely", "": "The lowest committed tier",
              "mana_ever": "Committed indefinitely", "mana_scene": "Committed for the scene", "mana_day": "Committed for the day"}
EVENT_WORDS = {"hit": "Hit by a Strike", "skill": "Makes a skill roll", "other": "Something else"}
REST_LABELS = {"shallow": "Shallow Rest (reclaim 1 Mana committed for the day)",
               "deep": "Deep Rest (reclaim all committed Mana)"}


def _chip(seen: View, entry: int):
    extra = seen.extra
    for row in extra.rows if extra is not None else []:
        for chip in row.chips:
            if chip.entry == entry:
                return row, chip
    return None, None


def _prerequisite(seen: View, character: str, reaction: str) -> str:
    """What the reaction asks of the board, as its sheet words it ("adjacent to the character it
    Guarded"): a player new to the game cannot confirm a prerequisite the question does not name."""
    extra = seen.extra
    for row in extra.rows if extra is not None else []:
        if row.id == character:
            return next((known.prerequisite for known in row.reactions if known.name == reaction), "")
    return ""


def _entry_words(seen: View, entry: int) -> str:
    row, chip = _chip(seen, entry)
    if chip is None:
        return "an action"
    return f"{row.name}'s {chip.action}" + (f" ({chip.spell})" if chip.spell else "") + f" (tempo {chip.tempo})"


def _tempo(card_words: str, tempo: int) -> str:
    return card_words + (f" at tempo {tempo}" if tempo >= 0 else "")


def describe(action: Action, seen: View) -> str:
    kind = action.type
    name = seen.seat_name
    if kind == "plan":
        return _tempo(f"Plan {seen.card_name(action.card)}" + (f" ({action.spell})" if action.spell else ""), action.tempo)
    if kind == "unplan":
        return f"Take back {seen.card_name(action.card)}"
    if kind == "change":
        return _tempo(f"Change {_entry_words(seen, action.entry)} into {seen.card_name(action.card)}", action.tempo)
    if kind == "take":
        label = f"Take {_entry_words(seen, action.entry)}"
        if action.weapon and action.option != "swap":
            label += f" with {action.weapon}"
        if action.target:
            label += f": {name(action.target)}"
        if action.option:
            label += f", {OPTION_WORDS.get(action.option, action.option).lower()}"
        if action.item:
            label += f" {action.item}"
        if action.question:
            label += f", question {action.question}"
        return label
    if kind == "wait":
        blocked = [chip.action for row in (seen.extra.rows if seen.extra is not None else ())
                   if row.id == action.character for chip in row.chips if chip.blocked]
        if blocked:
            return f"{name(action.character)}: not now (its {blocked[0]} cannot be taken)"
        return f"{name(action.character)}: not now (let the tempo pass)"
    if kind == "advance":
        return "Advance: end the turn"
    if kind == "react":
        return f"{name(action.character)}: {action.reaction}"
    if kind == "exert":
        what = USE_WORDS[action.use]
        if action.use == "another":
            target = seen.card_name(action.card) if action.card else KINDS[action.action].name if action.action in KINDS else "an ability"
            what = f"another action: {target}"
        elif action.use == "move":
            what = f"move {_entry_words(seen, action.entry)} to tempo {action.tempo}"
        elif action.use == "condition":
            what = f"clear {action.condition}"
        elif action.use == "prepared":
            what += f" ({action.amount} Exertion)"
        return f"{name(action.character)} Exerts: {what}"
    if kind == "declare":
        return f"Declare: {name(action.character)} {EVENT_WORDS[action.event].lower()}"
    if kind == "answer":
        return "Answer a Scan question"
    if kind == "force_exertion":
        return f"Force {action.amount} Exertion on {name(action.character)}"
    if kind == "grant":
        return f"Grant {name(action.character)} a {action.kind.capitalize()} {KINDS.get(action.action).name if action.action in KINDS else 'action'}"
    if kind == "set_condition":
        return f"{name(action.character)}: {action.condition} {'on' if action.on else 'off'}"
    if kind == "set_counter":
        counts = {action.counter: action.value, **action.also}
        return f"Set {name(action.character)}'s " + ", ".join(f"{key} to {value}" for key, value in counts.items())
    if kind == "out_of_combat_rest":
        return f"{name(action.character)}: {REST_LABELS.get(action.depth, action.depth)}"
    return {"end_scene": "End the scene"}.get(kind, kind.replace("_", " ").capitalize())


def value_label(ask, value, seen: View) -> str | None:
    field = ask.field
    if field in ("target", "character"):
        return seen.seat_name(value) if value else "Nobody"
    if field == "entry":
        return _entry_words(seen, value)
    if field == "tempo":
        return "Its own tempo" if value == -1 else f"Tempo {value}"
    if field == "option":
        return OPTION_WORDS.get(value, str(value))
    if field == "question":
        return f"{value}. {QUESTIONS[value]}" if value in QUESTIONS else str(value)
    if field in ("tier",):
        return TIER_WORDS.get(value, str(value))
    if field == "amount":
        return f"{value}"
    if field == "use":
        return USE_WORDS.get(value, str(value)).capitalize()
    if field == "action":
        return KINDS[value].name if value in KINDS else str(value).replace("ability:", "Ability ")
    if field == "success":
        return "It succeeded" if value else "It failed"
    if field in ("reclaim", "recover", "on"):
        return "Yes" if value else "No"
    if field == "event":
        return EVENT_WORDS.get(value, str(value))
    if field == "depth":
        return REST_LABELS.get(value, str(value))
    if field == "kind":
        return {"extra": "Extra (obeys the Unique Action Restriction)", "free": "Free (ignores it)"}.get(value, str(value))
    if field == "trigger":
        turn = seen.extra.turn if seen.extra is not None else None
        for found in turn.triggers if turn is not None else []:
            if found.id == value:
                return f"{seen.seat_name(found.subject)}: {EVENT_WORDS.get(found.kind, 'an Attack').lower() if found.kind != 'attack' else 'attacks'}"
        return str(value)
    if field in ("item", "weapon", "paradigm", "spell", "condition"):
        return str(value) if value else "None"
    if field == "index":
        asked = seen.extra.asked if seen.extra is not None else []
        return asked[value] if 0 <= value < len(asked) else str(value)
    if field == "commit":
        return f"{value} Mana"
    return None


def question(ask, action: Action, seen: View) -> str | None:
    """A board fact asked in the words of the action (D24); whom and with what, asked of the
    action being taken ("Ann's Guard: whom?"): "Whom?" alone did not say for what."""
    if action.type == "take" and ask.field in ("target", "weapon"):
        row, chip = _chip(seen, action.entry)
        if row is None or chip is None:
            return None
        return f"{row.name}'s {chip.action}: {ask.question[0].lower()}{ask.question[1:]}"
    if ask.field != "confirm":
        return None
    if action.type == "exert" and action.use == "move":
        _, chip = _chip(seen, action.entry)
        what = chip.action if chip is not None else "the planned action"
        return f"Exert (+1 Exertion) to move {what} to tempo {action.tempo}?"
    if action.type == "react":
        needs = _prerequisite(seen, action.character, action.reaction)
        return (f"Does {action.reaction}'s prerequisite hold on the board for {seen.seat_name(action.character)}?"
                + (f" ({needs})" if needs else ""))
    if action.type != "take":
        return None
    row, chip = _chip(seen, action.entry)
    who = row.name if row is not None else "the character"
    what = chip.action if chip is not None else ""
    target = seen.seat_name(action.target) if action.target else ""
    if what == "Hide":
        return f"Can no non-ally draw Line of Sight to {who}?"
    if what == "Guard":
        return f"Is {who} adjacent to {target}?"
    if what == "Help":
        return f"Is {target} in Range 1 of {who}?"
    if target:
        return f"Is {target} within {who}'s Seek?"
    return None
