"""A demo table: three players in round 2 of the action phase, three cards each."""

from __future__ import annotations

from desktop.rulesets.twilight_imperium import actions as a

PLAYERS = ["Ann", "Bo", "Cy"]
SEED = 2026


def opening() -> list[a.Action]:
    """A short first round so the demo starts with cards in every hand."""
    order = ["ann", "bo", "cy"]
    return [
        a.SetInitiative(player="ann", order=order),
        a.Politics(player="ann"),
        a.PoliticsSecondary(player="bo", follow=True),
        a.PoliticsSecondary(player="cy", follow=True),
        a.PassPhase(player="bo"),
        a.PassPhase(player="cy"),
        a.PassPhase(player="ann"),
        a.StatusDraw(player="ann"),
        a.StatusDraw(player="bo"),
        a.StatusDraw(player="cy"),
        a.AdvancePhase(player="ann"),
        a.AdvancePhase(player="ann"),
        a.SetInitiative(player="ann", order=order),
    ]
