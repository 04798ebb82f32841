"""How a choice at the table becomes a talk of the conversation (desktop/model/conversation.py):
an offer, a drop or Enter on a card, Other actions, a seat handed to the app. Settled here for
every front end alike: whom the talk is asked of, and what is asked first.

- A seat's own offer is asked of it; the table's own entries (no seat) are the table's, answered
  by whoever is at the table.
- An offer of another seat that holds something hidden is never answered for it: it is asked of
  that seat, first whether to do what was chosen for it ("Ann chose “Pass” for you. Do it now?
  No leaves the choice to you."), then its own questions, as that seat sees the offer.
- An offer of a seat with nothing hidden, or one the app plays, is asked of whoever chose it:
  there is no screen to pass to it (desktop/model/authority.py, `FOR_ANOTHER`).
- An entry that would act on one click and costs something says so first (`ask_first`); one
  taken by a key with no question of its own asks "do it now?" first.
- A drop or Enter on a card is the chooser's own; Enter asks first, naming the card; a drop that
  means moves of several kinds asks which.
- Handing a seat to the app is asked of that seat.

No Qt here; the session opens the talks and moves the curtain. `session` is the session's weak proxy
(desktop/model/talks.py): a talk holds no strong reference to it.
"""

from __future__ import annotations

from desktop.engine import Action
from desktop.engine.levels import STANDARD
from desktop.engine.prompts import Offer, group
from desktop.model.conversation import Talk

SOMEONE = "Someone at the table"
OTHER_ACTIONS = "Other actions: which one?"


def for_offer(session, offer: Offer, by: str | None, by_key: bool = False) -> Talk:
    """The talk of `offer` chosen by `by` (None: whoever is at the table, nobody looking)."""
    seat = offer.seat
    if seat is not None and seat != by and seat not in session.app_seats and session.has_secrets(seat):
        return _for_another(session, offer, seat, by)
    preface = ""
    who = session.view().seat_name(seat) + ": " if seat is not None else ""
    if (cost := getattr(type(offer.choices[0]), "ask_first", "")) and session.prompt(offer).next() is None:
        preface = f"{who}{offer.label}? {cost}"  # a costly entry that would act on one click
    elif by_key and not any(not ask.optional for ask in offer.asks):
        preface = f"{who}{offer.label}: do it now?"
    return Talk(seat=None if seat is None else by, title=offer.label, finish=lambda action: session.submit(action),
                prompt_for=lambda chosen: session.prompt(chosen, by), offer=offer, preface=preface)


def _for_another(session, offer: Offer, seat: str, by: str | None) -> Talk | None:
    """A seat's offer chosen by someone else: asked of that seat, as it sees it (its own cards
    shown), after a question naming who chose it. None when it has no such offer."""
    own = next((mine for mine in session.offers_of(seat) if mine.seat == seat and mine.kind == offer.kind), None)
    if own is None:
        return None
    who = session.view().seat_name(by) if by else SOMEONE
    preface = f"{who} chose \u201c{own.label}\u201d for you. Do it now? No leaves the choice to you."
    return Talk(seat=seat, title=own.label, finish=lambda action: session.submit(action), prompt_for=lambda o: session.prompt(o, seat),
                offer=own, preface=preface, chooser=by or "")


def for_choices(session, choices: list[Action], by: str | None, preface: str = "") -> Talk:
    """The legal completions of one drop, or of Enter on a card: which kind first when they are
    of several kinds, then the questions of the one chosen."""
    groups = group(choices)
    talk = Talk(seat=by, title="", finish=lambda action: session.submit(action), prompt_for=lambda chosen: session.prompt(chosen, by),
                preface=preface)
    if len(groups) > 1:
        view = session.view()
        talk.kinds = [Offer(seat, kind, session.ruleset.offer_label(kind, members, view), members)
                      for seat, kind, members in groups]
    else:
        seat, kind, members = groups[0]
        talk.offer = Offer(seat, kind, "", members)
    return talk


def for_other_actions(session, offers: list[Offer], by: str | None) -> Talk:
    """What the seat may also do that the legal list leaves out, chosen from a list, then asked
    like any offer (the engine alone judges them: they are never checked against the legal list)."""
    return Talk(seat=by, title="", finish=lambda action: session.submit(action), prompt_for=lambda chosen: session.prompt(chosen, by),
                kinds=list(offers), kinds_text=OTHER_ACTIONS, listed=False)


def for_app_seat(session, seat: str, by: str | None, level: str | None = None) -> Talk:
    """Asked of `seat`: whether the app plays it from now on (at `level`: None, the standard), as `by` asked."""
    view = session.view()
    name = view.seat_name(seat)
    who = view.seat_name(by) if by else SOMEONE
    at = f" at its {title.lower()} level" if (title := level_title(session.ruleset, level)) else ""
    question = (f"{who} asked for the app to play {name} from now on{at}. Let the app play {name}? It plays "
                f"{name}'s hand; choose \u201cA person\u201d for {name} to play {name} again.")

    def hand_over(_action) -> bool:
        if seat in session.app_seats:
            return False
        session.set_app_seat(seat, True, level=level)
        return seat in session.app_seats

    return Talk(seat=seat, title="Played by the app", finish=hand_over, preface=question, chooser=by or "")


def level_title(ruleset, level: str | None) -> str:
    """The title of a level the system offers ("" for none: the standard level goes unsaid)."""
    return next((found.title for found in ruleset.levels if found.id == level and level != STANDARD), "")
