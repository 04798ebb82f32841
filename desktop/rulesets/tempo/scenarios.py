"""Practice scenarios (docs/systems/tempo.md, "Practice"): the table is arranged for one rule, and
a sentence at each step says what to do and which rule acts, in words (naming the section of the
system's page that says more: "Rules: Reactions"). The rules text has no worked example, so each
scenario uses only its own rules and numbers. "first-round" is the system's first game, which
Learn to play starts: you, your ally and the GM seat the app's.

A practice is the first action of a game with the practice option on and the built-in encounter
(three players or more: you, an ally, the GM seat; the Orc and the Goblin). What every system's
practices share (who starts one and when, its first words, the sentence to the learner, the first
seat, after each step) is the engine's (engine/practice.py); this module keeps the scenarios, how
each arranges the table and which action completes a step (`PRACTICES`).
"""

from __future__ import annotations

from collections.abc import Callable

import msgspec

from desktop.engine.levels import STANDARD
from desktop.engine.practice import Lesson, Practices, Scenario
from desktop.engine.ruleset import Demo
from desktop.rulesets.tempo import actions as a
from desktop.rulesets.tempo.core import base_of
from desktop.rulesets.tempo.planning import card_in_hand, new_entry, readers
from desktop.rulesets.tempo.state import Reaction, TempoState, Weapon

ANY = -1  # a step any seat may take (a declared board fact)
ALLY = "@ally"  # in a step's field: your ally's character (the second player character)


class Step(msgspec.Struct, frozen=True, kw_only=True):
    do: str  # what to do now, and the rule that will act
    kind: str  # the action type that completes the step
    seat: int = 0  # 0: you, 1: your ally's seat, 2: the GM seat, -1: any seat
    action: str = ""  # the table's action it concerns ("" any)
    field: tuple[str, object] = ("", "")  # a field of the action that must have this value


