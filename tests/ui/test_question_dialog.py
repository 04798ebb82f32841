"""The one dialog that asks an action's questions, driven through its widgets."""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QCheckBox, QDialogButtonBox, QLineEdit, QListWidget
from table_helpers import give, started_game

from desktop.model import GameSession
from desktop.ui.question_dialog import QuestionDialog


def offer_of(session, kind):
    return next(offer for offer in session.offers() if offer.kind == kind)


def answer_when_shown(qtbot, dialog, steps):
    """Answers each question as a person would, once the dialog is on screen; a question left
    without an answer closes the dialog (and the test sees the action incomplete)."""
    import shiboken6

    def act():
        if not shiboken6.isValid(dialog) or (not steps and not dialog.isVisible()):
            return
        if dialog.isVisible():
            if not steps:
                dialog.reject()
                return
            steps.pop(0)(dialog)
        QTimer.singleShot(10, act)

    QTimer.singleShot(0, act)


def pick(label):
    def step(dialog):
        listing = dialog.body
        row = next(i for i in range(listing.count()) if listing.item(i).text() == label)
        listing.setCurrentRow(row)
        dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    return step


def press(button):
    return lambda dialog: dialog.buttons.button(button).click()


def test_a_card_then_a_target_then_the_confirmation_in_one_dialog(qtbot):
    game = started_game()
    give(game, "ann", "Spy")
    give(game, "ann", "Economic Initiative")
    session = GameSession(game)
    session.viewer = "ann"
    prompt = session.prompt(offer_of(session, "play"))
    dialog = QuestionDialog("Play an action card", prompt)
    qtbot.addWidget(dialog)
    asked = []
    steps = [
        lambda d: (asked.append(d.question.text()), pick("Spy")(d)),
        lambda d: (asked.append(d.question.text()), pick("Cy")(d)),
        lambda d: (asked.append(d.question.text()), press(QDialogButtonBox.StandardButton.Yes)(d)),
    ]
    answer_when_shown(qtbot, dialog, steps)

    assert dialog.run()

    action = prompt.action()
    assert action.type == "play" and action.target_player == "cy" and action.confirm
    assert asked[0] == "Which card?" and asked[1] == "Whom does it affect?"
    assert "Can it fully resolve now?" in asked[2]
    assert session.submit(action)


def test_saying_no_cancels_and_nothing_is_played(qtbot):
    game = started_game()
    give(game, "ann", "Spy")
    session = GameSession(game)
    session.viewer = "ann"
    prompt = session.prompt(offer_of(session, "play"))
    dialog = QuestionDialog("Play", prompt)
    qtbot.addWidget(dialog)
    answer_when_shown(qtbot, dialog, [pick("Bo"), press(QDialogButtonBox.StandardButton.No)])
    assert not dialog.run()
    assert prompt.cancelled and session.game.state.resolving is None


def test_a_required_text_cannot_be_left_empty(qtbot):
    from desktop.engine.prompts import Ask, Offer, Prompt
    from desktop.rulesets.twilight_imperium import actions as a

    class Noted(a.EndTurn, frozen=True, tag="noted_end_turn"):
        asks = (Ask(field="note", kind="text", question="What did you do?"),)

    prompt = Prompt(Offer("ann", "noted_end_turn", "End", [Noted(player="ann")]), lambda ask, v: str(v))
    dialog = QuestionDialog("End", prompt)
    qtbot.addWidget(dialog)
    seen = {}

    def type_it(d):
        ok = d.buttons.button(QDialogButtonBox.StandardButton.Ok)
        seen["empty"] = ok.isEnabled()
        d.findChild(QLineEdit).setText("  built a dock  ")
        seen["typed"] = ok.isEnabled()
        ok.click()

    answer_when_shown(qtbot, dialog, [type_it])
    assert dialog.run()
    assert seen == {"empty": False, "typed": True}
    assert prompt.action().note == "built a dock"


def test_a_subset_starts_all_ticked(qtbot):
    from desktop.engine.prompts import Ask, Offer, Prompt
    from desktop.rulesets.twilight_imperium import actions as a

    class Tagged(a.Reveal, frozen=True, tag="tagged_reveal"):
        asks = (Ask(field="cards", kind="subset", question="Which cards?"),)

    prompt = Prompt(Offer("ann", "tagged_reveal", "Show", [Tagged(player="ann", cards=["x", "y"])]),
                    lambda ask, v: f"card {v}")
    dialog = QuestionDialog("Show", prompt)
    qtbot.addWidget(dialog)

    def untick_y(d):
        boxes = d.findChildren(QCheckBox)
        assert all(box.isChecked() for box in boxes)
        next(box for box in boxes if box.text() == "card y").setChecked(False)
        d.buttons.button(QDialogButtonBox.StandardButton.Ok).click()

    answer_when_shown(qtbot, dialog, [untick_y])
    assert dialog.run()
    assert prompt.action().cards == ["x"]


def test_an_order_is_set_with_the_keyboard(qtbot):
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    game = started_game()
    session = GameSession(game)
    from desktop.engine import Game, GameSetup

    fresh = GameSession(Game.new(GameSetup(ruleset="twilight-imperium", players=["Ann", "Bo", "Cy"], seed=4)))
    prompt = fresh.prompt(offer_of(fresh, "set_initiative"))
    dialog = QuestionDialog("Initiative", prompt)
    qtbot.addWidget(dialog)
    shown = {}

    def reorder(d):
        listing = d.body.findChild(QListWidget)
        shown["hint"] = any("Ctrl+Up" in label.text() for label in d.body.findChildren(type(d.question)))
        listing.setCurrentRow(2)  # Cy
        QTest.keyClick(listing, Qt.Key.Key_Up, Qt.KeyboardModifier.ControlModifier)
        QTest.keyClick(listing, Qt.Key.Key_Up, Qt.KeyboardModifier.ControlModifier)
        QTest.keyClick(d, Qt.Key.Key_Return)

    answer_when_shown(qtbot, dialog, [reorder])
    assert dialog.run()
    assert prompt.action().order == ["cy", "ann", "bo"] and shown["hint"]
    del session


def test_a_long_choice_shows_ten_options_at_once_after_a_short_one(qtbot):
    """The dialog is laid out again for each question: a list of many options after one of few
    still shows ten of them (it showed four of fourteen), and scrolls to the rest."""
    from desktop.engine.prompts import Offer, Prompt
    from desktop.rulesets.tempo import actions as a

    legal = [a.Grant(player="gm", character=who, action=f"act{n}") for who in ("ann", "bo") for n in range(14)]
    prompt = Prompt(Offer("gm", "grant", "Grant an action", legal), labels=lambda ask, value: str(value))
    dialog = QuestionDialog("Grant an action", prompt)
    qtbot.addWidget(dialog)
    seen = {}

    def look(dialog):
        listing = dialog.body
        seen["rows"] = (listing.count(), listing.viewport().height() / listing.sizeHintForRow(0))
        dialog.reject()

    answer_when_shown(qtbot, dialog, [pick("ann"), look])
    dialog.run()
    count, rows = seen["rows"]
    assert count == 14 and rows >= 10
