"""A versus game played twice with the same seed, every bot's choice checked as it is made: what
the policy tests of each system share (never refused, the same game for a seed)."""

from __future__ import annotations

import pytest

from desktop.model import versus


class Checked:
    """A bot whose every choice must be one of the legal actions it was given. A system whose
    actions are filled in after they are offered checks with `offered` (the form it was offered in)."""

    def __init__(self, bot) -> None:
        self.bot = bot

    def offered(self, found, legal) -> bool:
        return found in legal

    def choose(self, legal, view=None):
        found = self.bot.choose(legal, view)
        assert found is None or self.offered(found, legal), found
        return found


def played_twice(system: str, levels, seed: int, checked: type[Checked] = Checked, **play):
    """The game of `levels` and `seed` played twice, each bot wrapped in `checked`."""
    made = versus.bot_for
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(versus, "bot_for", lambda ruleset, level, seed: checked(made(ruleset, level, seed)))
        return versus.play(system, levels, seed, **play), versus.play(system, levels, seed, **play)
