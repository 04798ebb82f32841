"""Learn to play points at the card its step names (a new player at 1280x720 found Slip Past half
hidden under the next card of the hand's fan, its words cut off, and had to hunt for it): in the
real window on the lesson, the card the step names is raised above its neighbours, so its face
shows whole, and ringed, until the step moves on; its description says so to a screen reader. The
learner's view alone holds a practice: another seat looking sees nothing pointed at."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QColor

from desktop.app import lesson_session
from desktop.ui import palette
from desktop.ui.table.items import CardItem, ring_width
from tests.ui.test_palette import contrast
from tests.ui.windows import shown

NAMES_A_CARD_FIRST = ["worlds-that-remember", "twilight-imperium", "price-of-power", "tempo"]
NAMED = "The practice's step names this card."


def items_of(window):
    return [item for zone in window.table_view.zones.values() for item in zone.cards if item.isVisible()]


def ringed(window) -> set[str]:
    return {item.card_id for item in items_of(window) if item.pointed}


def zone_of(window, item):
    return next(zone for zone in window.table_view.zones.values() if item in zone.cards)


def on_top_at_its_centre(window, item) -> bool:
    """Whether the card item drawn uppermost at `item`'s centre is `item`: its face shows there."""
    centre = item.mapToScene(item.boundingRect().center())
    return next(found for found in window.table_view.scene().items(centre) if isinstance(found, CardItem)) is item


def ring_colour_beside(window, item) -> QColor:
    """The colour painted just left of `item`'s left edge, half way down, where its ring lies."""
    width, height = item.size()
    point = item.mapToScene(-(ring_width(width) / 2 + 1), height / 2)
    image = window.table_view.viewport().grab().toImage()
    return image.pixelColor(window.table_view.mapFromScene(point))


def close_to(colour: QColor, wanted: QColor) -> bool:
    return max(abs(colour.red() - wanted.red()), abs(colour.green() - wanted.green()),
               abs(colour.blue() - wanted.blue())) <= 40


def lesson_window(qtbot, system):
    session = lesson_session(system)
    session.bot_pause_ms = 0
    window = shown(qtbot, session, active=True)
    practices = session.game.ruleset.practices
    assert session.viewer == practices.learner(session.game.state)
    return session, window


def step_of(session) -> int:
    return session.game.state.practice.step


def learner_move(session):
    """The learner's legal action completing the step expected now, or None (the app's step)."""
    practices, state = session.game.ruleset.practices, session.game.state
    steps = practices.scenarios[state.practice.scenario].steps
    now = step_of(session)
    if now >= len(steps):
        return None
    return next((act for act in session.game.legal_actions(practices.learner(state))
                 if practices.matches(state, steps[now], act)), None)


def walk_to(qtbot, session, step: int) -> None:
    """The learner takes each step of theirs, as the window's button would, and the app its seats'
    steps, until the practice stands at `step` (counted from 0)."""
    while step_of(session) < step:
        now = step_of(session)
        qtbot.waitUntil(lambda n=now: step_of(session) > n or learner_move(session) is not None, timeout=10_000)
        if step_of(session) == now:
            assert session.submit(learner_move(session))
            qtbot.waitUntil(lambda n=now: step_of(session) > n, timeout=10_000)


@pytest.mark.parametrize("system", NAMES_A_CARD_FIRST)
def test_the_first_step_rings_its_card_above_its_neighbours(qtbot, system):
    session, window = lesson_window(qtbot, system)
    pointed = set(session.view().practice.cards)
    assert pointed and ringed(window) == pointed
    for item in items_of(window):
        if item.pointed:
            others = [other for other in zone_of(window, item).cards if other is not item]
            assert all(item.zValue() > other.zValue() for other in others)
            assert on_top_at_its_centre(window, item)
            assert item.accessible_text().endswith(NAMED)
            assert close_to(ring_colour_beside(window, item), palette.color("focus"))
        else:
            assert NAMED not in item.accessible_text()
    session.close()


def test_slip_past_shows_whole_and_ringed_until_its_step_is_done_and_the_next_card_named_is_ringed(qtbot):
    session, window = lesson_window(qtbot, "worlds-that-remember")
    hand = window.zone("ready:ann").cards
    slip_past = next(item for item in hand if item.face is not None and item.face.title == "Slip Past")
    assert hand.index(slip_past) < len(hand) - 1  # the first of the fan, under the next card
    assert slip_past.pointed and ringed(window) == {slip_past.card_id}
    assert slip_past.zValue() > max(item.zValue() for item in hand if item is not slip_past)
    assert on_top_at_its_centre(window, slip_past)
    walk_to(qtbot, session, 1)  # played: the step that follows names no card
    assert ringed(window) == set()
    assert all(item.zValue() < 100 for item in items_of(window))  # nothing left raised
    walk_to(qtbot, session, 5)  # roll, end the turn, Bo plays, support Bo
    # Forcing Remember the Old Ways: its zone, the Unready deck, did not change with the step,
    # and the card is ringed all the same.
    forced = [item for item in window.zone("unready:ann").cards if item.pointed]
    assert [item.face.title for item in forced] == ["Remember the Old Ways"] and ringed(window) == {forced[0].card_id}
    assert on_top_at_its_centre(window, forced[0])
    walk_to(qtbot, session, 6)
    assert session.view().practice.done
    assert ringed(window) == set()
    session.close()


def test_another_seat_looking_sees_no_card_ringed(qtbot):
    session, window = lesson_window(qtbot, "twilight-imperium")
    pointed = ringed(window)
    assert pointed
    session.set_app_seat("bo", False)  # a person plays Bo, and the screen is passed to him
    session.request_viewer("bo")
    window.curtain.button.click()
    qtbot.waitUntil(lambda: session.viewer == "bo")
    assert session.view().practice is None and ringed(window) == set()
    assert not any(item.pointed for zone in window.table_view.zones.values() for item in zone.cards)
    session.request_viewer("ann")
    window.curtain.button.click()
    qtbot.waitUntil(lambda: session.viewer == "ann")
    assert ringed(window) == pointed
    session.close()


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_ring_reads_on_the_felt_and_on_a_card_in_both_themes(qtbot, theme):
    palette.use(theme)
    try:
        session, window = lesson_window(qtbot, "worlds-that-remember")
        item = next(item for item in items_of(window) if item.pointed)
        assert close_to(ring_colour_beside(window, item), palette.color("focus"))
        # The ring against the felt, and its dark edge against a neighbouring card's face
        # (non-text contrast, at least 3:1).
        assert contrast(palette.color("focus"), palette.color("felt")) >= 3
        assert contrast(palette.color("felt"), palette.FACE) >= 3
        session.close()
    finally:
        palette.use("light")
