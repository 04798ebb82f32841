"""Tempo Combat's end of a fight through the real window (issue 26, item 3): a person playing solo
against the app is offered "End the scene" under "What can happen now", and once every NPC is
down the app's GM ends the scene by itself."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton

from desktop.rulesets.tempo import actions as a
from desktop.ui.offer_words import offer_text
from tests.rulesets.tempo.helpers import new, plans, st
from tests.table_helpers import window_on

PLANS = {"ann": ["quick_attack", "move"], "bo": ["quick_attack", "hide"],
         "orc": ["mark", "slow_attack"], "goblin": ["quick_attack", "move"]}


def offer_button(window, session, kind: str) -> QPushButton | None:
    offer = next((o for o in session.offers() if o.seat == session.viewer and o.kind == kind), None)
    if offer is None:
        return None
    text = offer_text(session.view(), offer)
    return next((b for b in window.actions.buttons if isinstance(b, QPushButton) and b.text() == text), None)


def test_a_person_playing_against_the_app_is_offered_end_the_scene_and_a_click_ends_it(qtbot):
    """Through the real dialog, answered as a person does, a moment later: the app's GM, quick
    here, waits while the person's question is open (it moved under it, and closed it, before)."""
    game = plans(new(), PLANS)
    session, window = window_on(qtbot, game)
    session.bot_pause_ms = 20
    session.set_app_seat("gm", True)
    if session.viewer != "ann":
        session.request_viewer("ann")
        qtbot.mouseClick(window.curtain.button, Qt.MouseButton.LeftButton)
    assert session.viewer == "ann"
    button = offer_button(window, session, "end_scene")
    assert button is not None and button.isEnabled() and "End the scene" in button.text()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: st(session.game).scene == 2, timeout=3000)
    # Ann's click ended it (the app's GM, quick here, may already be moving in the next scene).
    assert a.EndScene(player="ann") in session.game.actions
    assert not any(action.type == "end_scene" and action.player == "gm" for action in session.game.actions)
    assert window.person.answers[0].as_opened  # Yes, as it opened, and Return
    assert window.person.asked == [
        "Ann: End the scene? Those who Exerted in it take damage equal to their Exertion."]


def test_the_apps_gm_ends_the_scene_once_every_npc_is_down(qtbot):
    game = plans(new(), PLANS)
    for npc in ("orc", "goblin"):
        game.apply(a.SetCounter(player="gm", character=npc, counter="hp", value=0))
    session, window = window_on(qtbot, game)
    session.bot_pause_ms = 20
    session.set_app_seat("gm", True)
    qtbot.waitUntil(lambda: st(session.game).scene == 2, timeout=5000)
    assert session.game.actions[-1] == a.EndScene(player="gm")
    assert "Goblin: defeated" in [zone.title for zone in session.table().zones]


def test_a_defeated_npcs_row_is_greyed_and_its_taken_card_faded(qtbot):
    from desktop.ui.table.track import INACTIVE_OPACITY, TrackRowItem
    from tests.rulesets.tempo.helpers import advance, take, to_turn

    game = plans(new(), PLANS)
    to_turn(game, "goblin", 3)
    take(game, "goblin", "quick_attack", weapon="Shiv", target="ann")
    advance(game, "gm")
    game.apply(a.SetCounter(player="gm", character="goblin", counter="hp", value=0))
    session, window = window_on(qtbot, game)
    rows = {zone_id: zone for zone_id, zone in window.table_view.zones.items() if isinstance(zone, TrackRowItem)}
    goblin = rows["timeline:goblin"]
    assert goblin.inactive and goblin.title == "Goblin: defeated"
    assert goblin.cards and all(card.opacity() == INACTIVE_OPACITY for card in goblin.cards)
    assert not rows["timeline:orc"].inactive and all(card.opacity() == 1.0 for card in rows["timeline:orc"].cards)
