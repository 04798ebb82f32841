"""Worlds That Remember's dice panel: building a pool, the charts against the exact odds, rolling,
history, a narrow column, charts changed in place."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QListWidget, QPushButton

from desktop.rulesets.worlds_that_remember.dice import Die, Pool, pool_odds, roll
from desktop.ui import palette
from desktop.ui.charts import BarChart
from desktop.ui.systems.worlds_that_remember.dice_panel import DicePanel
from tests.ui.systems.worlds_that_remember.fresh_interpreter import run_spied

TAGS = [("tag Careful: Sneak", 6), ("support by Bo", 8)]


def drawn(qtbot, widget: DicePanel) -> None:
    """Waits for the charts: they show the pool's odds once icepool is in (loaded off the UI thread)."""
    qtbot.waitUntil(lambda: bool(widget.chart_values()), timeout=30_000)


@pytest.fixture
def panel(qtbot):
    widget = DicePanel(TAGS)
    qtbot.addWidget(widget)
    widget.resize(300, 1100)  # the dock's column on a laptop
    widget.show()
    qtbot.waitExposed(widget)
    drawn(qtbot, widget)
    return widget


def click(qtbot, button: QPushButton) -> None:
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def assert_charts_match(widget: DicePanel) -> None:
    odds = pool_odds(widget.pool())
    drawn = widget.chart_values()
    assert drawn["fate"] == {tier: float(chance) for tier, chance in odds.fate.items()}
    assert drawn["axes"] == {
        axis: {band: float(chance) for band, chance in bands.items()}
        for axis, bands in odds.bands.items()
    }


def test_clicking_dice_and_tags_builds_the_pool_and_the_charts_follow(panel, qtbot):
    assert panel.pool() == Pool()
    assert_charts_match(panel)
    assert panel.chart_values()["axes"] == {}
    with qtbot.waitSignal(panel.poolChanged) as changed:
        click(qtbot, panel.die_buttons[8])
    assert changed.args == [Pool([Die(8)])]
    click(qtbot, panel.die_buttons[8])
    click(qtbot, panel.die_buttons[4])
    click(qtbot, panel.tag_buttons[0])
    click(qtbot, panel.tag_buttons[1])
    assert panel.pool() == Pool([Die(8), Die(8), Die(4), Die(6, "tag Careful: Sneak"),
                                 Die(8, "support by Bo")])
    assert_charts_match(panel)
    drawn = panel.chart_values()["axes"]
    assert list(drawn) == ["COST", "CONTROL", "EFFECT"]
    assert drawn["EFFECT"]["high"] == pytest.approx(1 - (6 / 8) ** 3)  # three d8s: 1 - P(all <= 6)
    assert sum(drawn["EFFECT"].values()) == pytest.approx(1)
    for size in (6, 10, 12):
        click(qtbot, panel.die_buttons[size])
    assert_charts_match(panel)
    assert len(panel.chart_values()["axes"]) == 5


def test_remove_buttons_take_out_that_die_and_keep_the_keyboard_focus(panel, qtbot):
    panel.set_pool(Pool([Die(4), Die(8, "x"), Die(12)]))
    panel.set_mandatory([Die(4, "Dusk")])
    assert len(panel.remove_buttons) == 3  # the mandatory die has none
    assert panel.pool().dice[-1] == Die(4, "Dusk")
    click(qtbot, panel.remove_buttons[1])
    assert panel.pool() == Pool([Die(4), Die(12), Die(4, "Dusk")])
    assert panel.remove_buttons[1].hasFocus()
    assert_charts_match(panel)
    click(qtbot, panel.clear_button)
    assert panel.pool() == Pool([Die(4, "Dusk")])
    assert not panel.clear_button.isEnabled()
    assert_charts_match(panel)


def test_roll_asks_the_game_and_never_rolls_itself(panel, qtbot):
    panel.set_pool(Pool([Die(10, "tag Risky: Leap")]))
    panel.set_mandatory([Die(4, "Dusk")])
    with qtbot.waitSignal(panel.rollRequested) as asked:
        click(qtbot, panel.roll_button)
    assert asked.args == [Pool([Die(10, "tag Risky: Leap"), Die(4, "Dusk")])]
    assert panel.history.count() == 0
    assert panel.fate_result.text() == "Nothing rolled yet."


def test_show_roll_shows_every_die_and_adds_to_the_history(panel):
    pool = Pool([Die(8, "tag Forceful: Smash"), Die(8), Die(4, "Dusk")])
    state = 12345
    for number in (1, 2):
        state, rolled = roll(pool, state)
        panel.show_roll(rolled)
        assert panel.history.count() == number
        assert panel.fate_result.text() == f"Fate {rolled.fate}: {rolled.tier}"
        text = panel.dice_result.text()
        for die, face in rolled.dice:
            assert f"d{die.size} {face}" in text
        assert "(tag Forceful: Smash)" in text and "(Dusk)" in text
        assert f"EFFECT {rolled.axes['EFFECT']}:" in text
        line = panel.history.item(number - 1).text()
        assert line.startswith(f"{number}. Fate {rolled.fate} {rolled.tier}")
        assert f"COST {rolled.axes['COST']}" in line


