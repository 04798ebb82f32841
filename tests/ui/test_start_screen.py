"""The start screen, the new-game wizard, opening autosaves and the window title.

No dialog is run modally here: the dialogs are built and their widgets driven directly.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QFileDialog,
    QGroupBox,
    QLineEdit,
    QPushButton,
)
from table_helpers import started_game

from desktop.app import open_session, session_for
from desktop.engine import Game, GameSetup
from desktop.engine.demo import demo_game
from desktop.model import library
from desktop.storage import recent, write_save
from desktop.storage.paths import saves_dir
from desktop.ui.main_window import MainWindow
from desktop.ui.start import StartDialog
from desktop.ui.wizard import NewGameWizard
from desktop.ui.wizard_seats import APP

TI = "twilight-imperium"
TITLE = "Twilight Imperium action cards"


def real_game(players=("Ann", "Bo", "Cy"), seed=21) -> Game:
    return Game.new(GameSetup(ruleset=TI, players=list(players), seed=seed))


def start_dialog(qtbot, **kwargs) -> StartDialog:
    dialog = StartDialog(library.distinct(library.recent_games()), library.demo_systems(), **kwargs)
    qtbot.addWidget(dialog)
    return dialog


def test_the_real_game_is_offered_first_after_a_demo_was_played(qtbot):
    real = session_for(real_game())
    action = real.game.legal_actions()[0]
    real.submit(action)
    real.close()
    for _ in range(2):  # two demos, as `actiondeck --demo` makes them, after the real game
        session_for(demo_game(TI), demo=True).close()

    dialog = start_dialog(qtbot)

    assert dialog.games.paths() == [real.journal.path]
    row = dialog.games.topLevelItem(0)
    assert [row.text(column) for column in (0, 1, 2, 4)] == ["Ann, Bo, Cy", "", TITLE, "1"]
    assert row.text(3).startswith("Today, ")
    assert dialog.demo_games.topLevelItemCount() == 1  # the older demo's journal was dropped
    assert dialog.demo_games.topLevelItem(0).text(1) == library.DEMO_NAME
    assert dialog.open_button.isDefault() and dialog.games.currentItem() is row

    dialog.open_button.click()

    assert dialog.result() == QDialog.DialogCode.Accepted
    assert dialog.choice == ("open", real.journal.path)


def test_enter_on_a_row_opens_that_game_and_only_one_is_selected_at_a_time(qtbot):
    older = session_for(real_game(seed=22))
    older.close()
    session_for(real_game(["Kim", "Lou"], seed=23), name="Friday").close()
    demo = session_for(demo_game(TI), demo=True)
    demo.close()
    dialog = start_dialog(qtbot)
    dialog.show()

    dialog.demo_games.setCurrentItem(dialog.demo_games.topLevelItem(0))
    assert not dialog.games.selectedItems() and dialog.selected_path() == demo.journal.path
    dialog.games.setCurrentItem(dialog.games.topLevelItem(1))
    assert not dialog.demo_games.selectedItems() and dialog.selected_path() == older.journal.path

    qtbot.keyClick(dialog.games, Qt.Key.Key_Return)

    assert dialog.choice == ("open", older.journal.path)  # not also the default button's choice


def test_every_control_has_a_name_and_is_reached_by_tab(qtbot):
    session_for(real_game()).close()
    session_for(demo_game(TI), demo=True).close()
    dialog = start_dialog(qtbot)
    dialog.show()
    qtbot.waitExposed(dialog)

    reached = []
    widget = dialog.games
    for _ in range(12):
        reached.append(widget)
        widget = widget.nextInFocusChain()
        while not (widget.focusPolicy() & Qt.FocusPolicy.TabFocus and widget.isVisible()):
            widget = widget.nextInFocusChain()
    controls = [dialog.games, dialog.open_button, dialog.demo_games, *dialog.demo_buttons.values(),
                dialog.new_button, dialog.file_button, dialog.quit_button]
    assert reached[: len(controls)] == controls
    assert all(control.accessibleName() for control in controls)
    assert dialog.games.accessibleName() == "Recent games" and dialog.demo_games.accessibleName() == "Demo games"


def test_with_no_games_yet_learning_comes_first_new_game_is_the_default_and_a_demo_can_be_tried(qtbot):
    from desktop.model import learning

    dialog = start_dialog(qtbot, lessons=learning.lessons())
    dialog.show()

    # Nothing to continue on a first start: no empty box, and Learn to play at the top, saying
    # what it is in words on the screen (new players took New game without it).
    assert not dialog.games.isVisible() and not dialog.empty.isVisible()
    assert dialog.lessons.isVisible() and dialog.lessons.lead.isVisible()
    assert "New to a game?" in dialog.lessons.lead.text()
    assert dialog.demo_note.isVisible() and "nothing is explained step by step" in dialog.demo_note.text()
    boxes = [box for box in dialog.findChildren(QGroupBox) if box.isVisible()]
    assert min(boxes, key=lambda box: box.y()) is dialog.lessons
    assert dialog.new_button.isDefault()
    dialog.demo_buttons[TI].click()
    assert dialog.choice == ("demo", TI)


def test_the_start_screen_fits_a_laptop_screen_with_every_demo_and_shows_a_demo_row_whole(qtbot):
    # Five systems' "Try a demo" buttons in one row made the dialog 1,400 pixels wide: on a
    # 1280x720 laptop its right edge (a demo, Open, Quit) was off the screen.
    session_for(demo_game(TI), demo=True).close()
    dialog = start_dialog(qtbot)
    dialog.show()
    qtbot.waitExposed(dialog)

    assert len(dialog.demo_buttons) == len(library.demo_systems()) >= 5
    assert dialog.minimumSizeHint().width() <= 1280 - 40
    assert dialog.width() <= 1280 - 40
    listing = dialog.demo_games
    row = listing.visualItemRect(listing.topLevelItem(0))
    assert row.height() > 0 and listing.viewport().rect().contains(row)  # not cut by the list's height


def test_new_game_runs_the_wizard_and_cancelling_it_keeps_the_start_screen(qtbot):
    made = object()

    class Wizard:
        def __init__(self, answer):
            self.answer = answer

        def exec(self):
            return self.answer

        def new_game(self):
            return made

    dialog = start_dialog(qtbot, make_wizard=lambda parent: Wizard(QDialog.DialogCode.Rejected))
    dialog.new_button.click()
    assert dialog.choice is None

    dialog.make_wizard = lambda parent: Wizard(QDialog.DialogCode.Accepted)
    dialog.new_button.click()
    assert dialog.choice == ("new", made)


def test_open_a_file_accepts_an_autosave_and_the_game_goes_on_in_that_journal(qtbot, monkeypatch):
    first = session_for(real_game(seed=24), name="Campaign")
    first.submit(first.game.legal_actions()[0])
    first.close()
    path = first.journal.path
    asked = {}

    def pick(parent, caption, folder, filters):
        asked["filters"] = filters
        return str(path), filters

    monkeypatch.setattr(QFileDialog, "getOpenFileName", pick)
    dialog = start_dialog(qtbot)
    dialog.file_button.click()
    assert "*.jsonl" in asked["filters"] and "*.json " in asked["filters"]
    assert dialog.choice == ("open", path)

    session = open_session(path)
    assert session.journal.path == path and session.name == "Campaign"
    assert session.game.state.step == 1
    session.submit(session.game.legal_actions()[0])
    session.close()
    assert recent.open_game(path).game.state.step == 2  # appended to the same journal
    assert len(list(path.parent.glob("*.jsonl"))) == 1


def test_the_game_menus_open_accepts_an_autosave_and_the_title_names_the_game(qtbot, monkeypatch):
    session = session_for(real_game(seed=25))
    session.close()
    window = MainWindow(session)
    qtbot.addWidget(window)
    assert window.windowTitle() == f"Ann, Bo, Cy \u2014 {TITLE} \u2014 Action Deck"

    other = session_for(real_game(seed=27))  # another game's autosave (this one's is open here)
    other.close()
    filters = []
    monkeypatch.setattr(
        QFileDialog, "getOpenFileName",
        lambda parent, caption, folder, chosen: (filters.append(chosen), (str(other.journal.path), ""))[1],
    )
    with qtbot.waitSignal(window.openRequested) as opened:
        window.files.open()
    assert "*.jsonl" in filters[0]
    assert opened.args == [str(other.journal.path)]

    save = saves_dir() / "friday.json"
    write_save(real_game(seed=26), save, "Friday night")
    window.set_session(open_session(save))
    assert window.windowTitle() == f"Friday night \u2014 {TITLE} \u2014 Action Deck"
    window.set_session(open_session(session.journal.path))
    assert window.windowTitle().startswith("Ann, Bo, Cy \u2014 ")


def test_app_seats_chosen_in_the_wizard_are_played_by_the_app_once_the_window_shows(qtbot):
    session = session_for(started_game(), app_seats=["bo", "cy"])  # Ann is to act
    session.bot_pause_ms = 0
    assert set(session.app_seats) == {"bo", "cy"} and session.pending_viewer is None
    window = MainWindow(session)
    qtbot.addWidget(window)
    window.show()
    # Ann is the only person: nobody to hide her hand from, so no curtain; her hand is shown.
    assert not window.curtain.isVisible() and session.viewer == "ann"
    session.close()


# ---- the wizard ------------------------------------------------------------------------------


@pytest.fixture
def wizard(qtbot):
    # Twilight Imperium only: other systems (and the tests' own) may be registered too.
    from desktop.engine import registry

    wizard = NewGameWizard(systems=[registry.get("twilight-imperium")])
    qtbot.addWidget(wizard)
    wizard.show()
    return wizard


def test_the_wizard_shows_each_systems_description_and_starts_with_empty_named_seats(wizard):
    assert wizard.system_page.list.currentItem().text() == TITLE
    assert "Twilight Imperium" in wizard.system_page.about.text()
    assert "2 to 8 players" in wizard.system_page.about.text()
    wizard.next()
    rows = wizard.seats_page.rows
    assert [row.name.text() for row in rows] == ["", "", ""]
    assert [row.name.placeholderText() for row in rows] == ["Player 1", "Player 2", "Player 3"]
    assert all(row.name.accessibleName() and row.player.accessibleName() for row in rows)


def test_a_refused_setup_is_explained_on_the_page_and_everything_typed_stays(wizard):
    wizard.next()
    page = wizard.seats_page
    names = ["Ann", "ann", "Cy"]
    for row, name in zip(page.rows, names):
        row.name.setText(name)
    page.rows[2].player.setCurrentText(f"{APP}: Standard")

    wizard.next()

    assert wizard.currentPage() is page
    assert page.problem.isVisible()
    assert page.problem.text() == "Two players have the same name; give each player a different one."
    assert [row.name.text() for row in page.rows] == names
    assert page.rows[2].player.currentText() == f"{APP}: Standard"

    page.rows[1].name.setText("Bo")
    wizard.next()
    assert wizard.currentPage() is wizard.options_page


def test_seats_can_be_added_and_removed_within_the_systems_range(wizard):
    wizard.next()
    page = wizard.seats_page
    page.rows[0].name.setText("Ann")
    page.rows[2].name.setText("Cy")
    page.rows[1].remove.click()
    assert [row.name.text() for row in page.rows] == ["Ann", "Cy"]
    assert [row.name.placeholderText() for row in page.rows] == ["Player 1", "Player 2"]
    assert not any(row.remove.isEnabled() for row in page.rows)  # two is the least
    for _ in range(10):
        page.add.click()
    assert len(page.rows) == 8 and not page.add.isEnabled()
    assert page.rows[7].name.accessibleName() == "Seat 8: player's name"


def test_the_wizard_returns_the_setup_its_options_and_the_app_seats(wizard):
    wizard.next()
    seats = wizard.seats_page
    seats.rows[0].name.setText("Ann")
    seats.rows[1].name.setText("Bo")
    seats.rows[1].player.setCurrentText(f"{APP}: Learning")  # seat 3 is left empty: "Player 3"
    wizard.next()
    options = wizard.options_page
    agenda = options.controls["agenda"]
    limit = options.controls["hand_limit"]
    assert isinstance(agenda, QComboBox) and agenda.currentText() == "on"
    assert isinstance(limit, QLineEdit) and limit.text() == "7"
    assert limit.toolTip().startswith("The most action cards a player may hold")
    assert limit.accessibleName() == "Hand limit"
    # An edition kept only for replaying old saves is not a choice for a new game.
    assert not [c for c in options.controls.values() if c.accessibleName() in ("Card rules", "Rules edition")]
    agenda.setCurrentText("off")
    limit.setText("55")
    # Options that name players offer the players: a box each, or a list with "nobody" first.
    motivator = options.controls["neural_motivator"]
    assert [box.text() for box in motivator.findChildren(QCheckBox)] == ["Ann", "Bo", "Player 3"]
    next(box for box in motivator.findChildren(QCheckBox) if box.text() == "Ann").setChecked(True)
    yssaril = options.controls["yssaril"].findChild(QComboBox)
    assert [yssaril.itemText(i) for i in range(yssaril.count())] == ["nobody", "Ann", "Bo", "Player 3"]

    assert not wizard.validateCurrentPage()
    assert options.problem.text() == "The option hand_limit must be a whole number from 0 to 30."
    assert motivator.text() == "Ann" and limit.text() == "55"  # nothing typed is lost

    limit.setText("5")
    assert wizard.validateCurrentPage()
    made = wizard.new_game()
    assert made.setup.players == ["Ann", "Bo", "Player 3"]
    assert made.setup.ruleset == TI and made.setup.seed == wizard.seed
    assert made.setup.options["agenda"] == "off" and made.setup.options["hand_limit"] == "5"
    assert made.setup.options["neural_motivator"] == "Ann"
    assert made.app_seats == {"bo": "learning"}
    assert made.game.setup == made.setup


def test_going_back_keeps_the_names_and_the_options(wizard):
    wizard.next()
    wizard.seats_page.rows[0].name.setText("Ann")
    wizard.next()
    wizard.options_page.controls["hand_limit"].setText("4")
    wizard.back()
    assert wizard.seats_page.rows[0].name.text() == "Ann"
    wizard.next()
    assert wizard.options_page.controls["hand_limit"].text() == "4"
    buttons = [b for b in wizard.findChildren(QPushButton) if b.isVisible()]
    assert any(b.text().replace("&", "") == "Start the game" for b in buttons)


def test_the_wizard_starts_a_game_with_a_deck_file_read_as_its_system_reads_it(qtbot, tmp_path):
    import json

    from desktop.engine import registry
    from desktop.rulesets.worlds_that_remember import decks
    from desktop.rulesets.worlds_that_remember.cards import characters

    wtr = registry.get("worlds-that-remember")
    deck = {**json.loads(decks.export_text(characters()[0])), "name": "Maud"}
    good = tmp_path / "maud.json"
    good.write_text(json.dumps(deck))
    wizard = NewGameWizard(systems=[wtr])
    qtbot.addWidget(wizard)
    wizard.show()
    wizard.next()
    wizard.seats_page.rows[0].name.setText("Ann")
    wizard.next()
    options = wizard.options_page

    options.deck_path.setText(str(tmp_path / "missing.json"))
    assert not wizard.validateCurrentPage()
    assert "missing.json" in options.problem.text()
    assert options.deck_path.text().endswith("missing.json")  # what was typed stays

    options.deck_path.setText(str(good))
    assert wizard.validateCurrentPage(), options.problem.text()
    made = wizard.new_game()
    assert made.game.state.characters["ann"].name == "Maud"


def test_a_long_game_is_read_and_replayed_while_the_window_keeps_painting(qtbot, tmp_path, monkeypatch):
    """Opening 10,000 actions: the replay (and the new autosave's writing) runs on a worker
    thread; the UI thread's events go on (a timer of the window keeps firing) and the game comes
    back whole."""
    import random
    import threading

    from PySide6.QtCore import QTimer

    from desktop.engine import Game, GameSetup
    from desktop.storage.journal import Journal
    from desktop.storage.savefile import save_bytes

    game = Game.new(GameSetup(ruleset="twilight-imperium", players=["Ann", "Bo", "Cy"], seed=2))
    picker = random.Random(4)
    while len(game.actions) < 10_000:
        # Never the players' own end of the session: the game must reach 10,000 actions.
        game.apply(picker.choice([a for a in game.legal_actions() if not getattr(type(a), "ends", False)]))
    path = tmp_path / "long.json"
    path.write_bytes(save_bytes(game, "Long"))
    beats = []
    heart = QTimer()
    heart.timeout.connect(lambda: beats.append(1))
    heart.start(0)
    writers = []
    real_start = Journal.start.__func__
    monkeypatch.setattr(Journal, "start", classmethod(
        lambda cls, *args, **kwargs: writers.append(threading.current_thread()) or real_start(cls, *args, **kwargs)))
    session = open_session(path)
    heart.stop()
    assert beats, "the UI thread waited without handling its events"
    assert len(session.game.actions) == 10_000 and session.game.state == game.state
    # The save goes on in a new autosave holding its 10,000 actions, written off the UI thread too.
    assert writers and threading.main_thread() not in writers
    assert session.journal is not None and len(session.journal.path.read_bytes().splitlines()) == 10_001
    session.close()


def test_the_wizard_names_the_file_as_its_system_does_and_starts_a_tempo_encounter_from_it(qtbot, tmp_path):
    import json

    from desktop.engine import registry

    tempo = registry.get("tempo")
    wizard = NewGameWizard(systems=[tempo])
    qtbot.addWidget(wizard)
    wizard.show()
    wizard.next()
    wizard.seats_page.rows[0].name.setText("Ann")
    wizard.seats_page.rows[1].name.setText("Bo")
    wizard.next()
    options = wizard.options_page
    assert options.deck_label.text() == "Encounter file (optional):"
    assert options.deck_path.accessibleName() == "Encounter file"

    broken = tmp_path / "orcs.json"
    broken.write_text(json.dumps({"system": "tempo", "characters": [{"name": "Orc", "player": "npc", "hp": "lots"}]}))
    options.deck_path.setText(str(broken))
    assert not wizard.validateCurrentPage()
    assert "Orc" in options.problem.text()  # one sentence naming the character

    from pathlib import Path

    sample = Path(__file__).resolve().parents[2] / "resources" / "tempo" / "sample-encounter.json"
    options.deck_path.setText(str(sample))
    assert wizard.validateCurrentPage(), options.problem.text()
    made = wizard.new_game()
    assert {char.name for char in made.game.state.characters} == {"Ann", "Bo", "Orc", "Goblin"}


def test_the_game_starts_from_the_first_page_with_the_usual_table_and_the_rules_as_written(qtbot):
    """New players read the seats and options pages before any move (a minute and more); "Start
    the game" is offered from the first page: the usual seats, all people, every option at its
    default. Return still goes on to the next page."""
    from PySide6.QtWidgets import QWizard

    from desktop.engine import registry
    from desktop.model import new_game as opening

    tempo = registry.get("tempo")
    wizard = NewGameWizard(systems=[registry.get("twilight-imperium"), tempo])
    qtbot.addWidget(wizard)
    wizard.show()
    wizard.system_page.list.setCurrentRow(1)
    assert "3 players at this screen" in wizard.system_page.quick.text()
    assert "Player 3: The game master (GM)" in wizard.system_page.quick.text()  # whose seat is whose
    start = wizard.button(QWizard.WizardButton.FinishButton)
    assert start.isVisible() and start.isEnabled() and not start.isDefault()
    assert wizard.button(QWizard.WizardButton.NextButton).isDefault()

    qtbot.mouseClick(start, Qt.MouseButton.LeftButton)

    assert wizard.result() == QDialog.DialogCode.Accepted
    made = wizard.new_game()
    assert made.setup.ruleset == "tempo" and made.setup.players == ["Player 1", "Player 2", "Player 3"]
    assert made.setup.options == opening.default_options(opening.system("tempo")) and made.app_seats == {}


def test_the_game_starts_from_the_seats_page_with_the_app_seats_chosen_and_default_options(qtbot):
    from PySide6.QtWidgets import QWizard

    from desktop.engine import registry

    wizard = NewGameWizard(systems=[registry.get("twilight-imperium")])
    qtbot.addWidget(wizard)
    wizard.show()
    wizard.next()
    seats = wizard.seats_page
    seats.rows[0].name.setText("Ann")
    seats.rows[1].player.setCurrentIndex(seats.rows[1].player.count() - 1)  # the app, at a level
    level = seats.rows[1].level()

    qtbot.mouseClick(wizard.button(QWizard.WizardButton.FinishButton), Qt.MouseButton.LeftButton)

    assert wizard.result() == QDialog.DialogCode.Accepted
    made = wizard.new_game()
    assert made.setup.players == ["Ann", "Player 2", "Player 3"] and made.app_seats == {"player-2": level} and level
