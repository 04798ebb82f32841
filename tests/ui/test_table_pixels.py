"""What the table shows on screen is what it paints afresh, after moves and after the screen
passes: the view paints every pixel it shows itself (opaque, with no fill under the felt), so
nothing painted before, a hand shown to the last seat among it, can stay in its pixels."""

from __future__ import annotations

from table_helpers import alike, give, started_game, table_on_screen, window_on

from desktop.rulesets.twilight_imperium import actions as a
from tests.benchmarks.window_timing import settle


def test_after_moves_and_a_hand_over_the_screen_holds_what_the_table_paints_afresh(qtbot):
    game = started_game()
    give(game, "ann", "Economic Initiative")
    give(game, "ann", "Sabotage")
    session, window = window_on(qtbot, game)  # Ann looks: her hand, face up, fills the bottom of the table
    settle()
    assert session.viewer == "ann" and alike(*table_on_screen(window))

    session.submit(a.EndTurn(player="ann"))  # Bo's turn: the curtain, then Bo looks
    settle()
    assert window.curtain.isVisible()
    window.curtain.button.click()
    settle()
    assert session.viewer == "bo"
    assert alike(*table_on_screen(window))
