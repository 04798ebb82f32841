"""Future Imperfect through the real main window: its card painter, the check panel (buttons, keys
1-5, clicks on a result of the card), the odds chart, a practice scenario to its end."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtGui import QImage, QMouseEvent, QPainter
from PySide6.QtWidgets import QApplication, QDockWidget, QPushButton

from desktop.engine import Game, GameSetup
from desktop.engine.demo import demo_game
from desktop.model import GameSession
from desktop.rulesets.future_imperfect.odds import view_odds
from desktop.ui.main_window import MainWindow
from desktop.ui.systems import future_imperfect as fi_ui
from desktop.ui.systems.future_imperfect.chart import percent
from desktop.ui.systems.future_imperfect.painter import geometry
from desktop.ui.table import faces

RULEBOOK = Path(__file__).resolve().parents[3] / "rulesets" / "fi" / "rulebook-deck.json"


def game(*stack, players=("Master", "Sid"), **options) -> Game:
    options = {key: str(value) for key, value in options.items()}
    if stack:
        options["stack"] = ",".join(map(str, stack))
    cards = json.loads(RULEBOOK.read_text())["cards"]
    return Game.new(GameSetup(ruleset="future-imperfect", players=list(players), seed=3, options=options, deck=cards))


@pytest.fixture
def table(qtbot, people):
    made = []

    def build(g: Game):
        session = GameSession(g)
        window = MainWindow(session)  # its own asker: the real question dialog
        people(window)  # a person at the screen answers it as it shows (tests/ui/at_the_screen.py)
        window.resize(1280, 760)
        window.show()
        qtbot.waitExposed(window)
        made.append(window)
        return session, window, fi_extension(window)

    return build


def click(qtbot, button) -> None:
    qtbot.waitUntil(button.isVisible, timeout=1000)  # a new button is shown by a queued call
    assert button.isEnabled(), button.text()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def offer(window, text: str) -> QPushButton:
    found = [b for b in window.actions.buttons if isinstance(b, QPushButton) and b.text() == text]
    assert found, [b.text() for b in window.actions.buttons]
    return found[0]


def row_button(extension, row: int) -> QPushButton:
    found = [b for b in extension.panel.buttons if b.text().startswith(f"{row} \u00b7 ")]
    assert len(found) == 1, [b.text() for b in extension.panel.buttons]
    return found[0]


def press_key(qtbot, window, key, until) -> None:
    """A key pressed over the table; a button's shortcut clicks it a moment later (animateClick)."""
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)  # shortcuts reach only the active window
    buttons = fi_extension(window).panel.buttons
    qtbot.waitUntil(lambda: all(button.isVisible() for button in buttons))  # shown by a queued call
    qtbot.keyClick(window.table_view, key)
    qtbot.waitUntil(until, timeout=2000)


def set_check(qtbot, extension, who: str, trait: int, skill: int, tn: int, effect: int = 0, row: int = 1) -> None:
    form = extension.panel.form
    form.who.setCurrentIndex(form.who.findData(who))
    form.trait.setCurrentIndex(form.trait.findData(trait))
    form.skill.setValue(skill)
    form.tn.setValue(tn)
    form.effect.setCurrentIndex(form.effect.findData(effect))
    form.effect_row.setValue(row)
    click(qtbot, form.set_button)


def card_items(window) -> list:
    return window.zone("drawn").cards


def click_cell(window, item, row: int, die: int) -> None:
    """A click on a cause cell of a card on the table, through the table's viewport."""
    width, height = item.size()
    cell = geometry_for(width, height).cells["cause"][row - 1][(4, 6, 8, 10, 12).index(die)]
    view = window.table_view
    point = view.mapFromScene(item.mapToScene(cell.center()))
    for kind, buttons in ((QEvent.Type.MouseButtonPress, Qt.MouseButton.LeftButton),
                          (QEvent.Type.MouseButtonRelease, Qt.MouseButton.NoButton)):
        local = QPointF(point)
        event = QMouseEvent(kind, local, view.viewport().mapToGlobal(local), Qt.MouseButton.LeftButton,
                            buttons, Qt.KeyboardModifier.NoModifier)
        QApplication.sendEvent(view.viewport(), event)


