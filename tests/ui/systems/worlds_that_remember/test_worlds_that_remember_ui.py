"""Worlds That Remember through the real main window: a turn played by dragging a Ready card,
forcing from the Unready deck, Support through the Respond button and the curtain, the "Dice and
odds" dock (the open roll's pool, its exact odds, Roll through the game, the result and history,
practice; docked beside the table on a laptop's screen, out of the way once rolled, its charts
changed in place), and the deck builder (counts, the ruleset's checks, import, export, a new
game)."""

from __future__ import annotations

import json
from collections import Counter

import msgspec
import pytest
from PySide6.QtCore import QCoreApplication, QEvent, Qt
from PySide6.QtWidgets import QDialog, QDockWidget, QFileDialog, QPushButton

from desktop.engine import Game, GameSetup
from desktop.model import GameSession
from desktop.rulesets.worlds_that_remember import decks
from desktop.rulesets.worlds_that_remember.cards import ActionDef, characters
from desktop.rulesets.worlds_that_remember.dice import Die, pool_odds
from desktop.rulesets.worlds_that_remember.reading import current_pool, definition
from desktop.ui.main_window import MainWindow
from desktop.ui.systems.worlds_that_remember import deck_builder
from desktop.ui.systems.worlds_that_remember.deck_builder import DeckBuilder, NewGameDialog
from desktop.ui.systems.worlds_that_remember.extension import Extension
from tests.table_helpers import drag, faces_on_table, visible_point
from tests.ui.at_the_screen import person_at
from tests.ui.systems.worlds_that_remember.fresh_interpreter import run_spied
from tests.ui.windows import look

INTENT = "I slip along the wall while the guards argue."
NARRATION = "Oskar shoulders the door so Wren can slip through."


def dice_dock(window) -> Extension:
    """The "Dice and odds" extension of the game on the window (its host holds it)."""
    return window.host.findChild(Extension)


def new_game(seed: int = 5, players=("Ann", "Bo")) -> Game:
    """Ann plays Wren, Bo plays Oskar (the ready-made characters), Ann's turn at Dawn."""
    return Game.new(GameSetup(ruleset="worlds-that-remember", players=list(players), seed=seed))


@pytest.fixture
def table(qtbot):
    def build(game: Game):
        session = GameSession(game)
        window = MainWindow(session)  # its own asker: the real question dialog
        person_at(qtbot, window)  # answers it as it shows (tests/ui/at_the_screen.py)
        window.show()
        return session, window

    return build


def roll_opened(qtbot, session) -> None:
    """Waits until the card played opens its roll: its questions are answered in the window's
    dialog as it shows, a moment after the drop or the click."""
    qtbot.waitUntil(lambda: session.game.state.roll is not None, timeout=3000)


def click_offer(qtbot, window, start: str) -> None:
    button = next((b for b in window.actions.buttons if isinstance(b, QPushButton) and b.text().startswith(start)), None)
    assert button is not None, [b.text() for b in window.actions.buttons]
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def action_card(game: Game, zone: str) -> str:
    return next(card for card in game.state.zones[zone].cards if isinstance(definition(game.state, card), ActionDef))


def dice_of(roll) -> Counter:
    return Counter(Die(die.size, die.source) for die in roll.dice)


def assert_charts_are_exact(qtbot, panel) -> None:
    qtbot.waitUntil(lambda: bool(panel.chart_values()), timeout=30_000)  # once the odds are in
    odds = pool_odds(panel.pool())
    drawn = panel.chart_values()
    assert drawn["fate"] == {tier: float(chance) for tier, chance in odds.fate.items()}
    assert drawn["axes"] == {axis: {band: float(c) for band, c in bands.items()} for axis, bands in odds.bands.items()}


def state_bytes(session) -> bytes:
    return msgspec.msgpack.encode(session.game.state)


# ---- the table: a turn, forcing, Support ----------------------------------------------------


