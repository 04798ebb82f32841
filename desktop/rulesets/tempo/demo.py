"""The demo: four player characters and four NPCs in the middle of round 1, a few actions taken,
the rest still to come on the timeline.

It is played by the system's own bot from a fixed seed (so it stays a real game), until the count
reaches tempo 3, where the first Attacks wait; the GM seat would declare an NPC's Strike a hit
on the way. The opening is recorded in demo_opening.py (`python -m desktop.rulesets.tempo.demo`
writes it again; a test says when it no longer matches the bot's play).
"""

from __future__ import annotations

import functools

from desktop.engine.ruleset import Demo
from desktop.rulesets.tempo import actions as a

DEMO_PLAYERS = ["Ann", "Bo", "Cy", "Dee", "GM"]
DEMO_SEED = 41
DEMO_OPTIONS = {"npcs": "4"}
MOST_STEPS = 300
STOP_AT = 3


def demo() -> Demo:
    import msgspec

    from desktop.rulesets.tempo.demo_opening import OPENING

    actions = msgspec.convert(OPENING, list[a.TempoAction])
    return Demo(players=list(DEMO_PLAYERS), seed=DEMO_SEED, options=dict(DEMO_OPTIONS), actions=actions)


@functools.cache
def played_opening() -> tuple[a.Action, ...]:
    """The opening as the bot plays it now (what demo_opening.py records)."""
    from desktop.engine.game import Game, GameSetup
    from desktop.rulesets.tempo.bot import TempoBot

    game = Game.new(GameSetup(ruleset="tempo", players=list(DEMO_PLAYERS), seed=DEMO_SEED, options=dict(DEMO_OPTIONS)))
    bots = {seat: TempoBot(DEMO_SEED) for seat in game.state.seat_ids()}
    hit = False
    for _ in range(MOST_STEPS):
        state = game.state
        if state.phase == "count" and state.tempo >= STOP_AT and state.turn is None:
            break
        turn = state.turn
        if turn is not None and not hit and turn.target and state.character(turn.character).side == "npc" and any(
                t.kind == "attack" for t in turn.triggers):
            game.apply(a.Declare(player=state.gm, event="hit", character=turn.target, damage=3))
            hit = True
            continue
        for stage in game.stages():
            choice = bots[stage.seat].choose(game.legal_actions(stage.seat), game.view(stage.seat))
            if choice is not None:
                game.apply(choice)
                break
        else:
            game.apply(a.Advance(player=state.gm))  # the people at the table end the turn
    return tuple(game.actions)


if __name__ == "__main__":
    from pathlib import Path

    from desktop.engine.demo import write_opening

    write_opening(Path(__file__).with_name("demo_opening.py"), played_opening(), "python -m desktop.rulesets.tempo.demo")
