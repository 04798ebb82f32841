"""Typed refusals. Each carries one plain sentence a player can read at the table."""


class RuleError(Exception):
    """The rules forbid this action; the game is unchanged."""


class SetupError(ValueError):
    """A new game cannot be set up with these players, options or deck."""
