"""Learn to play (issue 29), through the real start screen and the real window, for every system:
the start screen's entry starts the system's first game at once (the person at the learner's
seat, the app at every other), each step's words show over the table with its number, doing what
a step says through the real widgets (its offer's button, the real question dialog answered by a
person at the screen) moves to the next, the app takes the other seats' steps, and the practice
ends with its last sentence."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from desktop.app import lesson_session
from desktop.model import learning
from desktop.ui.start import StartDialog
from tests.ui.at_the_screen import NO, AtTheScreen
from tests.ui.windows import shown

SYSTEMS = ["twilight-imperium", "worlds-that-remember", "future-imperfect", "price-of-power", "tempo"]


def practice_of(session):
    """(the practices, the run, its steps, the learner) of the session's game."""
    game = session.game
    practices = game.ruleset.practices
    run = game.state.practice
    return practices, run, practices.scenarios[run.scenario].steps, practices.learner(game.state)


def learner_move(session):
    """The learner's legal action that completes the step expected now, or None (the step is
    another seat's, the app's to take, or every step is done)."""
    practices, run, steps, learner = practice_of(session)
    if run.step >= len(steps):
        return None
    state = session.game.state
    return next((act for act in session.game.legal_actions(learner)
                 if practices.matches(state, steps[run.step], act)), None)


def answering(target):
    """The person's answers for the move `target`: each question answered with the value the
    target holds in its field (a Yes/No as the target says); the rest as the dialog opens them."""
    def pick(asked):
        if asked.preface or not hasattr(target, asked.ask.field):
            return None
        value = getattr(target, asked.ask.field)
        if asked.ask.kind == "confirm":
            return None if value else NO
        if asked.ask.kind == "text":
            return value or None
        return value

    return pick


def click_offer_of(qtbot, window, target) -> str:
    """Clicks the button of the offer that holds `target`; its words."""
    offers = window.actions._offers
    place = next((i for i, offer in enumerate(offers) if target in offer.choices), None)
    assert place is not None, (target, [offer.label for offer in offers])
    button = window.actions.buttons[place]
    assert button.isVisible() and button.isEnabled()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    return button.text()


def started_from_the_start_screen(qtbot, system):
    """The start screen's Learn to play entry of `system`, clicked; the session the app opens."""
    dialog = StartDialog([], [], lessons=learning.lessons())
    qtbot.addWidget(dialog)
    entries = dialog.lesson_buttons
    assert set(entries) >= set(SYSTEMS)
    entry = entries[system]
    lesson = next(found for found in learning.lessons() if found.system == system)
    assert entry.text() == lesson.title and dialog.lessons.teaching[system].text() == lesson.teaches
    entry.click()
    assert dialog.choice == ("learn", system)
    return lesson_session(system)


@pytest.mark.parametrize("system", SYSTEMS)
def test_learn_to_play_walks_its_steps_in_the_real_window(qtbot, people, system):
    session = started_from_the_start_screen(qtbot, system)
    session.bot_pause_ms = 0
    practices, run, steps, learner = practice_of(session)
    assert set(session.app_seats) == set(session.game.state.seat_ids()) - {learner}
    assert session.game.state.practice is not None and len(session.game.actions) == 1  # started at once
    window = shown(qtbot, session, active=True)
    person = people(window, AtTheScreen())
    strip = window.practice_strip
    assert session.viewer == learner and strip.isVisible()
    scenario = practices.scenarios[run.scenario]
    assert 3 <= len(steps) <= 8

    taken = []
    for _ in range(4 * len(steps)):
        qtbot.waitUntil(lambda: run.step >= len(steps) or learner_move(session) is not None, timeout=10_000)
        if run.step >= len(steps):
            break
        number = run.step + 1
        qtbot.waitUntil(lambda n=number: f"Step {n} of {len(steps)}" in strip.where.text(), timeout=5_000)
        assert strip.said == steps[run.step].do
        target = learner_move(session)
        person.picks = answering(target)
        taken.append(click_offer_of(qtbot, window, target))
        qtbot.waitUntil(lambda n=number: run.step >= n, timeout=10_000)  # the step is done
    assert run.step == len(steps), taken
    qtbot.waitUntil(lambda: "Done" in strip.where.text(), timeout=5_000)
    assert strip.said == scenario.end and strip.isVisible()
    told = [line for line in session.game.log_for(learner) if line.startswith("Practice: ")]
    assert told[-1] == f"Practice: {scenario.end}"  # the log's last word of the practice, the app's moves after it
    session.close()