def geometry_for(width, height):
    from PySide6.QtCore import QRectF

    return geometry(QRectF(0, 0, width, height))


# ---- the card face ------------------------------------------------------------------------------------


def test_cards_are_painted_by_the_systems_painter_with_the_checks_cells_marked(qtbot, table):
    session, window, extension = table(game(34, 10))
    assert window.table_view.card_painters.face is fi_ui.paint_face  # this window's table, through the host
    set_check(qtbot, extension, "sid", 10, 2, 11)
    click(qtbot, extension.panel.step_button)
    item = card_items(window)[0]
    assert item.face.title == "Card 34" and item.size()[0] >= 120
    image = QImage(260, 366, QImage.Format.Format_ARGB32)
    image.fill(0)
    painter = QPainter(image)
    from PySide6.QtCore import QRectF

    assert fi_ui.paint_face(painter, QRectF(0, 0, 260, 366), item.face, item.look)
    painter.end()
    geo = geometry_for(260, 366)
    plain = image.pixelColor(geo.cells["cause"][4][0].topLeft().toPoint() + QPointF(3, 3).toPoint())
    outlined = image.pixelColor(geo.cells["cause"][1][3].topLeft().toPoint() + QPointF(2, geo.cells["cause"][1][3].height() / 2).toPoint())
    assert plain != outlined  # row 2 of d10, the exact cell, is outlined
    generic = faces.face_pixmap("x", item.face, 260, 366, 1.0)
    assert not generic.isNull()


def test_a_face_is_drawn_once_then_shown_again_until_its_check_or_the_theme_changes(qtbot, table, monkeypatch):
    import msgspec
    from PySide6.QtCore import QRectF

    from desktop.rulesets.future_imperfect.faces import read_face
    from desktop.ui import palette
    from desktop.ui.systems.future_imperfect import painter as fi_painter

    session, window, extension = table(game(34, 10))
    set_check(qtbot, extension, "sid", 10, 2, 11)
    click(qtbot, extension.panel.step_button)
    item = card_items(window)[0]
    drawn = []
    original = fi_painter._grid  # the grids: most of a face's drawing, once per face drawn

    def grid(painter, geo, data, which):
        if which == "cause":
            drawn.append(data)
        return original(painter, geo, data, which)

    monkeypatch.setattr(fi_painter, "_grid", grid)

    def picture(face) -> QImage:
        image = QImage(260, 366, QImage.Format.Format_ARGB32)
        image.fill(0)
        painter = QPainter(image)
        assert fi_ui.paint_face(painter, QRectF(0, 0, 260, 366), face, item.look)
        painter.end()
        return image

    first = picture(item.face)
    again = picture(item.face)
    assert again == first and len(drawn) <= 1  # the same card, marks and size: drawn at most once
    # The table repainted twice over draws no face again.
    window.table_view.viewport().repaint()
    drawn.clear()
    window.table_view.viewport().repaint()
    assert drawn == []
    # Another check's marks are another picture: the outlined cells follow the check. The card's
    # grids are not drawn again for it: the marks are drawn over the card's unmarked picture.
    unmarked = msgspec.structs.replace(read_face(item.face), mark=None)
    other = picture(msgspec.structs.replace(item.face, data=unmarked))
    assert other != first and drawn == []
    # A theme change draws the face again (faces stay light, as printed cards, in both themes).
    was = palette.theme()
    drawn.clear()
    palette.use("dark" if was == "light" else "light")
    try:
        assert picture(item.face) == first and drawn == [unmarked]
    finally:
        palette.use(was)


# ---- a check through the panel ---------------------------------------------------------------------------


