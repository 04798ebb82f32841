"""Tempo Combat through the real window: two actions planned by dragging them onto the timeline
(and by Enter on a card), the curtain going through the seats that plan at once, a whole round
advanced with the Advance button, Guard then Intercept as a Respond, an action moved by Exert,
and the NPCs played by the app. Every move is made with the table's own widgets (presses, moves
and releases on the view, keys, buttons) and handed to the session."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QPushButton

from desktop.ui.offer_words import offer_text
from desktop.ui.table.track import ChipItem
from tests.rulesets.tempo.helpers import card, new, plans, st
from tests.table_helpers import (
    cell_point,
    drag_to,
    inside_cell,
    release_at,
    window_on,
)
from tests.ui.at_the_screen import NO, AtTheScreen

NPC_PLANS = {"orc": ["help", "slow_attack"], "goblin": ["quick_attack", "move"]}


def hand_card(window, character: str, card_id: str):
    item = window.table_view.zones[f"actions:{character}"].card(card_id)
    assert item is not None and item.face is not None, f"{card_id} is not shown face up in {character}'s actions"
    return item


def lift(qtbot, window, name: str) -> None:
    """The screen goes to the player named: the one looking passes it once they have seen their
    news (their own plan made), and the player the curtain names confirms they alone look."""
    note = window.handover
    if note.isVisible():
        assert name in note.button.text(), note.button.text()
        qtbot.mouseClick(note.button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.curtain.isVisible(), timeout=3000)
    assert name in window.curtain.button.text(), window.curtain.button.text()
    qtbot.mouseClick(window.curtain.button, Qt.MouseButton.LeftButton)
    assert not window.curtain.isVisible()
    QApplication.processEvents()


def chips_shown(window, zone_id: str) -> dict[str, int]:
    """The cards drawn face up in a row's cells: title -> column."""
    row = window.table_view.zones[zone_id]
    return {chip.title: column for chip, column in zip(row.cards, row.card_columns())
            if chip.face is not None and column is not None and chip.isVisible()}


def plan_by_drag(qtbot, window, session, character: str, action: str, column: int) -> None:
    item = hand_card(window, character, card(session.game, character, action))
    drag_to(item, cell_point(window, f"timeline:{character}", column))
    qtbot.waitUntil(lambda: any(e.character == character and e.action == action for e in st(session.game).entries),
                    timeout=3000)


# ---- planning ----------------------------------------------------------------------------------


def test_two_actions_planned_by_dragging_snap_to_their_tempos_and_a_second_attack_lights_nothing(qtbot):
    session, window = window_on(qtbot, new())
    assert session.viewer == "ann"  # the first seat still planning looks first
    view = window.table_view
    quick = hand_card(window, "ann", card(session.game, "ann", "quick_attack"))
    drag_to(quick, cell_point(window, "timeline:ann", 7), release=False)
    row = view.zones["timeline:ann"]
    assert row.lit and row.lit_columns == {3}  # Quick Attack lies at tempo 3, and only there
    assert not view.zones["timeline:bo"].lit and not view.zones["timeline:orc"].lit
    release_at(view, cell_point(window, "timeline:ann", 7))
    assert st(session.game).entries[0].tempo == 3  # dropped on 7, it snapped to its tempo
    # An Attack is planned: a second one lights no column, and the refusal names the rule.
    slow = hand_card(window, "ann", card(session.game, "ann", "slow_attack"))
    drag_to(slow, cell_point(window, "timeline:ann", 7), release=False)
    assert not view.zones["timeline:ann"].lit
    with qtbot.waitSignal(session.refused, timeout=2000) as refusal:
        release_at(view, cell_point(window, "timeline:ann", 7))
    assert "Unique Action Restriction" in refusal.args[0]
    assert len(st(session.game).entries) == 1
    plan_by_drag(qtbot, window, session, "ann", "move", 4)
    assert chips_shown(window, "timeline:ann") == {"Quick Attack": 3, "Move": 4}
    for name, column in (("quick_attack", 3), ("move", 4)):
        chip = view.zones["timeline:ann"].card(card(session.game, "ann", name))
        assert isinstance(chip, ChipItem) and inside_cell(window, chip, "timeline:ann", column)


