"""The questions of a move, opened where the person already sees it.

A system's panel may hold a seat's move as it is being written (a form of its own beside the
table): its questions, asked in a dialog or on a phone, open at the form's values (`Talks.draft`, which the panel sets), so
the form, the dialog and what the panels work out from the form all show one move. A question the
form does not hold opens at what the ruleset names (`Ruleset.initial`: its sensible draft), else
at the first option or the action's own value. Only the opening value: the engine judges the
move as it judges every move.
"""

from __future__ import annotations

from typing import Any

from desktop.engine.actions import Action
from desktop.engine.prompts import Offer, Prompt, asks_of


def opening_value(session, ask, action: Action, view) -> Any:
    """The value `ask` opens at for `action` taking shape: the seat's draft's answer to the same
    question, else the ruleset's."""
    draft = session.talks.draft
    if draft is not None and draft.player == action.player and ask in asks_of(type(draft)):
        return getattr(draft, ask.field)
    return session.ruleset.initial(ask, action, view)


def prompt_for(session, offer: Offer, view) -> Prompt:
    """The questions of `offer` worded as `view` shows the table, each opening at its value."""
    ruleset = session.ruleset
    return Prompt(offer, labels=lambda ask, value: ruleset.value_label(ask, value, view),
                  wording=lambda ask, action: ruleset.question(ask, action, view),
                  initial=lambda ask, action: opening_value(session, ask, action, view))