def test_a_turn_drag_a_ready_card_declare_intent_and_tags_roll_from_the_dock_end_the_turn(qtbot, table, monkeypatch):
    game = new_game()
    card = action_card(game, "ready:ann")
    name = definition(game.state, card).name
    session, window = table(game)
    extension = dice_dock(window)
    look(qtbot, window, "Ann")
    assert window.header.text() == "Dawn \u00b7 0 of 6 cards to Day \u00b7 Ann's turn"
    assert "Fatigue 0 of 6" in window.seats._boxes["ann"].info.text()
    hand = window.zone("ready:ann")
    assert hand.card_widget(card) is not None and hand.card_widget(card).face.title == name
    assert not extension.dock.isVisible()  # no roll yet: the table keeps the screen
    window.person.picks = {"What do you intend": INTENT, "tags and gear": ["Wayfinder"]}

    drag(monkeypatch, hand.card_widget(card), window.zone("play"))
    roll_opened(qtbot, session)

    roll = session.game.state.roll
    assert roll is not None and roll.card == card and roll.intent == INTENT and roll.tags == ["Wayfinder"]
    assert f"What do you intend with {name}? (one short sentence)" in window.person.asked
    assert "Which of your tags and gear apply?" in window.person.asked
    assert window.zone("play").card_widget(card) is not None
    assert window.header.text() == "Dawn \u00b7 1 of 6 cards to Day \u00b7 Ann's turn"
    # The dock came up with the roll's pool, exactly as the game holds it, and its odds.
    qtbot.waitUntil(extension.dock.isVisible)
    panel = extension.panel
    view_roll = session.view().extra.roll
    assert Counter(panel.pool().dice) == dice_of(view_roll)
    assert sorted(die.size for die in panel.pool().dice) == sorted(die.size for die in current_pool(session.game.state))
    assert any(die.source == "Careful (Wayfinder)" for die in panel.pool().dice)
    assert_charts_are_exact(qtbot, panel)
    assert f"Ann rolls {name}" in extension.note.text()
    assert not any(button.isVisible() for button in panel.die_buttons.values())  # the game's pool

    qtbot.mouseClick(panel.roll_button, Qt.MouseButton.LeftButton)

    last = session.game.state.last_roll
    assert session.game.state.roll is None and last is not None and last.card == name
    assert panel.fate_result.text() == f"Fate {last.fate}: {last.tier}"
    assert panel.history.item(panel.history.count() - 1).text().startswith(f"{panel.history.count()}. Ann \u00b7 {name}: Fate {last.fate}")
    assert any(line.startswith(f"Ann rolls {name}: Fate {last.fate}") for line in session.log_lines())
    # The result stays, as one line, until the turn ends; the panel steps aside.
    assert extension.dock.isVisible() and extension.shown == "line" and not panel.isVisible()
    assert extension.line.text().startswith(f"Ann \u00b7 {name}: Fate {last.fate} {last.tier}")
    assert panel.roll_button.text().startswith("Practice roll")

    click_offer(qtbot, window, "Ann: End the turn")

    assert session.game.state.active == "bo"
    assert not extension.dock.isVisible()  # it followed the roll; the turn is over
    # Ann drew up to her hand size: she sees it first, then passes the screen.
    assert window.handover.isVisible()
    qtbot.mouseClick(window.handover.button, Qt.MouseButton.LeftButton)
    look(qtbot, window, "Bo")
    assert window.header.text().endswith("Bo's turn")


def test_force_drag_from_the_unready_deck_its_owner_browses_then_choose_the_discard(qtbot, table, monkeypatch):
    game = new_game()
    session, window = table(game)
    look(qtbot, window, "Ann")
    deck = window.zone("unready:ann")
    # The owner sees every card of the Unready deck face up, and may pick any of them.
    assert [w.card_id for w in deck.cards] and all(w.face is not None for w in deck.cards)
    assert {w.card_id for w in deck.cards} == set(game.state.zones["unready:ann"].cards)
    widget = next(w for w in reversed(deck.cards) if _reachable(window, w))
    forced = widget.card_id
    paid = game.state.zones["ready:ann"].cards[-1]
    paid_name = definition(game.state, paid).name
    window.person.picks = {"discard": paid_name}

    drag(monkeypatch, widget, window.zone("play"))
    roll_opened(qtbot, session)

    state = session.game.state
    forced_name = definition(state, forced).name
    question = f"Which Ready card do you discard to force {forced_name}?"
    assert window.person.asked[0] == question
    assert state.roll is not None and state.roll.card == forced and state.roll.forced
    assert paid in state.zones["spent:ann"].cards and forced in state.zones["play"].cards
    assert state.counters["ann"]["fatigue"] == 1
    assert "Fatigue 1 of 6" in window.seats._boxes["ann"].info.text()
    assert any(line.startswith(f"Ann forces {forced_name} from the Unready deck, discarding {paid_name}")
               for line in session.log_lines())
    # A second play in the same turn is refused in the rules' words.
    other = next(w for w in window.zone("ready:ann").cards if w.face is not None)
    drag(monkeypatch, other, window.zone("play"))
    assert window.problem.isVisible() and "still open" in window.problem.text()


def test_force_through_the_offer_asks_the_card_then_the_discard(qtbot, table):
    game = new_game()
    forced = game.state.zones["unready:ann"].cards[0]
    paid = game.state.zones["ready:ann"].cards[0]
    session, window = table(game)
    look(qtbot, window, "Ann")
    names = {card: definition(game.state, card).name for card in [forced, paid]}
    window.person.picks = {"Which Unready card": names[forced], "discard": names[paid]}

    click_offer(qtbot, window, "Ann: Force an Unready card")
    roll_opened(qtbot, session)

    assert window.person.asked[:2] == [
        "Which Unready card do you force?", f"Which Ready card do you discard to force {names[forced]}?"
    ]
    unready_names = sorted(definition(game.state, c).name for c in game.state.zones["unready:ann"].cards)
    assert sorted(dict(window.person.questions)["Which Unready card do you force?"]) == sorted(unready_names + [names[forced]])
    state = session.game.state
    assert state.roll.forced and definition(state, state.roll.card).name == names[forced]
    assert state.counters["ann"]["fatigue"] == 1


def _reachable(window, widget) -> bool:
    try:
        visible_point(window.table_view, widget)
    except AssertionError:
        return False
    return True