SCENARIOS: dict[str, Scenario] = {
    "first-round": Scenario(
        title="A first round",
        story="Round 1, Planning. You are Ann; Bo, your ally, stands beside you. The app plays Bo and the GM "
              "seat, whose Orc and Goblin have planned in secret: you see an NPC's action only when it is taken.",
        steps=(
            Step(do="Plan Guard: drag its card from your hand onto your row of the timeline (or click Ann: "
                    "Plan an action, on the right). Each character plans two different actions, and each goes "
                    "to its own tempo, a moment from 0 to 9: Guard's is 4 (Rules: A round).",
                 kind="plan", action="guard"),
            Step(do="Plan Shift, at tempo 7. With every plan made, the GM counts the tempo from 0 to 9: each "
                    "action is taken at its tempo, the players before the NPCs.", kind="plan", action="shift"),
            Step(do="Tempo 4: take Guard on Bo, beside you. Strikes against him have Disadvantage, and you gain "
                    "Intercept until the end of the round.", kind="take", action="guard"),
            Step(do="Advance: your turn ends, and the count goes on.", kind="advance", seat=ANY),
            Step(do="The GM's NPCs take their actions at their tempos: you see each as it is taken.", kind="take",
                 seat=2, action="standard_attack", field=("target", ALLY)),
            Step(do="Tempo 5: the Orc struck Bo with its Cleaver, a Standard Attack. The board says the Strike "
                    "hits: the GM declares Bo hit.", kind="declare", seat=2, field=("event", "hit")),
            Step(do="Answer out of turn: you Guarded Bo, he was hit by a Strike, and Intercept's tempo, 4, is "
                    "reached. React with Intercept: the damage is yours instead of his (Rules: Reactions).",
                 kind="react", field=("reaction", "Intercept")),
        ),
        end="Well played: two actions planned, one taken at its tempo, and a reaction out of turn. Advance to "
            "take the damage for Bo; your Shift waits at tempo 7. Once the count passes 9 the round ends, and "
            "the next begins with Planning.",
    ),
    "round": Scenario(
        title="A round on the timeline",
        story="Round 1, Planning. The Orc has planned in secret (you will see its actions only when it takes them); "
              "your ally has planned too.",
        steps=(
            Step(do="Plan Quick Attack: each character picks two different actions, and the card goes "
                    "to its own tempo, 3 (Rules: A round).", kind="plan", action="quick_attack"),
            Step(do="Plan Move, at tempo 4. With every plan made, the GM counts from 0 to 9.", kind="plan",
                 action="move"),
            Step(do="Tempo 3: the Orc also acts now, but all players act before all NPCs. Take your Quick "
                    "Attack with the Dagger at the Orc.", kind="take", action="quick_attack"),
            Step(do="Players are free to change their upcoming actions: change Move into Hide, before tempo 4.",
                 kind="change", action="hide"),
            Step(do="Advance: your turn ends, and the Orc's turns at tempo 3 follow yours.", kind="advance",
                 seat=ANY),
        ),
        end="The Orc acts at tempo 3 after you; your Hide waits at tempo 6. Each action taken was one turn, with its "
            "Normal Move.",
    ),
    "attack": Scenario(
        title="One attack a round",
        story="Round 1, Planning. You hold a Sword (Standard) and a Dagger (Quick), and carry a Fire flask (a Strike) "
              "and a Healing draught.",
        steps=(
            Step(do="Plan Quick Attack. Then try Slow Attack: refused, all Attacks count as the same action "
                    "(Rules: The Unique Action Restriction). Plan Inventory instead.", kind="plan", action="quick_attack"),
            Step(do="Plan Inventory (tempo 6).", kind="plan", action="inventory"),
            Step(do="Tempo 3: try to strike with the Sword: refused, a Quick Attack strikes only with a Quick "
                    "weapon. Strike with the Dagger.", kind="take", action="quick_attack"),
            Step(do="Advance.", kind="advance", seat=ANY),
            Step(do="Tempo 6, Inventory: consuming the Fire flask is refused, a Strike drawn this way counts as an "
                    "Attack, and you have had yours. Consume the Healing draught.", kind="take", action="inventory",
                 field=("option", "consume")),
        ),
        end="One Attack a round, whatever the weapon or the way of striking.",
    ),
    "guard": Scenario(
        title="Guard and Intercept",
        story="Round 1, tempo 4. You planned Guard and Rest; your ally stands beside you; the Orc will swing its "
              "Greataxe at your ally at tempo 7.",
        steps=(
            Step(do="Take Guard on your ally, adjacent to you: Strikes against them have Disadvantage, and you gain "
                    "Intercept until the end of the round.", kind="take", action="guard"),
            Step(do="Advance. The count goes to tempo 7, where the Orc acts.", kind="advance", seat=ANY),
            Step(do="The GM takes the Orc's Slow Attack at your ally.", kind="take", seat=2, action="slow_attack"),
            Step(do="The board says the Strike hits: declare your ally hit, with its damage (say 5).", kind="declare",
                 seat=ANY, field=("event", "hit")),
            Step(do="Intercept: tempo 4 is reached, you are adjacent to the character you Guarded, and they were hit "
                    "by a Strike. React with Intercept.", kind="react", field=("reaction", "Intercept")),
            Step(do="Advance: you take the damage instead of your ally.", kind="advance", seat=ANY),
        ),
        end="Intercept answered the hit once this round; it ends with the round.",
    ),
    "blades": Scenario(
        title="Two blades",
        story="Round 1, tempo 3. You hold a Dagger and a Parrying dagger, two Quick weapons, and planned a Quick "
              "Attack.",
        steps=(
            Step(do="Take the Quick Attack with the Dagger at the Goblin: it triggers Dual Wield.",
                 kind="take", action="quick_attack"),
            Step(do="Dual Wield has tempo 0, so it is always reached, and it may be used on your own turn. "
                    "React: strike with the Parrying dagger, for its Dice Value only.", kind="react",
                 field=("reaction", "Dual Wield")),
            Step(do="That was your reaction for this turn: no other reaction until the next turn. Advance.",
                 kind="advance", seat=ANY),
        ),
        end="Two weapons of one speed, one reaction: the second Strike deals only the Dice Value.",
    ),
    "exert": Scenario(
        title="Pushing too hard",
        story="Round 1, tempo 3. FOR 1: your maximum Exertion is 2 + 1 = 3. You planned Quick Attack and "
              "Hide.",
        steps=(
            Step(do="Take your Quick Attack with the Dagger.", kind="take", action="quick_attack"),
            Step(do="At the end of the turn, Exert for another action this round, a Move: it ignores the Unique "
                    "Action Restriction. Exertion 1.", kind="exert", field=("use", "another")),
            Step(do="Exert again to move your Hide to another tempo, say 5. Exertion 2.", kind="exert",
                 field=("use", "move")),
            Step(do="During your turn, Exert for 1d4 Momentum. Exertion 3: the maximum.", kind="exert",
                 field=("use", "momentum")),
            Step(do="A fourth Exert is refused: at the maximum you cannot willingly take more. Advance.",
                 kind="advance", seat=ANY),
            Step(do="End the scene: you exerted in it, so you take damage equal to your Exertion, 3.",
                 kind="end_scene", seat=ANY),
            Step(do="Exertion stays until you Rest. Now the GM forces 1 Exertion on you: forced beyond the maximum, a "
                    "character dies.", kind="force_exertion", seat=2),
        ),
        end="Forced past its maximum, your character died. Exert sparingly: each one is damage at the end "
            "of the scene.",
    ),
    "reactions": Scenario(
        title="Reaction rules",
        story="Round 1, tempo 3. The Orc knows Riposte: tempo 5, answering a hit on itself, twice a round. You "
              "planned a Quick Attack; your ally a Standard Attack.",
        steps=(
            Step(do="Take your Quick Attack at the Orc.", kind="take", action="quick_attack"),
            Step(do="The Strike hits: declare the Orc hit.", kind="declare", seat=ANY, field=("event", "hit")),
            Step(do="The GM cannot Riposte now: the turn's tempo, 3, is below Riposte's 5. Advance.",
                 kind="advance", seat=ANY),
            Step(do="Tempo 5: your ally takes the Standard Attack at the Orc.", kind="take", seat=1,
                 action="standard_attack"),
            Step(do="Declare the Orc hit.", kind="declare", seat=ANY, field=("event", "hit")),
            Step(do="Now tempo 5 is reached: the GM answers with Riposte.", kind="react", seat=2,
                 field=("reaction", "Riposte")),
            Step(do="Declare a second hit in this turn. Riposte is refused now twice over: one reaction per turn, "
                    "and a reaction used more than once a round never answers the same trigger twice (Rules: "
                    "Reactions).", kind="declare", seat=ANY, field=("event", "hit")),
        ),
        end="Reactions: at or above their tempo, one per turn, their uses per round, never twice for one trigger, "
            "and outside the Unique Action Restriction.",
    ),
    "scouting": Scenario(
        title="Scouting",
        story="Round 1, tempo 2. You planned Scan; the Orc's sheet is hidden from your seat.",
        steps=(
            Step(do="Take Scan at the Orc, in your Seek, and ask question 1: its STR, FOR, HP and Max HP.",
                 kind="take", action="scan"),
        ),
        end="The app answered from the Orc's sheet; the snapshot, with its round and tempo, is shown to every "
            "player seat. It does not change as the Orc does: Scan again to know more.",
    ),
}


