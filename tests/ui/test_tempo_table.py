"""Tempo Combat through the real window: two actions planned by dragging them onto the timeline
(and by Enter on a card), the curtain going through the seats that plan at once, a whole round
advanced with the Advance button, Guard then Intercept as a Respond, an action moved by Exert,
and the NPCs played by the app. Every move is made with the table's own widgets (presses, moves
and releases on the view, keys, buttons) and handed to the session."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QPushButton

from table_helpers import Answers, _mouse, visible_point, window_on

from desktop.rulesets.tempo import actions as a
from desktop.ui.table.track import ChipItem
from tests.rulesets.tempo.helpers import card, new, plans, st

NPC_PLANS = {"orc": ["help", "slow_attack"], "goblin": ["quick_attack", "move"]}


def cell_point(window, zone_id: str, column: int) -> QPointF:
    """The centre of a row's cell, in the scene."""
    row = window.table_view.zones[zone_id]
    cell = row.grid.cell(row.row, column)
    return QPointF(cell.x + cell.width / 2, cell.y + cell.height / 2)


def drag_to(item, scene_point: QPointF, release: bool = True) -> None:
    """Presses on a card of the table and drags it in steps onto `scene_point`."""
    view = item.table
    start = visible_point(view, item)
    end = view.mapFromScene(scene_point)
    _mouse(view, QEvent.Type.MouseButtonPress, start, Qt.MouseButton.LeftButton)
    for step in range(1, 6):
        _mouse(view, QEvent.Type.MouseMove, start + (end - start) * (step / 5), Qt.MouseButton.LeftButton)
    if release:
        _mouse(view, QEvent.Type.MouseButtonRelease, end, Qt.MouseButton.NoButton)


def release_at(view, scene_point: QPointF) -> None:
    _mouse(view, QEvent.Type.MouseButtonRelease, view.mapFromScene(scene_point), Qt.MouseButton.NoButton)


def inside_cell(window, item, zone_id: str, column: int) -> bool:
    row = window.table_view.zones[zone_id]
    cell = row.grid.cell(row.row, column)
    x, y = item.pos().x(), item.pos().y()
    width, height = item.size()
    return cell.x <= x and x + width <= cell.x + cell.width + 0.5 and cell.y <= y and y + height <= cell.y + cell.height + 0.5


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
    session, window = window_on(qtbot, new(), Answers())
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
    asker = Answers()
    session, window = window_on(qtbot, new(), asker)
    view = window.table_view
    for action, column in (("scan", 2), ("hide", 6)):
        card_id = card(session.game, "ann", action)
        assert view.focus_card(card_id)
        QTest.keyClick(view.viewport(), Qt.Key.Key_Return)
        qtbot.waitUntil(lambda c=card_id: c in session.game.state.zones["timeline:ann"].cards, timeout=3000)
        assert any(name in text for text in asker.asked for name in (action.capitalize(),))  # asked, naming it
        assert inside_cell(window, view.zones["timeline:ann"].card(card_id), "timeline:ann", column)
    assert "ann" not in session.view().extra.planners


def test_the_curtain_goes_through_the_seats_planning_each_seeing_its_own_plan_and_never_an_npcs(qtbot):
    session, window = window_on(qtbot, new(), Answers())
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
    session, window = window_on(qtbot, new(plans="secret"), Answers())
    plan_by_drag(qtbot, window, session, "ann", "quick_attack", 3)
    plan_by_drag(qtbot, window, session, "ann", "move", 4)
    lift(qtbot, window, "Bo")
    assert chips_shown(window, "timeline:ann") == {}
    assert "1 face down" not in window.table_view.zones["timeline:ann"].accessible_text()  # a count, no place
    assert "2 face down" in window.table_view.zones["timeline:ann"].accessible_text()
    plan_by_drag(qtbot, window, session, "bo", "scan", 2)
    assert chips_shown(window, "timeline:bo") == {"Scan": 2}