def test_draw_choose_by_key_follow_the_chain_and_read_the_result(qtbot, table):
    session, window, extension = table(game(34, 10, bumps="on"))
    set_check(qtbot, extension, "sid", 10, 2, 11)
    assert session.game.state.check.tn == 11 and window.header.text() == "Sid: 2d10 against TN 11"
    # The odds of the check, before the draw, over the 54 cards of the deck.
    odds = view_odds(session.view())
    assert extension.odds_dock.isVisible()
    assert extension.chart.rows[0] == ("Success", float(odds.success), "green")
    outcomes = extension.chart.outcomes
    assert outcomes.values()[0] == [float(odds.success)] and outcomes.texts()[0] == [percent(odds.success)]
    assert f"Success {percent(odds.success)}" in outcomes.toolTip()

    click(qtbot, extension.panel.step_button)  # Draw the resolution card
    assert [item.face.title for item in card_items(window)] == ["Card 34"]
    assert [b.text() for b in extension.panel.buttons] == ["1 \u00b7 row 1: 7", "2 \u00b7 row 2: 10 (exceptional)"]
    assert extension.chart.caption.text() == "Before the draw, Sid's chances were:"

    refusals = []
    session.refused.connect(refusals.append)
    press_key(qtbot, window, Qt.Key.Key_4, lambda: bool(refusals))  # row 4 is past Sid's skill of 2
    assert session.game.state.check.phase == "choose" and "row" in refusals[0]
    assert window.problem.isVisible() and refusals[0] in window.problem.text()
    press_key(qtbot, window, Qt.Key.Key_2, lambda: session.game.state.check.phase == "extend")  # row 2: 10
    assert extension.panel.step_button.text() == "Draw an extension card"
    assert card_items(window)[0].accessible_text().startswith("Card 34 [row 2 taken, exceptional]: ")
    click(qtbot, extension.panel.step_button)
    # the completed check's cards go to the discard pile (the seed), its result stays shown
    assert card_items(window) == [] and window.zone("discard").count == 2
    assert extension.panel.result.text() == "Sid: success, 19 against TN 11 (2 bumps)."
    assert window.zone("drawn").title == "Success, 19 against TN 11 (2 bumps)"
    assert "Bumps: 2" in window.seats._boxes["sid"].info.text()


def test_a_click_on_a_result_of_the_card_takes_it_and_the_chain_of_three_cards(qtbot, table):
    session, window, extension = table(game(34, 11, 10, players=("Master", "Xenes"), bumps="on"))
    set_check(qtbot, extension, "xenes", 10, 4, 13)
    click(qtbot, extension.panel.step_button)
    click_cell(window, card_items(window)[0], 1, 8)  # not the trait's column: nothing
    assert session.game.state.check.phase == "choose"
    click_cell(window, card_items(window)[0], 2, 10)
    assert session.game.state.check.phase == "extend" and session.game.state.check.rows == [2]
    click(qtbot, extension.panel.step_button)  # card 11: 11, exceptional again
    assert "Exceptional: Xenes draws an extension card (21 so far)." == extension.panel.summary.text()
    click(qtbot, extension.panel.step_button)  # card 10: 9
    result = session.game.state.check.result
    assert (result.outcome, result.total, result.bumps) == ("success", 30, 4)
    assert card_items(window) == [] and window.zone("discard").count == 3  # discarded once completed
    assert any("the 11 in row 3 cannot be taken" in line for line in session.log_lines())


def test_several_exceptional_results_are_kept_after_seeing_the_extension_card(qtbot, table):
    session, window, extension = table(game(20, 21, 22, players=("Master", "Bo")))
    set_check(qtbot, extension, "bo", 4, 4, 30)
    click(qtbot, extension.panel.step_button)
    click(qtbot, row_button(extension, 4))
    click(qtbot, extension.panel.step_button)
    assert [b.text() for b in extension.panel.buttons] == ["1 \u00b7 row 1: 6", "4 \u00b7 row 4: 10, goes on"]
    press_key(qtbot, window, Qt.Key.Key_4, lambda: session.game.state.check.phase == "extend")
    assert session.game.state.check.rows == [4] and session.game.state.check.totals == [10]


def test_a_result_button_kept_from_the_last_choice_takes_this_ones_result(qtbot, table):
    """The result buttons are kept from choice to choice (new buttons at every step of a check
    cost more than new words on the same ones): a button shown again takes what it says now."""
    session, window, extension = table(game(20, 21, 22, players=("Master", "Bo")))
    set_check(qtbot, extension, "bo", 4, 4, 30)
    click(qtbot, extension.panel.step_button)
    first = row_button(extension, 4)
    click(qtbot, first)
    click(qtbot, extension.panel.step_button)
    again = row_button(extension, 4)
    assert again.text() == "4 \u00b7 row 4: 10, goes on" and again.isVisible()
    click(qtbot, again)
    assert session.game.state.check.phase == "extend" and session.game.state.check.rows == [4]