def test_enter_on_an_action_card_plans_it_at_its_tempo(qtbot):
    session, window = window_on(qtbot, new())
    view = window.table_view
    for action, column in (("scan", 2), ("hide", 6)):
        card_id = card(session.game, "ann", action)
        assert view.focus_card(card_id)
        QTest.keyClick(view.viewport(), Qt.Key.Key_Return)
        qtbot.waitUntil(lambda c=card_id: c in session.game.state.zones["timeline:ann"].cards, timeout=3000)
        assert any(action.capitalize() in text for text in window.person.asked)  # asked, naming it
        assert inside_cell(window, view.zones["timeline:ann"].card(card_id), "timeline:ann", column)
    assert "ann" not in session.view().extra.planners


def test_the_curtain_goes_through_the_seats_planning_each_seeing_its_own_plan_and_never_an_npcs(qtbot):
    session, window = window_on(qtbot, new())
    assert session.viewer == "ann"
    plan_by_drag(qtbot, window, session, "ann", "quick_attack", 3)
    # Several seats plan at once: Bo takes the screen before Ann is done, behind the curtain.
    window.seats.lookRequested.emit("bo")
    assert window.curtain.isVisible() and session.viewer is None
    assert not any(item.face is not None for item in window.table_view.zones["actions:bo"].cards)
    lift(qtbot, window, "Bo")
    assert chips_shown(window, "timeline:ann") == {"Quick Attack": 3}  # the party sees Ann's plan
    plan_by_drag(qtbot, window, session, "bo", "rest", 1)
    plan_by_drag(qtbot, window, session, "bo", "move", 4)
    # Bo is done; Ann still plans: the screen goes back to her, not on to the GM.
    lift(qtbot, window, "Ann")
    plan_by_drag(qtbot, window, session, "ann", "guard", 4)
    # Only the GM plans now: the curtain names it, and it reads no player character's plan.
    lift(qtbot, window, "GM")
    for pc in ("ann", "bo"):
        assert chips_shown(window, f"timeline:{pc}") == {}
        assert "face down" in window.table_view.zones[f"timeline:{pc}"].accessible_text()
    plan_by_drag(qtbot, window, session, "orc", "help", 3)
    assert chips_shown(window, "timeline:orc") == {"Help": 3}  # its own plan, at its tempo
    plan_by_drag(qtbot, window, session, "orc", "slow_attack", 7)
    plan_by_drag(qtbot, window, session, "goblin", "quick_attack", 3)
    plan_by_drag(qtbot, window, session, "goblin", "move", 4)
    assert st(session.game).phase == "count"
    # The count begins with Bo's Rest at tempo 1: the next viewer sees the party's plans, and of
    # the NPCs only how many actions they have left, never a card at a tempo.
    lift(qtbot, window, "Bo")
    assert chips_shown(window, "timeline:ann") == {"Quick Attack": 3, "Guard": 4}
    for npc in ("orc", "goblin"):
        row = window.table_view.zones[f"timeline:{npc}"]
        assert chips_shown(window, f"timeline:{npc}") == {}
        assert "2 actions left" in row.title
        assert not any(item.face is not None for item in window.table_view.zones[f"actions:{npc}"].cards)


def test_with_secret_plans_each_planner_sees_only_its_own(qtbot):
    session, window = window_on(qtbot, new(plans="secret"))
    plan_by_drag(qtbot, window, session, "ann", "quick_attack", 3)
    plan_by_drag(qtbot, window, session, "ann", "move", 4)
    lift(qtbot, window, "Bo")
    assert chips_shown(window, "timeline:ann") == {}
    assert "1 face down" not in window.table_view.zones["timeline:ann"].accessible_text()  # a count, no place
    assert "2 face down" in window.table_view.zones["timeline:ann"].accessible_text()
    plan_by_drag(qtbot, window, session, "bo", "scan", 2)
    assert chips_shown(window, "timeline:bo") == {"Scan": 2}


# ---- the count ---------------------------------------------------------------------------------


def characters(window):
    from desktop.ui.systems.tempo.panel import CharactersBody

    return window.findChild(CharactersBody)


def advance_button(window) -> QPushButton:
    return characters(window).advance  # the dock's buttons are made anew at each change


def click_offer(qtbot, window, session, kinds: tuple[str, ...]) -> bool:
    """Presses the "What can happen now" button of the viewer's first offer of one of `kinds`."""
    for kind in kinds:
        offer = next((o for o in session.offers() if o.seat == session.viewer and o.kind == kind), None)
        if offer is None:
            continue
        text = offer_text(session.view(), offer)
        button = next(b for b in window.actions.buttons if isinstance(b, QPushButton) and b.text() == text)
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        return True
    return False


