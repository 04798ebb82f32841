"""A person, or the app at a level, chosen for a seat (`session.choose_app_seat(..., level=)`), with
the authority of "Played by the app": the seat itself hands itself over at the level it chose;
chosen by another it is asked of that seat, naming the level, and handed over at that level once
it says yes (never on another's answer); a seat the app plays changes level at anyone's choice (its
hand stays hidden: the table's bookkeeping, as taking it back); the autosave keeps the level."""

from __future__ import annotations

from desktop.engine import Game, GameSetup
from desktop.engine.levels import LEARNING, STANDARD
from desktop.model import opening
from desktop.storage.journal import resume


def session(qtbot):
    game = Game.new(GameSetup(ruleset="twilight-imperium", players=["Ann", "Bo", "Cy"], seed=5))
    made = opening.session_for(game, name="Levels")
    made.bot_pause_ms = 60_000  # the app waits while the test reads
    return made


def test_the_seat_itself_hands_itself_to_the_app_at_the_level_it_chose(qtbot):
    table = session(qtbot)
    assert table.choose_app_seat("ann", True, by="ann", level=LEARNING)
    assert table.app_seat_levels() == {"ann": LEARNING}
    assert resume(table.journal.path).app_seats == {"ann": LEARNING}  # the autosave's seat line
    table.close()


def test_another_seats_choice_is_asked_of_the_seat_naming_the_level(qtbot):
    table = session(qtbot)
    assert not table.choose_app_seat("bo", True, by="ann", level=LEARNING)
    assert "bo" not in table.app_seats
    asked = [q for q in table.open_questions("bo") if q.title == "Played by the app"]
    assert len(asked) == 1
    assert asked[0].text.startswith("Ann asked for the app to play Bo from now on at its learning level.")
    assert "choose \u201cA person\u201d for Bo to play Bo again" in asked[0].text
    assert not table.answer("ann", asked[0].id, True) and "bo" not in table.app_seats
    assert table.answer("bo", asked[0].id, True)
    assert table.app_seat_levels() == {"bo": LEARNING}
    table.close()


def test_the_standard_level_goes_unsaid(qtbot):
    table = session(qtbot)
    table.choose_app_seat("bo", True, by="ann")
    asked = [q for q in table.open_questions("bo") if q.title == "Played by the app"]
    assert asked[0].text.startswith("Ann asked for the app to play Bo from now on. Let the app play Bo?")
    table.close()


def test_a_seat_the_app_plays_changes_level_at_anyones_choice_and_is_taken_back(qtbot):
    table = session(qtbot)
    table.set_app_seat("cy", True, level=STANDARD)
    assert table.choose_app_seat("cy", True, by="ann", level=LEARNING)
    assert table.app_seat_levels() == {"cy": LEARNING}
    assert table.choose_app_seat("cy", True, by="bo", level=LEARNING)  # the same level: nothing to change
    assert table.app_seat_levels() == {"cy": LEARNING}
    assert table.choose_app_seat("cy", False, by="ann")
    assert table.app_seat_levels() == {}
    table.close()


def test_the_level_chosen_at_the_table_comes_back_with_the_game(qtbot):
    table = session(qtbot)
    table.choose_app_seat("ann", True, by="ann", level=LEARNING)
    path = table.journal.path
    table.close()
    again, warnings = opening.open_file(path)
    assert warnings == [] and again.app_seat_levels() == {"ann": LEARNING}
    again.close()
