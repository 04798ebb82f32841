"""A front end that answers at once: a seat's open questions answered through an asker object.

The window's dialog (`desktop/ui/asker.py`: `walk` shows a talk's questions one after another in
one dialog) and the simple askers of tests and tools (`choose`, `confirm`, `number`, `text`,
`order`, `subset`: one question at a time) answer the conversation through the session's API
(`answer`, `cancel`) as any front end does; nothing here decides a rule or who may answer. No Qt.
"""

from __future__ import annotations

from desktop.engine.prompts import CHOSEN
from desktop.model.authority import may_answer

_LEFT = object()  # a question the person closed without answering


class SeatPrompt:
    """One talk as a front end that walks questions reads it (the `Prompt` shape the window's
    dialog takes): `next()` the question open now for `seat`, `answer(value)` through the
    session, `cancelled` unless the move was made."""

    def __init__(self, session, talk_id: int, seat: str | None) -> None:
        self.session = session
        self.talk_id = talk_id
        self.seat = seat
        self.shown = None  # the question last read, which `answer` answers

    def current(self):
        """The talk's question now, if `seat` may answer it."""
        asked = self.session.question(self.talk_id)
        return asked if asked is not None and may_answer(asked.seat, self.seat) else None

    def next(self):
        self.shown = self.current()
        return self.shown

    def answer(self, value) -> None:
        """Answers the question last read (one the game has moved past is refused in words)."""
        asked = self.shown or self.current()
        if asked is not None:
            self.session.answer(self.seat, asked.id, value)

    def leave(self) -> None:
        """The person closed the questions: the move is dropped, nothing done."""
        asked = self.current()
        if asked is not None:
            self.session.cancel(self.seat, asked.id)

    @property
    def cancelled(self) -> bool:
        return self.session.outcome(self.talk_id) is not True


class Walked:
    """A talk as the question dialog walks it: its questions up to a "counts" one, which the
    counts dialog answers instead (the question dialog has no form of several counts)."""

    def __init__(self, prompt: SeatPrompt) -> None:
        self.prompt = prompt

    def next(self):
        asked = self.prompt.next()
        return None if asked is None or asked.kind == "counts" else asked

    def answer(self, value) -> None:
        self.prompt.answer(value)

    @property
    def cancelled(self) -> bool:
        return self.prompt.cancelled


def answer_with(asker, session, talk_id: int, seat: str | None) -> bool:
    """`seat` answers the talk `talk_id` through `asker`; True when its move was made."""
    if session.question(talk_id) is None:
        return session.outcome(talk_id) is True
    prompt = SeatPrompt(session, talk_id, seat)
    if hasattr(asker, "walk"):
        asked = prompt.next()
        if asked is None:
            return False
        asker.walk(asked.title, Walked(prompt))
        if (asked := prompt.current()) is not None and asked.kind == "counts":  # its own dialog
            found = asker.counters(asked.text, [option.value for option in asked.options])
            if found is not None:
                prompt.answer(found)
        prompt.leave()  # closed before the end (Escape, Cancel): the move is dropped
        return session.outcome(talk_id) is True
    while (asked := prompt.next()) is not None:
        value = _ask(asker, asked)
        if value is _LEFT:
            prompt.leave()
            break
        if not session.answer(seat, asked.id, value):
            prompt.leave()  # an answer the conversation refused (said in words): nothing done
            break
    return session.outcome(talk_id) is True


def _ask(asker, asked):
    """One question through a one-at-a-time asker, as it has always been asked."""
    kind = asked.kind
    if asked.preface:
        return True if asker.confirm("Action Deck", asked.text) else _LEFT
    pairs = [(option.value, option.label) for option in asked.options]
    if kind in CHOSEN:
        index = asker.choose(asked.text, [label for _, label in pairs])
        return _LEFT if index is None else asked.options[index].value
    if kind == "confirm":
        return asker.confirm("Action Deck", asked.text)
    if kind == "order":
        found = asker.order(asked.text, pairs)
    elif kind == "subset":
        found = asker.subset(asked.text, pairs)
    elif kind == "counts":
        found = asker.counters(asked.text, [option.value for option in asked.options])
    elif kind == "number":
        found = asker.number(asked.text, asked.ask.low, asked.ask.high, asked.initial)
    else:
        found = asker.text(asked.text, asked.initial or "", asked.ask.limit)
    return _LEFT if found is None else found
