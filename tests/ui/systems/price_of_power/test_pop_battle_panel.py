"""Price of Power's Battle dock through the real window: a battle round with Battle Actions from
both sides, each played by its own seat behind the curtain, the dice they add kept for the rest of
the battle, and nothing of a hand shown to the other side."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from desktop.rulesets.price_of_power import actions as a
from desktop.ui.systems.price_of_power.battle_panel import BattleBody, dice_words
from tests.demos import demo_played
from tests.table_helpers import slip_into_hand, window_on


@pytest.fixture
def battle(qtbot):
    """The demo's battle (Cy attacks Dee, Cy's step), Dee holding a Cavalry Charge."""
    game = demo_played("price-of-power")
    assert game.state.battle is not None and game.state.battle.step == "attacker"
    charge = slip_into_hand(game, game.state.battle.defender, "Cavalry Charge")
    session, window = window_on(qtbot, game)
    return session, window, charge


def body_of(window) -> BattleBody:
    return window.findChild(BattleBody, "pop-battle")


def press(qtbot, window, kind: str) -> None:
    button = body_of(window).buttons[kind]
    assert button.isVisible() and button.isEnabled()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def test_a_battle_round_with_battle_actions_from_both_sides(qtbot, battle):
    session, window, charge = battle
    state = session.game.state
    attacker, defender = state.battle.attacker, state.battle.defender
    body = body_of(window)
    assert body.isVisible()
    view = session.view()
    assert body.headline.text() == f"Battle on land, round 1: {view.seat_name(attacker)} attacks {view.seat_name(defender)}"
    attacker_played = view.extra.battle.used["attacker"]
    assert attacker_played, "the demo's attacker has played a Battle Action"
    assert body.side_used["attacker"].text() == f"Played this round: {', '.join(attacker_played)}"
    assert body.side_used["defender"].text() == "Played this round: none yet"
    attacker_dice = body.side_dice["attacker"].text()
    assert attacker_dice != "Dice: no dice added"
    # The defender's hand is not hinted at while the attacker looks: no play is offered for it.
    assert "play" not in body.buttons or session.view().seat_name(defender) not in body.buttons["play"].text()

    # The attacker is done: the screen passes to the defender, who plays its own Battle Action.
    press(qtbot, window, "done")
    assert window.curtain.isVisible() and session.pending_viewer == defender
    window.curtain.button.click()
    assert session.viewer == defender
    qtbot.waitUntil(lambda: "Now: " in body.step.text() and session.view().seat_name(defender) in body.step.text())
    press(qtbot, window, "play")
    # Its question is answered in the real dialog as it shows: the move is made then.
    qtbot.waitUntil(lambda: isinstance(session.game.actions[-1], a.Play))
    played = session.game.actions[-1]
    assert isinstance(played, a.Play) and played.player == defender and played.card == charge
    qtbot.waitUntil(lambda: body.side_used["defender"].text() == "Played this round: Cavalry Charge")
    assert body.side_dice["defender"].text() == "Dice: 1 Cavalry"
    assert body.side_dice["attacker"].text() == attacker_dice

    # Both done: the next round keeps the dice and opens the Battle Actions again.
    press(qtbot, window, "done")
    qtbot.waitUntil(lambda: "next_round" in body.buttons and body.buttons["next_round"].isVisible())
    assert "Both sides have played" in body.step.text()
    press(qtbot, window, "next_round")
    qtbot.waitUntil(lambda: body.headline.text().endswith(
        f"round 2: {session.view().seat_name(attacker)} attacks {session.view().seat_name(defender)}")
        or "round 2" in body.headline.text())
    assert body.side_used["attacker"].text() == "Played this round: none yet"
    assert body.side_used["defender"].text() == "Played this round: none yet"
    assert body.side_dice["defender"].text() == "Dice: 1 Cavalry (0 this round)"
    assert "next_round" not in body.buttons


def test_the_dock_goes_when_the_battle_ends(qtbot, battle):
    session, window, _ = battle
    game = session.game
    battle = game.state.battle
    for seat in (battle.attacker, battle.defender):
        if session.viewer != seat:
            session.request_viewer(seat)
            window.curtain.button.click()
        session.submit(a.Done(player=seat))
    body = body_of(window)
    assert body.isVisible()
    press(qtbot, window, "end_battle")
    assert session.game.state.battle is None
    qtbot.waitUntil(lambda: not body.isVisible())


def test_the_dice_words_count_each_type_and_this_rounds():
    from desktop.rulesets.price_of_power.presentation import DieSeen

    dice = [DieSeen(side="attacker", die="artillery", source="Coastal Guns", round=1, chosen=False),
            DieSeen(side="attacker", die="cavalry", source="Shock Tactics", round=2, chosen=True),
            DieSeen(side="defender", die="infantry", source="Dig In", round=2, chosen=False)]
    assert dice_words(dice, "attacker", 2) == "1 Artillery, 1 Cavalry (1 this round)"
    assert dice_words(dice, "defender", 2) == "1 Infantry"
    assert dice_words(dice, "defender", 3) == "1 Infantry (0 this round)"
    assert dice_words([], "attacker", 1) == "no dice added"
