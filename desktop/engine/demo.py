"""Demo games by system id, for `actiondeck --demo ID` and the smoke test."""

from __future__ import annotations

from desktop.engine.errors import SetupError
from desktop.engine.game import Game, GameSetup
from desktop.engine.registry import all_rulesets, get


def demo_game(ruleset_id: str) -> Game:
    ruleset = get(ruleset_id)
    demo = ruleset.demo()  # raises SetupError when the system has none
    setup = GameSetup(ruleset=ruleset_id, players=list(demo.players), seed=demo.seed, options=dict(demo.options))
    return Game.replay(setup, list(demo.actions))


def default_demo() -> str:
    """The system whose demo opens when none is named (the smoke test): the first that has one."""
    for ruleset in all_rulesets():
        try:
            ruleset.demo()
        except SetupError:
            continue
        return ruleset.id
    raise SetupError("No rule system has a demo game.")


def write_opening(path, actions, command: str) -> None:
    """Writes a demo's opening, played once by a system's own bot, as a Python module holding
    the actions as plain data (`OPENING`): a demo then starts without playing the bot again (one
    system's took about 70 ms of every start). The system's tests check that the recorded
    opening is still the one its bot plays; `command` is how to write it again."""
    import msgspec

    lines = [
        '"""A demo\'s opening as its system\'s bot plays it, recorded. Written again by',
        "",
        f"    {command}",
        "",
        'and a test says when the rules or the bot have changed it."""',
        "",
        "OPENING = [",
        *(f"    {item!r}," for item in msgspec.to_builtins(list(actions))),
        "]",
        "",
    ]
    path.write_text("\n".join(lines), encoding="utf-8")
