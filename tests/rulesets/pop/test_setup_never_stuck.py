"""Issue 26, item 2: the setup draw can never leave a table with nothing to do.

A seat chooses what to keep from its drawn cards by keeping, letting go or appointing each one.
When the last seat's last drawn card was appointed, the setup used to stay at "Setup: keep up to
4" with only bookkeeping left (undo the only way out). The regression test plays that exact case;
the property test plays random setups (players, options, seeds, every kind of choice, appointing
weighted up) and holds that at every step some seat has an action that moves the game on.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from desktop.engine import Game, GameSetup
from desktop.rulesets.price_of_power import actions as a
from desktop.rulesets.price_of_power.core import card_def
from tests.rulesets.pop.helpers import do, new, said, state, zone

NAMES = ["Ann", "Bo", "Cy", "Dee", "Eli", "Fay"]


def onward(game: Game) -> list[a.Action]:
    """The legal actions that move the game on (bookkeeping, `aside`, never does)."""
    return [act for act in game.legal_actions() if not getattr(type(act), "aside", False)]


def draw_setup(game: Game) -> None:
    for seat in state(game).order():
        for deck in ("adm", "dip", "mil", "adm", "dip", "mil"):
            do(game, a.Draw(player=seat, deck=deck))


def test_the_last_seat_appointing_its_last_drawn_card_starts_the_action_phase():
    game = new()
    draw_setup(game)
    for card in list(zone(game, "drawn:ann")):
        do(game, a.Release(player="ann", card=card))
    hireable = [act for act in game.legal_actions("bo") if act.type == "appoint"]
    last = hireable[0].card
    for card in list(zone(game, "drawn:bo")):
        if card != last:
            do(game, a.Release(player="bo", card=card))
    do(game, a.Appoint(player="bo", card=last))
    assert zone(game, "court:bo") == [last] and not zone(game, "drawn:bo")
    assert state(game).phase == "action" and state(game).active == "ann"
    assert "Phase 2 Actions begins: Ann takes the first turn." in said(game)
    assert [stage.seat for stage in game.stages()] == ["ann"]
    assert onward(game)


def test_a_first_seat_appointing_its_last_drawn_card_hands_the_choice_to_the_next_seat():
    game = new(players=["Ann", "Bo", "Cy"])
    draw_setup(game)
    hireable = [act for act in game.legal_actions("ann") if act.type == "appoint"]
    last = hireable[0].card
    for card in list(zone(game, "drawn:ann")):
        if card != last:
            do(game, a.Release(player="ann", card=card))
    do(game, a.Appoint(player="ann", card=last))
    assert state(game).phase == "draw" and [stage.seat for stage in game.stages()] == ["bo"]


@st.composite
def setups(draw) -> GameSetup:
    players = NAMES[: draw(st.integers(2, 6))]
    options = {
        "loans": draw(st.sampled_from(["on", "off"])),
        "event_required": draw(st.sampled_from(["on", "off"])),
        "duplicate_display": draw(st.sampled_from(["refuse", "replace"])),
        "counter_chain": draw(st.sampled_from(["on", "off"])),
    }
    return GameSetup(ruleset="price-of-power", players=players, seed=draw(st.integers(0, 2**64 - 1)),
                     options=options)


def pick(legal: list[a.Action], choice: int, appoint_first: bool) -> a.Action:
    """A kind of action first, then one of that kind: every kind (draw, keep, let go, appoint, a
    loan) is as likely as any other, and some games appoint whenever they can."""
    appoints = [act for act in legal if act.type == "appoint"]
    if appoint_first and appoints:
        return appoints[choice % len(appoints)]
    kinds = sorted({act.type for act in legal})
    kind = kinds[choice % len(kinds)]
    of_kind = [act for act in legal if act.type == kind]
    return of_kind[(choice // len(kinds)) % len(of_kind)]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=setups(), choices=st.lists(st.integers(0, 10_000), min_size=200, max_size=200),
       appoint_first=st.booleans(), poor=st.booleans())
def test_the_setup_draw_never_leaves_a_table_with_nothing_to_do(setup, choices, appoint_first, poor):
    game = Game.new(setup)
    if poor:  # little to hire with: appointing and keeping meet their refusals too
        for seat in game.state.seat_ids():
            game.state.counters[seat].update(ducats=choices[0] % 4, mil=choices[1] % 2)
    for choice in choices:
        if game.state.phase != "draw":
            break
        legal = onward(game)
        assert legal, (
            f"stuck in the setup draw ({game.state.draw_step}): no seat has anything to do; stages {game.stages()}"
        )
        game.apply(pick(legal, choice, appoint_first))
    assert game.state.phase == "action", "200 choices are more than any setup needs (6 draws and 6 choices a seat)"
    assert onward(game), "the Action phase begins with a turn to take"
    assert all(not game.state.drawn(seat) for seat in game.state.seat_ids())
    for seat in game.state.seat_ids():
        assert len(game.state.hand(seat)) <= 4
        assert all(card_def(game.state, card).character for card in game.state.court(seat))


def test_a_game_saved_where_the_setup_used_to_stop_replays_into_the_action_phase():
    """Such a save holds only bookkeeping after the stop (nothing else was legal there): a
    declared event and its answer, a corrected counter, a character leaving the court. All of it
    stays legal in Phase 2, so the save replays, now into the Action phase."""
    from desktop.storage.savefile import decode_save, game_from_record, save_bytes

    game = new()
    draw_setup(game)
    for card in list(zone(game, "drawn:ann")):
        do(game, a.Release(player="ann", card=card))
    last = next(act.card for act in game.legal_actions("bo") if act.type == "appoint")
    for card in list(zone(game, "drawn:bo")):
        if card != last:
            do(game, a.Release(player="bo", card=card))
    do(game, a.Appoint(player="bo", card=last))
    for act in (a.Declare(player="bo", event="war-declared"), a.Pass(player="bo"),
                a.SetCounter(player="ann", counter="ducats", value=12), a.Dismiss(player="bo", card=last)):
        do(game, act)
    again = game_from_record(decode_save(save_bytes(game)))
    assert again.state.phase == "action" and again.state.active == "ann"
    assert again.state.counters["ann"]["ducats"] == 12 and not again.state.court("bo")
