"""Typed refusals. Each carries one plain sentence a player can read at the table."""


class RuleError(Exception):
    """The rules forbid this action; the game is unchanged.

    `rule` optionally names the section of the system's rules page the refusal applies (its
    heading, without a trailing "(...)"), so a front end can open the rule it cites. A ruleset
    sets it on a refusal, or declares one section per kind of action (`RulesetBase.rule_sections`)
    that its refusals of that kind cite when they name none of their own.
    """

    def __init__(self, sentence: str = "", *, rule: str | None = None):
        super().__init__(sentence)
        self.rule = rule


class SetupError(ValueError):
    """A new game cannot be set up with these players, options or deck."""
