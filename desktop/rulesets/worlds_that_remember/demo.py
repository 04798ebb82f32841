"""A demo table: Ann plays Wren and Bo plays Oskar, one round into a Scene at Dawn, on Ann's turn.

The opening is worked out from the seeded deal (card ids depend on the shuffle), so it always
replays to the same table.
"""

from __future__ import annotations

from desktop.rulesets.worlds_that_remember import actions as a
from desktop.rulesets.worlds_that_remember import reading
from desktop.rulesets.worlds_that_remember.cards import ActionDef

PLAYERS = ["Ann", "Bo"]
SEED = 2026


def _first_action(state, seat: str) -> str:
    return next(card for card in state.ready(seat) if isinstance(reading.definition(state, card), ActionDef))


def _first_tag(state, seat: str, card: str) -> list[str]:
    found = reading.definition(state, card)
    printed = {tag.label for tag in found.tags}
    return [tag.label for tag in state.characters[seat].tags if tag.label not in printed][:1]


def opening(ruleset) -> list[a.Action]:
    """Ann plays with Bo's Support and rolls; Bo plays, Ann lets it be, Bo rolls; Ann's turn.
    Set up and applied by `ruleset`, so the opening passes every rule a game's actions pass."""
    state = ruleset.setup(PLAYERS, {}, SEED)
    apply = ruleset.apply
    steps: list[a.Action] = []

    def do(action: a.Action) -> None:
        apply(state, action)
        steps.append(action)

    card = _first_action(state, "ann")
    do(a.Play(player="ann", card=card, intent="I find us a way through the drowned market before the tide turns.",
              tags=_first_tag(state, "ann", card)))
    helper = state.ready("bo")[0]
    do(a.Support(player="bo", card=helper, tag=state.characters["bo"].tags[0].label,
                 narration="Oskar wades ahead and holds the rotten planks steady."))
    do(a.Roll(player="ann"))
    do(a.EndTurn(player="ann"))
    card = _first_action(state, "bo")
    do(a.Play(player="bo", card=card, intent="I hold the market gate while the scavengers push in.",
              tags=_first_tag(state, "bo", card)))
    do(a.Pass(player="ann"))
    do(a.Roll(player="bo"))
    do(a.EndTurn(player="bo"))
    return steps
