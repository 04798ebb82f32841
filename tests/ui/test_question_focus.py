"""The keyboard stays with the question on screen, from the first question to the last: the
field (or list) holds the focus, what is typed lands in it, Return and Enter answer, and the
question's words are all shown. Driven as a person at the window would: the window's asker
opens the real dialog, and every key goes to the widget holding the keyboard, nowhere else.

From its second question the dialog once left the keyboard nowhere (typing was lost), Return
did nothing (the new OK had lost its default), and a longer question was cut."""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QListWidget, QWidget
from table_helpers import give as give_ti
from table_helpers import started_game

from desktop.engine.prompts import Ask, Offer, Prompt
from desktop.model import GameSession
from desktop.ui.asker import Asker
from desktop.ui.question_dialog import QuestionDialog
from tests.rulesets.pop.helpers import give, new, power, said, to_actions

SCREEN = (1280, 720)


def keyboard() -> QWidget | None:
    return QApplication.focusWidget()


def key(which, modifier=Qt.KeyboardModifier.NoModifier) -> None:
    """A key pressed: it goes to the widget holding the keyboard, or is lost."""
    if keyboard() is not None:
        QTest.keyClick(keyboard(), which, modifier)


def typed(text: str) -> None:
    if keyboard() is not None:
        QTest.keyClicks(keyboard(), text)


def in_body(dialog: QuestionDialog, widget: QWidget | None) -> bool:
    """Whether the keyboard is on the question's own field (or a widget inside it)."""
    while widget is not None:
        if widget is dialog.body:
            return True
        widget = widget.parentWidget()
    return False


def whole_question_shown(dialog: QuestionDialog) -> bool:
    label = dialog.question
    inside = dialog.rect().contains(label.geometry())
    return inside and label.height() >= label.heightForWidth(label.width())


def walk_at_the_window(qtbot, title: str, prompt, steps: list) -> tuple[bool, list[dict]]:
    """Walks `prompt` through the window's asker over a 1280x720 window. At each question on
    screen, notes where the keyboard is and whether the question is whole, then runs the next
    step (keys only); a question with no step left is closed with Escape."""
    window = QWidget()
    window.resize(*SCREEN)
    qtbot.addWidget(window)
    window.show()
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    seen: list[dict] = []
    last = []
    walking = [True]

    def look() -> None:
        if not walking:
            return
        dialog = QApplication.activeModalWidget()
        if QApplication.activeWindow() is not dialog:
            dialog = None  # not yet on screen for a person: nothing is pressed before it is
        if isinstance(dialog, QuestionDialog) and shiboken6.isValid(dialog) and dialog.isVisible() \
                and last and last[-1] is dialog.buttons:
            seen[-1]["answered"] = False  # its step's keys went nowhere: closed, to end the test
            dialog.reject()
        elif isinstance(dialog, QuestionDialog) and shiboken6.isValid(dialog) and dialog.isVisible() \
                and dialog.buttons is not None:
            last.append(dialog.buttons)
            seen.append({
                "text": dialog.question.text(),
                "keyboard on the field": in_body(dialog, keyboard()),
                "whole": whole_question_shown(dialog),
                "fits": dialog.width() <= SCREEN[0] and dialog.height() <= SCREEN[1],
            })
            if steps:
                steps.pop(0)(dialog)
            else:
                key(Qt.Key.Key_Escape)
                if dialog.isVisible():
                    dialog.reject()
        QTimer.singleShot(5, look)

    QTimer.singleShot(0, look)
    try:
        return Asker(window).walk(title, prompt), seen
    finally:
        walking.clear()


def test_a_modifier_then_a_reason_by_keys_alone(qtbot):
    game = to_actions(new())
    card, = give(game, "ann", "dip-guarantee")  # 2 DIP
    session = GameSession(game)
    session.viewer = "ann"
    prompt = session.prompt(next(offer for offer in session.offers() if offer.kind == "play"))
    before = power(game, "ann", "dip")

    def modifier(_dialog):
        key(Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
        typed("-1")
        key(Qt.Key.Key_Return)

    def reason(_dialog):
        typed("an Idea")
        key(Qt.Key.Key_Enter, Qt.KeyboardModifier.KeypadModifier)

    done, seen = walk_at_the_window(qtbot, "Play a card", prompt, [modifier, reason])
    assert [step["keyboard on the field"] for step in seen] == [True, True]
    assert all(step["whole"] and step["fits"] for step in seen), seen
    assert done
    assert session.submit(prompt.action())
    assert power(game, "ann", "dip") == before - 1 and "an Idea" in said(game)


def choose_by_arrows(label: str):
    """Down (or Up) on the list holding the keyboard until `label` is chosen, then Return."""

    def step(dialog) -> None:
        listing = keyboard()
        if not isinstance(listing, QListWidget):
            return
        for _ in range(listing.count()):
            if listing.currentItem().text() == label:
                break
            key(Qt.Key.Key_Down)
        key(Qt.Key.Key_Return)

    return step


def test_a_card_then_a_seat_then_yes_by_keys_alone(qtbot):
    game = started_game()
    give_ti(game, "ann", "Spy")
    give_ti(game, "ann", "Economic Initiative")
    session = GameSession(game)
    session.viewer = "ann"
    prompt = session.prompt(next(offer for offer in session.offers() if offer.kind == "play"))
    done, seen = walk_at_the_window(
        qtbot, "Play an action card", prompt,
        [choose_by_arrows("Spy"), choose_by_arrows("Cy"), lambda _dialog: key(Qt.Key.Key_Return)],
    )
    assert [step["text"] for step in seen][:2] == ["Which card?", "Whom does it affect?"]
    assert [step["keyboard on the field"] for step in seen][:2] == [True, True]
    assert all(step["whole"] and step["fits"] for step in seen), seen
    assert done
    action = prompt.action()
    assert action.target_player == "cy" and action.confirm and session.submit(action)


LONG = ("A question as long as a card's own words, which a person must read to the end before "
        "answering: it names the card, what it needs on the board, and what happens when it is "
        "played, so nothing of it may be cut at the right or at the bottom of the dialog.")


def test_a_long_question_after_a_short_one_is_shown_whole_and_answered_by_return(qtbot):
    from desktop.rulesets.twilight_imperium import actions as a

    class Worded(a.Reveal, frozen=True, tag="worded_reveal_focus"):
        note: str = ""
        size: int = 0
        asks = (
            Ask(field="size", kind="number", low=0, high=9, question="How many?"),
            Ask(field="note", kind="text", question=LONG),
            Ask(field="cards", kind="subset", question=LONG + " " + LONG),
        )

    prompt = Prompt(Offer("ann", "worded_reveal_focus", "Play", [Worded(player="ann", cards=["x", "y"])]),
                    lambda ask, value: f"tag {value}")

    def number(_dialog):
        key(Qt.Key.Key_Up)
        key(Qt.Key.Key_Return)

    def words(_dialog):
        typed("over the wall")
        key(Qt.Key.Key_Return)

    def ticks(_dialog):
        key(Qt.Key.Key_Space)  # the first box, holding the keyboard, is unticked
        key(Qt.Key.Key_Return)

    done, seen = walk_at_the_window(qtbot, "Play", prompt, [number, words, ticks])
    assert [step["keyboard on the field"] for step in seen] == [True, True, True]
    assert [step["whole"] for step in seen] == [True, True, True], seen
    assert all(step["fits"] for step in seen)
    assert done
    action = prompt.action()
    assert (action.size, action.note, action.cards) == (1, "over the wall", ["y"])
