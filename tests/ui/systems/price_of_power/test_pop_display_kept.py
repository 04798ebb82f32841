"""Price of Power's "Display actions" column follows the seat looking (its own display first) by
changing the words of the lines it has: passing the screen makes no widget, and a kept button
uses the action it reads now."""

from __future__ import annotations

from PySide6.QtCore import Qt

from desktop.engine import Game, GameSetup
from tests.table_helpers import window_on


def two_displays():
    from tests.rulesets.pop.helpers import give, set_power, to_actions

    game = to_actions(Game.new(GameSetup(ruleset="price-of-power", players=["Ann", "Bo"], seed=7,
                                         options={"setup_draw": "off"})))
    (mint,) = give(game, "ann", "adm-royal-mint", zone="display")
    (spy,) = give(game, "bo", "dip-spy-network", zone="display")
    set_power(game, "ann", adm=5)
    return game, mint, spy


def column(window):
    from desktop.ui.systems.price_of_power.panel import DisplayBody

    return window.findChild(DisplayBody, "pop-display-actions")


def lines_of(body) -> list:
    items = (body.column.itemAt(index) for index in range(body.column.count()))
    return [item.widget() for item in items if item.widget() is not None]


def test_passing_the_screen_changes_the_lines_words_not_their_widgets(qtbot):
    game, mint, spy = two_displays()
    session, window = window_on(qtbot, game)
    body = column(window)
    assert session.viewer == "ann"
    before = lines_of(body)
    assert before[0].text() == "Ann's display"
    session.request_viewer("bo")
    window.curtain.button.click()
    assert session.viewer == "bo"
    after = lines_of(body)
    assert after[0].text() == "Bo's display"  # his own display first now
    assert {id(widget) for widget in after} == {id(widget) for widget in before}  # none made, none lost
    assert any(widget.text().startswith("Spy Network: ") for widget in after[:3])
    assert body.buttons[(mint, "Strike Coin")].objectName() == f"use:{mint}:Strike Coin"


def test_a_kept_button_uses_the_action_it_shows_now(qtbot):
    game, mint, _spy = two_displays()
    session, window = window_on(qtbot, game)
    session.request_viewer("bo")
    window.curtain.button.click()
    session.request_viewer("ann")
    window.curtain.button.click()  # Ann again: her Royal Mint's buttons at the top once more
    button = column(window).buttons[(mint, "Strike Coin")]
    assert button.isEnabled(), button.toolTip()
    made = len(session.game.actions)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(session.game.actions) > made)  # its question answered in the real dialog
    last = session.game.actions[-1]
    assert last.type == "use" and last.card == mint and last.action == "Strike Coin"