def _unfit(state: TempoState) -> str:
    if state.encounter == "built-in" and len(state.pcs()) >= 2 and len(state.npcs()) >= 2:
        return ""
    return ("The practices use the built-in encounter with two player characters and two NPCs: start a "
            "game of three players or more without an encounter file.")


def _seat(state: TempoState, index: int) -> str:
    return [state.pcs()[0].seat, state.pcs()[1].seat, state.gm][index]


def _names(state: TempoState, step: Step) -> tuple[str, str]:
    """The action card a step of the learner's names (its character's), for its table to point
    at: none for another seat's step (an NPC's card is hidden from it)."""
    if not step.action or step.seat not in (0, ANY):
        return "", ""
    return f"{state.pcs()[0].id}:{step.action}", _seat(state, 0)


def _action_of(state: TempoState, act: a.Action) -> str:
    card = getattr(act, "card", "")
    if isinstance(card, str) and card in state.cards:
        character, action = state.cards[card].split(":", 1)
        return base_of(state.character(character), action)
    entry = state.entry(getattr(act, "entry", -1)) if isinstance(act, a.Take) else None
    if entry is not None:
        return base_of(state.character(entry.character), entry.action)
    return ""


def _matches(state: TempoState, step: Step, act: a.Action) -> bool:
    if act.type != step.kind or (step.seat != ANY and act.player != _seat(state, step.seat)):
        return False
    if step.action and _action_of(state, act) != step.action:
        return False
    field, value = step.field
    if value == ALLY:
        value = state.pcs()[1].id
    return not field or getattr(act, field, None) == value


# ---- arranging the table ----------------------------------------------------------------------


def _plan(state: TempoState, character: str, action: str) -> None:
    """A plan made before the practice. One the learner sees (its own, the party's with plans
    shared) goes with its card onto its row, as a plan made at the table: made as entries alone,
    the ally's plans were never on the learner's timeline. Any other (an NPC's) is an entry of
    its row alone, so that no hidden card moves under the learner's first sentence, which may name
    an action of the same title; its card comes onto the row as it is taken (`count.take`)."""
    from desktop.rulesets.tempo.core import usual_tempo

    char = state.character(character)
    card = None
    if state.pcs()[0].seat in readers(state, char.id):
        card = card_in_hand(state, character, action)
    new_entry(state, char, action, usual_tempo(char, action), "plan", card)