def step(qtbot, window, session) -> None:
    """One thing a person at the table does next: pass the screen, lift the curtain, press Advance
    after a turn, or take the action the viewer's character holds now."""
    before = len(session.game.actions)
    if window.handover.isVisible():
        qtbot.mouseClick(window.handover.button, Qt.MouseButton.LeftButton)
        return
    if window.curtain.isVisible():
        qtbot.mouseClick(window.curtain.button, Qt.MouseButton.LeftButton)
        return
    if advance_button(window).isEnabled():
        qtbot.mouseClick(advance_button(window), Qt.MouseButton.LeftButton)
    elif not click_offer(qtbot, window, session, ("take",)):
        assert session.app_seats, [o.label for o in session.offers()]  # nothing for a person: the app acts
    qtbot.waitUntil(lambda: len(session.game.actions) > before, timeout=5000)


def test_a_whole_round_is_played_to_its_end_with_the_advance_button(qtbot):
    game = plans(new(), {"ann": ["quick_attack", "guard"], "bo": ["rest", "move"], **NPC_PLANS})
    session, window = window_on(qtbot, game)
    grid = window.table_view.grids["tempo"]
    seen = []
    for _ in range(80):
        if st(session.game).round == 2:
            break
        if not window.curtain.isVisible() and st(session.game).phase == "count":
            seen.append(grid.current)
        step(qtbot, window, session)
    state = st(session.game)
    assert state.round == 2 and state.phase == "planning"
    assert seen == sorted(seen) and {1, 3, 4, 7} <= set(seen)  # the count went through each tempo in order
    kinds = [act.type for act in session.game.actions]
    assert kinds.count("take") == 8 and kinds.count("advance") == 8  # every action taken, each turn ended
    lines = session.game.log_for(None)
    assert "Round 2: Planning: each character picks two different actions (T3, T4)." in lines
    # Every card is back in its hand, and the grid says Planning again.
    assert all(not state.zones[f"timeline:{c}"].cards for c in ("ann", "bo", "orc", "goblin"))
    qtbot.waitUntil(lambda: grid.current == -1 and grid.note == "Planning", timeout=3000)


def play_until(qtbot, window, session, done, most: int = 60) -> None:
    for _ in range(most):
        if done(st(session.game)):
            return
        step(qtbot, window, session)
    raise AssertionError("the moment never came")


def test_guard_then_intercept_as_a_respond_takes_the_strike_for_the_ally(qtbot):
    from tests.rulesets.tempo.helpers import to_turn

    game = plans(new(), {"ann": ["guard", "hide"], "bo": ["rest", "move"], **NPC_PLANS})
    to_turn(game, "ann", 4)
    # Ann guards Bo (confirmed adjacent); the GM declares the Strike's hit on Bo, for 4.
    person = AtTheScreen({"whom?": "Bo", "What happened?": "hit", "To whom?": "Bo", "Damage of the Strike": 4})
    session, window = window_on(qtbot, game, person=person)
    assert session.viewer == "ann"
    assert click_offer(qtbot, window, session, ("take",))  # Ann's Guard, on Bo (confirmed adjacent)
    qtbot.waitUntil(lambda: st(session.game).character("ann").guarding == "bo", timeout=3000)
    qtbot.mouseClick(advance_button(window), Qt.MouseButton.LeftButton)
    # The count goes on to the Orc's Slow Attack at tempo 7, on Bo; the GM declares the hit.
    play_until(qtbot, window, session, lambda s: s.turn is not None and s.turn.character == "orc"
               and s.entry(s.turn.entry).action == "slow_attack")
    assert session.viewer == "gm" and st(session.game).turn.target == "bo"
    assert characters(window).respond == {}  # nobody may react before the hit
    assert click_offer(qtbot, window, session, ("declare",))
    qtbot.waitUntil(lambda: any(t.kind == "hit" for t in st(session.game).turn.triggers), timeout=3000)
    assert any(t.kind == "hit" and t.subject == "bo" and t.damage == 4 for t in st(session.game).turn.triggers)
    # Ann may Intercept now: a Respond button on her block, and only hers.
    respond = characters(window).respond
    assert set(respond) == {("ann", "Intercept")}
    qtbot.mouseClick(respond[("ann", "Intercept")], Qt.MouseButton.LeftButton)
    lift(qtbot, window, "Ann")  # the reaction is Ann's: the screen passes to her first
    qtbot.waitUntil(lambda: st(session.game).turn.reacted == ["ann"], timeout=3000)
    assert "Reaction: Ann's Intercept (tempo 4): takes the Strike's damage instead of Bo." in session.game.log_for(None)
    assert ("ann", "Intercept") not in characters(window).respond
    hp = {c: st(session.game).value(c, "hp") for c in ("ann", "bo")}
    qtbot.mouseClick(advance_button(window), Qt.MouseButton.LeftButton)
    assert st(session.game).value("ann", "hp") == hp["ann"] - 4  # Ann took the Strike
    assert st(session.game).value("bo", "hp") == hp["bo"]