def test_support_through_the_respond_button_and_the_curtain_then_the_roller_rolls_it(qtbot, table, monkeypatch):
    game = new_game()
    card = action_card(game, "ready:ann")
    bo_card = game.state.zones["ready:bo"].cards[0]
    session, window = table(game)
    extension = dice_dock(window)
    look(qtbot, window, "Ann")
    window.person.picks = {"tags and gear": []}
    drag(monkeypatch, window.zone("ready:ann").card_widget(card), window.zone("play"))
    roll_opened(qtbot, session)
    respond = window.seats.buttons["bo"]
    assert respond.text().startswith("Respond: Support Ann's")
    assert not window.seats.buttons["ann"].text().startswith("Respond")
    assert "Bo may Support (1 Fatigue)" in window.banner.text()
    before = Counter(extension.panel.pool().dice)

    qtbot.mouseClick(respond, Qt.MouseButton.LeftButton)

    assert window.curtain.isVisible() and "Bo" in window.curtain.button.text()
    assert bo_card not in [w.card_id for w in faces_on_table(window)]
    assert not extension.dock.isEnabled()  # docked under the curtain: nothing in it works
    look(qtbot, window, "Bo")
    qtbot.waitUntil(extension.dock.isEnabled)
    assert extension.dock.isVisible() and extension.shown == "full"
    assert all(w.face is None for w in window.zone("unready:ann").cards)  # Ann's deck is hers to see
    assert all(w.face is not None for w in window.zone("unready:bo").cards)
    window.person.picks = {"Which Ready card": definition(game.state, bo_card).name,
                           "sizes the die": "Broad Shoulders", "How do you help Ann?": NARRATION}
    click_offer(qtbot, window, "Bo: Support the roll")
    qtbot.waitUntil(lambda: bool(session.game.state.roll.supports), timeout=3000)

    state = session.game.state
    support = state.roll.supports[0]
    assert (support.seat, support.card, support.tag, support.narration) == ("bo", bo_card, "Broad Shoulders", NARRATION)
    assert "How do you help Ann? (one sentence)" in window.person.asked
    assert bo_card in state.zones["spent:bo"].cards and state.counters["bo"]["fatigue"] == 1
    assert any(NARRATION in line and "Forceful (Bo's Support: Broad Shoulders)" in line for line in session.log_lines())
    support_die = Die(8, "Forceful (Bo's Support: Broad Shoulders)")
    panel = extension.panel
    assert Counter(panel.pool().dice) == before + Counter([support_die])
    assert_charts_are_exact(qtbot, panel)
    assert "supported" in window.seats._boxes["bo"].state.text()  # its state, under its name

    qtbot.mouseClick(panel.roll_button, Qt.MouseButton.LeftButton)  # Ann's roll, Bo at the screen

    last = session.game.state.last_roll
    assert session.game.state.roll is None and last.player == "ann"
    supported = [die for die in last.dice if die.source == support_die.source]
    assert len(supported) == 1 and 1 <= supported[0].value <= 8
    assert f"d8 {supported[0].value} (Forceful (Bo's Support: Broad Shoulders))" in panel.dice_result.text()


def test_the_roll_can_also_be_rolled_from_the_offer_and_the_dock_follows(qtbot, table, monkeypatch):
    game = new_game()
    card = action_card(game, "ready:ann")
    session, window = table(game)
    look(qtbot, window, "Ann")
    drag(monkeypatch, window.zone("ready:ann").card_widget(card), window.zone("play"))
    roll_opened(qtbot, session)
    panel = dice_dock(window).panel
    click_offer(qtbot, window, "Ann: Roll")
    last = session.game.state.last_roll
    assert last is not None and panel.fate_result.text() == f"Fate {last.fate}: {last.tier}"


# ---- the dice dock --------------------------------------------------------------------------


def test_at_dusk_with_a_condition_the_dock_shows_the_required_dice_and_the_exact_odds(qtbot, table, monkeypatch):
    game = new_game()
    state = game.state
    state.played = 12  # Dusk: every roll gains a d4 COST
    wounded = next(c for c in state.zones["supply"].cards if state.cards[c] == "wounded")
    state.zones["supply"].cards.remove(wounded)
    state.zones["ready:ann"].cards.append(wounded)
    card = action_card(game, "ready:ann")
    session, window = table(game)
    look(qtbot, window, "Ann")
    assert window.header.text().startswith("Dusk \u00b7 0 of 6 cards to Night")
    drag(monkeypatch, window.zone("ready:ann").card_widget(card), window.zone("play"))
    roll_opened(qtbot, session)

    panel = dice_dock(window).panel
    required = [Die(4, "COST (Wounded)"), Die(4, "COST (Dusk)")]
    assert panel.pool().dice[-2:] == required  # required: shown, never removable
    assert Counter(panel.pool().dice) == dice_of(session.view().extra.roll)
    assert_charts_are_exact(qtbot, panel)
    assert not any(b.isVisible() for b in [*panel.remove_buttons, *panel.die_buttons.values()])
    assert "At Dusk every roll gains a d4 COST." in dice_dock(window).note.text()
    assert "Bo may still Support (2 Fatigue)" in dice_dock(window).note.text()


