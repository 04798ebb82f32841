"""A question's default is what the dialog shows first, and taking every default does what the
rules' defaults say: through the window's own asker (desktop/ui/asker.py), the real dialog.

Price of Power once opened its cost modifier at -10 (a default of 0 was taken for "none given"),
then asked a reason that could not be left empty and that the rules refused with a 0 modifier:
OK on the defaults played a 2 DIP card for nothing."""

from __future__ import annotations

import typing

import msgspec
import pytest
import shiboken6
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QSpinBox, QWidget

from desktop.engine import registry
from desktop.engine.prompts import Question, asks_of
from desktop.model import GameSession
from desktop.ui.asker import Asker
from desktop.ui.question_dialog import QuestionDialog
from tests.rulesets.pop.helpers import give, new, power, said, to_actions

KEYS = {"return": Qt.Key.Key_Return, "enter": Qt.Key.Key_Enter, "escape": Qt.Key.Key_Escape}


def answered_by(method: str):
    """One step: the question on screen answered by `method` as a person would (a key to the
    widget holding the keyboard, or a click on the default button)."""

    def step(dialog: QuestionDialog) -> None:
        if method == "click":
            default = next(b for b in dialog.buttons.buttons() if b.isDefault())
            QTest.mouseClick(default, Qt.MouseButton.LeftButton)
            return
        modifier = Qt.KeyboardModifier.KeypadModifier if method == "enter" else Qt.KeyboardModifier.NoModifier
        QTest.keyClick(QApplication.focusWidget() or dialog, KEYS[method], modifier)

    return step


def walk_in_window(session: GameSession, kind: str, steps: list, seen: list) -> bool:
    """Takes `kind`'s offer through the window's asker; each question on screen gets the next
    step (after its text and first field are noted in `seen`); a question with no step left is
    cancelled, so a question more than expected shows as an unfinished action."""
    parent = QWidget()
    parent.resize(1280, 720)
    offer = next(offer for offer in session.offers() if offer.kind == kind)
    shown: list = []
    walking = [True]

    def look() -> None:
        if not walking:
            return  # the walk is over: this test's looks stop with it
        dialog = QApplication.activeModalWidget()
        if isinstance(dialog, QuestionDialog) and shiboken6.isValid(dialog) and dialog.isVisible() \
                and dialog.buttons is not None and (not shown or shown[-1] is not dialog.buttons):
            shown.append(dialog.buttons)
            spin = dialog.body if isinstance(dialog.body, QSpinBox) else None
            seen.append((dialog.question.text(), spin.value() if spin else None))
            if not steps:
                dialog.reject()
                return
            steps.pop(0)(dialog)
        QTimer.singleShot(5, look)

    QTimer.singleShot(0, look)
    try:
        return session.take_offer(offer, Asker(parent))
    finally:
        walking.clear()
        parent.deleteLater()


def pop_table_with(definition: str):
    game = to_actions(new())
    card, = give(game, "ann", definition)
    session = GameSession(game)
    session.viewer = "ann"
    return session, card


@pytest.mark.parametrize("method", ["return", "enter", "click"])
def test_ok_on_the_defaults_plays_a_card_at_its_full_cost(qtbot, method):
    session, card = pop_table_with("dip-guarantee")  # 2 DIP, nothing to ask of the board
    before = power(session.game, "ann", "dip")
    seen: list = []
    assert walk_in_window(session, "play", [answered_by(method)], seen)
    assert seen == [(seen[0][0], 0)], "one question, the modifier, opened at 0: no reason asked"
    assert power(session.game, "ann", "dip") == before - 2
    assert "for 2 DIP" in said(session.game)


def test_escape_on_the_modifier_plays_nothing(qtbot):
    session, card = pop_table_with("dip-guarantee")
    before = power(session.game, "ann", "dip")
    seen: list = []
    assert not walk_in_window(session, "play", [answered_by("escape")], seen)
    assert len(seen) == 1 and power(session.game, "ann", "dip") == before
    assert card in session.game.state.zones["hand:ann"].cards


def test_a_modifier_given_asks_why_and_the_log_says_it(qtbot):
    session, card = pop_table_with("dip-guarantee")
    before = power(session.game, "ann", "dip")
    seen: list = []

    def lower_by_one(dialog):
        dialog.body.setValue(-1)
        dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()

    def say_why(dialog):
        QTest.keyClicks(dialog.body, "an Idea")
        QTest.keyClick(QApplication.focusWidget() or dialog, Qt.Key.Key_Return)

    assert walk_in_window(session, "play", [lower_by_one, say_why], seen)
    assert [value for _, value in seen] == [0, None]
    assert seen[1][0].startswith("Why does the cost change?")
    assert power(session.game, "ann", "dip") == before - 1
    assert "an Idea" in said(session.game)