def test_a_complex_check_reads_its_victories_through_the_widgets(qtbot, table):
    session, window, extension = table(game(27, players=("Master", "Kayla")))
    set_check(qtbot, extension, "kayla", 8, 4, 7, effect=10, row=3)
    assert [label for label, _, _ in extension.chart.rows][:3] == ["Success", "Critical failure", "Failure"]
    assert any(label.endswith("victories") or label.endswith("victory") for label, _, _ in extension.chart.rows)
    click(qtbot, extension.panel.step_button)
    click(qtbot, row_button(extension, 3))
    assert extension.panel.result.text() == "Kayla: success, 7 against TN 7 (magnitude 17, 2 victories)."
    assert "Victories: 2" in window.seats._boxes["kayla"].info.text()


def test_a_critical_failure_offers_no_choice(qtbot, table):
    session, window, extension = table(game(45, players=("Master", "Chuk")))
    set_check(qtbot, extension, "chuk", 12, 4, 9)
    click(qtbot, extension.panel.step_button)
    assert extension.panel.buttons == [] and extension.panel.result.text() == "Chuk: critical failure."
    assert extension.panel.form.isVisible()  # the Master sets the next check


def test_the_oracle_from_the_actions_panel(qtbot, table):
    session, window, extension = table(game(34, players=("Solo",)))
    click(qtbot, offer(window, "Solo: Ask the oracle"))
    assert window.zone("drawn").title == "Oracle: YES"
    assert card_items(window)[0].face.fields[-1].text == "oracle: read the yes/no corner"


# ---- the demo and its scenarios ----------------------------------------------------------------------------


def test_a_practice_scenario_is_played_to_its_end_from_the_demo(qtbot, table):
    session, window, extension = table(demo_game("future-imperfect"))
    window.person.picks = {"*": "Xenes"}
    click(qtbot, offer(window, "Master: Practice scenario"))
    qtbot.waitUntil(lambda: window.header.text().startswith("Xenes"))  # chosen in the real dialog
    assert window.header.text() == "Xenes: 4d10 against TN 13"
    assert any(line.startswith("What to look for: Card 34 reads 7, 10, 3, 7") for line in session.log_lines())
    click(qtbot, offer(window, "Xenes: Draw the resolution card"))
    click(qtbot, row_button(extension, 2))
    click(qtbot, extension.panel.step_button)
    click(qtbot, extension.panel.step_button)
    assert extension.panel.result.text() == "Xenes: success, 30 against TN 13 (4 bumps)."
    # and the next scenario clears the table into the discard pile
    window.person.picks = {"*": "Chuk"}
    click(qtbot, offer(window, "Master: Practice scenario"))
    qtbot.waitUntil(lambda: card_items(window) == [])  # chosen in the real dialog
    assert window.zone("discard").count == 3 and card_items(window) == []
    click(qtbot, extension.panel.step_button)
    assert extension.panel.result.text() == "Chuk: critical failure."


def fi_extension(window):
    from desktop.ui.systems.future_imperfect.extension import Extension

    return window.host.findChild(Extension)


def test_the_panels_leave_when_the_window_shows_another_system(qtbot, table):
    from tests.table_helpers import started_game

    session, window, extension = table(game(34))
    assert extension.check_dock.isVisible()
    window.set_session(GameSession(started_game()))
    assert not extension.check_dock.isVisible() and not extension.odds_dock.isVisible()
    assert window.table_view.card_painters == faces.NO_PAINTERS  # its cards are drawn by the generic painter
    QApplication.processEvents()  # the host's pieces are deleted later, not under a handler
    from PySide6.QtCore import QCoreApplication, QEvent

    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    assert [d for d in window.findChildren(QDockWidget) if d.objectName().startswith("fi-")] == []
    window.set_session(GameSession(game(34)))
    extension = fi_extension(window)
    assert extension.check_dock.isVisible()
    assert len([d for d in window.findChildren(QDockWidget) if d.objectName() == "fi-check-dock"]) == 1