def test_practice_mode_builds_any_pool_and_rolls_without_touching_the_game(qtbot, table, monkeypatch):
    session, window = table(new_game())
    extension = dice_dock(window)
    look(qtbot, window, "Ann")
    extension.show_action.trigger()  # View > Dice and odds
    qtbot.waitUntil(extension.dock.isVisible)
    panel = extension.panel
    labels = [button.text() for button in panel.tag_buttons]
    assert labels[:4] == ["Careful (Wayfinder) (d6)", "Risky (Light-footed) (d10)",
                          "Opportunistic (Old Songs) (d12)", "Careful (Rope and Hook) (d6)"]
    assert "CONTROL (Support, no tag) (d6)" in labels and "COST (Dusk) (d4)" in labels
    before = state_bytes(session)
    qtbot.mouseClick(panel.tag_buttons[1], Qt.MouseButton.LeftButton)
    qtbot.mouseClick(panel.die_buttons[8], Qt.MouseButton.LeftButton)
    assert panel.pool().dice == [Die(10, "Risky (Light-footed)"), Die(8)]
    assert_charts_are_exact(qtbot, panel)
    assert panel.roll_button.text().startswith("Practice roll")
    qtbot.mouseClick(panel.roll_button, Qt.MouseButton.LeftButton)
    assert panel.history.item(panel.history.count() - 1).text().startswith(f"{panel.history.count()}. Practice: Fate")
    assert state_bytes(session) == before and session.game.state.last_roll is None
    # Pinned by hand, it stays through the next player's turn; closed, it stays away until the
    # next roll opens.
    click_offer(qtbot, window, "Ann: End the turn")
    qtbot.mouseClick(window.handover.button, Qt.MouseButton.LeftButton)
    look(qtbot, window, "Bo")
    assert extension.dock.isVisible() and extension.show_action.isChecked()
    extension.dock.close()
    assert not extension.dock.isVisible() and not extension.show_action.isChecked()
    extension.refresh()
    assert not extension.dock.isVisible()
    drag_card = action_card(session.game, "ready:bo")
    window.person.picks = {"tags and gear": []}
    drag(monkeypatch, window.zone("ready:bo").card_widget(drag_card), window.zone("play"))
    roll_opened(qtbot, session)
    assert session.game.state.roll is not None and extension.dock.isVisible() and extension.shown == "full"
    # Closed during a roll: away for that roll and its result, back for the next roll.
    extension.show_action.trigger()  # unticked: the same as closing it
    assert not extension.dock.isVisible()
    click_offer(qtbot, window, "Bo: Roll")
    assert session.game.state.last_roll is not None and not extension.dock.isVisible()


def test_an_app_roller_has_no_roll_button_here(qtbot, table, monkeypatch):
    game = new_game()
    session, window = table(game)
    session.bot_pause_ms = 60_000  # the app waits: the test looks at the dock meanwhile
    look(qtbot, window, "Ann")
    card = action_card(game, "ready:ann")
    drag(monkeypatch, window.zone("ready:ann").card_widget(card), window.zone("play"))
    roll_opened(qtbot, session)
    extension = dice_dock(window)
    assert extension.panel.roll_button.isEnabled()
    session.set_app_seat("ann", True)
    assert not extension.panel.roll_button.isEnabled()
    assert "played by the app" in extension.note.text()


def test_another_systems_game_in_the_same_window_hides_the_dock_and_its_entries(qtbot, table, monkeypatch):
    from table_helpers import started_game

    session, window = table(new_game())
    extension = dice_dock(window)
    look(qtbot, window, "Ann")
    drag(monkeypatch, window.zone("ready:ann").card_widget(action_card(session.game, "ready:ann")), window.zone("play"))
    roll_opened(qtbot, session)
    assert extension.dock.isVisible()
    window.set_session(GameSession(started_game()))
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    assert window.findChild(QDockWidget, "wtr-dice-dock") is None
    entries = [entry.text() for top in window.menuBar().actions() if top.menu() for entry in top.menu().actions()]
    assert "&Deck builder\u2026" not in entries and "&Dice and odds" not in entries


def test_icepool_loads_off_the_ui_thread_once_the_table_is_up_and_no_chart_library_ever():
    """In a fresh interpreter: a Worlds That Remember table is shown without icepool; it is
    imported on a background thread once the table is up, and the first roll's charts are drawn
    with no import on the UI thread and with neither pyqtgraph nor numpy loaded."""
    result = run_spied(
        "from desktop.engine import Game, GameSetup\n"
        "from desktop.model import GameSession\n"
        "from desktop.ui.main_window import MainWindow\n"
        "game = Game.new(GameSetup(ruleset='worlds-that-remember', players=['Ann', 'Bo'], seed=5))\n"
        "session = GameSession(game)\n"
        "window = MainWindow(session)\n"
        "window.show(); app.processEvents()\n"
        "assert importers.get('icepool') in (None, 'odds-warm-up'), importers\n"
        "def wait(ready):\n"
        "    deadline = time.monotonic() + 60\n"
        "    while not ready() and time.monotonic() < deadline:\n"
        "        app.processEvents(); time.sleep(0.01)\n"
        "    assert ready()\n"
        "wait(lambda: 'icepool' in sys.modules)\n"
        "if window.curtain.isVisible(): window.curtain.button.click(); app.processEvents()\n"
        "play = next(a for a in session.game.legal_actions('ann') if a.type == 'play')\n"
        "session.submit(play); app.processEvents()\n"
        "from desktop.ui.systems.worlds_that_remember.extension import Extension\n"
        "panel = window.host.findChild(Extension).panel\n"
        "wait(lambda: bool(panel.chart_values()))\n"
        "assert importers == {'icepool': 'odds-warm-up'}, importers\n"
        "print('ok')\n"
    )
    assert result.returncode == 0 and result.stdout.strip().endswith("ok"), result.stderr[-2000:]


