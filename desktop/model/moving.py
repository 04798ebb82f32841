"""What moving a card means for the seat looking: a drag onto a zone, or Enter on a card. The
ruleset says which legal actions each means (`drops`); none is refused in words. Where a card
may go while it is dragged is desktop/model/drop_targets.py."""

from __future__ import annotations

from desktop.engine import Action, RuleError
from desktop.engine.actions import moves_on
from desktop.engine.views import cards_named

NOBODY_LOOKS = "Only the player looking at their own hand can move its cards."


def drops(session, card: str, from_zone: str, to_zone: str) -> list[Action]:
    """The legal completions of the viewer dragging `card` from `from_zone` onto `to_zone`; an
    empty list (and a `refused` signal with the reason) when there are none."""
    if session.viewer is None:
        session._refuse(NOBODY_LOOKS)
        return []
    try:
        found = session.ruleset.drops(session.game.state, session.viewer, card, from_zone, to_zone)
    except RuleError as refusal:
        session._refuse(refusal)
        return []
    if not found:
        session._refuse("That card cannot go there now.")
    return found


def card_actions(session, card: str, from_zone: str) -> list[Action]:
    """What pressing Enter on a card means: the legal actions of the viewer that name it (an owed
    discard, its plays); with none, the refusal of playing it."""
    if session.viewer is None:
        session._refuse(NOBODY_LOOKS)
        return []
    game = session.game
    found = [action for action in game.legal_actions(session.viewer)
             if card in cards_named(action, game.state.cards) and moves_on(action)]
    if found:
        return found
    play = next((spec.zone for spec in session.table().zones if spec.role == "play"), None)
    return drops(session, card, from_zone, play) if play else []