# ---- Exert ---------------------------------------------------------------------------------------


def ann_may_exert(qtbot, person=None):
    """Bo's Rest taken at tempo 1; at its end Ann, who planned Scan and Hide, takes the screen."""
    game = plans(new(), {"ann": ["scan", "hide"], "bo": ["rest", "move"], **NPC_PLANS})
    session, window = window_on(qtbot, game, person=person)
    before = len(session.game.actions)
    assert click_offer(qtbot, window, session, ("take",))  # Bo's Rest at tempo 1: a turn under way
    qtbot.waitUntil(lambda: len(session.game.actions) > before, timeout=3000)
    window.seats.lookRequested.emit("ann")  # at its end Ann may Exert: she takes the screen
    lift(qtbot, window, "Ann")
    return session, window, card(session.game, "ann", "hide")


def test_a_drag_along_the_row_asks_before_it_spends_exertion_and_no_leaves_everything(qtbot):
    session, window, hide = ann_may_exert(qtbot, AtTheScreen({"Exert": NO}))  # No, clicked
    before = len(session.game.actions)
    view = window.table_view
    drag_to(view.zones["timeline:ann"].card(hide), cell_point(window, "timeline:ann", 8))
    qtbot.waitUntil(lambda: "Exert (+1 Exertion) to move Hide to tempo 8?" in window.person.asked, timeout=3000)
    assert window.person.answer_to("Exert").key == "no"
    assert len(session.game.actions) == before
    assert st(session.game).value("ann", "exertion") == 0
    assert session.game.state.card_states[hide].slot == 6
    qtbot.waitUntil(lambda: inside_cell(window, view.zones["timeline:ann"].card(hide), "timeline:ann", 6))  # glides back


def test_exert_moves_a_planned_action_by_dragging_it_along_its_row(qtbot):
    session, window, hide = ann_may_exert(qtbot)
    view = window.table_view
    chip = view.zones["timeline:ann"].card(hide)
    assert chip.draggable  # her own row's planned cards may be lifted
    drag_to(chip, cell_point(window, "timeline:ann", 8), release=False)
    row = view.zones["timeline:ann"]
    assert row.lit and row.lit_columns == {1, 2, 3, 4, 5, 7, 8, 9}  # any tempo still to come but its own
    release_at(view, cell_point(window, "timeline:ann", 8))
    qtbot.waitUntil(lambda: session.game.state.card_states[hide].slot == 8, timeout=3000)
    assert "Exert (+1 Exertion) to move Hide to tempo 8?" in window.person.asked  # asked before it was spent
    state = st(session.game)
    assert state.value("ann", "exertion") == 1
    assert any(e.action == "hide" and e.tempo == 8 and e.usual == 6 for e in state.entries)
    assert inside_cell(window, view.zones["timeline:ann"].card(hide), "timeline:ann", 8)
    assert characters(window).bars["ann"].format() == "Exertion 1/3"
    # A taken action stays where it was: Bo's Rest is not Ann's, and hers may not go into the past.
    with qtbot.waitSignal(session.refused, timeout=2000) as refusal:
        drag_to(view.zones["timeline:ann"].card(hide), cell_point(window, "timeline:ann", 0))
    assert "0" in refusal.args[0]
    assert session.game.state.card_states[hide].slot == 8


# ---- the app as the GM ---------------------------------------------------------------------------


