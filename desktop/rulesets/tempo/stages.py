"""Who may act now at a Tempo Combat table (the stages: who plans, who acts now, who may react,
who ends the scene), and when the system says a scene is over."""

from __future__ import annotations

from desktop.engine.presentation import (
    Stage,
)
from desktop.rulesets.tempo import count, planning, reactions
from desktop.rulesets.tempo.state import TempoState


def finished(state: TempoState) -> str | None:
    """The system's end: the scene ended (End the scene, T37); the characters may go on to the next."""
    return f"Scene {state.scene - 1} is over." if state.scene > 1 else None


def _private(state: TempoState, seat: str) -> bool:
    return any(state.zones[planning.row(char.id)].visibility != "public"
               for char in state.characters if char.seat == seat)


DECIDED_WORDS = {"npc": "every NPC is down", "pc": "every player character is down"}


def _at_table(state: TempoState, seat: str) -> bool:
    """The GM, or a seat with a character still standing (the others only look on, D16)."""
    return seat == state.gm or any(char.seat == seat and not char.dead for char in state.characters)


def stages(state: TempoState) -> list[Stage]:
    side = count.decided(state)
    if side and state.turn is None:
        # D30: the fight is decided; the GM (the app as GM too) ends the scene, before anything else.
        ending = [Stage(seat=state.gm, kind="turn", label=f"end the scene: {DECIDED_WORDS[side]}", private=False)]
    else:
        ending = []
    return ending + [stage for stage in _stages(state) if stage not in ending]


def _stages(state: TempoState) -> list[Stage]:
    if state.phase == "planning":
        found = []
        for seat in planning.planners(state):
            names = ", ".join(char.name for char in planning.still_to_plan(state, seat))
            found.append(Stage(seat=seat, kind="plan", label=f"plan two actions for {names}", private=_private(state, seat)))
        if found:
            return found
    elif state.turn is not None:
        actor = state.character(state.turn.character)
        found = [Stage(seat=seat, kind="table", label=f"Advance: end {actor.name}'s turn", private=False)
                 for seat in state.seat_ids() if _at_table(state, seat)]
        for char in state.order():
            eligible = reactions.eligible(state, char)
            if eligible:
                found.append(Stage(seat=char.seat, kind="respond", label=f"{char.name}: {eligible[0].reaction}"))
        return found
    else:
        found = []
        for char in count.on_now(state):
            # The words name no action: an NPC's (or, to the GM, a player character's) is not told before it is taken.
            label = (f"{char.name}: act at tempo {state.tempo}, or let it pass" if char.side == "pc"
                     else f"the NPCs' step of tempo {state.tempo}")
            stage = Stage(seat=char.seat, kind="turn", label=label, private=_private(state, char.seat))
            if stage not in found:
                found.append(stage)
        if found:
            return found
    return [Stage(seat=state.gm, kind="table", label="end the scene: nobody stands", private=False)]
