"""Another seat's zones sit together on the table with no heading but their first zone's title:
shortened to fit a narrow zone, it still names its seat, so two seats' rows never read alike
(Price of Power at 1280x720 showed "Player | drawn | ... | Player | drawn | ..." for Player 2
and Player 3)."""

from __future__ import annotations

import pytest
from at_the_screen import person_at, real_window
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from desktop.engine import Game, GameSetup


def names_its_seat(shown: str, name: str) -> bool:
    """Holds the seat's name whole, or cut in its middle keeping both ends ("Pl…2")."""
    if name in shown:
        return True
    head, _, tail = shown.partition("\u2026")
    return bool(head) and bool(tail) and name.startswith(head) and name.endswith(tail)


@pytest.mark.parametrize("seats", [3, 4, 6])
def test_each_other_seats_row_names_its_seat_at_1280x720(qtbot, seats):
    """A new game's setup draw, as the trial played it: Player 1 has drawn a card."""
    names = [f"Player {n}" for n in range(1, seats + 1)]
    game = Game.new(GameSetup(ruleset="price-of-power", players=names, seed=3))
    session, window = real_window(qtbot, game)
    person = person_at(qtbot, window)
    qtbot.mouseClick(next(button for button in window.actions.buttons
                          if button.text().endswith("Draw a card")), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(session.game.actions) == 1)
    person.stop()
    if window.curtain.isVisible():
        window.curtain.button.click()
    for _ in range(8):
        QApplication.processEvents()
    window.grab()  # paints the table: zone titles are fitted as they are drawn
    looking = session.viewer
    seen_first: dict[str, str] = {}
    for spec in window.table_view._table.zones:
        if spec.seat is None or spec.seat == looking or spec.seat in seen_first:
            continue
        seen_first[spec.seat] = window.table_view.zones[spec.zone].shown_title()
    assert len(seen_first) == seats - 1
    name_of = {seat.id: seat.name for seat in game.state.seats}
    for seat, shown in seen_first.items():
        assert names_its_seat(shown, name_of[seat]), f"{name_of[seat]}'s first zone reads {shown!r}"
    assert len(set(seen_first.values())) == len(seen_first), seen_first


def test_the_zone_naming_its_seat_keeps_the_name_in_every_shorter_form():
    from desktop.engine.presentation import title_parts
    from desktop.ui.table.zones import fit_title, parts_of

    def fit(parts, limit, keep=""):
        return fit_title(parts_of(parts, parts.text()), lambda text: len(text) <= limit, keep)

    other = title_parts("Player 2: 0 cards", " (1 ADM)")
    assert fit(other, 8) == "Player"  # the name's first word: every other seat's reads the same
    assert fit(other, 8, keep="Player 2") == "Player 2"
    assert fit(other, 20, keep="Player 2") == "Player 2: 0 cards"
    own = title_parts("hand", ": 3", owner="Bo's ")
    assert fit(own, 6, keep="Bo") == "Bo"  # never "hand: 3"
    assert fit(own, 1, keep="Bo") is None  # then its name is set smaller, or cut in its middle


def test_two_piles_whose_names_start_alike_never_shorten_to_the_same_words(qtbot):
    """Price of Power's "ADM deck" and "ADM discard" both read "ADM: ..." at 1280x720: a new player
    told to drop a card on the discard pile could not tell which was which."""
    from desktop.app import lesson_session
    from tests.ui.windows import shown

    session = lesson_session("price-of-power")  # where the first trial met it, at a laptop's size
    window = shown(qtbot, session, size=(1200, 660))
    for size in ((1200, 660), (1100, 620), (1000, 600)):
        window.resize(*size)
        qtbot.waitUntil(lambda: window.table_view.zones["deck:adm"].isVisible())
        window.table_view.viewport().grab()  # painted: the titles are fitted as they are drawn
        for kind in ("adm", "dip", "mil"):
            deck = window.table_view.zones[f"deck:{kind}"]._shown_title
            discard = window.table_view.zones[f"discard:{kind}"]._shown_title
            assert "deck" in deck and "disc" in discard and not discard.startswith(kind.upper() + ":"), (size, deck, discard)
    session.close()