def test_the_npcs_played_by_the_app_plan_and_act_unseen_and_never_read_a_players_plan(qtbot):
    session, window = window_on(qtbot, new())
    session.bot_pause_ms = 20
    session.set_app_seat("gm", True)
    bot = session.app_seats["gm"]
    read = []  # every view the NPCs' bot was given
    choose = bot.choose
    bot.choose = lambda legal, seen: (read.append(seen), choose(legal, seen))[1]
    curtains = []
    session.curtainRequested.connect(curtains.append)
    plan_by_drag(qtbot, window, session, "ann", "quick_attack", 3)
    plan_by_drag(qtbot, window, session, "ann", "guard", 4)
    lift(qtbot, window, "Bo")
    plan_by_drag(qtbot, window, session, "bo", "standard_attack", 5)
    plan_by_drag(qtbot, window, session, "bo", "move", 4)
    # The app plans its NPCs by itself, behind no curtain; the count begins.
    qtbot.waitUntil(lambda: st(session.game).phase == "count", timeout=5000)
    npc_plans = [e for e in st(session.game).entries if e.character in ("orc", "goblin")]
    assert len(npc_plans) == 4
    play_until(qtbot, window, session, lambda s: s.round == 2, most=120)
    assert "gm" not in curtains and session.viewer != "gm"  # the app's seat never looks
    by_app = [act for index, act in enumerate(session.game.actions) if index in session.log._app_moves]
    assert {act.type for act in by_app} >= {"plan", "take"}  # it planned and acted for its NPCs
    assert all(act.player == "gm" for act in by_app)
    assert not any(act.type == "advance" for act in by_app)  # the people end the turns
    # Nothing a player planned reached the bot: in every view it read, a player character's row
    # showed only actions already taken.
    assert read
    for seen in read:
        for row in seen.extra.rows:
            if row.side == "pc":
                assert all(chip.status != "planned" for chip in row.chips)


# ---- the demo: four player characters and four NPCs mid-round -------------------------------------


@pytest.mark.parametrize("size", [(1280, 720), (2560, 1440)])
def test_the_demo_reads_who_acts_at_which_tempo_with_nothing_cut(qtbot, size):
    from test_clipping import clipped_widgets

    from desktop.engine.demo import demo_game

    session, window = window_on(qtbot, demo_game("tempo"), size=size)
    for _ in range(3):
        QApplication.processEvents()
    window.grab()  # paints the table: the titles are fitted as they are drawn
    assert clipped_widgets(window) == []
    view = window.table_view
    grid = view.grids["tempo"]
    assert grid.current == st(session.game).tempo and grid.note in ("PCs acting", "NPCs acting")
    rows = [view.zones[f"timeline:{c.id}"] for c in st(session.game).order()]
    assert len(rows) == 8
    for row, char in zip(rows, st(session.game).order()):
        assert row.shown_title().startswith(char.name)  # each row's name reads whole
        for chip in row.cards:
            if chip.isVisible():
                rect = chip.sceneBoundingRect()
                assert grid.grid.box.x <= rect.left() + 3 and rect.right() - 3 <= grid.grid.box.x + grid.grid.box.width
    if size == (2560, 1440):  # the GM's hands side by side each keep their NPC's name
        for char in st(session.game).order():
            if char.side == "npc":
                assert view.zones[f"actions:{char.id}"].shown_title().startswith(char.name)


def test_an_entry_names_its_seat_once(qtbot):
    """A player seat playing one character named like it: "Ann: not now", not "Ann: Ann: not now"."""
    from desktop.engine import Game
    from desktop.engine.demo import demo_game

    demo = demo_game("tempo")
    game = Game.new(demo.setup)
    for action in demo.actions:
        game.apply(action)
    session, window = window_on(qtbot, game)
    texts = [button.text() for button in window.actions.buttons if button.isVisible()]
    assert texts, "the demo offers something"
    for text in texts:
        name = text.split(":")[0]
        assert not text.startswith(f"{name}: {name}"), text
    assert any(text.startswith(f"{session.view().seat_name(session.viewer)}: ") for text in texts)
    name = session.view().seat_name(session.viewer)
    assert f"{name} can:" in window.banner.text() and f"{name}: {name}:" not in window.banner.text()
    assert f"{name} can: {name}:" not in window.banner.text() and f", {name}: " not in window.banner.text()


def test_a_screen_reader_names_where_a_card_lies_in_the_systems_words(qtbot):
    """A card's accessible text says whose zone holds it by the zone's own label ("Orc's
    timeline", "Ann's actions"), not by a generic role made into a possessive ("GM's track")."""
    session, window = window_on(qtbot, new())
    plan_by_drag(qtbot, window, session, "ann", "quick_attack", 3)
    chip = next(item for item in window.table_view.zones["timeline:ann"].cards if item.face is not None)
    assert " in Ann's timeline" in chip.accessible_text()
    assert " in Ann's actions" in hand_card(window, "ann", card(session.game, "ann", "guard")).accessible_text()
