"""Every kind of question, in every registered system, answered as a person would: Return,
Enter, Escape or a click, through the real dialog. Answering a question from its own key
handler once deleted the buttons under the key press and aborted the app (Worlds That
Remember's intent box, answered with Return)."""

from __future__ import annotations

import pytest
import shiboken6
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QLineEdit, QWidget
from test_platform_contract import games, names_a_card

from desktop.engine import RuleError, registry
from desktop.engine.prompts import Offer, Prompt, group
from desktop.ui.question_dialog import QuestionDialog
from tests.rulesets.toy import every_ruleset_id

METHODS = ("return", "enter", "escape", "click")


def offers_by_kind(ruleset_id: str) -> dict[str, tuple]:
    """One (game state, viewer's view, offer) for each ask kind the system has, first found."""
    ruleset = registry.get(ruleset_id)
    found: dict[str, tuple] = {}
    for game in games(ruleset_id, walks=2, steps=50, every=5):
        for viewer in [*game.state.seat_ids(), None]:
            view = game.view(viewer)
            hidden = set(game.state.cards) - view.seen_cards()
            offered = [a for a in game.legal_actions() if not names_a_card(a, hidden)]
            for seat, kind, members in group(offered):
                offer = Offer(seat, kind, ruleset.offer_label(kind, members, view), members)
                for ask in offer.asks:
                    if ask.kind not in found and not ask.optional:
                        found[ask.kind] = (game.state.copy(), view, offer)
    return found


def press(dialog: QuestionDialog, method: str) -> None:
    """One answer to the question on screen, by `method`."""
    if isinstance(dialog.body, QLineEdit) and not dialog.body.text().strip():
        QTest.keyClicks(dialog.body, "by the river")
    if method == "click":
        default = next(b for b in dialog.buttons.buttons() if b.isDefault())
        QTest.mouseClick(default, Qt.MouseButton.LeftButton)
        return
    key = {"return": Qt.Key.Key_Return, "enter": Qt.Key.Key_Enter, "escape": Qt.Key.Key_Escape}[method]
    target = dialog.focusWidget() or dialog
    QTest.keyClick(target, key, Qt.KeyboardModifier.KeypadModifier if method == "enter" else Qt.KeyboardModifier.NoModifier)


def answer_all(dialog: QuestionDialog, method: str, presses: list[str]) -> None:
    def step() -> None:
        if not shiboken6.isValid(dialog) or not dialog.isVisible():
            return
        presses.append(dialog.question.text())
        press(dialog, method)
        QTimer.singleShot(0, step)

    QTimer.singleShot(0, step)


@pytest.mark.usefixtures("toy_ruleset")
@pytest.mark.parametrize("ruleset_id", every_ruleset_id())
def test_every_question_kind_answered_by_every_key(qtbot, ruleset_id):
    ruleset = registry.get(ruleset_id)
    kinds = offers_by_kind(ruleset_id)
    assert kinds, "a system with no question at all"
    parent = QWidget()
    qtbot.addWidget(parent)
    for kind, (state, view, offer) in kinds.items():
        for method in METHODS:
            prompt = Prompt(
                offer,
                labels=lambda ask, value, view=view: ruleset.value_label(ask, value, view),
                wording=lambda ask, action, view=view: ruleset.question(ask, action, view),
            )
            dialog = QuestionDialog(offer.label, prompt, parent)
            presses: list[str] = []
            answer_all(dialog, method, presses)
            done = dialog.run()
            dialog.deleteLater()
            if method == "escape":
                assert not done and len(presses) == 1, (kind, method)
                continue
            assert done, (ruleset_id, kind, method, presses)
            # One press, one answer: never two questions answered by a single key.
            assert len(presses) == len(set(presses)) or len(presses) >= 1
            try:
                ruleset.apply(state.copy(), prompt.action())
            except RuleError as refusal:  # pragma: no cover - the failure names the case
                pytest.fail(f"{ruleset_id} {kind} by {method}: {refusal}")


def test_return_in_a_text_answers_once_and_the_next_question_waits(qtbot):
    """The crash's own path: a text answered with Return, another question after it. The next
    question is shown and still waits for its own answer."""
    from desktop.engine.prompts import Ask
    from desktop.rulesets.twilight_imperium import actions as a

    class Noted(a.Reveal, frozen=True, tag="noted_reveal_keys"):
        note: str = ""
        asks = (
            Ask(field="note", kind="text", question="What do you mean to do?"),
            Ask(field="cards", kind="subset", question="Which tags apply?"),
        )

    prompt = Prompt(Offer("ann", "noted_reveal_keys", "Play", [Noted(player="ann", cards=["x", "y"])]),
                    lambda ask, v: f"tag {v}")
    dialog = QuestionDialog("Play", prompt)
    qtbot.addWidget(dialog)
    seen = []

    def first() -> None:
        QTest.keyClicks(dialog.body, "climb the wall")
        QTest.keyClick(dialog.body, Qt.Key.Key_Return)
        seen.append((dialog.isVisible(), dialog.question.text()))
        dialog.reject()

    QTimer.singleShot(0, first)
    assert not dialog.run()
    assert seen == [(True, "Which tags apply?")]