def _plans(state: TempoState, *plans: tuple[str, tuple[str, ...]]) -> None:
    """Each character's plans, in the order given: (character, its actions)."""
    for character, actions in plans:
        for action in actions:
            _plan(state, character, action)


def _count_at(state: TempoState, tempo: int) -> None:
    state.phase, state.tempo, state.part, state.waived = "count", tempo, "pcs", []


def _arrange_first_round(state: TempoState, you: str, ally: str, orc: str, goblin: str) -> None:
    state.character(orc).held = ["Cleaver"]  # its Standard Attack strikes with a standard weapon
    _plans(state, (ally, ("inventory", "shift")), (orc, ("standard_attack", "shift")), (goblin, ("hide", "shift")))


def _arrange_round(state: TempoState, you: str, ally: str, orc: str, goblin: str) -> None:
    _plans(state, (orc, ("help", "quick_attack")), (ally, ("shift", "inventory")), (goblin, ("move", "hide")))


def _arrange_attack(state, you, ally, orc, goblin) -> None:
    _arrange_round(state, you, ally, orc, goblin)


def _arrange_guard(state, you, ally, orc, goblin) -> None:
    _plans(state, (you, ("rest", "guard")), (ally, ("scan", "mark")),
           (orc, ("rest", "slow_attack")), (goblin, ("rest", "mark")))
    for entry in state.entries:
        if entry.tempo < 4:
            entry.status, entry.words = "done", "taken before the practice"
            if entry.card is not None:
                state.revealed.append(entry.card)
    _count_at(state, 4)


def _arrange_blades(state, you, ally, orc, goblin) -> None:
    char = state.character(you)
    char.weapons.append(Weapon(name="Parrying dagger", speed="quick"))
    char.held = ["Dagger", "Parrying dagger"]
    _plans(state, (you, ("quick_attack", "move")), (ally, ("shift", "inventory")),
           (orc, ("move", "slow_attack")), (goblin, ("hide", "shift")))
    _count_at(state, 3)


def _arrange_exert(state, you, ally, orc, goblin) -> None:
    state.counters[you]["for"] = 1
    _plans(state, (you, ("quick_attack", "hide")), (ally, ("shift", "inventory")),
           (orc, ("move", "slow_attack")), (goblin, ("hide", "shift")))
    _count_at(state, 3)


def _arrange_reactions(state, you, ally, orc, goblin) -> None:
    state.character(orc).reactions.append(
        Reaction(name="Riposte", tempo=5, trigger="hit", per_round=2, text="Strike back at the attacker."))
    _plans(state, (you, ("quick_attack", "hide")), (ally, ("standard_attack", "shift")),
           (orc, ("move", "slow_attack")), (goblin, ("hide", "shift")))
    _count_at(state, 3)


def _arrange_scouting(state, you, ally, orc, goblin) -> None:
    _plans(state, (you, ("scan", "hide")), (ally, ("shift", "inventory")),
           (orc, ("move", "slow_attack")), (goblin, ("hide", "shift")))
    _count_at(state, 2)


ARRANGE: dict[str, Callable[..., None]] = {
    "first-round": _arrange_first_round, "round": _arrange_round, "attack": _arrange_attack, "guard": _arrange_guard, "blades": _arrange_blades,
    "exert": _arrange_exert, "reactions": _arrange_reactions, "scouting": _arrange_scouting,
}


def _arrange(state: TempoState, name: str) -> None:
    pcs, npcs = state.pcs(), state.npcs()
    ARRANGE[name](state, pcs[0].id, pcs[1].id, npcs[0].id, npcs[1].id)


# The table's log does not name the scenario: its title may name a card hidden from the others.
# The app's seats play the lesson at the standard level, the level a seat is given unless another
# is chosen (the lesson's own steps are taken as its words say, whatever the level).
PRACTICES = Practices(
    action=a.Practice, scenarios=SCENARIOS, arrange=_arrange, matches=_matches, unfit=_unfit, names_it=False, names=_names,
    lesson=Lesson(scenario="first-round", players=("Ann", "Bo", "GM"), seed=17, level=STANDARD,
                  teaches="Plan two moves on the 0-9 timeline, see them play out, cut in on an enemy's move."),
)


# ---- the demo ----------------------------------------------------------------------------------

PRACTICE_PLAYERS = ["Ann", "Bo", "GM"]
DEMO_SEED = 17


def scenario_demo(name: str) -> Demo:
    """One practice as a ready game."""
    return Demo.practice(a.Practice, PRACTICE_PLAYERS, DEMO_SEED, name)
