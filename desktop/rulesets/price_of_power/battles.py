"""Battles, declared from the board: each round has a Play Battle Actions step, the attacker's
(all the Battle Actions it wants) and then the defender's; the dice they add are kept for the
rest of the battle. The rolls themselves stay on the board.
"""

from __future__ import annotations

from collections import Counter

from desktop.engine.errors import RuleError
from desktop.engine.ruleset import Outcome
from desktop.engine.text import shown
from desktop.rulesets.price_of_power import actions as a
from desktop.rulesets.price_of_power import sections
from desktop.rulesets.price_of_power.cards import DIE_WORDS
from desktop.rulesets.price_of_power.core import name_of
from desktop.rulesets.price_of_power.court import check_quiet
from desktop.rulesets.price_of_power.state import Battle, PoPState


def check_declare_battle(state: PoPState, act: a.DeclareBattle) -> None:
    check_quiet(state, "a battle")
    if state.battle is not None:
        raise RuleError("A battle is already under way: end it before another is declared.", rule=sections.BATTLES)
    for seat in (act.attacker, act.defender):
        if seat is not None and seat not in state.seat_ids():
            raise RuleError(f"There is no player {shown(seat, 40)!r} at this table.", rule=sections.BATTLES)
    if act.attacker is None and act.defender is None:
        raise RuleError("A battle needs a player on at least one side; the other may be a non-player realm.", rule=sections.BATTLES)
    if act.attacker == act.defender:
        raise RuleError(f"{name_of(state, act.attacker)} cannot fight a battle against themself.", rule=sections.BATTLES)
    who = name_of(state, act.player)
    if state.phase == "action":
        if state.active != act.player or act.player in state.passed:
            raise RuleError(f"In Phase 2 a battle is declared by the player whose turn it is ({name_of(state, state.active)}), not {who}.", rule=sections.BATTLES)
        if act.attacker != act.player:
            raise RuleError(f"On {who}'s turn, {who} is the one who attacks.", rule=sections.BATTLES)
        return
    if state.phase == "peace":
        if act.player not in (act.attacker, act.defender):
            raise RuleError(f"{who} declares only a battle they fight in.", rule=sections.BATTLES)
        return
    raise RuleError("Battles are declared in Phase 2 (on the attacker's turn) or Phase 3 (rebels, peace deals gone wrong).", rule=sections.BATTLES)


def declare_battle(state: PoPState, act: a.DeclareBattle, outcome: Outcome) -> None:
    check_declare_battle(state, act)
    battle = Battle(attacker=act.attacker, defender=act.defender, sea=act.sea, note=act.note)
    battle.step = "attacker" if act.attacker is not None else "defender"
    state.battle = battle
    where = "at sea" if act.sea else "on land"
    note = f" ({act.note})" if act.note else ""
    outcome.say(
        f"Battle {where}{note}: {name_of(state, act.attacker)} attacks {name_of(state, act.defender)}. "
        f"Round 1: {step_words(state)}."
    )


def step_words(state: PoPState) -> str:
    battle = state.battle
    if battle.step == "between":
        return "both sides have played their Battle Actions; roll on the board, then go on to the next round or end the battle"
    return f"{name_of(state, battle.seat_of(battle.step))} plays Battle Actions ({battle.step}), then says done"


def check_done(state: PoPState, act: a.Done) -> None:
    battle = state.battle
    if battle is None or battle.step == "between":
        raise RuleError("No Play Battle Actions step is open.", rule=sections.BATTLES)
    if battle.seat_of(battle.step) != act.player:
        raise RuleError(f"It is {name_of(state, battle.seat_of(battle.step))}'s Play Battle Actions step, not {name_of(state, act.player)}'s.", rule=sections.BATTLES)


def done(state: PoPState, act: a.Done, outcome: Outcome) -> None:
    check_quiet(state, "the next step of the battle")
    check_done(state, act)
    battle = state.battle
    # The defender plays after the attacker and does not reopen the attacker's step.
    battle.step = "defender" if battle.step == "attacker" and battle.defender is not None else "between"
    outcome.say(f"{name_of(state, act.player)} is done with Battle Actions. {step_words(state)[0].upper()}{step_words(state)[1:]}.")


def check_between(state: PoPState) -> Battle:
    battle = state.battle
    if battle is None:
        raise RuleError("No battle is under way.", rule=sections.BATTLES)
    if battle.step != "between":
        raise RuleError(f"Round {battle.round} of the battle is still in its Play Battle Actions step: {step_words(state)}.", rule=sections.BATTLES)
    return battle


def next_round(state: PoPState, act: a.NextRound, outcome: Outcome) -> None:
    check_quiet(state, "the next round of battle")
    battle = check_between(state)
    battle.round += 1
    battle.used.clear()  # "one use of any particular Battle Action" counts per round
    battle.step = "attacker" if battle.attacker is not None else "defender"
    outcome.say(f"Round {battle.round} of the battle: {step_words(state)}. The dice added so far stay in the pools.")


def end_battle(state: PoPState, act: a.EndBattle, outcome: Outcome) -> None:
    check_quiet(state, "the end of the battle")
    battle = check_between(state)
    outcome.say(f"The battle ends after {battle.round} round{'s' if battle.round != 1 else ''}. {dice_summary(state)}")
    state.battle = None


def dice_summary(state: PoPState) -> str:
    battle = state.battle
    parts = []
    for side in ("attacker", "defender"):
        counts = Counter(die.die for die in battle.dice if die.side == side)
        if counts:
            dice = ", ".join(f"{count} {DIE_WORDS[die]}" for die, count in sorted(counts.items()))
            parts.append(f"{name_of(state, battle.seat_of(side))} added {dice}")
    return ("; ".join(parts) + ".") if parts else "No Battle Dice were added by Battle Actions."