def test_the_odds_are_drawn_with_the_table_and_no_chart_library_is_imported():
    """In a fresh interpreter: the demo's table shows its odds chart with the check's odds at once,
    and neither pyqtgraph nor numpy (over half a second of import) is ever loaded."""
    import os
    import subprocess
    import sys

    script = (
        "import sys\n"
        "from PySide6.QtCore import QTimer\n"
        "from PySide6.QtWidgets import QApplication\n"
        "app = QApplication([])\n"
        "from desktop.engine.demo import demo_game\n"
        "from desktop.model import GameSession\n"
        "from desktop.ui.main_window import MainWindow\n"
        "from desktop.ui.systems.future_imperfect.chart import OddsChart\n"
        "window = MainWindow(GameSession(demo_game('future-imperfect')))\n"
        "window.show(); app.processEvents()\n"
        "chart = window.findChild(OddsChart).outcomes\n"
        "assert chart.isVisible() and chart.visibleRegion().boundingRect().height() == chart.height()\n"
        "odds = window.findChild(OddsChart).rows[:3]\n"
        "assert odds and [row[0] for row in chart.values()] == [chance for _, chance, _ in odds], odds\n"
        "QTimer.singleShot(1500, app.quit); app.exec()  # the table idle a while: nothing loads them\n"
        "loaded = sorted(name for name in ('pyqtgraph', 'numpy') if name in sys.modules)\n"
        "assert not loaded, loaded\n"
        "print('ok')\n"
    )
    root = Path(__file__).resolve().parents[4]
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    result = subprocess.run([sys.executable, "-c", script], check=False, cwd=root, env=env, capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0 and result.stdout.strip().endswith("ok"), result.stderr[-2000:]


# ---- work done once per action -----------------------------------------------------------------------------


def test_an_action_works_out_the_legal_actions_once_and_the_same_odds_never_again(qtbot, table, monkeypatch):
    """The window's offers and the check panel read one list of legal actions; a check whose
    inputs did not change keeps its odds (the form and the table each asked for them before)."""
    from desktop.ui.systems.future_imperfect import extension as fi_extension_module

    session, window, extension = table(game(34, 10, bumps="on"))
    ruleset = session.game.ruleset
    form = extension.panel.form
    form.who.setCurrentIndex(form.who.findData("sid"))
    form.trait.setCurrentIndex(form.trait.findData(10))
    form.tn.setValue(11)  # the form's preview: these odds, over the deck
    legal_calls, odds_calls = [], []
    real_legal, real_odds = type(ruleset).legal_actions, fi_extension_module.check_odds
    monkeypatch.setattr(type(ruleset), "legal_actions",
                        lambda self, state, player=None: legal_calls.append(player) or real_legal(self, state, player))
    monkeypatch.setattr(fi_extension_module, "check_odds", lambda *args: odds_calls.append(args) or real_odds(*args))
    click(qtbot, form.set_button)
    assert session.game.state.check.tn == 11
    assert legal_calls.count(None) == 1  # every seat's actions, for the offers and the panel alike
    assert not odds_calls  # the check set has the odds its preview showed
    shown = list(extension.chart.rows)
    session.hide_hands()  # a refresh that changes nothing the odds depend on
    assert not odds_calls and extension.chart.rows == shown


def test_the_check_panel_keeps_its_room_as_a_check_goes_from_its_form_to_its_results(table, qtbot):
    """A check's panel needs less room while the card is drawn than for its form or its results:
    where the list beside it has all it wants anyway, the panel keeps the most it has needed, so
    the actions and the log are not resized, laid out and painted again at every step of a check."""
    import random

    session, window, _extension = table(game(players=("Master", "Sid", "Ann")))
    window.resize(1600, 1000)  # room to spare: the list beside it has all it wants either way
    check_dock = window.findChild(QDockWidget, "fi-check-dock")
    actions_dock = window.own_dock("actions")
    chooser = random.Random(5)

    def settled() -> tuple[int, int]:
        for _ in range(6):  # the panel's refresh, then the columns shared two turns later
            qtbot.wait(1)
        return check_dock.height(), actions_dock.height()

    for _ in range(4):  # a check or two: the panel has needed its most
        session.submit(chooser.choice([act for act in session.legal_actions() if not getattr(type(act), "ends", False)]))
        settled()
    heights = set()
    for _ in range(12):
        session.submit(chooser.choice([act for act in session.legal_actions() if not getattr(type(act), "ends", False)]))
        heights.add(settled())
    assert len(heights) == 1, heights