def test_the_start_screen_lists_learn_to_play_for_every_system(qtbot):
    dialog = StartDialog([], [], lessons=learning.lessons())
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.lessons.isVisible() and dialog.lessons.title() == "Learn to play"
    for system in SYSTEMS:
        entry = dialog.lesson_buttons[system]
        assert entry.isVisible() and entry.accessibleName().startswith("Learn to play ")


def test_a_start_screen_without_lessons_shows_no_learn_to_play(qtbot):
    dialog = StartDialog([], [])
    qtbot.addWidget(dialog)
    dialog.show()
    assert not dialog.lessons.isVisible() and dialog.lesson_buttons == {}


def test_the_start_screen_with_learn_to_play_fits_a_laptop_and_shows_what_each_entry_teaches(qtbot):
    """With a game to continue, a demo played and every entry, the start screen is no taller than a
    1280x720 screen's room (less a title bar), and each entry's line of what it teaches has the
    height it needs."""
    from desktop.app import session_for
    from desktop.engine.demo import demo_game
    from desktop.model import library

    session_for(demo_game("tempo"), demo=True).close()
    lesson_session("tempo").close()  # a game of its own, kept among the games to continue
    dialog = StartDialog(library.distinct(library.recent_games()), library.demo_systems(), lessons=learning.lessons())
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert dialog.games.topLevelItemCount() >= 1 and dialog.height() <= 660
    for system, words in dialog.lessons.teaching.items():
        assert words.isVisible() and words.height() >= words.heightForWidth(words.width()), system
        assert dialog.lesson_buttons[system].isVisible()