# ---- the dock on a laptop's screen, and its speed ---------------------------------------------


@pytest.fixture
def laptop(qtbot, table):
    """The demo's table in a 1280 x 720 window, Ann looking, on her turn."""
    from desktop.engine.demo import demo_game

    session, window = table(demo_game("worlds-that-remember"))
    window.resize(1280, 720)
    qtbot.waitUntil(lambda: window.width() == 1280 and window.height() == 720)
    look(qtbot, window, "Ann")
    return session, window


def play_first_card(qtbot, window, session, monkeypatch, seat="ann"):
    window.person.picks = {"tags and gear": []}
    card = action_card(session.game, f"ready:{seat}")
    drag(monkeypatch, window.zone(f"ready:{seat}").card_widget(card), window.zone("play"))
    roll_opened(qtbot, session)


def test_on_a_laptop_the_dock_sits_beside_the_table_and_steps_aside_after_the_roll(qtbot, laptop, monkeypatch):
    session, window = laptop
    extension = dice_dock(window)
    table_width = window.table_view.width()
    assert not extension.dock.isVisible()

    play_first_card(qtbot, window, session, monkeypatch)

    dock = extension.dock
    qtbot.waitUntil(dock.isVisible)
    assert not dock.isFloating() and window.dockWidgetArea(dock) == Qt.DockWidgetArea.RightDockWidgetArea
    assert dock.width() <= window.width() / 3
    # The table keeps its width (and most of the window): the dock shares the actions' column.
    assert window.table_view.width() == table_width and table_width >= 0.55 * window.width()
    assert dock.geometry().left() >= window.table_view.mapTo(window, window.table_view.rect().topRight()).x()
    # Its column fits: nothing to scroll sideways, the Roll button and the Fate chart in view.
    scroll = extension.scroll
    assert scroll.widget().minimumSizeHint().width() <= scroll.viewport().width()
    assert not scroll.horizontalScrollBar().isVisible()
    def in_view(widget) -> bool:
        bottom = widget.mapTo(scroll.viewport(), widget.rect().bottomLeft()).y()
        return 0 <= bottom <= scroll.viewport().height()

    qtbot.waitUntil(lambda: in_view(extension.panel.roll_button) and in_view(extension.panel.fate_chart))
    assert_charts_are_exact(qtbot, extension.panel)

    qtbot.mouseClick(extension.panel.roll_button, Qt.MouseButton.LeftButton)

    assert session.game.state.roll is None
    # Out of the way: one line with the result, the charts hidden, the table untouched.
    assert extension.shown == "line" and not extension.panel.isVisible()
    qtbot.waitUntil(lambda: dock.height() <= window.height() * 0.25)
    assert window.table_view.width() == table_width and not dock.isFloating()
    assert "Fate" in extension.line.text() and extension.line.isVisible()
    click_offer(qtbot, window, "Ann: End the turn")
    assert not dock.isVisible()
    # From the View menu: the whole panel, docked.
    extension.show_action.trigger()
    assert dock.isVisible() and extension.shown == "full" and not dock.isFloating()


def bot_plays_once(window, session, bot):
    """Lifts the curtain or passes the note if they are up, then has the system's bot take the
    first move any seat has (plays, supports, passes, rolls, ends of turns); returns it."""
    if window.curtain.isVisible():
        window.curtain.button.click()
    if window.handover.isVisible():
        window.handover.button.click()
    for stage in session.game.stages():
        choice = bot.choose(session.game.legal_actions(stage.seat), session.game.view(stage.seat))
        if choice is not None:
            break
    session.submit(choice)
    return choice


def test_a_run_of_actions_keeps_the_charts_and_shows_no_new_window(qtbot, laptop, monkeypatch):
    from desktop.ui.charts import BarChart

    session, window = laptop
    extension = dice_dock(window)
    panel = extension.panel
    session.bot_pause_ms = 0
    play_first_card(qtbot, window, session, monkeypatch)
    assert panel.chart_values()
    charts = window.findChildren(BarChart)
    assert panel.fate_chart in charts and panel.axes_chart in charts
    windows = []
    extension.dock.topLevelChanged.connect(windows.append)
    # Bo supports, Ann rolls, the turns go round: plays, supports, passes, rolls, ends of turns.
    bot = session.ruleset.bot(3)
    rolls = 0
    for _ in range(40):
        choice = bot_plays_once(window, session, bot)
        rolls += choice.type == "roll"
        if extension.shown == "full":
            assert_charts_are_exact(qtbot, panel)
    assert rolls >= 3 and windows == []
    assert window.findChildren(BarChart) == charts and not extension.dock.isFloating()


