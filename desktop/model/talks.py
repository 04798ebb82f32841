"""The session's side of the conversation: choices opened as talks, answers taken, outcomes kept.

A choice becomes a talk (desktop/model/taking.py says whom it is asked of and what first); its
questions are data any front end reads and answers (desktop/model/conversation.py). Choosing at
the shared screen (`by` left to the seat looking) also moves the curtain where a seat must look,
and when that screen changes hands the talks opened there go with the person who leaves. A
front end that answers at once may be handed in as `asker` (desktop/model/answering.py);
without one, the talk stays open for whichever front end answers it (`questionsChanged`).
"""

from __future__ import annotations

import weakref

from desktop.engine import Action
from desktop.engine.prompts import Offer
from desktop.engine.views import cards_named
from desktop.model import counts, taking
from desktop.model.conversation import Answer, Asked, Conversation, Talk
from desktop.model.drop_targets import landing_column

LOOKING = object()  # a choice made at the shared screen: by the seat looking at it
OUTCOMES_KEPT = 64  # how many finished talks' outcomes are kept for the front ends to read


class Talks:
    def __init__(self, session) -> None:
        # Weakly: the session holds this part, and a cycle would leave the session (a QObject) to
        # the garbage collector, which may delete it at any moment, from any thread.
        self._session = weakref.proxy(session)
        self.conversation = Conversation(lambda seat: self._session.game.view(None).seat_name(seat))
        self._outcomes: dict[int, bool] = {}  # talk id -> whether its move was made, once over
        # A seat's move being written in a form of its system's (the questions of the same move
        # open at its values: desktop/model/drafts.py); None: none is.
        self.draft: Action | None = None

    # ---- reading and answering ---------------------------------------------------------------

    def questions(self, seat: str | None) -> list[Asked]:
        return self.conversation.questions(seat)

    def every_question(self) -> list[Asked]:
        return self.conversation.questions(everyone=True)

    def question(self, talk_id: int) -> Asked | None:
        return self.conversation.current(talk_id)

    def outcome(self, talk_id: int) -> bool | None:
        return self._outcomes.get(talk_id)

    def on_screen(self, viewer: str | None) -> list[Asked]:
        """The questions the shared screen shows: the seat looking's and the table's, but those of
        a seat answered elsewhere (a phone) and those that seat's own front end opened there."""
        elsewhere = self._session.remote_seats
        return [asked for asked in self.conversation.questions(viewer)
                if asked.seat not in elsewhere and getattr(self.conversation.talk(asked.talk), "opened_by", None) not in elsewhere]

    def answer(self, seat: str | None, question_id: int, value) -> bool:
        return self._answered(self.conversation.answer(seat, question_id, value))

    def cancel(self, seat: str | None, question_id: int) -> bool:
        return self._answered(self.conversation.cancel(seat, question_id))

    def _answered(self, result: Answer) -> bool:
        if result.refusal:
            return self._session._refuse(result.refusal)
        if result.finished:
            self._done(result.talk, result.done)
        self._session.questionsChanged.emit()
        return True

    # ---- choosing -----------------------------------------------------------------------------

    def offer(self, offer: Offer, asker, by_key: bool, by) -> bool:
        session = self._session
        if session._copy_refuses():
            return False
        shared = by is LOOKING
        if shared:
            seat = offer.seat
            if seat is not None and seat == session.alone() and seat != session.viewer:
                session.request_viewer(seat)  # the one person against the app: the click is theirs
            by = session.viewer
            if seat is not None and seat != by and seat not in session.curtain.away() and session.has_secrets(seat):
                session.request_viewer(seat)  # the screen goes to that seat, which is then asked
        talk = taking.for_offer(session, offer, by, by_key)
        if talk is not None:
            talk.shared = shared
        return self.run(talk, asker, by)

    def other(self, offers: list[Offer], asker) -> bool:
        session = self._session
        if session._copy_refuses() or not offers:
            return False
        return self.run(taking.for_other_actions(session, offers, session.viewer), asker, session.viewer)

    def drop(self, card: str, from_zone: str, to_zone: str, asker, onto: str | None, column: int | None) -> bool:
        """The viewer dropped `card` on `to_zone`: its questions asked, the action submitted.
        `onto`: the card in the slot it was dropped on (a zone of slots); the completions that
        name that card are the ones meant (a third Display card dropped on the one that goes),
        so that question is answered by the drop. With none naming it, the drop means the zone.
        `column`: the column of a track's row it was dropped on; the completions that put the
        card there are the ones meant (a chosen column, a move along the row). With none putting
        it there, the drop means the row, and the card goes where the rules put it (it snaps to
        its own column); a card moved along its own row to such a column stays where it was."""
        session = self._session
        if session._copy_refuses():
            return False
        choices = session.drops(card, from_zone, to_zone)
        if onto is not None:
            meant = [choice for choice in choices if onto in cards_named(choice, session.game.state.cards)]
            choices = meant or choices
        if column is not None and choices:
            meant = [choice for choice in choices if landing_column(session.game, card, to_zone, choice) == column]
            if not meant and from_zone == to_zone:  # moved along its row to a column it may not take
                return session._refuse(f"{session.view().card_name(card)} cannot go to column {column} of that row now.")
            choices = meant or choices
        return bool(choices) and self.run(taking.for_choices(session, choices, session.viewer), asker, session.viewer)

    def card(self, card: str, zone: str, asker) -> bool:
        session = self._session
        if session._copy_refuses():
            return False
        choices: list[Action] = session.card_actions(card, zone)
        if not choices:
            return False
        preface = f"{session.view().card_name(card)}: go on with this card? (Escape leaves it.)"
        return self.run(taking.for_choices(session, choices, session.viewer, preface), asker, session.viewer)

    def app_seat(self, seat: str, played_by_app: bool, asker, by, level: str | None = None) -> bool:
        session = self._session
        if session._copy_refuses():  # the box goes back by itself (desktop/ui/seats.py)
            return False
        if not played_by_app or seat in session.app_seats:
            if not played_by_app and seat in session.app_seats:
                session.set_app_seat(seat, False)
            elif played_by_app and level is not None and session.app_seat_levels()[seat] != level:
                session.set_app_seat(seat, True, level=level)  # the app's seat at another level: no hand shown
            return True
        shared = by is LOOKING
        by = session.viewer if shared else by
        if seat in (by, session.alone() if shared else None) or not session.has_secrets(seat):
            session.set_app_seat(seat, True, level=level)
            return True
        if shared:
            session.request_viewer(seat)  # not a seat answered elsewhere: it is asked there
        talk = taking.for_app_seat(session, seat, by, level)
        talk.shared = shared
        return self.run(talk, asker, by)

    def change_counts(self, seat: str, asker, by: str | None) -> bool:
        """`seat`'s "Change counts" (desktop/model/counts.py), asked of `by` (None: the seat looking)."""
        session = self._session
        if session._copy_refuses():
            return False
        return self.run(counts.talk(session, seat, by), asker, session.viewer if by is None else by)

    def run(self, talk: Talk | None, asker, by: str | None) -> bool:
        """Opens `talk`: done at once when it asks nothing; else answered by `asker`, if given,
        or left open for a front end."""
        if talk is None:
            return False
        if not talk.shared:
            talk.opened_by = by  # a front end of that seat's own: its questions are answered there
        if talk.seat in self._session.remote_seats:
            talk.shared = False  # asked of a seat answered elsewhere: it stays open for it there
        self.conversation.open(talk)
        result = self.conversation.settle(talk)
        if result.finished:
            self._done(talk.id, result.done)
            return result.done
        self._session.questionsChanged.emit()
        if asker is None:
            return False
        from desktop.model.answering import answer_with

        return answer_with(asker, self._session, talk.id, by)

    # ---- closing ------------------------------------------------------------------------------

    def after_change(self) -> None:
        """The game changed: each open move kept to what the rules still allow, or closed."""
        if self.conversation:
            self._closed(self.conversation.revise(self._session.legal_actions()))
            self._session.questionsChanged.emit()

    def screen_changes_hands(self, seat: str | None) -> None:
        """The person at the shared screen leaves it (to `seat`, or to nobody): the talks they
        opened there go with them, but for the questions asked of the seat now called."""
        self._close(lambda talk: not talk.shared or (talk.seat is not None and talk.seat == seat))

    def kept_for(self, seat: str) -> None:
        """`seat` is answered elsewhere now: what is asked of it stays open for it there, whoever
        looks at the shared screen (and the window lets go of its dialog: `questionsChanged`)."""
        for talk in self.conversation.talks():
            if talk.seat == seat:
                talk.shared = False
        self._session.questionsChanged.emit()

    def seat_leaves(self, seat: str) -> None:
        """The app plays `seat` now: nothing is asked of it any more."""
        self._close(lambda talk: talk.seat != seat)

    def _close(self, keep) -> None:
        gone = self.conversation.drop(keep)
        if gone:
            self._closed(gone)
            self._session.questionsChanged.emit()

    def _closed(self, talks) -> None:
        """Talks closed without their move (the game moved past them, the screen changed hands)."""
        for talk in talks:
            self._done(talk.id, False)

    def _done(self, talk_id: int, made: bool) -> None:
        self._outcomes[talk_id] = made
        if len(self._outcomes) > OUTCOMES_KEPT:  # a front end reads an outcome soon after
            del self._outcomes[next(iter(self._outcomes))]
