"""The new-game wizard's seats page says which seat has a part of its own, beside that seat, in
the system's words (issue 29: a solo Tempo player learned that the GM is the last seat only on the
options page, and went back; nobody was told that Future Imperfect's first seat is the Master).
The part follows the seats added and removed and the option that gives it, and it is the part the
game then gives that seat. "Players use their phones" says what it does under the box."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication, QComboBox

from desktop.engine import registry
from desktop.ui.wizard import NewGameWizard


def seats_wizard(qtbot, system_id: str) -> NewGameWizard:
    wizard = NewGameWizard(systems=[registry.get(system_id)])
    qtbot.addWidget(wizard)
    wizard.show()
    wizard.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is wizard)
    wizard.next()
    assert wizard.currentPage() is wizard.seats_page
    return wizard


def parts(wizard: NewGameWizard) -> dict[int, str]:
    """The parts the seats page shows, by seat number (1 for the first), as a player sees them."""
    page = wizard.seats_page
    return {number: row.role.text() for number, row in enumerate(page.rows, start=1) if row.role.isVisibleTo(page)}


def name(wizard: NewGameWizard, *names: str) -> None:
    for row, typed in zip(wizard.seats_page.rows, names):
        row.name.setText(typed)
        row.name.textEdited.emit(typed)  # as typing does


# The systems whose rules give one seat a part, the seat it falls to at 3 seats, and the game's
# own record of it (the state the engine sets up from the wizard's choices).
PARTS = [
    ("tempo", 3, "game master", lambda state: state.gm),
    ("future-imperfect", 1, "Master", lambda state: state.master),
    ("price-of-power", 1, "first player", lambda state: state.first),
]


@pytest.mark.parametrize("system_id, seat, words, of_game", PARTS, ids=[part[0] for part in PARTS])
def test_the_seat_with_a_part_says_so_and_the_game_gives_it_that_part(qtbot, system_id, seat, words, of_game):
    wizard = seats_wizard(qtbot, system_id)
    assert list(parts(wizard)) == [seat]
    assert words in parts(wizard)[seat]
    name(wizard, "Ann", "Bo", "Cy")
    assert wizard.validateCurrentPage(), wizard.seats_page.problem.text()
    wizard.next()
    assert wizard.validateCurrentPage(), wizard.options_page.problem.text()
    game = wizard.new_game().game
    assert of_game(game.state) == game.state.seat_ids()[seat - 1]


@pytest.mark.parametrize("system_id", ["twilight-imperium", "worlds-that-remember"])
def test_a_system_whose_seats_are_alike_shows_no_part(qtbot, system_id):
    wizard = seats_wizard(qtbot, system_id)
    wizard.seats_page.add_seat()
    assert parts(wizard) == {}


def test_tempos_game_master_moves_with_the_last_seat_as_seats_are_added_and_removed(qtbot):
    wizard = seats_wizard(qtbot, "tempo")
    page = wizard.seats_page
    page.add_seat()
    assert list(parts(wizard)) == [4]
    page.remove_seat(page.rows[0])
    page.remove_seat(page.rows[0])
    assert list(parts(wizard)) == [2]
    assert "let the app play this seat" in parts(wizard)[2]


def test_tempos_game_master_follows_the_option_that_names_it_and_a_rename(qtbot):
    wizard = seats_wizard(qtbot, "tempo")
    name(wizard, "Ann", "Bo", "Cy")
    wizard.next()
    wizard.options_page.controls["gm"].findChild(QComboBox).setCurrentText("Ann")
    wizard.back()
    assert wizard.currentPage() is wizard.seats_page
    assert list(parts(wizard)) == [1]
    name(wizard, "Anna")  # the option named Ann: the options page lets it go, the last seat is the GM
    assert list(parts(wizard)) == [3]
    wizard.next()
    assert wizard.validateCurrentPage(), wizard.options_page.problem.text()
    assert wizard.new_game().game.state.gm == "cy"


def test_the_master_alone_is_told_they_are_also_the_player(qtbot):
    wizard = seats_wizard(qtbot, "future-imperfect")
    page = wizard.seats_page
    page.remove_seat(page.rows[2])
    assert list(parts(wizard)) == [1]
    page.remove_seat(page.rows[1])
    assert list(parts(wizard)) == [1]
    assert "alone" in parts(wizard)[1]
    page.add_seat()
    assert "alone" not in parts(wizard)[1]


def test_players_use_their_phones_says_what_it_does_on_the_page(qtbot):
    wizard = seats_wizard(qtbot, "twilight-imperium")
    note = wizard.seats_page.phones_note
    assert note.isVisibleTo(wizard.seats_page)
    for words in ("own phone", "scan", "same Wi-Fi"):
        assert words in note.text()
