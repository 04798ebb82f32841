"""A small rule system that exists only in the tests: it proves a new system needs no change to
the engine, the table, the session or the command line (docs/architecture.md).

Importing this package registers it. Tests that list every system at collection use
`every_ruleset_id()`, and the `toy_ruleset` fixture (tests/conftest.py) registers it while a
module of tests that asks for it runs, and unregisters it afterwards.
"""

from __future__ import annotations

from desktop.engine import registry
from tests.rulesets.toy import actions
from tests.rulesets.toy.ruleset import CARDS, HAND_LIMIT, ToyDuel, ToyState, give, grip

TOY = registry.register(ToyDuel())


def every_ruleset_id() -> list[str]:
    """The ids of every system, the toy's included, for parametrizing tests at collection.

    The toy is then unregistered: it stays registered only while a module of tests that asks for
    the `toy_ruleset` fixture runs, so no other test meets a system it does not know.
    """
    registry.register(TOY)
    try:
        return registry.ids()
    finally:
        registry.unregister(TOY.id)


__all__ = ["CARDS", "HAND_LIMIT", "TOY", "ToyDuel", "ToyState", "actions", "every_ruleset_id", "give", "grip"]