def test_a_display_action_on_the_defaults_costs_its_printed_cost(qtbot):
    """A Display card's action asks the same modifier: its defaults pay what it says."""
    game = to_actions(new())
    network, = give(game, "ann", "dip-spy-network", zone="display")
    session = GameSession(game)
    session.viewer = "ann"
    before = power(game, "ann", "dip")
    seen: list = []

    def pick_gather(dialog):
        listing = dialog.body
        row = next(i for i in range(listing.count()) if "Gather" in listing.item(i).text())
        listing.setCurrentRow(row)
        QTest.keyClick(QApplication.focusWidget() or dialog, Qt.Key.Key_Return)

    steps = [answered_by("return")] * 3
    offer = next(offer for offer in session.offers() if offer.kind == "use")
    many_actions = len({choice.action for choice in offer.choices if choice.card == network}) > 1
    if many_actions:
        steps = [pick_gather, answered_by("return")]
    assert walk_in_window(session, "use", steps, seen)
    assert 0 in [value for _, value in seen] and not any(text.startswith("Why") for text, _ in seen)
    assert power(game, "ann", "dip") == before - 1  # Gather Intelligence costs 1 DIP


# ---- the rules, without a window -------------------------------------------------------------


def walk_on_defaults(prompt) -> list[str]:
    """Answers every question with what the dialog shows first; the fields asked, in order."""
    asked = []
    while (question := prompt.next()) is not None:
        asked.append(question.ask.field)
        kind = question.ask.kind
        if kind in ("seat", "card", "choice"):
            prompt.answer(question.options[0].value)
        elif kind == "confirm":
            prompt.answer(True)
        else:
            prompt.answer(question.initial)
    return asked


def test_the_prompts_defaults_pay_the_printed_cost():
    game = to_actions(new())
    card, = give(game, "ann", "dip-guarantee")
    session = GameSession(game)
    session.viewer = "ann"
    prompt = session.prompt(next(offer for offer in session.offers() if offer.kind == "play"))
    while (question := prompt.next()) is not None and question.ask.field == "card":
        prompt.answer(card)
    asked = walk_on_defaults(prompt)
    assert "modifier" in asked and "reason" not in asked
    action = prompt.action()
    assert action.modifier == 0 and action.reason == ""
    before = power(game, "ann", "dip")
    game.apply(action)
    assert power(game, "ann", "dip") == before - 2


def test_the_reason_is_asked_exactly_when_a_modifier_is_given():
    for modifier, asks_why in ((0, False), (-2, True), (1, True)):
        session, card = pop_table_with("dip-guarantee")
        prompt = session.prompt(next(offer for offer in session.offers() if offer.kind == "play"))
        asked = []
        while (question := prompt.next()) is not None:
            asked.append(question.ask.field)
            answers = {"card": card, "modifier": modifier, "reason": "the board"}
            prompt.answer(answers.get(question.ask.field, question.initial))
        assert ("reason" in asked) is asks_why, (modifier, asked)
        session.game.apply(prompt.action())  # the rules accept what was asked


# ---- every system's number questions open at the prompt's value --------------------------------


def number_asks() -> list[tuple[str, type, object]]:
    found = []
    for ruleset_id in registry.ids():  # the toy's too (the fixture has it registered)
        for action_type in typing.get_args(registry.get(ruleset_id).action_type):
            for ask in asks_of(action_type):
                if ask.kind == "number":
                    found.append((ruleset_id, action_type, ask))
    return found


class _OneQuestion:
    """A prompt holding one question (the dialog asks it and stops)."""

    cancelled = False

    def __init__(self, question: Question):
        self.question = question

    def next(self):
        return self.question

    def answer(self, value):
        self.question = None


@pytest.mark.usefixtures("toy_ruleset")
def test_every_number_question_of_every_system_opens_at_its_initial_value(qtbot):
    asks = number_asks()
    assert {ruleset_id for ruleset_id, _, _ in asks} >= {"price-of-power", "tempo", "future-imperfect"}
    for ruleset_id, action_type, ask in asks:
        field = next(f for f in msgspec.structs.fields(action_type) if f.name == ask.field)
        defaults = [] if field.default is msgspec.NODEFAULT else [field.default]
        for initial in {*defaults, 0, ask.low, ask.high, (ask.low + ask.high) // 2}:
            if not ask.low <= initial <= ask.high:
                continue
            dialog = QuestionDialog("Number", _OneQuestion(Question(ask, ask.question, initial=initial)))
            qtbot.addWidget(dialog)
            assert dialog.start()
            assert dialog.body.value() == initial, (ruleset_id, action_type.__name__, ask.field, initial)
        if defaults and not ask.low <= defaults[0] <= ask.high:
            pytest.fail(f"{ruleset_id} {action_type.__name__}.{ask.field}: default {defaults[0]} is outside its ask")
