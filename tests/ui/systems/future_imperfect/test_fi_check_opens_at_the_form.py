"""The Master's check is shown in one place and asked in another: the Check panel's form (and the
Odds panel's chances of it) beside the table, and "Set a simple check" (its button, Ctrl+K), four
questions in the question dialog. A new user who pressed Return four times got a 13% check (the
Master himself, d4, skill 1, TN 7) in place of the 44% one the panels showed (Player 2, d8, skill
2, TN 7). Both open at the ruleset's draft of a check (`presentation.draft_check`), and the
questions follow the form as the Master edits it. Through the real window and dialog."""

from __future__ import annotations

from PySide6.QtCore import Qt

from desktop.engine import Game, GameSetup
from desktop.rulesets.future_imperfect import actions as a
from tests.ui.at_the_screen import person_at, real_window


def new_game() -> Game:
    return Game.new(GameSetup(ruleset="future-imperfect", players=["Player 1", "Player 2", "Player 3"], seed=3))


def extension(window):
    from desktop.ui.systems.future_imperfect.extension import Extension

    return window.host.findChild(Extension)


def the_form(window):
    return extension(window).panel.form


def set_a_simple_check(qtbot, window, session):
    """A click on "Set a simple check" in What can happen now, every question left as it opens."""
    button = next(b for b in window.actions.buttons if b.text().endswith("Set a simple check"))
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: session.game.state.check is not None, timeout=5000)
    return session.game.state.check


def test_return_four_times_sets_the_check_the_panels_show(qtbot):
    session, window = real_window(qtbot, new_game())
    person = person_at(qtbot, window)
    form = the_form(window)
    shown = form.action()
    assert isinstance(shown, a.SetCheck)
    assert shown.who == "player-2" != session.game.state.master  # a player's check, not the Master's own
    caption = extension(window).chart.caption.text()
    assert "for Player 2: 2d8 against TN 7" in caption  # the Odds panel's chances are of the same check
    check = set_a_simple_check(qtbot, window, session)
    person.stop()
    assert [answer.key for answer in person.answers] == ["return"] * 4
    assert [answer.shown for answer in person.answers] == [shown.who, shown.trait, shown.skill, shown.tn]
    assert (check.who, check.trait, check.skill, check.tn) == (shown.who, shown.trait, shown.skill, shown.tn)


def test_the_questions_open_at_the_form_as_the_master_edits_it(qtbot):
    session, window = real_window(qtbot, new_game())
    person = person_at(qtbot, window)
    form = the_form(window)
    form.who.setCurrentIndex(form.who.findData("player-3"))
    form.trait.setCurrentIndex(form.trait.findData(10))
    form.skill.setValue(4)
    form.tn.setValue(11)
    check = set_a_simple_check(qtbot, window, session)
    person.stop()
    assert [answer.as_opened for answer in person.answers] == [True] * 4
    assert (check.who, check.trait, check.skill, check.tn) == ("player-3", 10, 4, 11)


def test_without_the_panel_the_questions_open_at_the_rulesets_draft():
    """A front end with no form (a phone, a test's asker): the same draft, from the ruleset."""
    from desktop.model import GameSession

    session = GameSession(new_game())
    offer = next(o for o in session.offers() if o.kind == "set_check")
    prompt = session.prompt(offer)
    opened = []
    while (question := prompt.next()) is not None:
        opened.append(question.initial)
        prompt.answer(question.initial)
    assert opened == ["player-2", 8, 2, 7]
    assert prompt.action() == a.SetCheck(player="player-1", who="player-2", trait=8, skill=2, tn=7)