def test_actiondeck_learn_opens_a_systems_first_game_and_refuses_an_unknown_one_in_a_sentence(tmp_path):
    """`actiondeck --learn ID` (documented in README.md): the window opens on the lesson; an id no
    installed system has is one sentence and status 2, no traceback (with --smoke-test, which
    says it on the console rather than in a message box)."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", ACTIONDECK_DATA_DIR=str(tmp_path))

    def start(*args):
        return subprocess.run([sys.executable, "-m", "desktop.cli", *args], cwd=root, env=env, capture_output=True,
                              text=True, timeout=120, check=False)

    done = start("--learn", "future-imperfect", "--smoke-test")
    assert done.returncode == 0 and "smoke test passed" in done.stdout and "Learn to play" in done.stdout, done.stderr
    refused = start("--learn", "chess", "--smoke-test")
    assert refused.returncode == 2 and "Traceback" not in refused.stderr
    assert refused.stderr.strip().splitlines()[-1].startswith("actiondeck: ")


def test_a_practice_steps_rule_is_a_link_that_opens_the_rules_at_that_section(qtbot, people):
    """"(Rules: A simple check)" in a step read as a reference nobody could follow: it opens the
    Help window at that section, from the keyboard (Tab to the link, Return) as by a click."""
    session = started_from_the_start_screen(qtbot, "future-imperfect")
    window = shown(qtbot, session, active=True)
    people(window, AtTheScreen())
    strip = window.practice_strip
    qtbot.waitUntil(strip.isVisible)
    assert "(Rules: A simple check)" in strip.said and 'href="rule:A simple check"' in strip.words.text()

    strip.words.setFocus()
    qtbot.keyClick(strip.words, Qt.Key.Key_Tab)
    qtbot.keyClick(strip.words, Qt.Key.Key_Return)

    qtbot.waitUntil(lambda: window.menus.help.help_window is not None and window.menus.help.help_window.isVisible())
    helper = window.menus.help.help_window
    assert helper.page == "future-imperfect"
    shown_at = helper.reader.cursorForPosition(helper.reader.viewport().rect().topLeft()).block().text()
    assert "A simple check" in shown_at
    session.close()


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_button_a_practice_step_names_is_on_the_screen_with_those_words(qtbot, people, system):
    """"Or use its button" sent new players looking for a button on the card: a step names the
    button on the right by its words, and a button with those words is there, holding the move."""
    import re

    session = started_from_the_start_screen(qtbot, system)
    window = shown(qtbot, session, active=True)
    people(window, AtTheScreen())
    _practices, run, steps, _learner = practice_of(session)
    words = steps[run.step].do
    assert "its button)" not in words and "use its button" not in words
    named = re.search(r"click (?:its button on the right, )?(\w+: [^,.()]+)", words)
    if named is None:
        pytest.skip("the first step names no button")
    offers, buttons = window.actions._offers, window.actions.buttons
    said = [button.text().replace("&", "") for button in buttons]
    place = next((i for i, words in enumerate(said) if words == named.group(1)), None)
    assert place is not None, (named.group(1), said)
    assert buttons[place].isVisible() and learner_move(session) in offers[place].choices
    session.close()


def test_the_strip_says_which_steps_were_just_done_the_apps_included(qtbot, people):
    """Trials saw nothing say their move was taken, and Price of Power's strip went from step 1
    to step 3 (Bo's step, the app's): the strip's first line says the steps just done."""
    session = started_from_the_start_screen(qtbot, "price-of-power")
    session.bot_pause_ms = 0
    window = shown(qtbot, session, active=True)
    person = people(window, AtTheScreen())
    strip = window.practice_strip
    _practices, run, steps, _learner = practice_of(session)
    qtbot.waitUntil(lambda: f"Step 1 of {len(steps)}" in strip.where.text())
    assert "done" not in strip.where.text()

    target = learner_move(session)
    person.picks = answering(target)
    click_offer_of(qtbot, window, target)

    qtbot.waitUntil(lambda: run.step >= 2, timeout=10_000)
    qtbot.waitUntil(lambda: f"Step 3 of {len(steps)}" in strip.where.text(), timeout=10_000)
    assert strip.where.text().endswith("\u2713 steps 1 to 2 done")
    assert "steps 1 to 2 done" in strip.accessibleDescription()
    session.close()


def test_the_key_that_took_an_entry_does_not_take_the_next_entry_in_its_place(qtbot, people):
    """Twilight Imperium's first lesson by the keyboard: Space on "Resolve Economic Initiative"
    resolves it; the app's Spy comes, and the same button now reads "Let Spy resolve (no
    Sabotage)". The focus stayed on it, and Space again let the rival's card resolve against the
    lesson. The focus leaves an entry that is gone, so the key takes nothing the player did not see."""
    from PySide6.QtWidgets import QApplication

    session = started_from_the_start_screen(qtbot, "twilight-imperium")
    session.bot_pause_ms = 0
    practices, run, steps, learner = practice_of(session)
    window = shown(qtbot, session, active=True)
    person = people(window, AtTheScreen())
    target = learner_move(session)  # step 1: play Economic Initiative
    person.picks = answering(target)
    click_offer_of(qtbot, window, target)
    qtbot.waitUntil(lambda: run.step >= 1 and learner_move(session) is not None, timeout=10_000)
    resolve = window.actions.buttons[window.actions._offers.index(
        next(offer for offer in window.actions._offers if learner_move(session) in offer.choices))]
    assert resolve.text().startswith("Ann: Resolve")
    resolve.setFocus()
    qtbot.keyClick(resolve, Qt.Key.Key_Space)  # resolved; the app's Spy comes, aimed at Ann
    qtbot.waitUntil(lambda: run.step >= 3 and learner_move(session) is not None, timeout=10_000)
    made = len(session.game.actions)
    focus = QApplication.focusWidget()
    assert focus not in window.actions.buttons, focus.text()  # not on "Let Spy resolve", which it never chose
    qtbot.keyClick(focus or window, Qt.Key.Key_Space)
    assert len(session.game.actions) == made  # the key took nothing
    session.close()
