"""Asking a person the questions an action still needs, through the front end's asker.

The session takes an offer, a drop or a card to the end through `ask_all`, whatever the front
end: the window's asker shows them all in one small dialog (`walk`); an asker without it (a
test, a simpler flow) is asked one question at a time. No Qt here: the asker brings its own.
"""

from __future__ import annotations

_CANCELLED = object()  # a question the player closed without answering


class _NoQuestions:
    """A prompt with nothing to ask: a preface alone (a confirmation) is walked with it."""

    cancelled = False

    def next(self):
        return None


NO_QUESTIONS = _NoQuestions()


def ask_all(prompter, title: str, prompt, preface: str = "") -> bool:
    """True when every question was answered and the action is complete. `preface`: a
    confirmation naming what is about to happen, asked first (a card played by keyboard)."""
    if hasattr(prompter, "walk"):
        return prompter.walk(title, prompt, preface) if preface else prompter.walk(title, prompt)
    if preface and not prompter.confirm("Action Deck", preface):
        return False
    while (question := prompt.next()) is not None:
        answer = _answer(prompter, question)
        if answer is _CANCELLED:
            return False
        prompt.answer(answer)
    return not prompt.cancelled


def _answer(prompter, question):
    kind = question.ask.kind
    pairs = [(option.value, option.label) for option in question.options]
    if kind in ("seat", "card", "choice"):
        index = prompter.choose(question.text, [label for _, label in pairs])
        return _CANCELLED if index is None else question.options[index].value
    if kind == "confirm":
        return prompter.confirm("Action Deck", question.text)
    if kind == "order":
        found = prompter.order(question.text, pairs)
    elif kind == "subset":
        found = prompter.subset(question.text, pairs)
    elif kind == "number":
        found = prompter.number(question.text, question.ask.low, question.ask.high, question.initial)
    else:
        found = prompter.text(question.text, question.initial or "", question.ask.limit)
    return _CANCELLED if found is None else found
