"""The Turn menu's "Other actions...", the model's for every front end (no Qt).

What the seat looking may also do that the legal list leaves out (the ruleset's `unlisted`,
worked out only when asked) is opened as a question of that seat: which one, then the chosen
one's own questions, taken through the session's offer path and judged by the engine like any
move (`GameSession.take_other`, desktop/model/taking.py). With nothing to offer, the sentence
saying why is the model's too; the window only shows it, or the question.
"""

from __future__ import annotations


def nothing_else(session) -> str:
    """Why the seat looking has no other action now, in words."""
    if session.viewer is None:
        return "Nobody is looking: show a hand first."
    return f"{session.view().seat_name(session.viewer)} has nothing else to do now."


def take(session, asker=None) -> str:
    """Opens the choice among the seat looking's other actions (answered through the session's
    questions, or at once through `asker`). "" when it was opened; otherwise the sentence saying
    why there is nothing to choose (a read-only copy refuses through `refused`, as every move)."""
    offers = session.other_offers()
    if not offers:
        return nothing_else(session)
    session.take_other(offers, asker)
    return ""
