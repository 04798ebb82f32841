"""A Pass with nothing new to see leaves no "Pass to ..." behind (issue 26, item 16's last stale
prompt): the seat looking passes, nothing is drawn or told to it, so no hand-over note appears;
the curtain goes straight to the next seat that must look, or, when none must, nothing covers
the table. In Twilight Imperium (a timing window's Pass, Pass for the phase) and Price of Power
(a Covert Action's Pass), through the real window as the seat looking, with the real question
dialog where a Pass asks first."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from table_helpers import started_game
from test_seat_authority import Answering, lift, offer_button

from desktop.rulesets.twilight_imperium import actions as a


class Notes:
    """Every "Pass to ..." the session asked for, and whether the note was ever on screen."""

    def __init__(self, session, window):
        self.asked: list[str] = []
        self.window = window
        session.handoverRequested.connect(self.asked.append)

    def none(self) -> bool:
        return not self.asked and not self.window.handover.isVisible() and self.window.session.handover is None


def pass_by_click(qtbot, window, name: str) -> None:
    qtbot.mouseClick(offer_button(window, f"{name}: Pass"), Qt.MouseButton.LeftButton)


def respond(qtbot, window, seat: str, name: str) -> None:
    """A seat that may answer out of turn takes the screen with its Respond button."""
    button = window.seats.buttons[seat]
    assert button.text().startswith("Respond: "), button.text()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    lift(qtbot, window, name)


def test_twilight_imperium_passes_in_a_timing_window_leave_no_note(qtbot, window_of):
    """Ann declares a board event and passes; Bo and Cy each answer from their Respond button and
    pass. Nobody must look after Ann's or Bo's Pass (the others answer by their buttons): no note,
    no curtain. Cy's Pass closes the window: the curtain goes straight to Ann, whose turn it is."""
    session, window = window_of(started_game())
    lift(qtbot, window, "Ann")
    notes = Notes(session, window)
    session.submit(a.Declare(player="ann", event="combat-round-start"))

    pass_by_click(qtbot, window, "Ann")
    assert session.game.actions[-1] == a.Pass(player="ann")
    assert notes.none() and not window.curtain.isVisible() and session.viewer == "ann"

    respond(qtbot, window, "bo", "Bo")
    pass_by_click(qtbot, window, "Bo")
    assert session.game.actions[-1] == a.Pass(player="bo")
    assert notes.none() and not window.curtain.isVisible() and session.viewer == "bo"

    respond(qtbot, window, "cy", "Cy")
    pass_by_click(qtbot, window, "Cy")
    assert session.game.actions[-1] == a.Pass(player="cy")
    assert notes.none()
    assert window.curtain.isVisible() and "Ann" in window.curtain.button.text()


def test_twilight_imperium_pass_for_the_phase_by_key_hands_the_screen_straight_on(qtbot, window_of):
    """Ann passes for the phase with its key, asked first in the question dialog (Return): the
    turn is Bo's, the curtain comes up for him at once; no note asks Ann to pass the screen."""
    session, window = window_of(started_game())
    lift(qtbot, window, "Ann")
    notes = Notes(session, window)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    person = Answering(Qt.Key.Key_Return)
    try:
        qtbot.keySequence(window.focusWidget() or window, "Ctrl+Shift+P")
        qtbot.waitUntil(lambda: session.game.actions[-1] == a.PassPhase(player="ann")
                        and QApplication.activeModalWidget() is None)
    finally:
        person.stop()
    assert person.asked and "You take no more turns this phase" in person.asked[0]
    assert notes.none()
    assert window.curtain.isVisible() and "Bo" in window.curtain.button.text()


def test_price_of_power_passes_on_a_covert_action_hand_the_screen_straight_on(qtbot, window_of):
    """Ann plays Steal Secrets at Cy: each other seat in turn may counter it. Bo passes: the
    curtain comes up for Cy at once; Cy passes: the card resolves and the curtain comes up for
    Bo, whose turn it is. Neither Pass draws or tells its seat anything: no note."""
    from desktop.rulesets.price_of_power import actions as p
    from tests.ui.systems.price_of_power.test_pop_table import action_phase

    game, (steal,), _ = action_phase(players=("Ann", "Bo", "Cy"), hand=("dip-steal-secrets",), dip=4)
    session, window = window_of(game)
    lift(qtbot, window, "Ann")
    session.submit(p.Play(card=steal, target="cy", player="ann"))
    lift(qtbot, window, "Bo")
    notes = Notes(session, window)

    pass_by_click(qtbot, window, "Bo")
    assert session.game.actions[-1] == p.Pass(player="bo")
    assert notes.none()
    assert window.curtain.isVisible() and "Cy" in window.curtain.button.text()

    lift(qtbot, window, "Cy")
    pass_by_click(qtbot, window, "Cy")
    assert session.game.actions[-1] == p.Pass(player="cy")
    assert notes.none()
    assert window.curtain.isVisible() and "Bo" in window.curtain.button.text()
    assert session.game.state.active == "bo"
