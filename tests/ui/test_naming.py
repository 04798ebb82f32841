"""How the window names a game to people (desktop/ui/naming.py): the words are the window's, the
data the model's."""

from __future__ import annotations

import datetime

from desktop.ui.naming import display_name, when, window_title

TITLE = "A system's title"


def test_last_played_reads_as_people_say_it():
    now = datetime.datetime(2025, 6, 18, 15, 0).timestamp()  # a Wednesday

    def at(*moment) -> str:
        return when(datetime.datetime(*moment).timestamp(), now)

    assert at(2025, 6, 18, 9, 5) == "Today, 09:05"
    assert at(2025, 6, 17, 21, 40) == "Yesterday, 21:40"
    assert at(2025, 6, 14, 18, 0) == "Saturday, 18:00"
    assert at(2025, 3, 3, 18, 30) == "3 March, 18:30"
    assert at(2024, 12, 24, 20, 0) == "24 December 2024"


def test_the_window_title_names_the_game_or_its_players_and_the_system():
    assert window_title("", ["Ann", "Bo", "Cy"], TITLE) == f"Ann, Bo, Cy \u2014 {TITLE} \u2014 Action Deck"
    assert window_title("Friday", ["Ann"], TITLE) == f"Friday \u2014 {TITLE} \u2014 Action Deck"
    assert window_title("Friday", ["Ann"], TITLE, read_only=True) == (
        f"Friday (read-only copy) \u2014 {TITLE} \u2014 Action Deck")
    assert "\x1b" not in window_title("a\x1bb", [], TITLE)


def test_a_game_is_named_by_its_name_or_else_its_players_cut_to_a_line():
    assert display_name("", ("Ann", "Bo", "Cy")) == "Ann, Bo, Cy"
    assert display_name("Campaign", ("Ann",)) == "Campaign"
    assert len(display_name("x" * 300, ())) == 80
