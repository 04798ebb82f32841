"""Tempo Combat's bookkeeping from the window. Counts changed by hand through the seats' "Change
counts" buttons: a player keeps their own character's, the GM an NPC's (asked which one first),
and nobody another seat's; the GM's change to an NPC reaches the players' log without its value.
And the Turn menu's "Other actions...": the GM's grants and forced Exertion, an event declared in
words."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QPushButton

from tests.rulesets.tempo.helpers import new, plans, st, take
from tests.ui.at_the_screen import AtTheScreen, real_window


def change_button(window, name: str) -> QPushButton:
    return next(b for b in window.seats.findChildren(QPushButton) if b.accessibleName() == f"Change {name}'s counts")


def look(window, session, seat: str) -> None:
    session.request_viewer(seat)
    window.curtain.button.click()
    QApplication.processEvents()
    assert session.viewer == seat


def log_read(window) -> str:
    """The log as the next person to look reads it: behind the curtain it is an empty page (nobody
    reads there), so the curtain is lifted first when it is up."""
    if window.curtain.isVisible():
        assert window.log.toPlainText() == ""
        window.curtain.button.click()
        QApplication.processEvents()
    return window.log.toPlainText()


def test_a_player_changes_their_own_characters_hp_and_only_theirs(qtbot):
    session, window = real_window(qtbot, new())
    assert session.viewer == "ann"
    assert change_button(window, "Ann").isVisible()
    assert not change_button(window, "Bo").isVisible() and not change_button(window, "GM").isVisible()
    person = AtTheScreen(counts={"HP": "7", "Exertion": "5"})  # Exertion typed above what it may be
    qtbot.mouseClick(change_button(window, "Ann"), Qt.MouseButton.LeftButton)
    person.stop()
    assert person.dialogs == ["Ann: counts"]
    # Exertion is only lowered by hand (a Rest): the dialog cannot raise it.
    assert session.game.state.value("ann", "exertion") == 0
    assert session.game.state.value("ann", "hp") == 7
    assert "HP 7/12" in window.table_view.zones["timeline:ann"].title
    assert "Ann sets Ann's HP to 7." in window.log.toPlainText()


def test_the_gm_picks_an_npc_and_the_players_read_that_a_count_changed_not_its_value(qtbot):
    session, window = real_window(qtbot, new())
    look(window, session, "gm")
    person = AtTheScreen({"Whose counts?": "Goblin"}, counts={"HP": "3"})
    qtbot.mouseClick(change_button(window, "GM"), Qt.MouseButton.LeftButton)
    person.stop()
    assert person.questions == [("Whose counts?", ["Orc", "Goblin"])]
    assert person.dialogs == ["Goblin: counts"]
    assert st(session.game).value("goblin", "hp") == 3
    assert "sets Goblin's HP to 3" in window.log.toPlainText()
    look(window, session, "bo")
    log = window.log.toPlainText()
    assert "corrects a count of Goblin" in log and "to 3" not in log
    assert not change_button(window, "GM").isVisible()


def test_nobody_changes_counts_while_the_table_is_covered(qtbot):
    session, window = real_window(qtbot, new())
    session.request_viewer("bo")
    assert window.curtain.isVisible()
    assert not any(change_button(window, name).isVisible() for name in ("Ann", "Bo", "GM"))


# ---- the Turn menu's "Other actions...": what the buttons leave out -----------------------------

NPC_PLANS = {"ann": ["quick_attack", "move"], "bo": ["help", "move"],
             "orc": ["help", "slow_attack"], "goblin": ["quick_attack", "move"]}


def other_actions(window):
    entry = window.menus.other_action
    assert entry is not None and entry.isVisible() and window.menus.turn.isEnabled()
    entry.trigger()


def test_the_gm_grants_a_free_action_at_a_chosen_tempo_from_other_actions(qtbot):
    game = plans(new(), NPC_PLANS)
    session, window = real_window(qtbot, game)
    look(window, session, "gm")
    assert st(game).phase == "count"
    picker = AtTheScreen({"Other actions: which one?": "Grant an action", "Which character?": "Bo", "Which action?": "Magic",
                          "Extra (it obeys the Unique Action Restriction) or Free?": "Free (ignores it)", "At which tempo?": "Tempo 8"})
    other_actions(window)
    picker.stop()
    first, options = picker.questions[0]
    assert first == "Other actions: which one?" and "Grant an action" in options and "Force Exertion" in options
    assert next(options for title, options in picker.questions if title == "Which character?") == ["Ann", "Bo", "Orc", "Goblin"]
    granted = [e for e in st(game).entries if e.character == "bo" and e.tag == "free"]
    assert granted and granted[0].tempo == 8 and granted[0].action == "magic"


def test_forced_exertion_of_three_from_other_actions_kills_a_character_past_the_maximum(qtbot):
    game = plans(new(), NPC_PLANS)
    session, window = real_window(qtbot, game)
    look(window, session, "gm")
    picker = AtTheScreen({"Other actions: which one?": "Force Exertion", "Which character?": "Bo", "How much Exertion?": "3"})
    other_actions(window)
    picker.stop()
    assert next(options for title, options in picker.questions if title == "How much Exertion?") == ["1", "2", "3"]
    assert st(game).character("bo").dead  # Bo's maximum is 2: forced past it (D13)
    assert "forces 3 Exertion on Bo" in log_read(window)


def test_a_player_with_nothing_else_to_do_is_told_so_in_words(qtbot):
    game = plans(new(), NPC_PLANS)
    session, window = real_window(qtbot, game)
    look(window, session, "ann")
    before = len(game.actions)
    person = AtTheScreen()
    other_actions(window)
    person.stop()
    assert len(game.actions) == before and person.questions == []
    assert window.problem.isVisible() and window.problem.text() == "Ann has nothing else to do now."


def test_the_other_actions_key_does_nothing_behind_the_curtain(qtbot):
    from PySide6.QtTest import QTest

    game = plans(new(), NPC_PLANS)
    session, window = real_window(qtbot, game)
    session.request_viewer("gm")
    assert window.curtain.isVisible()
    person = AtTheScreen(leave="Other actions: which one?")
    QTest.keyClick(window, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    QApplication.processEvents()
    assert person.questions == [] and not window.problem.isVisible()
    window.curtain.button.click()
    QTest.keyClick(window, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    person.stop()
    assert person.questions and person.questions[0][0] == "Other actions: which one?"


def test_an_event_in_words_is_declared_on_any_character_from_other_actions(qtbot):
    """An encounter's reaction may answer an event the app cannot see ("other"): the window
    declares it, its words asked only for it (a hit asks its damage, a skill roll nothing)."""
    game = plans(new(), NPC_PLANS)
    take(game, "ann", "quick_attack", weapon="Dagger", target="orc")  # Ann's turn is under way
    session, window = real_window(qtbot, game)
    look(window, session, "bo")
    picker = AtTheScreen({"Other actions: which one?": "Declare", "What happened?": "Something else",
                          "To whom?": "Goblin"}, words="A rope bridge gives way")
    other_actions(window)
    picker.stop()
    asked = [title for title, _ in picker.questions]
    assert "What happened, in words?" in asked and not any("Damage" in title for title in asked)
    assert "Declared by Bo: Goblin: A rope bridge gives way." in window.log.toPlainText()


def test_other_actions_is_also_a_button_under_what_can_happen_now_and_only_where_a_system_has_them(qtbot):
    game = plans(new(), NPC_PLANS)
    session, window = real_window(qtbot, game)
    look(window, session, "gm")
    button = window.actions.more
    assert button.isVisible() and button.isEnabled()
    picker = AtTheScreen({"Other actions: which one?": "Force Exertion", "Which character?": "Ann", "How much Exertion?": "1"})
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    picker.stop()
    assert "forces 1 Exertion on Ann" in log_read(window)
    session.request_viewer("ann")
    assert window.curtain.isVisible() and not button.isEnabled()  # nothing reaches the game under the curtain

    from desktop.engine import Game, GameSetup

    other, other_window = real_window(qtbot, Game.new(GameSetup(ruleset="twilight-imperium", players=["Ann", "Bo"], seed=3)))
    assert not other_window.actions.more.isVisible() and not other_window.menus.other_action.isVisible()
    assert other_window.menus.other_action.shortcut().isEmpty()  # hidden, its key does nothing either


def test_other_actions_says_in_the_systems_words_what_they_are(qtbot):
    """The entry's tooltip names Tempo Combat's unlisted actions in its own words, which come
    from its ruleset (`unlisted_hint`): the generic menus name no system."""
    session, window = real_window(qtbot, new())
    assert window.menus.other_action.toolTip() == (
        "Rarer actions the buttons leave out, with many possible values (a GM's grant, say)"
    )