def test_rolls_keep_the_pool_rows_and_tag_buttons_and_change_them_in_place(qtbot, laptop, monkeypatch):
    from PySide6.QtWidgets import QGroupBox, QLabel, QWidget

    session, window = laptop
    extension = dice_dock(window)
    panel = extension.panel
    play_first_card(qtbot, window, session, monkeypatch)
    before = panel.findChildren(QWidget)
    box = next(box for box in panel.findChildren(QGroupBox) if box.title() == "The pool")
    bot = session.ruleset.bot(3)
    rolls, longest = 0, 0
    for _ in range(60):
        choice = bot_plays_once(window, session, bot)
        rolls += choice.type == "roll"
        longest = max(longest, len(panel.pool().dice))
        # What the panel shows is the pool the game holds now, whatever the rows showed before.
        roll = session.game.view(session.viewer).extra.roll
        if roll is not None and extension.shown == "full":
            def rows() -> list[str]:
                return [label.text() for label in box.findChildren(QLabel) if label.isVisibleTo(box)]

            shown = 1 + len(roll.dice)  # a default below: each wait checks its own roll
            qtbot.waitUntil(lambda shown=shown: len(rows()) == shown)
            assert rows()[0].startswith("Fate d20")
            assert sum(text.endswith("(required)") for text in rows()) == sum(die.required for die in roll.dice)
            assert panel.remove_buttons == [] or not any(b.isVisible() for b in panel.remove_buttons)
    assert rolls >= 3
    # Every widget the panel had is still its own (none thrown away and made again)...
    assert all(panel.isAncestorOf(widget) for widget in before)
    # ...and a row is made only for a pool longer than any before.
    assert len(box.findChildren(QLabel)) <= 1 + longest
    # Back in practice, the chosen dice can be removed again and the tags are the seat's.
    extension.show_action.trigger()
    if session.game.view(session.viewer).extra.roll is None:
        assert all(button.isVisible() for button in panel.remove_buttons)
        assert len(panel.remove_buttons) == len(panel.pool().dice)
        assert [b.text() for b in panel.tag_buttons] and all(b.isVisible() for b in panel.tag_buttons)


# ---- the deck builder ------------------------------------------------------------------------


def same_deck(one, two) -> bool:
    """The same character and cards (the builder lists cards in the catalogue's order)."""
    def key(found):
        return (found.name, found.tags, found.gear, sorted((e.card, e.copies) for e in found.cards))

    return key(one) == key(two)


@pytest.fixture
def builder(qtbot):
    dialog = DeckBuilder()
    qtbot.addWidget(dialog)
    dialog.show()
    return dialog


def test_the_deck_builder_is_in_the_game_menu(qtbot, table, monkeypatch):
    _session, window = table(new_game())
    opened = []
    monkeypatch.setattr(DeckBuilder, "exec", lambda self: opened.append(self) or 0)
    game_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Game")
    entry = next(a for a in game_menu.actions() if a.text() == "&Deck builder\u2026")
    entry.trigger()
    assert len(opened) == 1 and opened[0].data()["name"] == "Wren"
    view_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&View")
    assert dice_dock(window).show_action in view_menu.actions()


def test_counts_and_the_rulesets_checks_in_one_sentence_each(builder, qtbot):
    assert builder.data()["name"] == "Wren" and builder.total() == 15
    assert builder.count_label.text() == "15 cards in the deck: 15 Action, 0 Conditions."
    assert builder.problems_label.text().startswith("The deck is ready")
    assert builder.export_button.isEnabled() and builder.play_button.isEnabled()

    for card in ("slip-past", "scout-ahead", "read-the-room", "leap-of-faith"):
        builder.copies[card].setValue(0)
    assert builder.total() == 9
    assert builder.problems_label.text() == "The deck has 9 cards; a deck holds 12 to 20 (Condition cards count)."
    assert not builder.export_button.isEnabled() and not builder.play_button.isEnabled()

    builder.copies["wounded"].setValue(2)
    builder.copies["exhausted"].setValue(1)
    assert builder.count_label.text() == "12 cards in the deck: 9 Action, 3 Conditions."
    assert builder.problems_label.text().startswith("The deck is ready")

    # Past 20 the spin boxes stop: the deck never holds more than a deck may.
    builder.copies["exhausted"].setValue(9)
    assert builder.total() == 20 and "the most a deck holds" in builder.count_label.text()
    builder.copies["slip-past"].setValue(3)
    assert builder.copies["slip-past"].value() == 0 and builder.total() == 20

    # Only Conditions: refused in the ruleset's words.
    for spin in builder.copies.values():
        spin.setValue(0)
    builder.copies["wounded"].setValue(12)
    assert builder.problems_label.text() == "The deck holds no Action card; it needs at least one."

    builder.copies["wounded"].setValue(0)
    builder.copies["slip-past"].setValue(12)
    builder.tags.set_tags([])
    assert builder.problems_label.text() == "The character has 0 tags; a character has 1 to 6."


