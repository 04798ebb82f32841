"""Forwards `Pool` and `roll` to `desktop.rulesets.worlds_that_remember.dice.rolls` (see this
package's docstring). Looked up on first use, not at import: the rules module that imports them
from here is itself imported while that package is being set up."""


def __getattr__(name: str):
    if name not in ("Pool", "roll"):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from desktop.rulesets.worlds_that_remember.dice import rolls

    return getattr(rolls, name)