def test_practice_mode_rolls_here_with_its_own_generator(qtbot):
    from desktop.engine import rng

    widget = DicePanel(practice_seed=99)
    qtbot.addWidget(widget)
    widget.set_pool(Pool([Die(6), Die(12)]))
    requested = []
    widget.rollRequested.connect(requested.append)
    with qtbot.waitSignal(widget.practiceRolled) as rolled:
        click(qtbot, widget.roll_button)
    assert rolled.args[0] == roll(widget.pool(), rng.seed_state(99))[1]
    click(qtbot, widget.roll_button)
    assert widget.history.count() == 2 and requested == []
    assert widget.roll_button.text().startswith("Practice roll")
    widget.set_practice(None)
    assert widget.roll_button.text().startswith("Roll")


def test_every_control_has_a_name_and_is_reached_by_tab(panel):
    panel.set_pool(Pool([Die(6), Die(8)]))
    controls = panel.findChildren(QPushButton) + panel.findChildren(QListWidget)
    assert controls
    for control in controls:
        assert control.accessibleName(), control.text() if isinstance(control, QPushButton) else control
        assert control.focusPolicy() & Qt.FocusPolicy.TabFocus
    chain, widget = set(), panel.die_buttons[4]
    for _ in range(200):
        chain.add(widget)
        widget = widget.nextInFocusChain()
    for control in [*panel.die_buttons.values(), *panel.tag_buttons, *panel.remove_buttons,
                    panel.roll_button, panel.history]:
        assert control in chain
    charts = panel.findChildren(BarChart)
    assert len(charts) == 2 and all(chart.accessibleName() for chart in charts)
    assert "Catastrophe" in panel.fate_chart.accessibleDescription()
    assert "EFFECT" in panel.axes_chart.accessibleDescription()


def test_text_is_large_even_under_a_style_sheet(qtbot):
    from PySide6.QtWidgets import QMainWindow

    window = QMainWindow()
    qtbot.addWidget(window)
    window.setStyleSheet("QPushButton:focus, QListWidget:focus { border: 3px solid black; }")
    widget = DicePanel(TAGS)
    window.setCentralWidget(widget)
    window.show()
    qtbot.waitExposed(window)
    for control in [widget.die_buttons[4], widget.tag_buttons[0], widget.history, *widget.remove_buttons]:
        assert control.font().pointSizeF() >= 12


def test_a_tag_of_a_bad_size_is_refused(qtbot):
    with pytest.raises(ValueError, match="4, 6, 8, 10 or 12 sides"):
        DicePanel([("tag Odd", 7)])


def test_the_charts_follow_a_theme_change(panel):
    panel.set_pool(Pool([Die(12)]))
    try:
        palette.use("dark")
        panel.hide()
        panel.show()
        assert_charts_match(panel)
    finally:
        palette.use("light")


def test_icepool_waits_until_the_panel_is_shown_and_no_chart_library_is_ever_loaded():
    done = run_spied(
        "from desktop.rulesets.worlds_that_remember.dice import Die\n"
        "from desktop.ui.systems.worlds_that_remember.dice_panel import DicePanel\n"
        "panel = DicePanel([('tag', 8)])\n"
        "panel.add_die(Die(8)); panel.tag_buttons[0].click(); panel.roll_button.click()\n"
        "assert importers == {}, importers\n"
        "assert panel.chart_values() == {}\n"
        "panel.show(); app.processEvents()\n"
        "deadline = time.monotonic() + 60\n"
        "while 'axes' not in panel.chart_values() and time.monotonic() < deadline:\n"
        "    app.processEvents(); time.sleep(0.01)\n"
        "assert panel.chart_values()['axes']['EFFECT']\n"  # both charts drawn at once
        "assert importers == {'icepool': 'odds-warm-up'}, importers\n"  # never on the UI thread
        "print('ok')\n"
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"


def test_the_demo_builds_a_sample_pool(qtbot):
    from desktop.ui.systems.worlds_that_remember.dice_panel_demo import demo

    widget = demo()
    qtbot.addWidget(widget)
    widget.show()
    qtbot.waitExposed(widget)
    drawn(qtbot, widget)
    assert len(widget.pool().dice) == 5 and widget.pool().dice[-1] == Die(4, "Dusk")
    widget.roll_button.click()
    assert widget.history.count() == 1
    assert_charts_match(widget)


def test_the_panel_fits_a_side_column_without_scrolling_sideways(qtbot):
    widget = DicePanel(TAGS + [("Opportunistic (An Old Song of the Drowned Market)", 12)])
    qtbot.addWidget(widget)
    widget.set_pool(Pool([Die(12, "Opportunistic (An Old Song of the Drowned Market)"), Die(4, "Dusk")]))
    widget.show_roll(roll(widget.pool(), 5)[1])
    assert widget.remove_buttons and widget.tag_buttons  # every row and button made
    assert widget.minimumSizeHint().width() <= 250  # a dock beside the table on a 1280-wide window


def test_the_charts_change_in_place_and_a_same_pool_changes_nothing(panel, qtbot, monkeypatch):
    charts = panel.findChildren(BarChart)
    for pool in ([Die(8)], [Die(8), Die(8), Die(12)], [Die(4), Die(6), Die(8), Die(10), Die(12)], [], [Die(10)]):
        panel.set_pool(Pool(pool))
        assert_charts_match(panel)
    assert panel.findChildren(BarChart) == charts
    # Setting the same pool again (the game refreshes at every action) repaints no chart.
    redrawn = []
    for chart in charts:
        monkeypatch.setattr(chart, "update", lambda *area, chart=chart: redrawn.append(chart))
    panel.set_pool(Pool([Die(10)]))
    panel.set_mandatory([])
    assert redrawn == []
    panel.set_pool(Pool([Die(12)]))  # the Fate d20's odds stay: only the Aspect chart changes
    assert redrawn == [panel.axes_chart]