def test_import_refusal_keeps_the_deck_and_a_good_file_replaces_it(builder, qtbot, tmp_path, monkeypatch):
    bad = tmp_path / "bad.json"
    data = json.loads(decks.export_text(characters()[1]))
    data["cards"][0]["card"] = "slip-pass"
    bad.write_text(json.dumps(data), encoding="utf-8")
    builder.copies["wounded"].setValue(1)
    before = builder.data()
    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(lambda *args, **kw: (str(bad), "")))

    qtbot.mouseClick(builder.import_button, Qt.MouseButton.LeftButton)

    assert builder.data() == before  # nothing lost
    assert builder.message.text() == (
        "Not imported: Entry 1 of the cards names \u201cslip-pass\u201d, which is not a Worlds That Remember "
        "card. The deck being built is unchanged."
    )
    not_json = tmp_path / "notes.json"
    not_json.write_text("{ a deck", encoding="utf-8")
    assert not builder.import_path(not_json) and builder.data() == before
    assert builder.message.text().startswith("Not imported: The deck file is not valid JSON")

    good = tmp_path / "oskar.json"
    good.write_bytes(decks.export_text(characters()[1]))
    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(lambda *args, **kw: (str(good), "")))
    qtbot.mouseClick(builder.import_button, Qt.MouseButton.LeftButton)
    assert same_deck(builder.character(), characters()[1])
    assert builder.message.text() == "Imported Oskar's deck from oskar.json."


def test_export_writes_a_deck_file_the_command_line_plays(builder, qtbot, tmp_path, monkeypatch, capsys):
    builder.name_edit.setText("Mara")
    builder.tags.rows[0][1].setText("Tidewise")
    builder.copies["slip-past"].setValue(1)
    builder.copies["hunted"].setValue(1)
    builder.gear.add_row("Lantern", "Opportunistic")
    target = tmp_path / "mara.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *args, **kw: (str(target), "")))

    qtbot.mouseClick(builder.export_button, Qt.MouseButton.LeftButton)

    character = decks.read_text(target.read_bytes())
    assert character == builder.character() and character.name == "Mara" and character.size() == 15
    assert {tag.label for tag in character.gear} == {"Rope and Hook", "Lantern"}
    assert builder.message.text().startswith(f"Exported Mara's deck (15 cards) to {target}")

    from desktop.cli import main

    save = tmp_path / "game.json"
    assert main(["new", "worlds-that-remember", "--players", "Ann,Bo", "--deck", str(target),
                 "-o", str(save), "--seed", "7"]) == 0
    from desktop.storage import load_save

    played, _record = load_save(save)
    assert played.state.characters["ann"].cards == character.cards

    # An invalid deck is not written, and the file on disk stays as it was.
    builder.copies["slip-past"].setValue(0)
    builder.tags.set_tags([])
    assert not builder.export_path(target)
    assert builder.message.text() == "Not exported: The character has 0 tags; a character has 1 to 6."
    assert decks.read_text(target.read_bytes()) == character


def test_a_new_game_with_the_built_deck_replaces_the_table(qtbot, table, monkeypatch):
    session, window = table(new_game(players=("Ann", "Bo", "Cy")))
    extension = dice_dock(window)

    def run_builder(dialog):
        dialog.name_edit.setText("Mara")
        dialog.copies["hunted"].setValue(1)
        assert dialog.play_button.isEnabled()
        qtbot.mouseClick(dialog.play_button, Qt.MouseButton.LeftButton)
        return dialog.result()

    def run_new_game(dialog):
        assert dialog.names() == ["Ann", "Bo", "Cy"]
        dialog.who.setCurrentIndex(1)  # Bo plays the deck
        dialog.players.setText("Ann, Bo, Cy, Bo")
        dialog.start()
        assert dialog.game is None and "same name" in dialog.problem.text()  # refused: nothing lost
        dialog.players.setText("Ann, Bo, Cy")
        dialog.who.setCurrentIndex(1)
        dialog.start()
        return QDialog.DialogCode.Accepted if dialog.game is not None else QDialog.DialogCode.Rejected

    monkeypatch.setattr(DeckBuilder, "exec", run_builder)
    monkeypatch.setattr(NewGameDialog, "exec", run_new_game)
    extension.builder_action.trigger()
    qtbot.waitUntil(lambda: window.session is not session)

    state = window.session.game.state
    assert [seat.name for seat in state.seats] == ["Ann", "Bo", "Cy"]
    assert state.characters["bo"].name == "Mara" and state.characters["ann"].name == "Wren"
    assert state.characters["cy"].name == "Wren"
    owned = [state.cards[c] for z in ("ready:bo", "unready:bo", "spent:bo") for c in state.zones[z].cards]
    assert Counter(owned) == Counter(deck_builder.decks.card_list(state.characters["bo"]))
    assert "hunted" in owned
    # The new game has its own dock and entries (the old game's went with it).
    fresh = dice_dock(window)
    assert fresh is not extension and fresh.session is window.session
    game_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Game")
    assert fresh.builder_action in game_menu.actions()
    assert len(window.findChildren(QDockWidget, "wtr-dice-dock")) == 1


def test_a_hand_over_keeps_the_table_items_that_look_the_same_to_the_next_seat(qtbot, table):
    """Each seat sees its own Unready pile as a row: at a hand-over only those two zones change;
    every other zone, and the cards in them, stay as they were (they were all made anew)."""
    session, window = table(new_game())
    session.request_viewer("ann")
    look(qtbot, window, "Ann")
    before = {zone_id: (zone, list(zone.cards)) for zone_id, zone in window.table_view.zones.items()}
    session.request_viewer("bo")
    look(qtbot, window, "Bo")
    after = window.table_view.zones
    assert set(after) == set(before)
    changed = {zone_id for zone_id, zone in after.items() if zone is not before[zone_id][0]}
    assert changed <= {"unready:ann", "unready:bo"}
    kept_cards = [card for zone_id, (zone, cards) in before.items() if zone_id not in changed
                  for card in cards if card.card_id is not None and card.card_id in
                  {item.card_id for item in after[zone_id].cards}]
    assert kept_cards and all(any(card is item for item in after[card.zone].cards) for card in kept_cards)


