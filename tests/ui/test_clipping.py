"""At 1280x720, a laptop's screen, no text of the table is cut off without a way to read it
in full: buttons, labels, group titles and zone titles of every system's demo."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton, QApplication, QGroupBox, QLabel, QWidget
from test_platform_contract import games

from desktop.engine import Game, registry
from desktop.engine.demo import demo_game
from desktop.model import GameSession
from desktop.ui.main_window import MainWindow


def readable_in_full(widget: QWidget, text: str) -> bool:
    """An elided text is fine where its tooltip holds the whole of it."""
    return bool(text) and text.replace("&", "") in widget.toolTip().replace("&", "")


def clipped_widgets(window) -> list[str]:
    found = clipped_widgets_of(window)
    for zone_id, zone in window.table_view.zones.items():
        if zone.isVisible() and zone.shown_title() != zone.title and zone.toolTip() != zone.title:
            found.append(f"zone {zone_id} title {zone.title!r} shown as {zone.shown_title()!r}")
    return found


def cut_by_a_scroll_area(widget) -> bool:
    """Wider than the scroll area it sits in, where the area does not scroll sideways."""
    from PySide6.QtWidgets import QScrollArea

    parent = widget.parentWidget()
    while parent is not None and not isinstance(parent, QScrollArea):
        parent = parent.parentWidget()
    if parent is None or parent.horizontalScrollBarPolicy() != Qt.ScrollBarPolicy.ScrollBarAlwaysOff:
        return False
    left = widget.mapTo(parent.viewport(), widget.rect().topLeft()).x()
    return left < 0 or left + widget.width() > parent.viewport().width() + 1


def clipped_widgets_of(window) -> list[str]:
    found = []
    for widget in window.findChildren(QWidget):
        if not widget.isVisibleTo(window) or widget.width() <= 1:
            continue
        if isinstance(widget, (QAbstractButton, QLabel)) and cut_by_a_scroll_area(widget):
            found.append(f"{type(widget).__name__} {getattr(widget, 'text', lambda: '')()!r} runs past its panel's edge")
        if isinstance(widget, QAbstractButton):
            text = widget.text()
            if text and widget.sizeHint().width() > widget.width() + 1 and not readable_in_full(widget, text):
                found.append(f"button {text!r}: needs {widget.sizeHint().width()}, has {widget.width()}")
            if text and widget.hasHeightForWidth() and widget.heightForWidth(widget.width()) > widget.height() + 1:
                found.append(f"button {text!r}: its lines need {widget.heightForWidth(widget.width())} px high, "
                             f"has {widget.height()}")  # a second line cut off: a tooltip is no excuse
        elif isinstance(widget, QLabel) and widget.text():
            room = widget.contentsRect()
            if widget.wordWrap():
                needed = widget.heightForWidth(widget.width())
                if needed > widget.height() + 1:  # lines cut off: a tooltip is no excuse
                    found.append(f"label {widget.objectName() or type(widget.parentWidget()).__name__} "
                                 f"{widget.text()[:60]!r}: needs {needed} px high, has {widget.height()}")
            elif widget.sizeHint().width() > room.width() + 2 and not readable_in_full(widget, widget.text()):
                found.append(f"label {widget.text()[:60]!r}: needs {widget.sizeHint().width()}, has {room.width()}")
        elif isinstance(widget, QGroupBox) and widget.title():
            needed = widget.fontMetrics().horizontalAdvance(widget.title()) + 16
            if needed > widget.width() and not readable_in_full(widget, widget.title()):
                found.append(f"group {widget.title()!r}: needs {needed}, has {widget.width()}")
    return found


def copy_of(game) -> Game:
    copy = Game.new(game.setup)
    for action in game.actions:
        copy.apply(action)
    return copy


def look_and_check(qtbot, window, session) -> list[str]:
    if window.curtain.isVisible():
        window.curtain.button.click()
    elif session.viewer is None and session.handover is None:
        seat = next((s for s in session.game.state.seat_ids() if session.has_secrets(s)), None)
        if seat is not None:
            session.request_viewer(seat)
            window.curtain.button.click()
    for _ in range(8):  # a new seat list, and the side columns shared again, lay out over rounds of events
        QApplication.sendPostedEvents()
        QApplication.processEvents()
    window.grab()  # paints the table: zone titles are fitted as they are drawn
    return clipped_widgets(window)


@pytest.mark.parametrize("ruleset_id", registry.ids())
def test_nothing_is_clipped_at_1280x720(qtbot, ruleset_id):
    window = MainWindow(GameSession(demo_game(ruleset_id)))
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window)
    found = look_and_check(qtbot, window, window.session)
    low, high = registry.get(ruleset_id).players
    for game in games(ruleset_id, walks=2, steps=40, every=10):
        if len(game.state.seats) not in (low, high):
            continue
        session = GameSession(copy_of(game))
        window.set_session(session)
        found += [f"{len(game.state.seats)} seats, step {len(game.actions)}: {problem}"
                  for problem in look_and_check(qtbot, window, session)]
    assert sorted(set(found)) == [], "\n".join(sorted(set(found)))


def test_the_check_finds_a_cut_off_button(qtbot):
    from PySide6.QtWidgets import QPushButton, QVBoxLayout

    holder = QWidget()
    qtbot.addWidget(holder)
    button = QPushButton("Resolve Tactical Bombardment and everything after it", holder)
    button.setFixedWidth(120)
    QVBoxLayout(holder).addWidget(button)
    holder.show()
    assert clipped_widgets_of(holder)
    button.setToolTip(button.text())
    assert not clipped_widgets_of(holder)


@pytest.mark.usefixtures("toy_ruleset")
@pytest.mark.parametrize("ruleset_id", registry.ids())
def test_no_question_is_clipped(qtbot, ruleset_id):
    from test_question_keys import offers_by_kind

    from desktop.engine.prompts import Prompt
    from desktop.ui.question_dialog import QuestionDialog

    ruleset = registry.get(ruleset_id)
    parent = QWidget()
    qtbot.addWidget(parent)
    parent.resize(1280, 720)
    found = []
    for kind, (_state, view, offer) in offers_by_kind(ruleset_id).items():
        prompt = Prompt(offer, labels=lambda ask, value, view=view: ruleset.value_label(ask, value, view),
                        wording=lambda ask, action, view=view: ruleset.question(ask, action, view))
        dialog = QuestionDialog(offer.label, prompt, parent, preface="A long first question to read: "
                              "Tactical Bombardment, Unstable Planet or Economic Initiative, go on with it?")
        dialog.start()
        dialog.show()
        for _ in range(3):
            QApplication.processEvents()
        found += [f"{kind} preface: {problem}" for problem in clipped_widgets_of(dialog)]
        dialog.buttons.buttons()[0].setEnabled(True)
        dialog.buttons.buttons()[0].click()
        for _ in range(3):
            QApplication.processEvents()
        if dialog.isVisible():
            found += [f"{kind}: {problem}" for problem in clipped_widgets_of(dialog)]
            assert dialog.height() <= 720
        dialog.reject()
        dialog.deleteLater()
    assert found == [], "\n".join(found)


def price_of_power_mid_game(seats: int, turns: int = 3) -> Game:
    """A game of Price of Power played by its bots into Phase 2, a few turns in, no battle on."""
    from desktop.engine import GameSetup

    game = Game.new(GameSetup(ruleset="price-of-power", players=["Ann", "Bo", "Cy", "Di", "Ed", "Flo"][:seats], seed=3))
    bot = game.ruleset.bot(1)
    taken = 0
    while taken < turns or game.state.battle is not None or game.state.covert:
        seat = game.ruleset.stages(game.state)[0].seat
        game.apply(bot.choose(game.legal_actions(seat), game.view(seat)))
        taken += game.state.phase == "action"
    return game


@pytest.mark.parametrize("seats", [2, 4, 6])
def test_price_of_power_mid_game_cuts_no_zone_title_or_hint_at_1280x720(qtbot, seats):
    """Six piles side by side and five other seats' rows: every zone title is whole or a
    shorter form of itself (never an ellipsis), every hint of an empty zone whole."""
    session = GameSession(price_of_power_mid_game(seats))
    window = MainWindow(session)
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window)
    found = look_and_check(qtbot, window, session)
    for zone_id, zone in window.table_view.zones.items():
        if "\u2026" in zone.shown_title():
            found.append(f"zone {zone_id} title {zone.title!r} shown as {zone.shown_title()!r}")
        if zone.hint_cut():
            found.append(f"zone {zone_id} hint {zone.hint!r} does not fit")
    assert found == [], "\n".join(found)


@pytest.mark.parametrize("ruleset_id", registry.ids())
def test_at_the_most_seats_every_zone_title_reads_whole_or_shorter_at_1280x720(qtbot, ruleset_id):
    """Every other seat in the top band at once, a game thirty moves in: each zone's title is
    whole or a shorter form of itself, never cut by an ellipsis (six seats of Worlds That
    Remember read "S\u2026" for each Spent pile, Price of Power's "A\u2026" for a court)."""
    import random

    from table_helpers import window_on

    from tests.benchmarks.window_timing import advance, new_game

    game = new_game(ruleset_id, registry.get(ruleset_id).players[1], seed=5)
    advance(game, random.Random(5), 30)
    session, window = window_on(qtbot, game)
    look_and_check(qtbot, window, session)
    cut = [f"{zone_id}: {zone.title!r} shown as {zone.shown_title()!r}"
           for zone_id, zone in window.table_view.zones.items() if "\u2026" in zone.shown_title()]
    assert cut == [], "\n".join(cut)


def cut_button_words(widgets) -> list[str]:
    """The buttons among `widgets` whose words are not all shown (an ellipsis, or a line cut)."""
    from desktop.ui.widgets import ElidingButton

    found = []
    for button in widgets:
        if not button.isVisible() or not button.text():
            continue
        if isinstance(button, ElidingButton):
            shown = button._shown_text()
            if "\u2026" in shown or button.heightForWidth(button.width()) > button.height() + 1:
                found.append(f"{button.text()!r} shown as {shown!r} in {button.width()}x{button.height()}")
        elif button.fontMetrics().horizontalAdvance(button.text()) > button.contentsRect().width() - 8:
            found.append(f"{button.text()!r} cut at {button.width()} px")
    return found


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_every_action_and_display_button_reads_whole(qtbot, size):
    """"Ann: Declare what happen..." and a Display action's name cut at 1280x720 said nothing
    at a glance: an entry of "What can happen now" and a Display card's action go on two lines
    where one is too narrow, every word shown (Price of Power's demo: a Display card in play)."""
    from PySide6.QtWidgets import QAbstractButton

    window = MainWindow(GameSession(demo_game("price-of-power")))
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    look_and_check(qtbot, window, window.session)
    actions = [button for button in window.actions.buttons if isinstance(button, QAbstractButton)]
    display = [button for button in window.findChildren(QAbstractButton) if button.objectName().startswith("use:")]
    assert actions and display, "the demo shows entries and a Display card's actions"
    assert any(button.text().endswith("Declare what happened to you") for button in actions)
    assert cut_button_words(actions + display) == []
