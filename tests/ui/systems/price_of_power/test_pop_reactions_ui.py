"""Price of Power's Reactions through the real window: off its turn, a seat declares what happened
to it and answers with a Reaction from its own hand, the screen passing to it first and back to
the player whose turn it is; nothing of its hand is shown to the seat that was looking."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from desktop.engine import Game
from desktop.rulesets.price_of_power import actions as a
from desktop.rulesets.price_of_power.core import card_def, cost_of
from tests.demos import demo_played
from tests.table_helpers import slip_into_hand, window_on
from tests.ui.at_the_screen import AtTheScreen


def before_the_battle() -> Game:
    """The demo's game up to its battle: round 1's Action phase, Display cards in play."""
    return demo_played("price-of-power", before=lambda game, action: isinstance(action, a.DeclareBattle))




def offer_button(window, starts: str):
    return next(b for b in window.actions.buttons if b.isVisible() and b.text().startswith(starts))


@pytest.fixture
def table(qtbot):
    game = before_the_battle()
    active = game.state.active
    order = game.state.order()
    other = order[(order.index(active) + 1) % len(order)]
    reaction = slip_into_hand(game, other, "Call to Arms")
    session, window = window_on(qtbot, game, person=AtTheScreen({"What happened to you": "War is declared"}))
    assert session.viewer == active
    return session, window, active, other, reaction


def test_off_its_turn_a_seat_declares_and_reacts_from_its_own_hand(qtbot, table):
    session, window, active, other, reaction = table
    view = session.view()
    before = len(session.game.actions)
    # The player whose turn it is presses the other seat's entry: the screen passes first.
    qtbot.mouseClick(offer_button(window, f"{view.seat_name(other)}: Declare"), Qt.MouseButton.LeftButton)
    assert len(session.game.actions) == before
    assert window.curtain.isVisible() and session.pending_viewer == other
    assert reaction not in session.view().seen_cards()  # behind the curtain, no face of its hand

    window.curtain.button.click()  # the other seat looks; its question is asked of it now
    qtbot.waitUntil(lambda: len(session.game.actions) == before + 1)
    assert window.person.answers[0].asked.text.endswith("Do it now? No leaves the choice to you.")
    declared = session.game.actions[-1]
    assert isinstance(declared, a.Declare) and declared.player == other and declared.event == "war-declared"
    assert session.view().extra.trigger is not None and session.viewer == other

    # Its Reaction answers the war declared on it: Call to Arms, paid from its own MIL.
    state = session.game.state
    cost = cost_of(state, other, card_def(state, reaction).play)
    power, ducats = state.counters[other]["mil"], state.counters[other]["ducats"]
    qtbot.mouseClick(offer_button(window, f"{view.seat_name(other)}: Play Call to Arms"), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(session.game.actions) == before + 2)  # its questions answered in the dialog
    played = session.game.actions[-1]
    assert isinstance(played, a.Play) and played.player == other and played.card == reaction
    assert (state.counters[other]["mil"], state.counters[other]["ducats"]) == (power - cost.power, ducats - cost.ducats)
    assert reaction in session.game.state.zones["discard:mil"].cards

    # It passes the window; the screen goes back to the player whose turn it is.
    qtbot.mouseClick(offer_button(window, f"{view.seat_name(other)}: Pass"), Qt.MouseButton.LeftButton)
    assert session.game.state.trigger is None
    qtbot.waitUntil(lambda: window.curtain.isVisible() and session.pending_viewer == active)
    window.curtain.button.click()
    assert session.viewer == active and session.game.state.active == active
