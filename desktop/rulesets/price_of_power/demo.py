"""The demo: four players in round 1's Action phase, Display cards on the table with their cubes,
and a battle under way in its attacker's Play Battle Actions step.

The opening is played by the system's own bot from a fixed seed (so it stays a real game of the
shipped cards), then the player whose turn it is declares a land battle against the next seat and
plays a Battle Action if it holds one. It is recorded in demo_opening.py (`python -m
desktop.rulesets.price_of_power.demo` writes it again; a test says when it no longer matches).
"""

from __future__ import annotations

import functools

from desktop.engine.ruleset import Demo
from desktop.rulesets.price_of_power import actions as a
from desktop.rulesets.price_of_power.scenarios import DEMO_PLAYERS, DEMO_SEED

MOST_STEPS = 400


def demo() -> Demo:
    import msgspec

    from desktop.rulesets.price_of_power.demo_opening import OPENING

    return Demo(players=list(DEMO_PLAYERS), seed=DEMO_SEED, actions=msgspec.convert(OPENING, list[a.PoPAction]))


@functools.cache
def played_opening() -> tuple[tuple[str, ...], int, tuple[a.Action, ...]]:
    """The players, the seed and the opening as the bot plays it now (demo_opening.py records
    the actions)."""
    from desktop.engine.game import Game, GameSetup
    from desktop.rulesets.price_of_power.bot import PriceOfPowerBot

    game = Game.new(GameSetup(ruleset="price-of-power", players=list(DEMO_PLAYERS), seed=DEMO_SEED))
    bot = PriceOfPowerBot(DEMO_SEED)
    for _ in range(MOST_STEPS):
        state = game.state
        shown = sum(len(state.display(seat)) for seat in state.seat_ids())
        if state.phase == "action" and not state.busy() and shown >= 2 and state.turns >= 6:
            break
        seat = game.stages()[0].seat
        game.apply(bot.choose(game.legal_actions(seat), game.view(seat)))
    attacker = game.state.active
    if attacker is not None:
        order = game.state.order()
        defender = order[(order.index(attacker) + 1) % len(order)]
        game.apply(a.DeclareBattle(player=attacker, attacker=attacker, defender=defender, note="at the river crossing"))
        plays = [act for act in game.legal_actions(attacker)
                 if isinstance(act, (a.Play, a.Use)) and act.die in ("", "cavalry") and not act.confirm]
        if plays:
            game.apply(plays[0])
    return tuple(DEMO_PLAYERS), DEMO_SEED, tuple(game.actions)


if __name__ == "__main__":
    from pathlib import Path

    from desktop.engine.demo import write_opening

    write_opening(Path(__file__).with_name("demo_opening.py"), played_opening()[2],
                  "python -m desktop.rulesets.price_of_power.demo")
