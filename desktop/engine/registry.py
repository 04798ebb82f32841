"""Rule systems by id. Rulesets register themselves when `desktop.rulesets` is imported."""

from __future__ import annotations

from desktop.engine.errors import SetupError
from desktop.engine.ruleset import Ruleset

_RULESETS: dict[str, Ruleset] = {}


def register(ruleset: Ruleset) -> Ruleset:
    _RULESETS[ruleset.id] = ruleset
    return ruleset


def get(ruleset_id: str) -> Ruleset:
    import desktop.rulesets  # noqa: F401  (registers the built-in systems)

    try:
        return _RULESETS[ruleset_id]
    except KeyError:
        known = ", ".join(sorted(_RULESETS))
        raise SetupError(f"There is no rule system called '{ruleset_id}'; known systems: {known}.")


def ids() -> list[str]:
    import desktop.rulesets  # noqa: F401

    return sorted(_RULESETS)