def test_the_dice_dock_starts_hidden_and_is_not_shown_and_hidden_at_start(qtbot, monkeypatch):
    """The app's window is on screen before the game is set: the dice dock, hidden until a roll
    opens, is never laid out and shown for nothing on the way (a start paid for it)."""
    from desktop.engine.demo import demo_game
    from desktop.ui.systems.worlds_that_remember.dice_panel import DicePanel

    shown = []
    original = DicePanel.showEvent
    monkeypatch.setattr(DicePanel, "showEvent", lambda self, event: shown.append(self) or original(self, event))
    window = MainWindow()
    person_at(qtbot, window)
    window.show()
    qtbot.waitExposed(window)
    window.set_session(GameSession(demo_game("worlds-that-remember")))
    extension = dice_dock(window)
    assert not extension.dock.isVisible() and shown == []
    # The player still opens it from the View menu.
    extension.show_action.trigger()
    assert extension.dock.isVisible() and extension.panel.isVisible() and shown == [extension.panel]


def test_the_dock_turning_to_its_line_after_a_roll_lays_the_column_out_once(qtbot, laptop, monkeypatch):
    """Between the roll and the turn's end the dock is one line: the column (the dock, its line,
    the actions and log above it) is laid out once for that, not once for the line shown beside
    the panel and again for the panel gone."""
    from PySide6.QtCore import QObject

    session, window = laptop
    extension = dice_dock(window)
    play_first_card(qtbot, window, session, monkeypatch)
    qtbot.waitUntil(lambda: extension.shown == "full" and extension.dock.isVisible())
    actions = window.own_dock("actions")
    QCoreApplication.processEvents()

    class Sizes(QObject):
        def __init__(self):
            super().__init__()
            self.heights = []

        def eventFilter(self, watched, event):
            if event.type() == QEvent.Type.Resize:
                self.heights.append(event.size().height())
            return False

    watched = {"actions": actions, "dock": extension.dock, "line": extension._line_row,
               "scroll": extension.scroll, "log": window.log}
    sizes = {}
    for name, widget in watched.items():
        sizes[name] = Sizes()
        widget.installEventFilter(sizes[name])
    qtbot.mouseClick(extension.panel.roll_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: extension.shown == "line")
    QCoreApplication.sendPostedEvents()
    QCoreApplication.processEvents()
    for name, widget in watched.items():
        widget.removeEventFilter(sizes[name])
    assert extension.line.isVisible() and not extension.panel.isVisible()
    heights = {name: found.heights for name, found in sizes.items()}
    # Each of the column's pieces gets its new size once; the panel going away is not laid out.
    assert [len(heights[name]) for name in ("actions", "dock", "line", "log")] == [1, 1, 1, 1], heights
    assert heights["scroll"] == [], heights


def test_a_roll_opens_the_dock_at_the_height_it_keeps(qtbot, laptop, monkeypatch):
    """The dock comes up once at its height, what its panel needs up to most of the column: given
    the whole share first and shrunk to its contents two turns later, the actions and the log
    beside it jumped twice at the game's first roll."""
    from PySide6.QtCore import QObject

    session, window = laptop
    window.resize(1600, 1000)  # a column taller than the panel needs
    qtbot.waitUntil(lambda: window.height() == 1000)
    dock = dice_dock(window).dock
    heights = []

    class Heights(QObject):
        def eventFilter(self, watched, event):  # noqa: N802 - Qt's name
            if event.type() == QEvent.Type.Resize and watched.isVisible():
                heights.append(event.size().height())
            return False

    watcher = Heights(dock)
    dock.installEventFilter(watcher)
    play_first_card(qtbot, window, session, monkeypatch)
    qtbot.waitUntil(dock.isVisible)
    qtbot.waitUntil(lambda: not window.columns._share_asked)  # the side columns have shared out
    for _ in range(5):  # and what that sharing posted has been handled
        QCoreApplication.processEvents()
    assert heights and len(set(heights)) == 1, heights


def test_the_dock_going_leaves_no_empty_frame(qtbot, laptop, monkeypatch):
    """When the dock goes (the turn's end, with nothing to pass), the actions and log take its
    room before the next frame is painted: left to the layout's posted request, one frame showed
    its place empty (seen at the turn's end that brings the hand-over note)."""
    session, window = laptop
    extension = dice_dock(window)
    play_first_card(qtbot, window, session, monkeypatch)
    actions, players = window.own_dock("actions"), window.own_dock("players")
    qtbot.waitUntil(lambda: extension.shown == "full" and actions.height() < players.height())
    extension._show("hidden")  # as `_follow` does once the roll and the turn are over
    assert not extension.dock.isVisible()
    assert actions.height() == players.height()  # the whole column already, before any event
