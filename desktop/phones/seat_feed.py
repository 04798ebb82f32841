"""What one seat's phone is shown, read from the model alone, and its answers turned back into the
model's values.

A feed is built from the seat's own view (`game.view(seat)`, the per-seat view the window draws
when that seat looks: its hand, drawn cards and plans; every other seat's hidden cards as backs
and counts), the table the system lays out from that view, the seat's offers
(`session.offers_of(seat)`) and open questions, its stage, and its latest log lines. Nothing here
reads another seat's view, and a question's options go out by their words alone: the phone
answers by an option's index, which `value_of` turns back into the value the model asked for.

No Qt here: the session is read through its methods only, on the thread it lives on.
"""

from __future__ import annotations

from typing import Any

from desktop.phones.protocol import Feed, OfferShown, OptionShown, QuestionShown

LOG_LINES = 30  # the latest lines a phone shows; the shared screen keeps the whole log
CHOSEN = ("seat", "card", "choice")  # kinds answered by one option's index


def build(session, seat: str, own_talks: set[int] = frozenset()) -> Feed:
    """`seat`'s feed now. `own_talks`: the table's own moves this seat's phone chose, whose
    questions it answers (the table's moves chosen at the shared screen are answered there)."""
    game = session.game
    view = game.view(seat)
    played_by_app = seat in session.app_seats
    offers = [] if played_by_app else session.offers_of(seat, view)  # the view worked out once: most of a feed's cost
    questions = questions_of(session, seat, own_talks)
    return Feed(
        seat=seat,
        name=view.seat_name(seat),
        status=_status(session, seat, questions, played_by_app),
        says=_says(session, seat, questions, played_by_app),
        offers=[OfferShown(index, offer.label, offer.kind, offer.seat == seat) for index, offer in enumerate(offers)],
        questions=[shown(asked) for asked in questions],
        log=latest_lines(game.log, seat),
        view=view,
        table=session.ruleset.table(view),
    )


def questions_of(session, seat: str, own_talks: set[int]) -> list:
    """The open questions `seat`'s phone answers: those asked of the seat, and those of the
    table's own moves this phone chose (`own_talks`)."""
    return [asked for asked in session.open_questions(seat)
            if asked.seat == seat or (asked.seat is None and asked.talk in own_talks)]


def shown(asked) -> QuestionShown:
    """A question as a phone reads it: words, bounds and what it opens at, never a value."""
    ask = asked.ask
    if asked.kind == "counts":
        options = [OptionShown(option.label, option.value.key, option.value.low, option.value.high)
                   for option in asked.options]
    else:
        options = [OptionShown(option.label) for option in asked.options]
    return QuestionShown(
        id=asked.id, title=asked.title, text=asked.text, kind=asked.kind, options=options,
        low=ask.low, high=ask.high, limit=ask.limit, default=_default(asked), preface=asked.preface,
        answered=[tuple(pair) for pair in asked.answered], chooser=asked.chooser,
    )


def _index(asked, value) -> int | None:
    for index, option in enumerate(asked.options):
        if type(option.value) is type(value) and option.value == value:
            return index
    return None


def _default(asked) -> Any:
    """What the question opens at, as the phone answers it (an index where it answers by one)."""
    initial = asked.initial
    if asked.kind in CHOSEN:
        return None if initial is None else _index(asked, initial)
    if asked.kind in ("order", "subset"):
        if not isinstance(initial, list):
            return list(range(len(asked.options))) if asked.kind == "order" else []
        found = [_index(asked, value) for value in initial]
        return [index for index in found if index is not None]
    if asked.kind == "counts":
        return dict(initial) if isinstance(initial, dict) else {}
    if asked.kind in ("number", "text", "confirm"):
        return initial if isinstance(initial, bool | int | str) else None
    return None


def value_of(asked, given) -> tuple[Any, str]:
    """(the model's value, "") for a phone's answer `given` to `asked`, or (None, why not).
    Entries are named by their index in the options the phone was shown; the model then judges
    the value as it judges every front end's (`conversation.check`)."""
    kind, options = asked.kind, asked.options
    if kind in CHOSEN:
        if type(given) is not int or not 0 <= given < len(options):
            return None, "Choose one of the entries offered."
        return options[given].value, ""
    if kind in ("order", "subset"):
        if not isinstance(given, list) or any(not 0 <= index < len(options) for index in given) \
                or len(set(given)) != len(given):
            return None, "The answer names entries offered, by their number, each at most once."
        return [options[index].value for index in given], ""
    if kind == "confirm" or asked.preface:
        return (given, "") if isinstance(given, bool) else (None, "The answer is Yes or No.")
    return given, ""  # a number, a text, counts: checked by the model


def _status(session, seat: str, questions: list, played_by_app: bool) -> str:
    if played_by_app:
        return "wait"
    if questions:
        return "answer"
    return "turn" if _stages_of(session, seat) else "wait"


ACTING = {"turn": "Your turn", "plan": "Plan now", "discard": "Discard now", "answer": "Answer now",
          "respond": "You may respond"}  # a stage of the seat's own, in a few words


def _stages_of(session, seat: str) -> list:
    return [stage for stage in session.stages() if stage.seat == seat and stage.kind in ACTING]


def _says(session, seat: str, questions: list, played_by_app: bool) -> str:
    """Where the seat stands, in one short sentence."""
    if played_by_app:
        return "The app plays this seat."
    if questions:
        return f"Answer now: {questions[0].title or questions[0].text}"
    stages = _stages_of(session, seat)
    if stages:
        stage = stages[0]
        return f"{ACTING[stage.kind]}: {stage.label}" if stage.label else f"{ACTING[stage.kind]}."
    return "Nothing to do now."


def latest_lines(log, seat: str, most: int = LOG_LINES) -> list[str]:
    """The seat's `most` latest log lines (the public ones and its own), read from the end back."""
    found: list[str] = []
    for entries in reversed(log):
        lines = [entry.text for entry in entries if entry.seat is None or entry.seat == seat]
        found[:0] = lines
        if len(found) >= most:
            break
    return found[-most:]
