"""The action table of seed 004 and the small facts every module asks: the tempo of an action,
what it counts as for the Unique Action Restriction, a character's maximum Exertion, whether a
tempo can still be reached, names for sentences."""

from __future__ import annotations

import msgspec

from desktop.engine.errors import RuleError
from desktop.rulesets.tempo import sections
from desktop.rulesets.tempo.state import TEMPOS, Character, Entry, TempoState


class ActionKind(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    name: str
    tempo: int | None  # None: Magic, its tempo comes from the spell or is typed (T11, D21)
    text: str
    uar: str  # what it counts as for the Unique Action Restriction (T13: every Attack is "attack")


def _kind(id: str, name: str, tempo: int | None, text: str, uar: str = "") -> ActionKind:
    return ActionKind(id=id, name=name, tempo=tempo, text=text, uar=uar or id)


# T10: the table, in tempo order.
KINDS: dict[str, ActionKind] = {kind.id: kind for kind in (
    _kind("rest", "Rest", 1, "Begin Resting to later in the round take the Recover action (in a Shift)."),
    _kind("scan", "Scan", 2, "Ask one question about a character in your Seek."),
    _kind("mark", "Mark", 2, "Apply Marked to a character within Seek."),
    _kind("quick_attack", "Quick Attack", 3, "Strike with a Quick weapon.", "attack"),
    _kind("help", "Help", 3, "An ally in Range 1: clear a Debuff or Prone, or Teamwork on their next skill roll."),
    _kind("move", "Move", 4, "Move up to your Speed in addition to your Normal Move, or Jump."),
    _kind("guard", "Guard", 4, "Protect an adjacent character; gain Intercept until the end of the round."),
    _kind("standard_attack", "Standard Attack", 5, "Strike with a Standard or Quick weapon.", "attack"),
    _kind("inventory", "Inventory", 6, "Load a Reload weapon, swap what you hold, or consume an item."),
    _kind("hide", "Hide", 6, "Hide when no non-ally can draw Line of Sight to you."),
    _kind("slow_attack", "Slow Attack", 7, "Strike with any weapon.", "attack"),
    _kind("shift", "Shift", 7, "Change Paradigm, Reclaim Mana, and Recover if you Rested this round."),
    _kind("magic", "Magic", None, "Commit Mana for a duration to cast a spell you know."),
)}
ATTACKS = {"quick_attack": 0, "standard_attack": 1, "slow_attack": 2}  # the speed each allows, by rank
SPEED_RANK = {"quick": 0, "standard": 1, "slow": 2}
SPEED_WORDS = {"quick": "Quick", "standard": "Standard", "slow": "Slow"}
VISIBLE_CONDITIONS = ("Prone", "Hidden", "Marked", "Dying", "Guarded")  # D6: public on an NPC too
DEBUFFS_HELP_CLEARS = "a Debuff or Prone"


def ability_index(action: str) -> int | None:
    if action.startswith("ability:"):
        try:
            return int(action.split(":", 1)[1])
        except ValueError:
            return None
    return None


def action_ids(character: Character) -> list[str]:
    """Every action a character's cards stand for: the table's, then its abilities."""
    return list(KINDS) + [f"ability:{n}" for n in range(len(character.abilities))]


def base_of(character: Character, action: str) -> str:
    """The table's action an action is (T14): an ability naming one is that action; else itself."""
    index = ability_index(action)
    if index is None:
        return action
    ability = character.abilities[index]
    return ability.action or action


def action_name(character: Character, action: str) -> str:
    index = ability_index(action)
    if index is not None and index < len(character.abilities):
        return character.abilities[index].name
    kind = KINDS.get(action)
    return kind.name if kind else action


def tag_of(character: Character, action: str) -> str:
    index = ability_index(action)
    return character.abilities[index].tag if index is not None else ""


def usual_tempo(character: Character, action: str, spell: str = "") -> int | None:
    """An action's tempo: an ability's own, else the named action's (T57, T60); Magic's from its
    spell (None: typed at planning)."""
    index = ability_index(action)
    if index is not None:
        ability = character.abilities[index]
        if ability.tempo is not None:
            return ability.tempo
        action = ability.action
        if not action:
            return None
    if action == "magic":
        found = next((s for s in character.spells if s.name == spell), None)
        return found.tempo if found else None
    kind = KINDS.get(action)
    return kind.tempo if kind else None


def uar_key(character: Character, action: str) -> str:
    """What the action counts as for the Unique Action Restriction (T13, T14)."""
    base = base_of(character, action)
    kind = KINDS.get(base)
    return kind.uar if kind else base


def counts_for_uar(entry: Entry) -> bool:
    """Free actions and Exert-granted ones ignore the restriction (T15, T29); lost ones are gone."""
    return entry.tag not in ("free", "exert") and entry.status != "lost"


def performed_only(state: TempoState) -> bool:
    """The restriction binds the actions a character performs (T12: "When you perform your
    actions"): during the count a plan binds nothing until it is taken (T6, T9, D3), and only
    taken actions count. At Planning the two actions picked must differ (T4). Edition 4 counted
    every plan during the count too."""
    return state.phase == "count" and not state.edition4


def uar_keys(state: TempoState, character: str, leaving: int | None = None,
             performed: bool = False) -> dict[str, Entry]:
    """The keys its actions of this round hold (`performed`: its actions taken), each with the
    entry holding it; an Inventory Strike holds "attack" too (T16)."""
    found: dict[str, Entry] = {}
    char = state.character(character)
    for entry in state.entries:
        if entry.character != character or entry.id == leaving or not counts_for_uar(entry):
            continue
        if performed and entry.status != "done":
            continue
        found.setdefault(uar_key(char, entry.action), entry)
        if entry.strike:
            found.setdefault("attack", entry)
    return found


def check_unique(state: TempoState, character: str, action: str, tag: str, leaving: int | None = None,
                 key: str | None = None) -> None:
    """Refuses a second action of a kind already held this round (T12, T13, T58), unless it is Free
    or Exert-granted (T15, T29): at Planning one of the plan (T4), during the count one already
    taken (`performed_only`). `key`: what it counts as, if not its action's own (an Inventory
    Strike: an Attack, T16)."""
    if tag in ("free", "exert"):
        return
    char = state.character(character)
    key = key or uar_key(char, action)
    performed = performed_only(state)
    held = uar_keys(state, character, leaving, performed).get(key)
    if held is None:
        return
    what = "an Attack" if key == "attack" else action_name(char, base_of(char, action))
    already = action_name(char, held.action) + (" (an Inventory Strike)" if held.strike and key == "attack" else "")
    rule = "all Attacks count as one action" if key == "attack" else "each action of a round must be a different action"
    if performed:
        raise RuleError(f"{char.name} already took {already} this round, and {what} is the same action: {rule} "
                        f"(the Unique Action Restriction binds the actions taken).", rule=sections.UNIQUE)
    raise RuleError(f"{char.name} already has {already} this round, and {what} is the same action: {rule} "
                    f"(the Unique Action Restriction).", rule=sections.UNIQUE)


def max_exertion(state: TempoState, character: str) -> int:
    """T39: 2 + FOR, at least 1."""
    return max(1, 2 + state.value(character, "for"))


def name(state: TempoState, character: str) -> str:
    return state.character(character).name if state.has(character) else str(character)


def alive(state: TempoState, character: str) -> Character:
    char = state.character(character)
    if char.dead:
        if char.defeated:
            raise RuleError(f"{char.name} is defeated (0 HP): its actions are void (D30).", rule=sections.ACTIONS)
        raise RuleError(f"{char.name} is dead: its actions are void (D16).", rule=sections.ACTIONS)
    return char


def reachable(state: TempoState, side: str, tempo: int) -> bool:
    """Whether an action at `tempo` can still happen this round for a character of `side` (D8, D9):
    a later tempo, or this one while that side's step of it is still open."""
    if state.phase == "planning":
        return True
    if tempo > state.tempo:
        return True
    if tempo < state.tempo:
        return False
    return state.part == "pcs" or side == "npc"


def reaction_reached(state: TempoState, threshold: int) -> bool:
    """T24: the tempo of the current turn is equal to or greater than the reaction's."""
    return state.phase == "count" and TEMPOS.reached(str(state.tempo), str(threshold))


def controls(state: TempoState, seat: str, character: str) -> bool:
    return state.has(character) and state.character(character).seat == seat


def check_controls(state: TempoState, seat: str, character: str) -> Character:
    if not state.has(character):
        raise RuleError(f"There is no character {str(character)[:40]!r} in this encounter.")
    char = state.character(character)
    if char.seat != seat:
        raise RuleError(f"{char.name} is played by {state.seat_name(char.seat)}, not {state.seat_name(seat)}.")
    return char


def pending(state: TempoState, character: str) -> list[Entry]:
    return [e for e in state.entries if e.character == character and e.status == "planned"]


def planned_count(state: TempoState, character: str) -> int:
    """Its planned actions of the usual two (Extra, Free and Exert-granted ones are besides, T56)."""
    return sum(1 for e in state.entries if e.character == character and e.tag == "plan" and e.status != "lost")
